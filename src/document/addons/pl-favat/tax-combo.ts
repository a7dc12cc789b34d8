import type { JsonObject } from '../../base/types';
import { str } from '../../rules/values';
import { setExt } from '../../tax/extensions';
import { K } from './extensions';

/** Rate keys of standard combos and their tax category codes. */
const STANDARD_RATES: Record<string, string> = { general: '1', reduced: '2', 'super-reduced': '3' };
const BY_KEY: Record<string, string> = {
  zero: '6.1',
  'intra-community': '6.2',
  export: '6.3',
  exempt: '7',
  'outside-scope': '8',
  'reverse-charge': '9',
};

export function normalizeFavatCombo(combo: JsonObject): void {
  const country = str(combo, 'country');
  if (country !== '' && country !== 'PL') {
    setExt(combo, K.taxCategory, '8');
    return;
  }
  const key = str(combo, 'key');
  if (key === 'standard') {
    const code = STANDARD_RATES[str(combo, 'rate')];
    if (code) setExt(combo, K.taxCategory, code);
  } else if (BY_KEY[key]) setExt(combo, K.taxCategory, BY_KEY[key]);
}
