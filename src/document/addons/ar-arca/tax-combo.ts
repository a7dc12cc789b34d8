import type { Fault, JsonObject } from '../../base/types';
import { faultMaker } from '../../rules/fault';
import { str } from '../../rules/values';
import { hasExt, setExt } from '../../tax/extensions';
import { K } from './extensions';

export function normalizeArcaCombo(combo: JsonObject): void {
  if (str(combo, 'key') === 'zero') {
    setExt(combo, K.vatRate, '3');
    return;
  }
  const rate = str(combo, 'rate');
  if (rate === 'reduced') setExt(combo, K.vatRate, '4');
  else if (rate === 'general') setExt(combo, K.vatRate, '5');
  else if (rate === 'increased') setExt(combo, K.vatRate, '6');
}
const fc = faultMaker('GOBL-AR-ARCA-TAX-COMBO');

export function validateArcaCombo(combo: JsonObject, path: string): Fault[] {
  if (str(combo, 'cat') !== 'VAT' || hasExt(combo, K.vatRate)) return [];
  return [fc('01', `'${K.vatRate}' is needed`, `${path}.ext`)];
}
