import type { EntryService } from '../domain/entries.service';
import { abandonedSignal } from '../http/request-signal';
import { EntryIdParams, EntryPdfQuery, PdfSchema } from './api-schemas';
import type { ApiRoute } from './route-table';

/** `GET /silo/v1/entries/{id}/pdf`: the entry's document as a person reads it, made in the engine's threads. */
export const entryPdfRoutes: ApiRoute<{ entries: EntryService }>[] = [
  {
    method: 'get', path: '/silo/v1/entries/{id}/pdf', operationId: 'getEntryPdf', tag: 'entries',
    summary: 'The entry\'s document as an A4 PDF (fonts embedded), or that of one of its versions.',
    params: EntryIdParams, query: EntryPdfQuery,
    answers: { 200: { description: 'The PDF, shown inline, named by the document\'s series and code or the entry\'s id.', schema: PdfSchema, mediaType: 'application/pdf' } },
    refusals: [400, 401, 404, 422, 503],
    checked: ['query'],
    handler: ({ entries }) => async (req, res) => {
      const version = typeof req.query.version === 'string' ? req.query.version : undefined;
      const { pdf, name } = await entries.entryPdf(req.workspaceId, req.params.id, { version, signal: abandonedSignal(res) });
      res.setHeader('Content-Disposition', `inline; filename="${name}.pdf"`);
      res.type('application/pdf').send(Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength));
    },
  },
];
