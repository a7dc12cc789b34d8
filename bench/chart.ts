import type { InProcessMode } from './in-process';
import { deepPagingLoads, type BenchResults, type DatabaseResults } from './results';
import { CURVE_PERCENTILES } from './stats';

/**
 * The run as an SVG: per database, throughput bars at fixed concurrency, latency-percentile curves at the
 * fixed rates, and the service's RSS over the leak check.
 */

const WIDTH = 1320;
const IN_PROCESS_LABELS: Record<InProcessMode, string> = {
  engine: 'engine',
  ceiling: 'engine + insert',
  repository: 'repository insert',
  raw: 'raw driver insert',
};
const ROW_HEIGHT = 420;
const COLORS = [
  '#1f77b4',
  '#ff7f0e',
  '#2ca02c',
  '#d62728',
  '#9467bd',
  '#8c564b',
  '#e377c2',
  '#7f7f7f',
  '#bcbd22',
  '#17becf',
  '#393b79',
  '#637939',
];

const esc = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const text = (x: number, y: number, content: string, attrs = '') =>
  `<text x="${x.toFixed(1)}" y="${y.toFixed(1)}" ${attrs}>${esc(content)}</text>`;
const fmt = (n: number) => (Number.isInteger(n) || n >= 100 ? Math.round(n).toString() : n >= 10 ? n.toFixed(1) : n.toFixed(2));

/** Round steps for a linear axis from 0 to max. */
function ticks(max: number, count = 5): number[] {
  const raw = max / count;
  const magnitude = 10 ** Math.floor(Math.log10(raw || 1));
  const step = [1, 2, 5, 10].map((m) => m * magnitude).find((s) => s >= raw) ?? raw;
  const out: number[] = [];
  for (let v = 0; v <= max + step / 2; v += step) out.push(v);
  return out;
}

function throughputPanel(db: DatabaseResults, x0: number, y0: number, width: number, height: number): string {
  const bars: { label: string; value: number }[] = [];
  for (const s of db.http) if (s.concurrency) bars.push({ label: s.title, value: s.concurrency.rps });
  for (const r of db.inProcess) bars.push({ label: `in-process: ${IN_PROCESS_LABELS[r.mode]}`, value: r.rps });
  const labelWidth = 215;
  const plotWidth = width - labelWidth - 50;
  const max = Math.max(1, ...bars.map((b) => b.value));
  const scale = ticks(max);
  const top = scale[scale.length - 1];
  const barHeight = Math.min(24, (height - 50) / Math.max(1, bars.length));
  const out = [text(x0, y0 + 14, 'Throughput at fixed concurrency (req/s or ops/s)', 'font-weight="bold"')];
  const px = (v: number) => x0 + labelWidth + (v / top) * plotWidth;
  for (const t of scale) {
    out.push(`<line x1="${px(t)}" y1="${y0 + 24}" x2="${px(t)}" y2="${y0 + 28 + bars.length * barHeight}" stroke="#ddd"/>`);
    out.push(text(px(t), y0 + 42 + bars.length * barHeight, fmt(t), 'text-anchor="middle" fill="#555"'));
  }
  bars.forEach((bar, i) => {
    const y = y0 + 28 + i * barHeight;
    out.push(text(x0 + labelWidth - 6, y + barHeight * 0.7, bar.label, 'text-anchor="end"'));
    out.push(
      `<rect x="${px(0)}" y="${y + 2}" width="${Math.max(1, px(bar.value) - px(0)).toFixed(1)}" height="${barHeight - 4}" fill="${COLORS[i % COLORS.length]}"/>`,
    );
    out.push(text(px(bar.value) + 4, y + barHeight * 0.7, fmt(bar.value), 'fill="#333"'));
  });
  return out.join('\n');
}

function latencyPanel(db: DatabaseResults, x0: number, y0: number, width: number, height: number): string {
  const rated = [...db.http.filter((s) => s.rate).map((s) => ({ title: s.title, load: s.rate! })), ...deepPagingLoads(db)];
  const curves = rated.map(({ title, load }) => ({ label: `${title} @${load.rate}/s`, points: load.latency.curve }));
  const out = [text(x0, y0 + 14, 'Latency by percentile at fixed rate (ms, log scale)', 'font-weight="bold"')];
  if (curves.length === 0) return out.join('\n');
  const values = curves.flatMap((c) => c.points.map(([, v]) => v)).filter((v) => v > 0);
  const low = 10 ** Math.floor(Math.log10(Math.min(...values)));
  const high = 10 ** Math.ceil(Math.log10(Math.max(...values)));
  const plot = { left: x0 + 45, right: x0 + width - 10, top: y0 + 28, bottom: y0 + height - 150 };
  const px = (i: number) => plot.left + (i / (CURVE_PERCENTILES.length - 1)) * (plot.right - plot.left);
  const py = (v: number) =>
    plot.bottom - ((Math.log10(Math.max(v, low)) - Math.log10(low)) / (Math.log10(high) - Math.log10(low))) * (plot.bottom - plot.top);
  for (let decade = low; decade <= high * 1.001; decade *= 10) {
    for (const m of [1, 2, 5]) {
      const v = decade * m;
      if (v > high * 1.001) break;
      out.push(`<line x1="${plot.left}" y1="${py(v)}" x2="${plot.right}" y2="${py(v)}" stroke="${m === 1 ? '#ccc' : '#eee'}"/>`);
      out.push(text(plot.left - 4, py(v) + 4, fmt(v), 'text-anchor="end" fill="#555"'));
    }
  }
  CURVE_PERCENTILES.forEach((p, i) => {
    out.push(`<line x1="${px(i)}" y1="${plot.top}" x2="${px(i)}" y2="${plot.bottom}" stroke="#f0f0f0"/>`);
    out.push(text(px(i), plot.bottom + 14, `p${p}`, 'text-anchor="middle" fill="#555"'));
  });
  curves.forEach((curve, i) => {
    const color = COLORS[i % COLORS.length];
    const points = curve.points.map(([, v], j) => `${px(j).toFixed(1)},${py(v).toFixed(1)}`).join(' ');
    out.push(`<polyline points="${points}" fill="none" stroke="${color}" stroke-width="2"/>`);
    const ly = plot.bottom + 30 + i * 14;
    out.push(`<rect x="${plot.left}" y="${ly - 9}" width="10" height="10" fill="${color}"/>`);
    out.push(text(plot.left + 14, ly, curve.label));
  });
  return out.join('\n');
}

