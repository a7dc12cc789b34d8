import type { InProcessMode } from './in-process';
import { deepPagingLoads, type BenchResults, type MeasuredLoad } from './results';
import { leakFloors } from './targets';

const IN_PROCESS_TITLES: Record<InProcessMode, string> = {
  engine: 'engine alone (no HTTP, no database)',
  ceiling: 'engine + repository insert (no HTTP)',
  repository: 'repository insert (create path, DB time)',
  raw: 'raw driver insert (floor)',
};

const ms = (n: number | undefined) => (n === undefined || Number.isNaN(n) ? '' : n < 10 ? n.toFixed(2) : n.toFixed(1));
const num = (n: number | undefined) => (n === undefined ? '' : n >= 100 ? Math.round(n).toString() : n.toFixed(1));

type Row = string[];

/** Rows of the table: one per scenario, load mode and database. */
export function tableRows(results: BenchResults): Row[] {
  const rows: Row[] = [];
  for (const db of results.databases) {
    if (db.skipped) {
      rows.push([db.name, db.skipped, '', '', '', '', '', '', '']);
      continue;
    }
    const load = (title: string, label: string, r: MeasuredLoad) => {
      const errors = r.non2xx + r.errors;
      rows.push([
        db.name,
        title,
        label,
        num(r.rps),
        ms(r.latency.p50Ms),
        ms(r.latency.p95Ms),
        ms(r.latency.p99Ms),
        num(r.peakRssMb),
        String(errors),
      ]);
    };
    for (const s of db.http) {
      if (s.skipped) {
        rows.push([db.name, s.title, s.skipped, '', '', '', '', '', '']);
        continue;
      }
      if (s.concurrency) load(s.title, `c=${s.concurrency.connections}`, s.concurrency);
      if (s.rate) load(s.title, `${s.rate.rate}/s c=${s.rate.connections}`, s.rate);
    }
    for (const { title, load: r } of deepPagingLoads(db)) load(title, `${r.rate}/s c=${r.connections}`, r);
    for (const r of db.inProcess) {
      const label = r.mode === 'engine' ? 'in-proc' : `in-proc c=${r.concurrency}`;
      rows.push([
        db.name,
        IN_PROCESS_TITLES[r.mode],
        label,
        num(r.rps),
        ms(r.latency.p50Ms),
        ms(r.latency.p95Ms),
        ms(r.latency.p99Ms),
        `(${num(r.peakRssMb)})`,
        '0',
      ]);
    }
    for (const c of db.search?.cases ?? []) {
      rows.push([
        db.name,
        `${c.title} (${db.search!.entries} entries)`,
        `c=${db.search!.connections}`,
        num(c.rps),
        ms(c.latency.p50Ms),
        ms(c.latency.p95Ms),
        ms(c.latency.p99Ms),
        '',
        String(c.errors),
      ]);
    }
    if (db.leak) {
      const l = db.leak;
      const floors = leakFloors(l);
      rows.push([
        db.name,
        `${l.lastCreates} creates (leak check): RSS floor after ${l.firstCreates} → after ${l.lastCreates}`,
        `c=${results.settings.connections}`,
        num(l.rps),
        '',
        '',
        '',
        `${num(floors.first)}→${num(floors.last)}`,
        String(l.errors),
      ]);
    }
  }
  return rows;
}

export const TABLE_HEADER = ['database', 'scenario', 'load', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'peak RSS MB', 'errors'];

/** The table as aligned text, for the terminal. */
export function textTable(header: Row, rows: Row[]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const numeric = (i: number) => i >= 3;
  const line = (r: Row) =>
    r
      .map((cell, i) => (numeric(i) ? cell.padStart(widths[i]) : cell.padEnd(widths[i])))
      .join('  ')
      .trimEnd();
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

/** The same table in Markdown, for bench/README.md. */
export function markdownTable(header: Row, rows: Row[], numeric: (column: number) => boolean = (i) => i >= 3): string {
  const line = (r: Row) => `| ${r.join(' | ')} |`;
  return [line(header), `|${header.map((_, i) => (numeric(i) ? '---:' : '---')).join('|')}|`, ...rows.map(line)].join('\n');
}

function targetRows(results: BenchResults): Row[] {
  return results.targets.map((t) => [
    t.database,
    t.target,
    t.value === undefined ? 'n/a' : String(t.value),
    t.limit,
    t.met === undefined ? 'not measured' : t.met ? 'met' : 'MISSED',
    t.measured,
  ]);
}
const TARGET_HEADER = ['database', 'target', 'ratio', 'limit', 'result', 'measured'];

/** Everything the run prints at its end. */
export function printReport(results: BenchResults, log: (text: string) => void): void {
  const m = results.machine;
  log(
    `\nMachine: ${m.cpu}, ${m.cores} cores, ${m.memoryGb} GB, ${m.os}, Node ${m.node}; load average at start ${m.loadAverageAtStart.join(' ')}`,
  );
  const s = results.settings;
  log(
    `Settings: ${s.connections} connections, ${s.seconds} s per load in turns of ${s.sliceSeconds} s (${s.warmupSeconds} s warm-up), ${s.seedCount} seeded entries, ` +
      `deep page ${s.deepPage} of ${s.pageSize}${results.quick ? '  [--quick: smaller seed, shorter loads]' : ''}`,
  );
  log(
    `Fixed rates: half the fixed-concurrency throughput of list page 1 (reads) and of create (writes), on ${s.rateConnections} connections: ` +
      `${JSON.stringify(s.rates)}\n`,
  );
  log(textTable(TABLE_HEADER, tableRows(results)));
  log('\nIn-process peak RSS (in parentheses) is the worker process, which also holds the TypeScript compiler that loads it.\n');
  log(textTable(TARGET_HEADER, targetRows(results)));
}

export function markdownReport(results: BenchResults): string {
  return `${markdownTable(TABLE_HEADER, tableRows(results))}\n\n${markdownTable(TARGET_HEADER, targetRows(results), (i) => i === 2)}\n`;
}
