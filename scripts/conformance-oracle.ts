/**
 * Differential test of the engine against GOBL's own Go engine, on generated documents. The reference is a
 * separate program, never part of the project: GOBL_ORACLE names it (GOBL_ORACLE_EXT the build with the
 * external addons, for --ext). It reads one JSON value a line and answers one line each:
 * {"envelope"}, {"error", "message"}, {"panic"} or {"bad_input"}.
 *
 * Run: npm run conformance:oracle -- [--count 1000] [--seed 1] [--types bill/invoice,org/party]
 *      [--regimes ES,DE] [--ext] [--show N] [--out diffs.ndjson] [--record]
 *
 * Compared: envelopes field by field (key order aside), and refusals by error key and by fault (code, path)
 * sets. Not compared: values each engine makes up itself (see scripts/oracle/compare.ts, ignoredPaths).
 * Any difference is asked again of a fresh reference process, since GOBL keeps some state between documents.
 * The summary ends with one line per addon: documents declaring it, how many GOBL accepted, how many were equal.
 */
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { DOCUMENT_SCHEMAS, type DocumentType } from '../src/document/base/schemas';
import { compareOutcomes, ignoredPaths, type Comparison } from './oracle/compare';
import { generateCases, type GeneratedCase } from './oracle/generate';
import { OracleProcess } from './oracle/oracle-process';
import { goblOutcome, sameAnswer, type Outcome } from './oracle/outcome';
import { runOurEngine } from './oracle/our-engine';
import {
  formatAddons,
  formatTally,
  formatTypes,
  groupFigure,
  newTally,
  record,
  recordAddons,
  recordType,
  sortedKinds,
  type Tally,
} from './oracle/summary';

export interface RunOptions {
  count: number;
  seed: string;
  types?: DocumentType[];
  regimes?: string[];
  external: boolean;
  show: number;
  out?: string;
  record: boolean;
}

export function parseArgs(argv: string[]): RunOptions {
  const value = (name: string) => {
    const i = argv.indexOf(name);
    if (i < 0) return undefined;
    const v = argv[i + 1];
    if (v === undefined || v.startsWith('--')) throw new Error(`${name} needs a value`);
    return v;
  };
  const list = (name: string) =>
    value(name)
      ?.split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  const types = list('--types');
  for (const t of types ?? [])
    if (!(DOCUMENT_SCHEMAS as readonly string[]).includes(t)) throw new Error(`unknown type ${t}; known: ${DOCUMENT_SCHEMAS.join(', ')}`);
  const count = Number(value('--count') ?? 1000);
  if (!Number.isInteger(count) || count < 1) throw new Error('--count must be a positive integer');
  return {
    count,
    seed: value('--seed') ?? '1',
    types: types as DocumentType[] | undefined,
    regimes: list('--regimes')?.map((r) => r.toUpperCase()),
    external: argv.includes('--ext'),
    show: Number(value('--show') ?? 0),
    out: value('--out'),
    record: argv.includes('--record'),
  };
}

function goblVersion(binary: string): string {
  try {
    return execFileSync(binary, ['-version'], { encoding: 'utf8', timeout: 10000 })
      .split('\n')[0]
      .replace(/^gobl\s+/, '')
      .trim();
  } catch {
    return 'unknown';
  }
}

export interface CaseResult {
  c: GeneratedCase;
  ours: Outcome;
  gobl: Outcome;
  comparison: Comparison;
  unstable: boolean;
}

/** What runCase needs of the reference: OracleProcess, or a stand-in in tests. */
export type Reference = Pick<OracleProcess, 'ask' | 'restart'>;

/**
 * Asks the reference, and asks again on a fresh process when its answer differs from ours. The case is
 * unstable only when the fresh process answers otherwise (two panics with one message are one answer).
 */
export async function runCase(c: GeneratedCase, oracle: Reference): Promise<CaseResult> {
  const ignore = ignoredPaths(c.input);
  const ours = runOurEngine(c.input);
  const first = await oracle.ask(c.input);
  let gobl = goblOutcome(first);
  let comparison = compareOutcomes(ours, gobl, ignore);
  let unstable = false;
  if (!comparison.equal) {
    oracle.restart();
    const again = await oracle.ask(c.input);
    const fresh = goblOutcome(again);
    if (!sameAnswer(gobl, fresh, ignore)) {
      unstable = true;
      gobl = fresh;
      comparison = compareOutcomes(ours, gobl, ignore);
    }
  }
  return { c, ours, gobl, comparison, unstable };
}

function summaryOf(o: Outcome): unknown {
  if (o.kind === 'envelope') return 'envelope';
  if (o.kind === 'refused') return { key: o.key, faults: o.faults };
  return o;
}

