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
  classification: K.opClass,
  foreign: 'N2',
  byKey: {
    standard: { code: 'S1' },
    zero: { code: 'S1' },
    'reverse-charge': { code: 'S2' },
    'outside-scope': { code: 'N2', keep: ['N1'] },
  },
  keyOf: (code) => (code === 'S2' ? 'reverse-charge' : code === 'N1' || code === 'N2' ? 'outside-scope' : ''),
  surchargeRegime: '18',
};

export function normalizeVerifactuCombo(combo: JsonObject): void {
  codeSpanishCombo(combo, COMBO_CODING);
}
const fc = faultMaker('GOBL-ES-VERIFACTU-TAX-COMBO');

export function validateVerifactuCombo(combo: JsonObject, path: string): Fault[] {
  if (!VAT_OR_IGIC.includes(str(combo, 'cat'))) return [];
  const out: Fault[] = [];
  const ext = extMap(combo);
  const at = `${path}.ext`;
  if (!ext[K.regime]) out.push(fc('01', `'${K.regime}' is needed`, at));
  if (ext[K.regime] === '01' && ['E2', 'E3'].includes(ext[K.exempt] ?? '')) {
    out.push(fc('02', `exemptions E2 and E3 cannot be used with regime 01`, at));
  }
  if (ext[K.opClass] && ext[K.exempt]) out.push(fc('03', `'${K.opClass}' and '${K.exempt}' exclude each other`, at));
  if (combo.percent !== undefined && combo.percent !== null && !ext[K.opClass]) {
    out.push(fc('04', `'${K.opClass}' is needed for taxed operations`, at));
  }
  return out;
}
