import { Type } from '@sinclair/typebox';
import { isEnvelope, processDocument, type Envelope, type Json, type JsonObject } from '../../document';
import { correctInvoice, correctionRules } from '../../document/bill/invoice-correct';
import { isObject } from '../../document/base/json';
import { documentTypeOf } from '../../document/base/schemas';
import { signEnvelope, verifyEnvelopeSignatures, withSigningFaults } from './envelope-signing';
import { fieldMessages } from '../entries/model/create-entry.input';
import { correctionOptionsSchema, readCorrectionOptions } from '../entries/model/correction-options';
import type { EngineContext } from './engine-context';
import { DomainError, badInput, type ErrorFields } from '../shared/errors';
import { anyObjectSchema, compileShape, flagSchema, shapeProblems, withoutNulls } from '../shared/shape-check';
import { engineRefusal, validationError } from './faults';
import { parseJsonText } from '../shared/json-text';

/** The stateless GOBL routes: build (calculate and validate), sign, and correct. */
export const GOBL_TOOLS = ['build', 'sign', 'correct'] as const;
export type GoblTool = (typeof GOBL_TOOLS)[number];

/** A request to one of the GOBL tools, as the engine takes it: the body stays JSON text until a thread parses it. */
export interface GoblJob {
  tool: GoblTool;
  workspaceId: string;
  /** The request body (`data`, `envelop`, `options`, `show_options`), as JSON text. */
  body: string;
  now: Date;
}

const documentSchema = (description: string) => anyObjectSchema(description, 'an object: a GOBL envelope or document');

/** The bodies of the GOBL tools, as schemas: they check each body, in the engine's threads, and the OpenAPI description shows them. */
export const BuildBody = Type.Object(
  {
    data: documentSchema('The GOBL envelope or document to calculate and validate.'),
    envelop: Type.Optional(flagSchema('Answer a whole envelope rather than the bare document.')),
  },
  { $id: 'BuildGOBL' },
);

export const SignBody = Type.Object(
  { data: documentSchema('The GOBL envelope or document to calculate, validate and sign.') },
  { $id: 'SignGOBL' },
);

export const CorrectBody = Type.Object(
  {
    data: documentSchema('The invoice, or its envelope, to correct.'),
    options: Type.Optional(anyObjectSchema('Correction options: `type`, `reason`, `series`, `issue_date`, `stamps`, `ext`, `copy_tax`.')),
    show_options: Type.Optional(flagSchema('Answer the JSON Schema of the correction options this document accepts.')),
  },
  { $id: 'CorrectGOBL' },
);

const TOOL_CHECKS = { build: compileShape(BuildBody), sign: compileShape(SignBody), correct: compileShape(CorrectBody) };

/** The `data` of the answer, as JSON text: an envelope, a bare document, or the schema of correction options. */
export interface GoblOutcome {
  dataJson: string;
}

/**
 * Runs one GOBL tool on a document, storing nothing: the same engine and the same refusals as creating an
 * entry (422 `unknown-schema`, `calculation`, `validation`), so a document the tools accept is one that
 * creating an entry accepts too. CPU-bound and synchronous, with no I/O, for the engine's threads.
 */
export function runGoblJob(job: GoblJob, context: EngineContext): GoblOutcome {
  const parsed = parseJsonText(job.body);
  if (!isObject(parsed)) throw badInput('request body must be a JSON object');
  const body = withoutNulls(parsed);
  const fields: ErrorFields = shapeProblems(TOOL_CHECKS[job.tool], body);
  const data = body.data;
  if (data === undefined) fields.data = 'is required';
  const envelop = body.envelop === true;
  const showOptions = body.show_options === true;
  if (job.tool === 'correct' && !showOptions && body.options === undefined) fields.options = 'is required (or show_options: true)';
  if (Object.keys(fields).length > 0) throw badInput(messageOf(fields), fields);

  const given = data as JsonObject;
  const wantsEnvelope = isEnvelope(given);
  switch (job.tool) {
    case 'build': {
      const envelope = processChecked(given, job, context);
      return answer(envelop || wantsEnvelope ? envelope : envelope.doc);
    }
    case 'sign': {
      const envelope = processChecked(given, job, context);
      if (!context.signingKeys) throw new DomainError('internal', 'no signing key is configured');
      signEnvelope(envelope, [], context.signingKeys, { workspaceId: job.workspaceId, now: job.now });
      return answer(envelope);
    }
    case 'correct': {
      const original = wantsEnvelope && isObject(given.doc) ? given.doc : given;
      if (documentTypeOf(original.$schema) !== 'bill/invoice') {
        const problem = 'only invoices can be corrected';
        throw new DomainError(
          'validation',
          `${problem}, not ${typeof original.$schema === 'string' ? original.$schema : 'a document without a schema'}`,
          { fields: { data: problem } },
        );
      }
      if (showOptions) return answer(correctionOptionsSchema(correctionRules(original)) as unknown as Json);
      const read = readCorrectionOptions(body.options as JsonObject);
      if ('problems' in read) throw badInput(messageOf({ options: read.problems }), { options: read.problems });
      const corrected = correctInvoice(given, read.options, { now: job.now });
      if (!corrected.ok) {
        const at: ErrorFields = corrected.option ? { options: { [corrected.option]: corrected.message } } : { data: corrected.message };
        throw new DomainError('validation', corrected.message, { fields: at });
      }
      const envelope = processChecked(corrected.doc, job, context);
      return answer(wantsEnvelope ? envelope : envelope.doc);
    }
  }
}

/** Normalizes, calculates and validates as a create does; faults, or a signature that is not genuine, are refused. */
function processChecked(source: JsonObject, job: GoblJob, context: EngineContext): Envelope {
  const result = processDocument(source, { newUuid: context.newId, now: job.now });
  if (!result.ok) throw engineRefusal(result);
  verifyEnvelopeSignatures(result.envelope, context.signingKeys, job.workspaceId);
  const faults = withSigningFaults(result.envelope, result.faults);
  if (faults.length > 0) throw validationError(faults);
  return result.envelope;
}

const answer = (data: unknown): GoblOutcome => ({ dataJson: JSON.stringify(data) });

const messageOf = (fields: ErrorFields) => fieldMessages(fields).join('; ');
