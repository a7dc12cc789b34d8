import { isObject, objects, str, strings } from '../base/json';
import type { Regime, Scenario } from '../tax/regime-def';
import type { JsonObject } from '../base/types';

/** Every tax category the document's lines, charges and discounts use (any text when calculation is bypassed). */
function taxCategories(doc: JsonObject): Set<string> {
  const out = new Set<string>();
  for (const field of ['lines', 'charges', 'discounts']) {
    for (const row of objects(doc[field])) for (const c of objects(row.taxes)) out.add(str(c.cat));
  }
  return out;
}

/** The extension maps an `extKey` filter looks in: the document's tax, then each rate total. */
function extensionMaps(doc: JsonObject): Record<string, unknown>[] {
  const maps: Record<string, unknown>[] = [];
  if (isObject(doc.tax) && isObject(doc.tax.ext) && Object.keys(doc.tax.ext).length > 0) maps.push(doc.tax.ext);
  const taxes = isObject(doc.totals) && isObject(doc.totals.taxes) ? doc.totals.taxes : undefined;
  for (const cat of objects(taxes?.categories)) for (const r of objects(cat.rates)) maps.push(isObject(r.ext) ? r.ext : {});
  return maps;
}

export function scenarioMatches(s: Scenario, doc: JsonObject): boolean {
  if (s.types && s.types.length > 0 && !s.types.includes(str(doc.type))) return false;
  if (s.tags && s.tags.length > 0) {
    const tags = strings(doc.$tags);
    if (!s.tags.every((t) => tags.includes(t))) return false;
  }
  if (s.categories && s.categories.length > 0) {
    const used = taxCategories(doc);
    if (!s.categories.some((c) => used.has(c))) return false;
  }
  if (s.extKey) {
    const key = s.extKey;
    return extensionMaps(doc).some((m) => m[key] !== undefined && (!s.extValue || m[key] === s.extValue));
  }
  return true;
}

export interface ScenarioNote {
  cat?: string;
  key?: string;
  text: string;
}

/**
 * Applies the regime's invoice scenarios: adds each matching legal note the document's tax does not carry yet
 * (same category and key), and merges the scenarios' extension values into `tax.ext`.
 * `normalizeNote` lets regime and addon hooks see each added note.
 */
export function applyRegimeScenarios(doc: JsonObject, regime: Regime | undefined, normalizeNote: (n: JsonObject) => void): void {
  if (!regime) return;
  const list = (regime.scenarios ?? []).filter((s) => s.schema === 'bill/invoice').flatMap((s) => s.list);
  const notes: ScenarioNote[] = [];
  const ext: Record<string, string> = {};
  for (const s of list) {
    if (!scenarioMatches(s, doc)) continue;
    if (s.note) {
      const note: ScenarioNote = { text: s.note.text };
      if (s.note.cat) note.cat = s.note.cat;
      if (s.note.key) note.key = s.note.key;
      const i = notes.findIndex((n) => sameNote(n, note));
      if (i >= 0) notes[i] = note;
      else notes.push(note);
    }
    Object.assign(ext, s.ext ?? {});
  }
  for (const sn of notes) {
    const tax = isObject(doc.tax) ? doc.tax : undefined;
    if (tax && objects(tax.notes).some((n) => sameNote(n, sn))) continue;
    const node: JsonObject = { ...sn };
    normalizeNote(node);
    const t: JsonObject = tax ?? {};
    t.notes = [...objects(t.notes), node];
    doc.tax = t;
  }
  if (Object.keys(ext).length > 0) {
    const t: JsonObject = isObject(doc.tax) ? doc.tax : {};
    t.ext = { ...(isObject(t.ext) ? t.ext : {}), ...ext };
    doc.tax = t;
  }
}

function sameNote(a: { cat?: unknown; key?: unknown }, b: { cat?: unknown; key?: unknown }): boolean {
  return (a.cat ?? '') === (b.cat ?? '') && (a.key ?? '') === (b.key ?? '');
}
