/**
 * One engine's answer to one document, in a form both engines share: an envelope, or a refusal with an
 * error key and faults (code and path), or a failure of the engine itself.
 */
import type { Envelope, Json, JsonObject, ProcessResult } from '../../src/document/base/types';
import { compareOutcomes, type Ignore } from './compare';

export interface FaultKey {
  code: string;
  path: string;
}

export type Outcome =
  | { kind: 'envelope'; envelope: JsonObject }
  | { kind: 'refused'; key: string; faults: FaultKey[]; message: string }
  /** The engine broke: GOBL panicked, or ours threw. */
  | { kind: 'crashed'; message: string }
  /** The reference could not read the line at all. */
  | { kind: 'bad-input'; message: string };

const isObj = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Fault list to (code, path) pairs: a fault with several paths is one pair per path; one with none keeps an empty path. */
function pairs(list: Json | undefined): FaultKey[] {
  if (!Array.isArray(list)) return [];
  const out: FaultKey[] = [];
  for (const f of list) {
    if (!isObj(f)) continue;
    const code = typeof f.code === 'string' ? f.code : '';
    const paths = Array.isArray(f.paths) ? f.paths.filter((p): p is string => typeof p === 'string') : [];
    if (paths.length === 0) out.push({ code, path: '' });
    for (const path of paths) out.push({ code, path });
  }
  return out;
}

/**
 * Our engine's result as the build route answers it: any fault refuses the document with `validation`
 * (the route refuses what the engine calculates but finds faults in), a rejection keeps its own key.
 */
export function ourOutcome(result: ProcessResult | Error): Outcome {
  if (result instanceof Error) return { kind: 'crashed', message: result.message };
  if (!result.ok) return { kind: 'refused', key: result.error, faults: pairs(result.faults as unknown as Json), message: result.message };
  if (result.faults.length > 0) {
    return {
      kind: 'refused',
      key: 'validation',
      faults: pairs(result.faults as unknown as Json),
      message: result.faults.map((f) => f.code).join(', '),
    };
  }
  return { kind: 'envelope', envelope: result.envelope as Envelope as unknown as JsonObject };
}

/**
 * The reference's protocol line. GOBL's error JSON is `{"key": ..., "faults": [{"code", "paths", "message"}]}`;
 * an error of another shape (a `fields` map of older versions) becomes one fault per field path, code `fields`.
 */
export function goblOutcome(line: JsonObject): Outcome {
  if (isObj(line.envelope)) return { kind: 'envelope', envelope: line.envelope };
  if ('panic' in line) return { kind: 'crashed', message: String(line.panic) };
  if ('bad_input' in line) return { kind: 'bad-input', message: String(line.bad_input) };
  if (isObj(line.error)) {
    const err = line.error;
    const faults = pairs(err.faults);
    if (isObj(err.fields)) for (const path of fieldPaths(err.fields, '$')) faults.push({ code: 'fields', path });
    return { kind: 'refused', key: typeof err.key === 'string' ? err.key : 'unknown', faults, message: String(line.message ?? '') };
  }
  return { kind: 'bad-input', message: `unexpected answer: ${JSON.stringify(line).slice(0, 200)}` };
}

function fieldPaths(fields: JsonObject, at: string): string[] {
  return Object.entries(fields).flatMap(([k, v]) => (isObj(v) ? fieldPaths(v, `${at}.${k}`) : [`${at}.${k}`]));
}

/**
 * Whether two answers of the reference to one input are the same answer: two crashes (or two unreadable
 * inputs) with one message are, as are envelopes and refusals that compare equal.
 */
export function sameAnswer(a: Outcome, b: Outcome, ignore?: Ignore): boolean {
  if (a.kind === 'crashed' || a.kind === 'bad-input' || b.kind === 'crashed' || b.kind === 'bad-input') {
    return a.kind === b.kind && (a as { message: string }).message === (b as { message: string }).message;
  }
  return compareOutcomes(a, b, ignore).equal;
}
