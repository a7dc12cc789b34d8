import type { Fault, JsonObject } from '../../base/types';
import { faultMaker } from '../../rules/fault';
import { str } from '../../rules/values';
import { getExt, hasExt, setExt } from '../../tax/extensions';
import { UNTDID, VATEX } from './extensions';

/** VAT tax keys and their UNTDID 5305 category codes. */
export const VAT_CATEGORY_BY_KEY: Record<string, string> = {
  standard: 'S',
  zero: 'Z',
  exempt: 'E',
  'reverse-charge': 'AE',
  'intra-community': 'K',
  export: 'G',
  'outside-scope': 'O',
};
export const EXEMPT_CATEGORIES = ['E', 'AE', 'K', 'G', 'O'];

export function keyForCategory(code: string): string {
  return Object.keys(VAT_CATEGORY_BY_KEY).find((k) => VAT_CATEGORY_BY_KEY[k] === code) ?? '';
}

export function normalizeEnCombo(combo: JsonObject): void {
  const cat = str(combo, 'cat');
  if (cat === 'VAT') {
    if (str(combo, 'key') === '') combo.key = keyForCategory(getExt(combo, UNTDID.taxCategory)) || 'standard';
    setExt(combo, UNTDID.taxCategory, VAT_CATEGORY_BY_KEY[str(combo, 'key')] ?? '');
  } else if (cat === 'IGIC') setExt(combo, UNTDID.taxCategory, 'L');
  else if (cat === 'IPSI') setExt(combo, UNTDID.taxCategory, 'M');
  else setExt(combo, UNTDID.taxCategory, 'O');
}
const fc = faultMaker('GOBL-EU-EN16931-TAX-COMBO');

export function validateEnCombo(combo: JsonObject, path: string): Fault[] {
  const out: Fault[] = [];
  const at = `${path}.ext`;
  const code = getExt(combo, UNTDID.taxCategory);
  const cat = str(combo, 'cat');
  if (code === '') out.push(fc('01', `'${UNTDID.taxCategory}' is needed`, at));
  if (code !== '') {
    if (cat === 'VAT' && !Object.values(VAT_CATEGORY_BY_KEY).includes(code)) out.push(fc('02', 'the VAT category code is not valid', at));
    if (cat === 'IGIC' && code !== 'L') out.push(fc('03', 'IGIC takes category code L', at));
    if (cat === 'IPSI' && code !== 'M') out.push(fc('04', 'IPSI takes category code M', at));
    if (!['VAT', 'IGIC', 'IPSI'].includes(cat) && code !== 'O') out.push(fc('05', 'other taxes take category code O', at));
  }
  if (['S', 'Z', 'L', 'M'].includes(code) && hasExt(combo, VATEX)) out.push(fc('07', `'${VATEX}' is not allowed on taxed categories`, at));
  return out;
}
