import type { JsonObject } from '../base/types';
import type { AddonScenario } from '../tax/addon-def';
import { invoiceType } from '../bill/invoice-type';
import { isObject, obj, objects, str } from '../rules/values';
import { extMap, mergeDocTaxExt } from '../tax/extensions';
import { tags } from '../tax/tags';

/** Tax scenarios: filters on a document, and the extension values they leave on its `tax.ext`. */

/** Every category used by the document's lines, charges and discounts. */
function categories(doc: JsonObject): string[] {
  const out = new Set<string>();
  for (const field of ['lines', 'charges', 'discounts']) {
    for (const row of objects(doc, field)) for (const combo of objects(row, 'taxes')) out.add(str(combo, 'cat'));
  }
  return [...out];
}

/** The extension maps a scenario's `extKey` filter looks into: the document tax and the tax total rates. */
function extensionMaps(doc: JsonObject): Record<string, string>[] {
  const maps: Record<string, string>[] = [];
  const tax = obj(doc, 'tax');
  if (tax && Object.keys(extMap(tax)).length > 0) maps.push(extMap(tax));
  const taxes = obj(obj(doc, 'totals'), 'taxes');
  for (const cat of objects(taxes, 'categories')) for (const rate of objects(cat, 'rates')) maps.push(extMap(rate));
  return maps;
}

/** GOBL's `Totals.Paid`: a due amount is given and it is zero. */
function isPaid(doc: JsonObject): boolean {
  const due = obj(doc, 'totals')?.due;
  return typeof due === 'string' && /^-?0*(\.0*)?$/.test(due) && /\d/.test(due);
}

export function scenarioMatches(s: AddonScenario, doc: JsonObject): boolean {
  if (s.paid !== undefined && s.paid !== isPaid(doc)) return false;
  if (s.types && s.types.length > 0 && !s.types.includes(invoiceType(doc))) return false;
  if (s.tags && s.tags.length > 0) {
    const docTags = tags(doc);
    if (!s.tags.every((t) => docTags.includes(t))) return false;
  }
  if (s.categories && s.categories.length > 0) {
    const used = categories(doc);
    if (!s.categories.some((c) => used.includes(c))) return false;
  }
  if (s.filter && !s.filter(doc)) return false;
  if (s.extKey) {
    return extensionMaps(doc).some((m) => m[s.extKey as string] !== undefined && (!s.extValue || m[s.extKey as string] === s.extValue));
  }
  return true;
}

export interface ScenarioSummary {
  ext: Record<string, string>;
  codes: Record<string, string>;
}

/** Runs the scenarios in order; later matches override earlier ones key by key. */
export function summarizeScenarios(list: AddonScenario[], doc: JsonObject, schema = 'bill/invoice'): ScenarioSummary {
  const summary: ScenarioSummary = { ext: {}, codes: {} };
  for (const s of list) {
    if (s.schema !== schema || !scenarioMatches(s, doc)) continue;
    Object.assign(summary.codes, s.codes ?? {});
    Object.assign(summary.ext, s.ext ?? {});
  }
  return summary;
}

/** Merges the summary's extensions into the document's `tax.ext`, overriding values already there. */
export function applyScenarioSummary(doc: JsonObject, summary: ScenarioSummary): void {
  if (!isObject(doc)) return;
  mergeDocTaxExt(doc, summary.ext);
}
