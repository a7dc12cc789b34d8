import type { EntryFormats } from '../domain/formats/entry-formats';
import type { FormatName } from '../formats';
import { abandonedSignal } from '../http/request-signal';
import { EntryFormatParams, EntryFormatQuery, FileSchema, FormatXmlSchema } from './api-schemas';
import { fileJson } from './entry.presenter';
import { type ApiRoute } from './route-table';

export interface EntryFormatServices {
  formats: EntryFormats;
}

const versionOf = (query: Record<string, unknown>): string | undefined => (typeof query.version === 'string' ? query.version : undefined);

/**
 * `/silo/v1/entries/{id}/formats/{format}`: the entry's invoice as the e-invoice format says, for another system to
 * read; GET answers it, POST attaches it to the entry as its `format` file.
 */
export const entryFormatRoutes: ApiRoute<EntryFormatServices>[] = [
  {
    method: 'get',
    path: '/silo/v1/entries/{id}/formats/{format}',
    auth: 'token',
    operationId: 'getEntryFormat',
    tag: 'entries',
    summary:
      "The entry's invoice (of `version`, or the current one) in an e-invoice format, as a download named by its series and code; 422 when the format cannot express it validly, its faults naming the rule and the GOBL path.",
    params: EntryFormatParams,
    query: EntryFormatQuery,
    answers: {
      200: { description: 'The document in the format, as an attachment.', schema: FormatXmlSchema, mediaType: 'application/xml' },
    },
    refusals: [400, 401, 404, 422, 503],
    handler:
      ({ formats }) =>
      async (req, res) => {
        const written = await formats.write(req.workspaceId, req.params.id, req.params.format as FormatName, {
          version: versionOf(req.query),
          signal: abandonedSignal(res),
        });
        res.setHeader('Content-Disposition', `attachment; filename="${written.fileName}"`);
        res.type(`${written.mediaType}; charset=utf-8`).send(written.text);
      },
  },
  {
    method: 'post',
    path: '/silo/v1/entries/{id}/formats/{format}',
    auth: 'token',
    operationId: 'attachEntryFormat',
    tag: 'entries',
    summary:
      "Attach the entry's invoice in the format (as GET writes it, of `version` or the current one) to the entry as its `format` file `<series>-<code>.<ext>`; attaching again replaces that file (its id is fixed per entry and format), the earlier one kept in `previous`.",
    params: EntryFormatParams,
    query: EntryFormatQuery,
    answers: { 201: { description: 'The attached file, as the files routes answer it.', schema: FileSchema } },
    refusals: [400, 401, 404, 422, 503],
    handler:
      ({ formats }) =>
      async (req, res) => {
        const file = await formats.attach(req.workspaceId, req.params.id, req.params.format as FormatName, {
          version: versionOf(req.query),
          signal: abandonedSignal(res),
        });
        res.status(201).json(fileJson(file, req.fileUrl));
      },
  },
];
