import { fault } from '../rules/fault';
import type { ValidationContext } from './validation-context';
import { isObject, isPresent } from '../rules/values';
import type { Regime } from './regime-def';
import { extensionKnown, regimeFor } from './registry';
import { rateDef } from './combo';
import type { Fault, Json, JsonObject } from '../base/types';

/** A combo's own country picks its regime; otherwise the document's. */
function comboRegime(combo: JsonObject, vc: ValidationContext): Regime | undefined {
  return typeof combo.country === 'string' && combo.country !== '' ? regimeFor(combo.country) : vc.regime;
}

/** GOBL-TAX-COMBO-*: the category, key and rate exist in the regime, the percent fits the key, extensions are known. */
export function validateCombo(combo: JsonObject, path: string, vc: ValidationContext): Fault[] {
  const faults: Fault[] = [];
  const regime = comboRegime(combo, vc);
  const cat = typeof combo.cat === 'string' ? combo.cat : '';
  const key = typeof combo.key === 'string' ? combo.key : '';
  const rate = typeof combo.rate === 'string' ? combo.rate : '';
  const hasPercent = combo.percent !== undefined && combo.percent !== null;
  const cd = regime?.categories.find((c) => c.code === cat);
  if (regime && !cd) faults.push(fault('GOBL-TAX-COMBO-01', path));
  if (cd) {
    const kd = key === '' ? undefined : (cd.keys ?? []).find((k) => k.key === key);
    if (key !== '' && !kd) faults.push(fault('GOBL-TAX-COMBO-02', path));
    if (rate !== '' && !rateDef(cd, key, rate)) faults.push(fault('GOBL-TAX-COMBO-03', path));
    // Without a key a percent is always needed; keys marked no-percent forbid one.
    if (key === '' ? !hasPercent : kd !== undefined && (kd.noPercent ? hasPercent : !hasPercent)) {
      faults.push(fault('GOBL-TAX-COMBO-04', path));
    }
  }
  if (isPresent(combo.surcharge) && !hasPercent) faults.push(fault('GOBL-TAX-COMBO-05', path));
  if (isObject(combo.ext) && Object.keys(combo.ext).some((k) => !extensionKnown(k))) {
    faults.push(fault('GOBL-TAX-COMBO-06', path));
  }
  return faults;
}

/** GOBL-TAX-SET-01: one combo per category in a line's or discount's taxes. */
export function validateTaxSet(list: Json[], path: string): Fault[] {
  const seen = new Set<string>();
  for (const c of list) {
    if (!isObject(c) || typeof c.cat !== 'string') continue;
    if (seen.has(c.cat)) return [fault('GOBL-TAX-SET-01', path)];
    seen.add(c.cat);
  }
  return [];
}
