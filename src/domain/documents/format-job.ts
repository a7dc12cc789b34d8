import { Type } from '@sinclair/typebox';
import { isEnvelope, processDocument, type Envelope, type JsonObject, type ProcessContext } from '../../document';
import { isObject } from '../../document/base/json';
import { FORMATS, FORMAT_NAMES, type FormatName } from '../../formats';
import { fileNameOf } from '../../render/bill-view';
import { fieldMessages } from '../entries/model/create-entry.input';
import { badInput, DomainError } from '../shared/errors';
import { parseJsonText } from '../shared/json-text';
import { anyObjectSchema, compileShape, shapeProblems, withoutNulls } from '../shared/shape-check';
import { engineRefusal, validationError } from './faults';
import type { PdfJob } from './pdf-job';

/**
 * A request for a document in a format, as the engine takes it, its JSON still text until a thread parses it: an
 * entry's stored envelope in `format`, or the body of `POST /silo/v1/gobl/convert` (`data` and `format`).
 */
export type FormatJob = { workspaceId: string } & ({ format: FormatName; envelopeJson: string } | { convertBody: string });

/** The document in the format, and a file name for it without its extension (the series and code, when it has them). */
export interface FormatOutcome {
  text: string;
  format: FormatName;
  name?: string;
}

/** The body of `POST /silo/v1/gobl/convert`, checked in the engine's threads. */
export const ConvertBody = Type.Object(
  {
    data: anyObjectSchema('The GOBL invoice, or its envelope, to write.', 'an object: a GOBL envelope or document'),
    format: Type.Union(
      FORMAT_NAMES.map((name) => Type.Literal(name)),
      { description: 'The format to write it in.' },
    ),
  },
  { $id: 'ConvertGOBL' },
);
const CONVERT_CHECK = compileShape(ConvertBody);

const INVOICE_SCHEMA = 'https://gobl.org/draft-0/bill/invoice';

/** The document and format of a job: the entry's envelope's document, or the convert body's `data` (a document or an envelope). */
function sourceOf(job: FormatJob): { doc: JsonObject | undefined; format: FormatName } {
  if ('envelopeJson' in job) return { doc: (JSON.parse(job.envelopeJson) as Envelope).doc, format: job.format };
  const parsed = parseJsonText(job.convertBody);
  if (!isObject(parsed)) throw badInput('request body must be a JSON object');
  const body = withoutNulls(parsed);
  const fields = shapeProblems(CONVERT_CHECK, body);
  if (body.data === undefined) fields.data = 'is required';
  if (body.format === undefined) fields.format = 'is required';
  if (Object.keys(fields).length > 0) throw badInput(fieldMessages(fields).join('; '), fields);
  const data = body.data as JsonObject;
  return { doc: isEnvelope(data) && isObject(data.doc) ? data.doc : data, format: body.format as FormatName };
}

/**
 * Writes an invoice in a format. The document is calculated again with the format's addons (they set the codes
 * the format writes, such as EN 16931's, and change no amount), in memory only; GOBL's faults from it and the
 * format's own (a rule of EN 16931 the document does not meet) are the 422, and nothing is written.
 */
export function runFormatJob(job: FormatJob, context: ProcessContext): FormatOutcome {
  const { doc, format } = sourceOf(job);
  if (doc?.$schema !== INVOICE_SCHEMA) {
    throw new DomainError('validation', `only invoices can be written as ${format}: this document is ${String(doc?.$schema)}`);
  }
  const definition = FORMATS[format];
  const addons = Array.isArray(doc.$addons) ? (doc.$addons as string[]) : [];
  const withAddons: JsonObject = { ...doc, $addons: [...addons, ...definition.addons.filter((addon) => !addons.includes(addon))] };
  const calculated = processDocument(withAddons, context);
  if (!calculated.ok) throw engineRefusal(calculated);
  // GOBL's faults (the addons' own rules) and the format's (EN 16931's, by their published ids), all of them at once.
  const written = definition.write(calculated.envelope.doc);
  const faults = [...calculated.faults, ...(written.ok ? [] : written.faults.map((fault) => ({ ...fault, provider: format })))];
  if (faults.length > 0 || !written.ok) throw validationError(faults);
  return { text: written.text, format, name: fileNameOf(calculated.envelope.doc) };
}

/** The CII a Factur-X PDF of the job's envelope embeds; undefined for a plain PDF. Refused as `formats/cii` refuses. */
export function facturxCiiOf(job: PdfJob, context: ProcessContext): string | undefined {
  if (!job.facturx) return undefined;
  return runFormatJob({ workspaceId: job.workspaceId, format: 'cii', envelopeJson: job.envelopeJson }, context).text;
}
