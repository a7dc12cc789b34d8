import { parseArgs } from 'node:util';
/**
 * Conformance against GOBL's golden examples: every input under <gobl>/examples is processed by the engine
 * and compared with GOBL's own output in `out/`. Used by `npm run conformance` (prints a table) and by
 * test/document/conformance.test.ts (asserts the count of equal documents does not fall).
 *
 * Run: node --require ./scripts/register-ts.js scripts/conformance.ts [--verbose] [filter]
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { v7 as uuidv7 } from 'uuid';
import { parse as parseYaml } from 'yaml';
import { processDocument } from '../src/document';
import { findGoblDir, HOW_TO_GET_GOBL } from './gobl-fixtures';
import type { Json, JsonObject } from '../src/document/base/types';

/** GOBL made every golden file with this envelope UUID. */
export const TEST_UUID = '8a51fd30-2a27-11ee-be56-0242ac120002';

export interface ExampleResult {
  /** Path under examples/, e.g. "de/invoice-de-de-stnr.yaml". */
  name: string;
  country: string;
  type: string;
  equal: boolean;
  /** The first difference: JSON path, expected and actual (as JSON text). */
  diff?: { path: string; expected: string; actual: string };
  error?: string;
  /** The JSON text itself equals GOBL's file (key order and indentation included). */
  sameText: boolean;
  /** Fault codes the engine reported; GOBL validated every golden example, so any is a false alarm. */
  faults: string[];
}

export function exampleInputs(goblDir: string): string[] {
  const root = path.join(goblDir, 'examples');
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'out') walk(full);
      } else if (/\.(ya?ml|json)$/.test(entry.name)) {
        out.push(path.relative(root, full));
      }
    }
  };
  walk(root);
  return out;
}

function goldenPath(goblDir: string, name: string): string {
  const base = path.basename(name).replace(/\.(ya?ml|json)$/, '.json');
  return path.join(goblDir, 'examples', path.dirname(name), 'out', base);
}

function readInput(file: string): JsonObject {
  const text = fs.readFileSync(file, 'utf8');
  return (file.endsWith('.json') ? JSON.parse(text) : parseYaml(text)) as JsonObject;
}

const UUID_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const DATE_SHAPE = /^\d{4}-\d{2}-\d{2}$/;

/** The first path where the two values differ, or undefined when they are deep-equal. */
export function firstDifference(expected: Json | undefined, actual: Json | undefined, at = '$'): ExampleResult['diff'] {
  const show = (v: Json | undefined) => (v === undefined ? 'undefined' : JSON.stringify(v).slice(0, 160));
  if (expected === actual) return undefined;
  const eo = typeof expected === 'object' && expected !== null;
  const ao = typeof actual === 'object' && actual !== null;
  if (!eo || !ao || Array.isArray(expected) !== Array.isArray(actual)) {
    return { path: at, expected: show(expected), actual: show(actual) };
  }
  if (Array.isArray(expected) && Array.isArray(actual)) {
    const n = Math.max(expected.length, actual.length);
    for (let i = 0; i < n; i++) {
      const d = firstDifference(expected[i], actual[i], `${at}[${i}]`);
      if (d) return d;
    }
    return undefined;
  }
  const e = expected as JsonObject;
  const a = actual as JsonObject;
  // The document before the header: a digest mismatch says less than the figure that caused it.
  const keys = [...new Set([...Object.keys(e), ...Object.keys(a)])].sort((x, y) => (x === 'head' ? 1 : 0) - (y === 'head' ? 1 : 0));
  for (const k of keys) {
    const d = firstDifference(e[k], a[k], `${at}.${k}`);
    if (d) return d;
  }
  return undefined;
}

