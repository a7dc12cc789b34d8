import type { EntryFormats } from '../domain/formats/entry-formats';
import type { FormatName } from '../formats';
import { abandonedSignal } from '../http/request-signal';
import { EntryFormatParams, EntryFormatQuery, FormatXmlSchema } from './api-schemas';
import { type ApiRoute } from './route-table';

export interface EntryFormatServices {
  formats: EntryFormats;
}

/** `/silo/v1/entries/{id}/formats/{format}`: the entry's invoice as the e-invoice format says, for another system to read. */
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
        const version = typeof req.query.version === 'string' ? req.query.version : undefined;
        const written = await formats.write(req.workspaceId, req.params.id, req.params.format as FormatName, {
          version,
          signal: abandonedSignal(res),
        });
        res.setHeader('Content-Disposition', `attachment; filename="${written.fileName}"`);
        res.type(`${written.mediaType}; charset=utf-8`).send(written.text);
      },
  },
];
