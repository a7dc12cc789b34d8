/**
 * What GOBL's JSON decoding refuses before anything is calculated: a value that cannot become the Go type of
 * its field (a UUID that is not one, a date that is not YYYY-MM-DD, an amount that is not a number, a number
 * where a string belongs, a string where an object or a list belongs). GOBL answers such input with the error
 * key `input`. Field types come from GOBL's own description (model/); the Go types that read a string in a
 * stricter way than a plain string are listed in DECODERS below.
 */
import { GOBL_TYPES } from '../model/gobl-types';
import { modelOf, type FieldModel } from '../model/type-model';
import type { Json, JsonObject } from '../base/types';

type ScalarType =
  'uuid' | 'date' | 'time' | 'datetime' | 'amount' | 'percentage' | 'string' | 'integer' | 'number' | 'boolean' | 'map' | 'any';

/** Named types whose Go decoding parses the text (the rest of the strings are read as they are). */
const DECODERS: Readonly<Record<string, ScalarType>> = {
  'cal/date': 'date',
  'cal/time': 'time',
  'cal/date-time': 'datetime',
  'num/amount': 'amount',
  'num/percentage': 'percentage',
};

/** What decoding does with each value of a field: a scalar check, or an object of a kind to walk into. */
function scalarOf(field: FieldModel): ScalarType {
  if (field.map) return 'map';
  const decoder = DECODERS[field.item];
  if (decoder) return decoder;
  let t = field.item;
  for (let depth = 0; depth < 8 && typeof GOBL_TYPES[t] === 'string'; depth++) t = GOBL_TYPES[t] as string;
  if (t === 'string') return field.name === 'uuid' ? 'uuid' : 'string';
  return t === 'integer' || t === 'number' || t === 'boolean' ? t : 'any';
}

/** The kinds whose objects have GOBL's `meta` map (whose keys are validated as keys), found once. */
const WITH_META: ReadonlySet<string> = new Set(
  Object.keys(GOBL_TYPES).filter((kind) => modelOf(kind)?.fields.some((f) => f.name === 'meta' && f.item === 'cbc/meta')),
);

/** True when objects of this kind have GOBL's `meta` map (whose keys are validated as keys). */
export function hasMeta(kind: string): boolean {
  return WITH_META.has(kind);
}

/** One value decoding would refuse: where, and GOBL's kind of message. */
export interface DecodeProblem {
  path: string;
  message: string;
}

/**
 * What decoding refuses in one value, before its path is known (the path is only built for a refusal):
 * a message of its own, or a value of the wrong JSON type (`key`: at that key of a map).
 */
export type Refusal = { message: string } | { value: Json; want: string; key?: string };

/** The refusal as GOBL words it, at the path of the value refused. */
export function problemAt(path: string, refusal: Refusal): DecodeProblem {
  if ('message' in refusal) return { path, message: refusal.message };
  return mismatch(refusal.key === undefined ? path : `${path}.${refusal.key}`, refusal.value, refusal.want);
}

/** A field of a kind with what decoding checks in its values. */
export interface DecodeStep {
  field: FieldModel;
  scalar: ScalarType;
}

/**
 * The first value of an object of `kind` that GOBL could not decode into its Go type, at every depth, or
 * undefined when every typed value decodes. UUIDs that decode are rewritten in place in their canonical form,
 * as GOBL writes them back. Field names are expected as GOBL reads them (after case folding).
 * Documents are checked as their field names are read (field-names.ts, with the same checks); this whole walk
 * is what that reading falls back to when keys combined.
 */
export function firstUndecodable(node: JsonObject, kind: string, path: string): DecodeProblem | undefined {
  return checkObject(node, kind, path);
}

const isObj = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);

function jsonType(v: Json): string {
  if (Array.isArray(v)) return 'array';
  if (v === null) return 'null';
  return typeof v === 'object' ? 'object' : typeof v;
}

const mismatch = (path: string, v: Json, want: string): DecodeProblem => ({
  path,
  message: `json: cannot unmarshal ${jsonType(v)} into field ${path} of type ${want}`,
});

/** Each kind's fields with what decoding checks, resolved once. */
const PLANS = new Map<string, ReadonlyMap<string, DecodeStep>>();

