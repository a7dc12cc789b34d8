import type { Fault, JsonObject } from '../../base/types';
import { keyHas } from '../../cbc/key';
import { faultMaker } from '../../rules/fault';
import { str } from '../../rules/values';
import { inEU } from '../../tax/eu-members';
import { deleteExt, extMap, getExt, setExt, setExtIfEmpty, setExtOneOf } from '../../tax/extensions';
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
  switch (key) {
    case 'standard':
    case 'zero':
      deleteExt(combo, K.exempt);
      break;
    case 'reverse-charge':
      setExt(combo, K.exempt, 'S2');
      break;
    case 'outside-scope':
      setExtOneOf(combo, K.exempt, 'RL', ['IE', 'OT', 'VT']);
      break;
    case 'exempt':
      setExtOneOf(combo, K.exempt, 'E1', ['E6']);
      break;
    case 'export':
      setExtOneOf(combo, K.exempt, 'E2', ['E3', 'E4']);
      break;
    case 'intra-community':
      setExt(combo, K.exempt, 'E5');
      break;
  }
}
const fc = faultMaker('GOBL-ES-TBAI-TAX-COMBO');

export function validateTbaiCombo(combo: JsonObject, path: string): Fault[] {
  if (!['VAT', 'IGIC'].includes(str(combo, 'cat')) || str(combo, 'key') !== 'exempt') return [];
  if (extMap(combo)[K.exempt]) return [];
  return [fc('01', `'${K.exempt}' is needed for exempt combos`, `${path}.ext`)];
}
