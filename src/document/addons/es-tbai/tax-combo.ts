import type { Fault, JsonObject } from '../../base/types';
import { keyHas } from '../../cbc/key';
import { faultMaker } from '../../rules/fault';
import { str } from '../../rules/values';
import { inEU } from '../../tax/eu-members';
import { type ExtByKey, extMap, getExt, setExt, setExtByKey, setExtIfEmpty } from '../../tax/extensions';
import { K } from './extensions';

const KEY_BY_EXEMPTION: Record<string, string> = {
  E1: 'exempt',
  E6: 'exempt',
  E2: 'export',
  E3: 'export',
  E4: 'export',
  E5: 'intra-community',
  S2: 'reverse-charge',
  OT: 'outside-scope',
  RL: 'outside-scope',
  VT: 'outside-scope',
  IE: 'outside-scope',
};

/** The exemption code each combo key gives. */
const EXEMPT_BY_KEY: ExtByKey = {
  standard: 'delete',
  zero: 'delete',
  'reverse-charge': { code: 'S2' },
  'outside-scope': { code: 'RL', keep: ['IE', 'OT', 'VT'] },
  exempt: { code: 'E1', keep: ['E6'] },
  export: { code: 'E2', keep: ['E3', 'E4'] },
  'intra-community': { code: 'E5' },
};

export function normalizeTbaiCombo(combo: JsonObject): void {
  const cat = str(combo, 'cat');
  if (cat === 'IGIC') {
    setExt(combo, K.exempt, 'IE');
    setExtIfEmpty(combo, K.regime, '08');
    return;
  }
  if (cat !== 'VAT') return;
  const country = str(combo, 'country');
  if (country !== '' && country !== 'ES') {
    setExt(combo, K.exempt, inEU(country) ? 'IE' : 'RL');
    setExtIfEmpty(combo, K.regime, '01');
    return;
  }
  if (str(combo, 'key') === '') combo.key = KEY_BY_EXEMPTION[getExt(combo, K.exempt)] ?? 'standard';
  const key = str(combo, 'key');
  if (key === 'export') setExtIfEmpty(combo, K.regime, '02');
  const hasSurcharge = combo.surcharge !== undefined && combo.surcharge !== null;
  if (hasSurcharge || keyHas(str(combo, 'rate'), 'eqs')) setExtIfEmpty(combo, K.regime, '51');
  setExtIfEmpty(combo, K.regime, '01');
  setExtByKey(combo, K.exempt, key, EXEMPT_BY_KEY);
}
const fc = faultMaker('GOBL-ES-TBAI-TAX-COMBO');

export function validateTbaiCombo(combo: JsonObject, path: string): Fault[] {
  if (!['VAT', 'IGIC'].includes(str(combo, 'cat')) || str(combo, 'key') !== 'exempt') return [];
  if (extMap(combo)[K.exempt]) return [];
  return [fc('01', `'${K.exempt}' is needed for exempt combos`, `${path}.ext`)];
}
