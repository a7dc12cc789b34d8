import type { Fault, JsonObject } from '../../base/types';
import { faultMaker } from '../../rules/fault';
import { str } from '../../rules/values';
import { hasExt, setExtIfEmpty } from '../../tax/extensions';
import { K } from './extensions';

export function normalizeNfseCombo(combo: JsonObject): void {
  if (str(combo, 'cat') === 'ISS') setExtIfEmpty(combo, K.issLiability, '1');
}
const fc = faultMaker('GOBL-BR-NFSE-TAX-COMBO');

export function validateNfseCombo(combo: JsonObject, path: string): Fault[] {
  if (str(combo, 'cat') !== 'ISS' || hasExt(combo, K.issLiability)) return [];
  return [fc('01', `ISS needs '${K.issLiability}'`, `${path}.ext`)];
}
