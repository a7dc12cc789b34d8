/** Tallies the differences of a run by kind, with a few examples each, and prints the summary. */
import type { Comparison } from './compare';

export interface KindTally {
  count: number;
  examples: { id: string; detail: string }[];
}

export interface Tally {
  total: number;
  equal: number;
  different: number;
  /** Differences that changed on a fresh reference process (GOBL's state between documents). */
  unstable: number;
  byKind: Map<string, KindTally>;
  /** Per addon declared: documents, those GOBL accepted (an envelope), those both engines answered alike. */
  byAddon: Map<string, GroupTally>;
  /** The same per document type. */
  byType: Map<string, GroupTally>;
}

export interface GroupTally {
  documents: number;
  accepted: number;
  equal: number;
}

export function newTally(): Tally {
  return { total: 0, equal: 0, different: 0, unstable: 0, byKind: new Map(), byAddon: new Map(), byType: new Map() };
}

function count(group: Map<string, GroupTally>, key: string, goblAccepted: boolean, equal: boolean): void {
  const a = group.get(key) ?? { documents: 0, accepted: 0, equal: 0 };
  a.documents++;
  if (goblAccepted) a.accepted++;
  if (equal) a.equal++;
  group.set(key, a);
}

/** Counts one document under each addon it declares. */
export function recordAddons(t: Tally, addons: string[], goblAccepted: boolean, equal: boolean): void {
  for (const addon of addons) count(t.byAddon, addon, goblAccepted, equal);
}

/** Counts one document under its type. */
export function recordType(t: Tally, type: string, goblAccepted: boolean, equal: boolean): void {
  count(t.byType, type, goblAccepted, equal);
}

function formatGroup(title: string, group: Map<string, GroupTally>): string {
  const lines = [...group.entries()]
    .sort((a, b) => a[0].localeCompare(b[0]))
    .map(
      ([key, a]) =>
        `  ${key}: ${a.documents} documents, ${a.accepted} accepted by GOBL (${((100 * a.accepted) / a.documents).toFixed(0)}%), ${a.equal} equal`,
    );
  return lines.length > 0 ? [title, ...lines].join('\n') : '';
}

/** One line per addon: how many documents declared it, how many GOBL accepted, how many were answered alike. */
export function formatAddons(t: Tally): string {
  return formatGroup('documents by addon declared:', t.byAddon);
}

/** One line per document type, as formatAddons. */
export function formatTypes(t: Tally): string {
  return formatGroup('documents by type:', t.byType);
}

/** A group's counts as the recorded figure keeps them: [documents, accepted by GOBL, equal]. */
export function groupFigure(group: Map<string, GroupTally>): Record<string, [number, number, number]> {
  return Object.fromEntries(
    [...group.entries()].sort((a, b) => a[0].localeCompare(b[0])).map(([k, a]) => [k, [a.documents, a.accepted, a.equal]]),
  );
}

const short = (v: unknown) => (v === undefined ? '(absent)' : JSON.stringify(v).slice(0, 120));

/** One line saying what a comparison found for a kind: a path and both values, or the faults. */
export function detailOf(c: Comparison, kind: string): string {
  const code = kind.split(': ').pop() ?? '';
  const segment = kind.startsWith('envelope ') ? kind.slice('envelope '.length) : undefined;
  if (segment !== undefined) {
    const d =
      c.values.find((v) =>
        v.path
          .replace(/^\$\.?/, '')
          .replace(/\[\d+\]/g, '')
          .startsWith(segment),
      ) ?? c.values[0];
    return d ? `${d.path}: ours ${short(d.ours)}, gobl ${short(d.gobl)}` : '';
  }
  const ours = c.onlyOurs.filter((f) => f.code === code).map((f) => f.path);
  const gobl = c.onlyGobl.filter((f) => f.code === code).map((f) => f.path);
  const where = [
    ours.length ? `ours at ${ours.slice(0, 3).join(' ')}` : '',
    gobl.length ? `gobl at ${gobl.slice(0, 3).join(' ')}` : '',
  ].filter(Boolean);
  if (where.length > 0) return where.join('; ');
  return [c.messages.ours ? `ours: ${c.messages.ours.slice(0, 140)}` : '', c.messages.gobl ? `gobl: ${c.messages.gobl.slice(0, 140)}` : '']
    .filter(Boolean)
    .join('; ');
}

export function record(t: Tally, id: string, c: Comparison, extra?: (kind: string) => string, examplesPerKind = 3): void {
  t.total++;
  if (c.equal) {
    t.equal++;
    return;
  }
  t.different++;
  for (const kind of c.kinds) {
    const k = t.byKind.get(kind) ?? { count: 0, examples: [] };
    k.count++;
    if (k.examples.length < examplesPerKind) k.examples.push({ id, detail: extra ? extra(kind) : detailOf(c, kind) });
    t.byKind.set(kind, k);
  }
}

export function sortedKinds(t: Tally): [string, KindTally][] {
  return [...t.byKind.entries()].sort((a, b) => b[1].count - a[1].count || a[0].localeCompare(b[0]));
}

export function formatTally(t: Tally): string {
  const pct = (n: number) => (t.total === 0 ? '0.0' : ((100 * n) / t.total).toFixed(1));
  const lines = [
    `total ${t.total}, equal ${t.equal} (${pct(t.equal)}%), different ${t.different} (${pct(t.different)}%)` +
      (t.unstable > 0 ? `, of which ${t.unstable} answered differently by a fresh reference process` : ''),
    '',
    'differences by kind (a document may show several kinds):',
  ];
  for (const [kind, k] of sortedKinds(t)) {
    lines.push(`  ${String(k.count).padStart(5)}  ${kind}`);
    for (const e of k.examples) lines.push(`           ${e.id}  ${e.detail}`);
  }
  return lines.join('\n');
}