function fullDiff(r: CaseResult): string {
  const lines = [
    `--- ${r.c.id} ${r.c.type} ${r.c.regime}${r.c.addons.length ? ` [${r.c.addons.join(',')}]` : ''}${r.c.mutation ? ` mutation=${r.c.mutation}` : ''}${r.c.varied ? ` varied=${r.c.varied.join(',')}` : ''}`,
  ];
  lines.push(`    kinds: ${r.comparison.kinds.join(' | ')}`);
  for (const v of r.comparison.values.slice(0, 40))
    lines.push(`    ${v.path}: ours ${JSON.stringify(v.ours)} | gobl ${JSON.stringify(v.gobl)}`);
  if (r.ours.kind !== 'envelope' || r.gobl.kind !== 'envelope') {
    lines.push(`    ours: ${JSON.stringify(summaryOf(r.ours))}`, `    gobl: ${JSON.stringify(summaryOf(r.gobl))}`);
  }
  lines.push(`    input: ${JSON.stringify(r.c.input)}`);
  return lines.join('\n');
}

export function figureOf(t: Tally, opts: RunOptions, version: string): Record<string, unknown> {
  return {
    date: new Date().toISOString().slice(0, 10),
    gobl: version,
    seed: opts.seed,
    count: t.total,
    ext: opts.external,
    equal: t.equal,
    different: t.different,
    by_kind: Object.fromEntries(sortedKinds(t).map(([k, v]) => [k, v.count])),
    // [documents, accepted by GOBL, equal] per document type and per addon declared.
    by_type: groupFigure(t.byType),
    by_addon: groupFigure(t.byAddon),
  };
}

/** The figure sits beside the golden examples' one, under its own key, so both tests read one file. */
function writeFigure(figure: Record<string, unknown>, external: boolean): string {
  const file = path.join(__dirname, '..', 'test', 'document', 'conformance-figure.json');
  const current = fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>) : {};
  current[external ? 'oracle_ext' : 'oracle'] = figure;
  fs.writeFileSync(file, `${JSON.stringify(current, null, 2)}\n`);
  return file;
}

async function main(): Promise<number> {
  let opts: RunOptions;
  try {
    opts = parseArgs(process.argv.slice(2));
  } catch (err) {
    console.error(`conformance:oracle: ${(err as Error).message}`);
    return 2;
  }
  const variable = opts.external ? 'GOBL_ORACLE_EXT' : 'GOBL_ORACLE';
  const binary = process.env[variable];
  if (!binary) {
    console.error(
      `conformance:oracle: set ${variable} to the reference GOBL program (one JSON line in, one out) to compare the engine with it`,
    );
    return 2;
  }
  const version = goblVersion(binary);
  const oracle = new OracleProcess({ command: binary });
  const tally = newTally();
  let shown = 0;
  let againstLabel = 0;
  const byMutation = new Map<string, number>();
  const out = opts.out ? fs.createWriteStream(opts.out) : undefined;
  const started = Date.now();
  try {
    for (const c of generateCases({
      seed: opts.seed,
      count: opts.count,
      types: opts.types,
      regimes: opts.regimes,
      external: opts.external,
    })) {
      const r = await runCase(c, oracle);
      if (r.unstable) tally.unstable++;
      record(tally, c.id, r.comparison);
      recordAddons(tally, c.addons, r.gobl.kind === 'envelope', r.comparison.equal);
      recordType(tally, c.type, r.gobl.kind === 'envelope', r.comparison.equal);
      if (
        (c.expect === 'refuse' && r.gobl.kind === 'envelope') ||
        (c.expect === 'accept' && r.gobl.kind !== 'envelope' && !c.addons.length)
      )
        againstLabel++;
      if (!r.comparison.equal) {
        byMutation.set(c.mutation ?? 'none', (byMutation.get(c.mutation ?? 'none') ?? 0) + 1);
        if (shown < opts.show) {
          console.log(fullDiff(r));
          shown++;
        }
        out?.write(
          `${JSON.stringify({
            id: c.id,
            type: c.type,
            regime: c.regime,
            addons: c.addons,
            mutation: c.mutation,
            varied: c.varied,
            expect: c.expect,
            unstable: r.unstable,
            kinds: r.comparison.kinds,
            values: r.comparison.values.slice(0, 100),
            only_ours: r.comparison.onlyOurs,
            only_gobl: r.comparison.onlyGobl,
            ours: summaryOf(r.ours),
            gobl: summaryOf(r.gobl),
            input: c.input,
          })}\n`,
        );
      }
      if (tally.total % 250 === 0) process.stderr.write(`  ${tally.total}/${opts.count}\r`);
    }
  } finally {
    oracle.stop();
    out?.end();
  }
  console.log(
    `GOBL ${version}, seed ${opts.seed}, ${((Date.now() - started) / 1000).toFixed(1)} s, reference processes started: ${oracle.starts}`,
  );
  console.log(formatTally(tally));
  if (tally.byType.size > 0) console.log(`\n${formatTypes(tally)}`);
  if (tally.byAddon.size > 0) console.log(`\n${formatAddons(tally)}`);
  if (byMutation.size > 0)
    console.log(
      `\ndifferent documents by deliberate fault: ${[...byMutation]
        .sort((a, b) => b[1] - a[1])
        .map(([m, n]) => `${m} ${n}`)
        .join(', ')}`,
    );
  console.log(`(the generator's label disagreed with GOBL's answer on ${againstLabel} documents without addons)`);
  if (opts.record) console.log(`figure written to ${writeFigure(figureOf(tally, opts, version), opts.external)}`);
  return 0;
}

if (require.main === module) {
  main().then(
    (code) => process.exit(code),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
