import type { Response } from 'express';
import type { EntryFormats, WrittenFormat } from '../domain/formats/entry-formats';
import type { OutputFormat } from '../formats';
import { EntryFormatGetQuery, EntryFormatParams, EntryFormatQuery, FormatPdfSchema, FormatXmlSchema } from './api-schemas';
import { fileJson } from './entry.presenter';
import { ATTACHED_FILE, renderingOptions } from './rendering-options';
import { type ApiRoute } from './route-table';

export interface EntryFormatServices {
  formats: EntryFormats;
}

/** Sends a document written in a format as a download named by its series and code. */
export function sendWritten(res: Response, written: WrittenFormat): void {
  res.setHeader('Content-Disposition', `attachment; filename="${written.fileName}"`);
  res.type(written.mediaType === 'application/pdf' ? written.mediaType : `${written.mediaType}; charset=utf-8`).send(written.bytes);
}

/**
 * `/silo/v1/entries/{id}/formats/{format}`: the entry's invoice as the e-invoice format says, for another system to
 * read; GET answers it, POST attaches it to the entry as its `format` file.
 */
export const entryFormatRoutes: ApiRoute<EntryFormatServices>[] = [
  {
    method: 'get',
    path: '/silo/v1/entries/{id}/formats/{format}',
    // A signed link opens it too: GraphQL's Entry.format(name: FACTURX) answers one, for a browser to download the PDF.
    auth: 'token-or-link',
    operationId: 'getEntryFormat',
    tag: 'entries',
    summary:
      "The entry's invoice (of `version`, or the current one) in an e-invoice format, as a download named by its series and code; 422 when the format cannot express it validly, its faults naming the rule and the GOBL path. With a token, or by a signed link (`expires`, `scope`, `signature`, and the `version` it was made for), as GraphQL's `Entry.format(name: FACTURX)` answers.",
    params: EntryFormatParams,
    query: EntryFormatGetQuery,
    answers: {
      200: {
        description: 'The document in the format, as an attachment: XML, or a PDF for `facturx`.',
        schema: FormatXmlSchema,
        mediaType: 'application/xml',
        alternatives: { 'application/pdf': FormatPdfSchema },
      },
    },
    refusals: [400, 401, 403, 404, 422, 503],
    handler:
      ({ formats }) =>
      async (req, res) => {
        sendWritten(
          res,
          await formats.write(req.workspaceId, req.params.id, req.params.format as OutputFormat, renderingOptions(req, res)),
        );
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
    ...ATTACHED_FILE,
    handler:
      ({ formats }) =>
      async (req, res) => {
        const file = await formats.attach(req.workspaceId, req.params.id, req.params.format as OutputFormat, renderingOptions(req, res));
        res.status(201).json(fileJson(file, req.fileUrl));
      },
  },
];