/** The fields of `kind` decoding checks, by name (empty for a name that is not a kind). */
export function decodePlanOf(kind: string): ReadonlyMap<string, DecodeStep> {
  let plan = PLANS.get(kind);
  if (!plan) {
    plan = new Map((modelOf(kind)?.fields ?? []).map((f) => [f.name, { field: f, scalar: scalarOf(f) }]));
    PLANS.set(kind, plan);
  }
  return plan;
}

function checkObject(node: JsonObject, kind: string, path: string): DecodeProblem | undefined {
  const plan = decodePlanOf(kind);
  for (const name in node) {
    const value = node[name];
    const step = plan.get(name);
    if (!step || value === null) continue;
    const problem = checkField(value, step, `${path}.${name}`);
    if (problem) return problem;
    if (isUuidField(step, value)) node[name] = canonicalUuid(value);
  }
  return undefined;
}

/** GOBL writes back a UUID it has read in its canonical form (lower case, no braces or URN prefix). */
export function isUuidField(step: DecodeStep, value: Json): value is string {
  return step.scalar === 'uuid' && !step.field.list && typeof value === 'string' && value !== '';
}

/** A UUID in any form Go's parser reads (see uuidProblem), written as 8-4-4-4-12 lower-case hex digits. */
export function canonicalUuid(s: string): string {
  const hex = s
    .replace(/^urn:uuid:/i, '')
    .replace(/[{}-]/g, '')
    .toLowerCase();
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * What decoding refuses in one value of a field (the field's own value, or one item of its list), not looking
 * into an object's fields: an object's kind is only checked to be an object.
 */
export function refuseValue(v: Json, step: DecodeStep): Refusal | undefined {
  if (v === null) return undefined;
  const kind = step.field.kind;
  if (kind) return isObj(v) ? undefined : { value: v, want: kind };
  return checkScalar(v, step.scalar);
}

function checkField(value: Json, step: DecodeStep, path: string): DecodeProblem | undefined {
  if (!step.field.list) return checkOne(value, step, path);
  if (!Array.isArray(value)) return mismatch(path, value, 'array');
  for (let i = 0; i < value.length; i++) {
    const problem = checkOne(value[i], step, `${path}[${i}]`);
    if (problem) return problem;
  }
  return undefined;
}

function checkOne(v: Json, step: DecodeStep, path: string): DecodeProblem | undefined {
  const refusal = refuseValue(v, step);
  if (refusal) return problemAt(path, refusal);
  return step.field.kind && isObj(v) ? checkObject(v, step.field.kind, path) : undefined;
}

const problem = (message: string | undefined): Refusal | undefined => (message ? { message } : undefined);

function checkScalar(value: Json, type: ScalarType): Refusal | undefined {
  switch (type) {
    case 'uuid': {
      if (typeof value !== 'string') return { value, want: 'uuid' };
      const message = uuidProblem(value);
      return message ? { message: `${message} (${JSON.stringify(value)})` } : undefined;
    }
    case 'date':
      return typeof value === 'string' ? problem(dateProblem(value)) : { value, want: 'string' };
    case 'time':
      return typeof value === 'string' ? problem(timeProblem(value)) : { value, want: 'string' };
    case 'datetime':
      return typeof value === 'string' ? problem(dateTimeProblem(value)) : { value, want: 'string' };
    case 'amount':
    case 'percentage':
      return problem(numberProblem(value, type === 'percentage'));
    case 'string':
      return typeof value === 'string' ? undefined : { value, want: 'string' };
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value) ? undefined : { value, want: 'int' };
    case 'number':
      return typeof value === 'number' ? undefined : { value, want: 'float64' };
    case 'boolean':
      return typeof value === 'boolean' ? undefined : { value, want: 'bool' };
    case 'map': {
      if (!isObj(value)) return { value, want: 'map' };
      for (const key in value) {
        const v = value[key];
        if (v !== null && typeof v !== 'string') return { value: v, want: 'string', key };
      }
      return undefined;
    }
    case 'any':
      return undefined;
  }
}

/** The UUID forms Go's parser reads: canonical, in braces, as a URN, or 32 bare hex digits; empty is none. */
function uuidProblem(s: string): string | undefined {
  if (s === '') return undefined;
  let body = s;
  if (s.length === 38) {
    if (s[0] !== '{' || s[37] !== '}') return 'invalid UUID format';
    body = s.slice(1, 37);
  } else if (s.length === 45) {
    if (s.slice(0, 9).toLowerCase() !== 'urn:uuid:') return `invalid urn prefix: "${s.slice(0, 9)}"`;
    body = s.slice(9);
  } else if (s.length === 32) {
    return /^[0-9a-f]{32}$/i.test(s) ? undefined : 'invalid UUID format';
  } else if (s.length !== 36) {
    return `invalid UUID length: ${s.length}`;
  }
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(body) ? undefined : 'invalid UUID format';
}

const daysIn = (y: number, m: number) =>
  m === 2 ? (y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0) ? 29 : 28) : [4, 6, 9, 11].includes(m) ? 30 : 31;

