import type { Hooks } from '../tax/hooks';
import { addonFor, allAddons, expandAddons } from '../tax/registry';
import type { AddonScenario } from '../tax/addon-def';
import type { JsonObject } from '../base/types';
import { applyScenarioSummary, summarizeScenarios, type ScenarioSummary } from './scenarios';

/** What a document's active addons (`$addons`) contribute, read from the registered addons. */

export function knownAddon(key: string): boolean {
  return addonFor(key) !== undefined;
}

export function addonDefinition(key: string) {
  return addonFor(key)?.def;
}

/** Every addon key, in GOBL's registration order. */
export function addonKeys(): string[] {
  return allAddons().map((a) => a.def.key);
}

/**
 * Hooks of the given addons and of the addons they require, in GOBL's registration order
 * (which is the order its normalizers run on one node), not in the order of `keys`.
 */
export function addonHooks(keys: string[]): Hooks[] {
  const active = new Set(expandAddons(keys));
  const addons = allAddons().filter((a) => active.has(a.def.key));
  const ignored = new Set(addons.flatMap((a) => a.def.ignores ?? []));
  return addons.map((a) => {
    const validate = a.validate;
    if (ignored.size === 0 || !validate) return { normalize: a.normalize, validate };
    return {
      normalize: a.normalize,
      validate: (...args: Parameters<typeof validate>) => validate(...args).filter((f) => !ignored.has(f.code)),
    };
  });
}

/** Scenarios of the given addons, in `$addons` order as GOBL merges them (after the regime's). */
export function addonScenarios(keys: string[], schema = 'bill/invoice'): AddonScenario[] {
  return expandAddons(keys).flatMap((k) => (addonFor(k)?.def.scenarios ?? []).filter((s) => s.schema === schema));
}

/** Tags the given addons allow on a document schema. */
export function addonTags(keys: string[], schema = 'bill/invoice'): string[] {
  return expandAddons(keys).flatMap((k) => addonFor(k)?.def.tags?.[schema] ?? []);
}

/**
 * The post-calculation step for addons: the scenario summary of the document's addons merged into
 * `tax.ext`. GOBL builds one summary over regime scenarios followed by addon scenarios; as their
 * extension keys never overlap, core may apply the regime's first and then call this.
 */
export function applyAddonScenarios(doc: JsonObject, keys: string[]): ScenarioSummary {
  const summary = summarizeScenarios(addonScenarios(keys), doc);
  applyScenarioSummary(doc, summary);
  return summary;
}

/**
 * Runs the correction steps of the given addons on a freshly built corrective invoice, after
 * core has copied the preceding reference (and, where a definition says `copyTax`, the tax).
 */
export function normalizeAddonCorrection(invoice: JsonObject, keys: string[], optionsExt: Record<string, string> = {}): void {
  for (const key of expandAddons(keys)) addonFor(key)?.correct?.(invoice, optionsExt);
}
