/**
 * Compares two outcomes of one input: envelopes field by field (every JSON path that differs, both
 * values), refusals by error key and by their faults as sets of (code, path). Key order is not compared.
 */
import { complementKindOf, hasOwnUuid } from '../../src/document/base/complements';
import type { Json, JsonObject } from '../../src/document/base/types';
import type { FaultKey, Outcome } from './outcome';

export interface ValueDifference {
  path: string;
  ours: Json | undefined;
  gobl: Json | undefined;
}

export interface Comparison {
  equal: boolean;
  /** Kinds of difference, e.g. `envelope doc.totals`, `only gobl faults GOBL-BILL-LINE-01`, `we refuse GOBL-...`. */
  kinds: string[];
  values: ValueDifference[];
  onlyOurs: FaultKey[];
  onlyGobl: FaultKey[];
  /** The refusal or crash messages, when there are any. */
  messages: { ours?: string; gobl?: string };
}

/** Paths whose values either engine may make up (see `ignoredPaths`), with what both must still agree on. */
export interface Ignore {
  /** Compared only as "both are UUIDs". */
  uuids: string[];
  /** Not compared at all. */
  skip: string[];
  /**
   * Times of day either engine takes from its own clock: compared only as "both absent, or both times at
   * most a few seconds apart". When they differ within that, the digest differs with them and is not compared.
   */
  clock?: string[];
}

const CLOCK_TOLERANCE_S = 5;
const TIME = /^(\d{2}):(\d{2}):(\d{2})$/;

function secondsOfDay(value: unknown): number | undefined {
  const m = typeof value === 'string' ? TIME.exec(value) : null;
  return m ? Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]) : undefined;
}

