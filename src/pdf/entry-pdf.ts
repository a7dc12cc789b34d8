import type { Envelope } from '../document';
import type { PdfJob, PdfOutcome } from '../domain/documents/pdf-job';
import { documentView } from '../render/document-view';
import { fileNameOf } from '../render/bill-view';
import { documentPdf } from './document-pdf';

/**
 * The PDF of an entry's envelope: its view, laid out, with the entry, version and digest in every page's footer.
 * With `facturxXml` (the invoice's EN 16931 CII, written by the caller first, so that an invoice the CII cannot
 * express is refused before any layout), the same PDF as a Factur-X PDF/A-3 carrying it.
 */
export async function entryPdf(job: PdfJob, facturxXml?: string): Promise<PdfOutcome> {
  const envelope = JSON.parse(job.envelopeJson) as Envelope;
  const view = documentView(envelope, job.locale);
  const digest = typeof envelope.head?.dig?.val === 'string' ? envelope.head.dig.val : '';
  const facturx = facturxXml === undefined ? undefined : { xml: facturxXml, at: new Date() };
  const pdf = await documentPdf(view, { entryId: job.entryId, version: job.version, digest }, facturx);
  return { pdf, name: fileNameOf(envelope.doc) };
}
