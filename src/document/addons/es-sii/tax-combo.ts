import type { Fault, JsonObject } from '../../base/types';
import { codeSpanishCombo, type SpanishComboCoding } from '../es-common/combo-codes';
import { VAT_OR_IGIC } from '../es-common/vat-categories';
import { faultMaker } from '../../rules/fault';
import { str } from '../../rules/values';
import { extMap } from '../../tax/extensions';
import { K } from './extensions';

const COMBO_CODING: SpanishComboCoding = {
  exempt: K.exempt,
  regime: K.regime,
  classification: K.outsideScope,
  foreign: 'location',
  byKey: { standard: {}, zero: {}, 'reverse-charge': {}, 'outside-scope': { code: 'location', keep: ['other'] } },
  keyOf: (code) => (code !== '' ? 'outside-scope' : ''),
};

export function normalizeSiiCombo(combo: JsonObject): void {
  codeSpanishCombo(combo, COMBO_CODING);
}
const fc = faultMaker('GOBL-ES-SII-TAX-COMBO');

export function validateSiiCombo(combo: JsonObject, path: string): Fault[] {
  if (!VAT_OR_IGIC.includes(str(combo, 'cat'))) return [];
  const out: Fault[] = [];
  const ext = extMap(combo);
  const at = `${path}.ext`;
  if (!ext[K.regime]) out.push(fc('01', `'${K.regime}' is needed`, at));
  if (ext[K.outsideScope] && ext[K.exempt]) out.push(fc('03', `'${K.exempt}' cannot be set with '${K.outsideScope}'`, at));
  if (ext[K.regime] === '01' && ['E2', 'E3'].includes(ext[K.exempt] ?? '')) {
    out.push(fc('04', 'exemptions E2 and E3 cannot be used with regime 01', at));
  }
  if (combo.percent !== undefined && combo.percent !== null && ext[K.exempt]) {
    out.push(fc('02', `'${K.exempt}' cannot be set on a taxed combo`, at));
  }
  return out;
}
