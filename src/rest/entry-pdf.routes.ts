import type { EntryService } from '../domain/entries/entries.service';
import type { EntryPdfFiles } from '../domain/files/entry-pdf-file';
import { EntryIdParams, EntryPdfQuery, PdfSchema } from './api-schemas';
import { fileJson } from './entry.presenter';
import { ATTACHED_FILE, renderingOptions } from './rendering-options';
import { type ApiRoute } from './route-table';

export interface EntryPdfServices {
  entries: EntryService;
  pdfFiles: EntryPdfFiles;
}

/**
 * `/silo/v1/entries/{id}/pdf`: the entry's document as a person reads it, made in the engine's threads; GET
 * answers it, POST attaches it to the entry as its `format` file.
 */
export const entryPdfRoutes: ApiRoute<EntryPdfServices>[] = [
  {
    method: 'get',
    path: '/silo/v1/entries/{id}/pdf',
    auth: 'token',
    operationId: 'getEntryPdf',
    tag: 'entries',
    summary: "The entry's document as an A4 PDF (fonts embedded), or that of one of its versions.",
    params: EntryIdParams,
    query: EntryPdfQuery,
    answers: {
      200: {
        description: "The PDF, shown inline, named by the document's series and code or the entry's id.",
        schema: PdfSchema,
        mediaType: 'application/pdf',
      },
    },
    refusals: [400, 401, 404, 422, 503],
    handler:
      ({ entries }) =>
      async (req, res) => {
        const { pdf, name } = await entries.entryPdf(req.workspaceId, req.params.id, renderingOptions(req, res));
        res.setHeader('Content-Disposition', `inline; filename="${name}.pdf"`);
        res.type('application/pdf').send(Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength));
      },
  },
  {
    method: 'post',
    path: '/silo/v1/entries/{id}/pdf',
    auth: 'token',
    operationId: 'attachEntryPdf',
    tag: 'entries',
    summary:
      "Attach the entry's PDF (as GET makes it, of `version` or the current one) to the entry as its `format` file `<name>.pdf`; attaching again replaces that file, the earlier PDF kept in `previous`.",
    params: EntryIdParams,
    query: EntryPdfQuery,
    ...ATTACHED_FILE,
    handler:
      ({ pdfFiles }) =>
      async (req, res) => {
        const file = await pdfFiles.attach(req.workspaceId, req.params.id, renderingOptions(req, res));
        res.status(201).json(fileJson(file, req.fileUrl));
      },
  },
];