function datePart(s: string, layout: string): string | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s.slice(0, 10));
  if (!m) return `parsing time "${s}" as "${layout}": cannot parse "${s}" as "2006"`;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (mo < 1 || mo > 12) return `parsing time "${s}": month out of range`;
  if (d < 1 || d > daysIn(y, mo)) return `parsing time "${s}": day out of range`;
  return undefined;
}

function clockPart(s: string, full: string, layout: string): string | undefined {
  const m = /^(\d{2}):(\d{2}):(\d{2})(\.\d+)?$/.exec(s);
  if (!m) return `parsing time "${full}" as "${layout}": cannot parse "${s}" as "15"`;
  if (Number(m[1]) > 23) return `parsing time "${full}": hour out of range`;
  if (Number(m[2]) > 59) return `parsing time "${full}": minute out of range`;
  if (Number(m[3]) > 59) return `parsing time "${full}": second out of range`;
  return undefined;
}

/** cal.Date: empty and 0000-00-00 are the zero date; anything else must be a real YYYY-MM-DD. */
function dateProblem(s: string): string | undefined {
  if (s === '' || s === '0000-00-00') return undefined;
  return s.length === 10 ? datePart(s, '2006-01-02') : `parsing time "${s}" as "2006-01-02": cannot parse "${s}" as "2006"`;
}

/** cal.Time: empty is the zero time; otherwise HH:MM:SS with optional fractions of a second. */
function timeProblem(s: string): string | undefined {
  return s === '' ? undefined : clockPart(s, s, '15:04:05.999999999');
}

/** cal.DateTime: a date and a time joined by T. */
function dateTimeProblem(s: string): string | undefined {
  if (s === '0000-00-00T00:00:00') return undefined;
  const layout = '2006-01-02T15:04:05.999999999';
  const t = s.search(/[tT]/);
  if (t !== 10) return `parsing time "${s}" as "${layout}": cannot parse "${s}" as "2006"`;
  return datePart(s.slice(0, 10), layout) ?? clockPart(s.slice(11), s, layout);
}

/** Digits with an optional minus and decimals: what amounts almost always are, and what decoding always reads. */
const PLAIN_NUMBER = /^-?\d{1,18}(?:\.\d+)?$/;

/**
 * num.Amount and num.Percentage read the JSON text itself: a number, or a string holding an optional sign,
 * digits, and at most one decimal point (and a trailing % for percentages). null is no value.
 */
function numberProblem(value: Json, percentage: boolean): string | undefined {
  if (typeof value === 'number') return undefined;
  if (typeof value !== 'string') return value === null ? undefined : `invalid major number '${JSON.stringify(value)}'`;
  if (value === 'null') return undefined;
  // Go strips the quotes only from a string of at least one character, so an empty string reads as `""`.
  let text = value === '' ? '""' : value;
  if (percentage && text.endsWith('%')) text = text.slice(0, -1);
  if (PLAIN_NUMBER.test(text)) return undefined;
  const parts = text.replace(/^-/, '').split('.');
  if (parts.length > 2) return `amount must contain 0 or 1 decimal separators: ${text}`;
  const major = parts[0];
  if (major.replace(/^[+-]/, '').replace(/^0+/, '').length > 18) return `amount '${text}' has too many digits`;
  if (!/^[+-]?\d+$/.test(major)) return `invalid major number '${text}'`;
  if (parts.length === 2 && parts[1] !== '' && !/^[+-]?\d+$/.test(parts[1])) return `invalid decimal number '${text}'`;
  return undefined;
}
