import type { Envelope } from '../document';
import type { PdfJob, PdfOutcome } from '../domain/documents/pdf-job';
import { documentView } from '../render/document-view';
import { seriesCode } from '../render/bill-view';
import { documentPdf } from './document-pdf';

/** The PDF of an entry's envelope: its view, laid out, with the entry, version and digest in every page's footer. */
export async function entryPdf(job: PdfJob): Promise<PdfOutcome> {
  const envelope = JSON.parse(job.envelopeJson) as Envelope;
  const view = documentView(envelope, job.locale);
  const digest = typeof envelope.head?.dig?.val === 'string' ? envelope.head.dig.val : '';
  const pdf = await documentPdf(view, { entryId: job.entryId, version: job.version, digest });
  return { pdf, name: fileNameOf(envelope) };
}

/** The series and code in characters any file system and a Content-Disposition header take as they are. */
function fileNameOf(envelope: Envelope): string | undefined {
  const code = envelope.doc && typeof envelope.doc === 'object' ? seriesCode(envelope.doc) : '';
  const safe = code
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/^[._]+/, '')
    .slice(0, 100);
  return safe || undefined;
}
