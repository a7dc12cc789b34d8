import type { Envelope } from '../document';
import type { PdfJob, PdfOutcome } from '../domain/documents/pdf-job';
import { documentView } from '../render/document-view';
import { fileNameOf } from '../render/bill-view';
import { documentPdf } from './document-pdf';

/** The PDF of an entry's envelope: its view, laid out, with the entry, version and digest in every page's footer. */
export async function entryPdf(job: PdfJob): Promise<PdfOutcome> {
  const envelope = JSON.parse(job.envelopeJson) as Envelope;
  const view = documentView(envelope, job.locale);
  const digest = typeof envelope.head?.dig?.val === 'string' ? envelope.head.dig.val : '';
  const pdf = await documentPdf(view, { entryId: job.entryId, version: job.version, digest });
  return { pdf, name: fileNameOf(envelope.doc) };
}