/** Two clock readings a few seconds apart (across midnight too). */
function closeInTime(a: unknown, b: unknown): boolean {
  const x = secondsOfDay(a);
  const y = secondsOfDay(b);
  if (x === undefined || y === undefined) return false;
  const d = Math.abs(x - y);
  return Math.min(d, 86400 - d) <= CLOCK_TOLERANCE_S;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isObj = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * What neither engine takes from the input, so each makes up its own: the header's uuid when the input
 * names none (a new UUID), the document's uuid when it has none (a new UUID) and its issue date when it has
 * none (today in the regime's zone); the last two change the digest, which is then not compared either.
 * A bill document's issue time, when the input has none, is the clock's where an addon sets it (mx-cfdi-v4).
 */
export function ignoredPaths(input: JsonObject): Ignore {
  const isEnv = isObj(input.doc) && (isObj(input.head) || input.$schema === 'https://gobl.org/draft-0/envelope');
  const doc = isEnv ? (input.doc as JsonObject) : input;
  const ignore: Ignore = { uuids: [], skip: [] };
  if (!isEnv || !isObj(input.head) || typeof input.head.uuid !== 'string') ignore.uuids.push('$.head.uuid');
  const schema = String(doc.$schema ?? '');
  if (!schema.endsWith('tax/identity') && (typeof doc.uuid !== 'string' || doc.uuid === '')) {
    ignore.uuids.push('$.doc.uuid');
    ignore.skip.push('$.head.dig');
  }
  if (schema.includes('/bill/') && typeof doc.issue_date !== 'string') ignore.skip.push('$.doc.issue_date', '$.head.dig');
  if (schema.includes('/bill/') && typeof doc.issue_time !== 'string') ignore.clock = ['$.doc.issue_time'];
  ignoreComplements(doc, '$.doc', ignore);
  if (Array.isArray(doc.lines)) doc.lines.forEach((l, i) => isObj(l) && ignoreComplements(l, `$.doc.lines[${i}]`, ignore));
  return ignore;
}

/**
 * Complements make up the same values a document does: the UUID of a type that has one, when the input gives
 * none, and a nested document's issue date; at any depth of nested documents.
 */
function ignoreComplements(node: JsonObject, path: string, ignore: Ignore): void {
  if (!Array.isArray(node.complements)) return;
  node.complements.forEach((c, i) => {
    if (!isObj(c)) return;
    // The `$schema` as GOBL reads it: the last key that names it in any case.
    const schemaKey = Object.keys(c)
      .filter((k) => k.toLowerCase() === '$schema')
      .pop();
    const kind = complementKindOf(schemaKey === undefined ? undefined : c[schemaKey]);
    if (kind === undefined) return;
    const at = `${path}.complements[${i}]`;
    if (hasOwnUuid(kind) && (typeof c.uuid !== 'string' || c.uuid === '' || /^[0-]+$/.test(c.uuid))) {
      ignore.uuids.push(`${at}.uuid`);
      if (!ignore.skip.includes('$.head.dig')) ignore.skip.push('$.head.dig');
    }
    if (kind.startsWith('bill/') && typeof c.issue_date !== 'string') ignore.skip.push(`${at}.issue_date`, '$.head.dig');
    ignoreComplements(c, at, ignore);
  });
}

const key = (f: FaultKey) => `${f.code} ${f.path}`;

/** Every path where two JSON values differ, depth first, at most `limit` of them. */
export function valueDifferences(
  ours: Json | undefined,
  gobl: Json | undefined,
  ignore: Ignore = { uuids: [], skip: [] },
  limit = 500,
): ValueDifference[] {
  const out: ValueDifference[] = [];
  let clockApart = false;
  const walk = (a: Json | undefined, b: Json | undefined, path: string) => {
    if (out.length >= limit) return;
    if (ignore.skip.includes(path)) return;
    if (ignore.clock?.includes(path) && a !== b) {
      if (closeInTime(a, b)) clockApart = true;
      else out.push({ path, ours: a, gobl: b });
      return;
    }
    if (ignore.uuids.includes(path)) {
      if (!(typeof a === 'string' && UUID.test(a) && typeof b === 'string' && UUID.test(b))) out.push({ path, ours: a, gobl: b });
      return;
    }
    if (a === b) return;
    if (Array.isArray(a) && Array.isArray(b)) {
      for (let i = 0; i < Math.max(a.length, b.length); i++) walk(a[i], b[i], `${path}[${i}]`);
      return;
    }
    if (isObj(a) && isObj(b)) {
      for (const k of new Set([...Object.keys(a), ...Object.keys(b)])) walk(a[k], b[k], `${path}.${k}`);
      return;
    }
    out.push({ path, ours: a, gobl: b });
  };
  walk(ours, gobl, '$');
  return clockApart ? out.filter((d) => d.path !== '$.head.dig.val') : out;
}

/** `doc.lines` for `$.doc.lines[3].taxes[0].percent`: where in the envelope a difference is. */
export function segmentOf(path: string): string {
  return (
    path
      .replace(/^\$\.?/, '')
      .replace(/\[\d+\]/g, '')
      .split('.')
      .slice(0, 2)
      .join('.') || '$'
  );
}

const codesOf = (faults: FaultKey[]) => [...new Set(faults.map((f) => f.code || '(no code)'))];

export function compareOutcomes(ours: Outcome, gobl: Outcome, ignore: Ignore = { uuids: [], skip: [] }): Comparison {
  const result: Comparison = { equal: false, kinds: [], values: [], onlyOurs: [], onlyGobl: [], messages: {} };
  if (ours.kind !== 'envelope') result.messages.ours = ours.message;
  if (gobl.kind !== 'envelope') result.messages.gobl = gobl.message;
  const kinds = new Set<string>();
  if (gobl.kind === 'crashed') kinds.add('gobl panics');
  if (gobl.kind === 'bad-input') kinds.add('gobl cannot read the input');
  if (ours.kind === 'crashed') kinds.add('our engine throws');
  if (ours.kind === 'envelope' && gobl.kind === 'envelope') {
    result.values = valueDifferences(ours.envelope, gobl.envelope, ignore);
    for (const d of result.values) kinds.add(`envelope ${segmentOf(d.path)}`);
  } else if (ours.kind === 'envelope' && gobl.kind === 'refused') {
    result.onlyGobl = gobl.faults;
    for (const c of gobl.faults.length > 0 ? codesOf(gobl.faults) : [gobl.key]) kinds.add(`gobl refuses, we accept: ${c}`);
  } else if (ours.kind === 'refused' && gobl.kind === 'envelope') {
    result.onlyOurs = ours.faults;
    for (const c of ours.faults.length > 0 ? codesOf(ours.faults) : [ours.key]) kinds.add(`we refuse, gobl accepts: ${c}`);
  } else if (ours.kind === 'refused' && gobl.kind === 'refused') {
    if (ours.key !== gobl.key) kinds.add(`error key: ours ${ours.key}, gobl ${gobl.key}`);
    const theirs = new Set(gobl.faults.map(key));
    const mine = new Set(ours.faults.map(key));
    result.onlyOurs = ours.faults.filter((f) => !theirs.has(key(f)));
    result.onlyGobl = gobl.faults.filter((f) => !mine.has(key(f)));
    const ourCodes = new Set(ours.faults.map((f) => f.code));
    const goblCodes = new Set(gobl.faults.map((f) => f.code));
    for (const f of result.onlyOurs) kinds.add(goblCodes.has(f.code) ? `fault paths differ: ${f.code}` : `only we find: ${f.code}`);
    for (const f of result.onlyGobl) kinds.add(ourCodes.has(f.code) ? `fault paths differ: ${f.code}` : `only gobl finds: ${f.code}`);
  }
  result.kinds = [...kinds];
  result.equal = result.kinds.length === 0;
  return result;
}