function memoryPanel(db: DatabaseResults, x0: number, y0: number, width: number, height: number): string {
  const out = [text(x0, y0 + 14, 'Service RSS (MB) over the leak check', 'font-weight="bold"')];
  const curve = db.leak?.curve ?? [];
  if (curve.length < 2) {
    out.push(text(x0, y0 + 40, db.leak ? 'no samples' : 'leak check not run on this database', 'fill="#777"'));
    out.push(text(x0, y0 + 60, `peak RSS over the run: ${fmt(db.peakRssMb ?? 0)} MB`, 'fill="#333"'));
    return out.join('\n');
  }
  const plot = { left: x0 + 45, right: x0 + width - 15, top: y0 + 28, bottom: y0 + height - 150 };
  const maxX = curve[curve.length - 1][0];
  const yTicks = ticks(Math.max(300, ...curve.map(([, v]) => v)), 6);
  const maxY = yTicks[yTicks.length - 1];
  const px = (v: number) => plot.left + (v / maxX) * (plot.right - plot.left);
  const py = (v: number) => plot.bottom - (v / maxY) * (plot.bottom - plot.top);
  for (const t of yTicks) {
    out.push(`<line x1="${plot.left}" y1="${py(t)}" x2="${plot.right}" y2="${py(t)}" stroke="#eee"/>`);
    out.push(text(plot.left - 4, py(t) + 4, fmt(t), 'text-anchor="end" fill="#555"'));
  }
  for (const t of ticks(maxX, 4))
    out.push(text(px(t), plot.bottom + 14, t >= 1000 ? `${t / 1000}k` : String(t), 'text-anchor="middle" fill="#555"'));
  out.push(`<line x1="${plot.left}" y1="${py(300)}" x2="${plot.right}" y2="${py(300)}" stroke="#d62728" stroke-dasharray="4 3"/>`);
  out.push(text(plot.right, py(300) + 14, '300 MB limit', 'text-anchor="end" fill="#d62728"'));
  out.push(
    `<polyline points="${curve.map(([c, v]) => `${px(c).toFixed(1)},${py(v).toFixed(1)}`).join(' ')}" fill="none" stroke="#1f77b4" stroke-width="2"/>`,
  );
  out.push(text(plot.left, plot.bottom + 32, 'creates through REST', 'fill="#555"'));
  return out.join('\n');
}

export function renderChart(results: BenchResults): string {
  const databases = results.databases.filter((db) => !db.skipped);
  const height = 60 + databases.length * ROW_HEIGHT;
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}" font-family="sans-serif" font-size="12">`,
    `<rect width="100%" height="100%" fill="white"/>`,
    text(
      16,
      24,
      `npm run bench${results.quick ? ' -- --quick' : ''}: ${results.startedAt.slice(0, 16).replace('T', ' ')} UTC, ${results.machine.cpu}, ${results.machine.cores} cores`,
      'font-size="16" font-weight="bold"',
    ),
    text(
      16,
      44,
      `${results.settings.seedCount} seeded entries, deep page ${results.settings.deepPage}, ${results.settings.connections} connections, ${results.settings.seconds} s per load`,
      'fill="#555"',
    ),
  ];
  databases.forEach((db, i) => {
    const y = 60 + i * ROW_HEIGHT;
    parts.push(text(16, y + 16, db.describe, 'font-size="14" font-weight="bold"'));
    parts.push(throughputPanel(db, 16, y + 24, 520, ROW_HEIGHT - 40));
    parts.push(latencyPanel(db, 560, y + 24, 440, ROW_HEIGHT - 40));
    parts.push(memoryPanel(db, 1020, y + 24, 290, ROW_HEIGHT - 40));
  });
  parts.push('</svg>');
  return `${parts.join('\n')}\n`;
}