/** JSON as Go's encoder indents it with tabs, escaping the characters it escapes for HTML. */
function goText(value: JsonObject): string {
  return JSON.stringify(value, null, '\t')
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** Processes one example and compares it with GOBL's output. */
export function runExample(name: string, goblDir: string): ExampleResult {
  const country = name.split('/')[0];
  const input = readInput(path.join(goblDir, 'examples', name));
  const expected = JSON.parse(fs.readFileSync(goldenPath(goblDir, name), 'utf8')) as JsonObject;
  const expectedDoc = expected.doc as JsonObject;
  const type = String(expectedDoc.$schema ?? '').replace('https://gobl.org/draft-0/', '');
  const result: ExampleResult = { name, country, type, equal: false, sameText: false, faults: [] };
  const inputDoc = (name.includes('.env.') ? input.doc : input) as JsonObject;
  const lacksUuid = !inputDoc || typeof inputDoc.uuid !== 'string';
  const lacksDate = !inputDoc || typeof inputDoc.issue_date !== 'string';
  try {
    const out = processDocument(input, { newUuid: () => uuidv7(), now: new Date() });
    if (!out.ok) {
      result.error = `${out.error}: ${out.message}`;
      return result;
    }
    result.faults = out.faults.map((f) => f.code);
    const env = JSON.parse(JSON.stringify(out.envelope)) as JsonObject;
    (env.head as JsonObject).uuid = TEST_UUID;
    const doc = env.doc as JsonObject;
    let fresh = false;
    if (lacksUuid && expectedDoc.uuid !== undefined) {
      if (typeof doc.uuid !== 'string' || !UUID_SHAPE.test(doc.uuid)) {
        result.diff = { path: '$.doc.uuid', expected: 'a UUID', actual: JSON.stringify(doc.uuid) };
        return result;
      }
      doc.uuid = expectedDoc.uuid;
      fresh = true;
    }
    if (lacksDate && expectedDoc.issue_date !== undefined) {
      if (typeof doc.issue_date !== 'string' || !DATE_SHAPE.test(doc.issue_date)) {
        result.diff = { path: '$.doc.issue_date', expected: 'a date', actual: JSON.stringify(doc.issue_date) };
        return result;
      }
      doc.issue_date = expectedDoc.issue_date;
      fresh = true;
    }
    // A fresh UUID or date changes the digest: compare it only when both were given.
    if (fresh) (env.head as JsonObject).dig = (expected.head as JsonObject).dig;
    result.diff = firstDifference(expected, env);
    result.equal = result.diff === undefined;
    result.sameText = result.equal && goText(env) === fs.readFileSync(goldenPath(goblDir, name), 'utf8');
  } catch (err) {
    result.error = `exception: ${err instanceof Error ? err.message : String(err)}`;
  }
  return result;
}

export function runConformance(goblDir: string, filter?: string): ExampleResult[] {
  return exampleInputs(goblDir)
    .filter((n) => !filter || n.includes(filter))
    .map((n) => runExample(n, goblDir));
}

/** A table per country and document type, then each failure with its first difference. */
export function formatReport(results: ExampleResult[], verbose = true): string {
  const groups = new Map<string, { total: number; equal: number; valid: number }>();
  for (const r of results) {
    const key = `${r.country}\t${r.type}`;
    const g = groups.get(key) ?? { total: 0, equal: 0, valid: 0 };
    g.total++;
    if (r.equal) g.equal++;
    if (!r.error && r.faults.length === 0) g.valid++;
    groups.set(key, g);
  }
  const lines = ['country  type            equal/total  without faults'];
  for (const [key, g] of [...groups.entries()].sort()) {
    const [country, type] = key.split('\t');
    lines.push(`${country.padEnd(8)} ${type.padEnd(15)} ${`${g.equal}/${g.total}`.padEnd(12)} ${g.valid}/${g.total}`);
  }
  const equal = results.filter((r) => r.equal).length;
  const valid = results.filter((r) => !r.error && r.faults.length === 0).length;
  lines.push(`TOTAL    ${''.padEnd(15)} ${`${equal}/${results.length}`.padEnd(12)} ${valid}/${results.length}`);
  const sameText = results.filter((r) => r.sameText).length;
  lines.push(`(byte-identical JSON text, key order included: ${sameText}/${results.length})`);
  if (verbose) {
    lines.push('', 'failures:');
    for (const r of results.filter((x) => !x.equal)) {
      if (r.error) lines.push(`  ${r.name}: ${r.error}`);
      else if (r.diff) lines.push(`  ${r.name}: ${r.diff.path} expected ${r.diff.expected} got ${r.diff.actual}`);
    }
    lines.push('', 'faults reported on golden examples (GOBL found none):');
    for (const r of results.filter((x) => x.faults.length > 0)) lines.push(`  ${r.name}: ${r.faults.join(', ')}`);
  }
  return lines.join('\n');
}

const USAGE = "usage: npm run conformance -- [FILTER] [--quiet]   (FILTER: a part of the examples' paths, such as es or invoice)";

if (require.main === module) {
  let flags: { values: { quiet?: boolean; help?: boolean }; positionals: string[] };
  try {
    flags = parseArgs({
      args: process.argv.slice(2),
      options: { quiet: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
      allowPositionals: true,
      strict: true,
    });
    if (flags.positionals.length > 1) throw new Error(`one filter at most, not '${flags.positionals.join(' ')}'`);
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    process.exit(2);
  }
  if (flags.values.help) {
    console.log(`${USAGE}\nRuns GOBL's golden examples through the engine and prints a table per country and document type.`);
    process.exit(0);
  }
  const filter = flags.positionals[0];
  const args = flags.values.quiet ? ['--quiet'] : [];
  const goblDir = findGoblDir();
  if (!goblDir) {
    console.error(HOW_TO_GET_GOBL);
    process.exit(1);
  }
  const results = runConformance(goblDir, filter);
  console.log(formatReport(results, !args.includes('--quiet')));
}
