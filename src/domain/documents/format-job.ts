import { processDocument, type Envelope, type JsonObject, type ProcessContext } from '../../document';
import { FORMATS, type FormatName } from '../../formats';
import { fileNameOf } from '../../render/bill-view';
import { DomainError } from '../shared/errors';
import { engineRefusal, validationError } from './faults';

/** A request for an entry's document in a format, as the engine takes it: the envelope stays JSON text until a thread parses it. */
export interface FormatJob {
  workspaceId: string;
  format: FormatName;
  envelopeJson: string;
}

/** The document in the format, and a file name for it without its extension (the series and code, when it has them). */
export interface FormatOutcome {
  text: string;
  name?: string;
}

const INVOICE_SCHEMA = 'https://gobl.org/draft-0/bill/invoice';

/**
 * Writes an envelope's invoice in a format. The document is calculated again with the format's addons (they set
 * the codes the format writes, such as EN 16931's, and change no amount), in memory only; GOBL's faults from it and
 * the format's own (a rule of EN 16931 the document does not meet) are the 422, nothing is written.
 */
export function runFormatJob(job: FormatJob, context: ProcessContext): FormatOutcome {
  const format = FORMATS[job.format];
  const envelope = JSON.parse(job.envelopeJson) as Envelope;
  const doc = envelope.doc;
  if (doc?.$schema !== INVOICE_SCHEMA) {
    throw new DomainError('validation', `only invoices can be written as ${job.format}: this entry holds ${String(doc?.$schema)}`);
  }
  const addons = Array.isArray(doc.$addons) ? (doc.$addons as string[]) : [];
  const withAddons: JsonObject = { ...doc, $addons: [...addons, ...format.addons.filter((addon) => !addons.includes(addon))] };
  const calculated = processDocument(withAddons, context);
  if (!calculated.ok) throw engineRefusal(calculated);
  // GOBL's faults (the addons' own rules) and the format's (EN 16931's, by their published ids), all of them at once.
  const written = format.write(calculated.envelope.doc);
  const faults = [...calculated.faults, ...(written.ok ? [] : written.faults.map((fault) => ({ ...fault, provider: job.format })))];
  if (faults.length > 0 || !written.ok) throw validationError(faults);
  return { text: written.text, name: fileNameOf(calculated.envelope.doc) };
}
