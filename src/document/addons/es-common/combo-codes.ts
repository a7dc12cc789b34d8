import { str } from '../../rules/values';
import { deleteExt, getExt, setExt, setExtIfEmpty, setExtOneOf } from '../../tax/extensions';
import type { JsonObject } from '../../base/types';
import { keyOfExemptionCode, setExemptionCode } from './exemption';
import { VAT_OR_IGIC } from './vat-categories';

/**
 * How one of Spain's reporting addons (SII, VERI*FACTU) codes a VAT or IGIC combo. Both give it an exemption
 * code or a second classification, and a regime code; they differ in that classification's extension and codes.
 */
export interface SpanishComboCoding {
  exempt: string;
  regime: string;
  /** The extension that classifies combos which are not exemptions. */
  classification: string;
  /** Its code for combos taxed outside Spain. */
  foreign: string;
  /** Per tax key: the classification code to set (absent: none), and codes already there that stand. */
  byKey: Readonly<Record<string, { code?: string; keep?: string[] }>>;
  /** The tax key a classification code stands for ('' for none), for combos that come without a key. */
  keyOf: (code: string) => string;
  /** The regime code of combos with an equivalence surcharge, where the addon has one. */
  surchargeRegime?: string;
}

/** Fills in a Spanish VAT or IGIC combo's codes from its key, or its key from its codes. */
export function codeSpanishCombo(combo: JsonObject, c: SpanishComboCoding): void {
  if (!VAT_OR_IGIC.includes(str(combo, 'cat'))) return;
  const country = str(combo, 'country');
  if (country !== '' && country !== 'ES') {
    setExt(combo, c.classification, c.foreign);
    setExtOneOf(combo, c.regime, '01', ['17']);
    deleteExt(combo, c.exempt);
    return;
  }
  if (str(combo, 'key') === '') {
    combo.key = c.keyOf(getExt(combo, c.classification)) || keyOfExemptionCode(getExt(combo, c.exempt)) || 'standard';
  }
  const key = str(combo, 'key');
  if (key === 'export') setExtIfEmpty(combo, c.regime, '02');
  if (c.surchargeRegime && combo.surcharge !== undefined && combo.surcharge !== null) setExtIfEmpty(combo, c.regime, c.surchargeRegime);
  setExtIfEmpty(combo, c.regime, '01');
  const rule = c.byKey[key];
  if (!rule) {
    setExemptionCode(combo, key, c.exempt, c.classification);
    return;
  }
  if (rule.code !== undefined) setExtOneOf(combo, c.classification, rule.code, rule.keep ?? []);
  deleteExt(combo, c.exempt);
}
