import type { Fault, JsonObject } from '../../base/types';
import { UNTDID, VATEX } from '../eu-en16931';
import { faultMaker } from '../../rules/fault';
import { objects, str } from '../../rules/values';
import { getExt } from '../../tax/extensions';

const fc = faultMaker('GOBL-SA-ZATCA-TAX-COMBO');
const EXEMPT_REASONS = ['VATEX-SA-29', 'VATEX-SA-29-7', 'VATEX-SA-30'];
const ZERO_REASONS = [
  'VATEX-SA-32',
  'VATEX-SA-33',
  'VATEX-SA-34-1',
  'VATEX-SA-34-2',
  'VATEX-SA-34-3',
  'VATEX-SA-34-4',
  'VATEX-SA-34-5',
  'VATEX-SA-35',
  'VATEX-SA-36',
  'VATEX-SA-EDU',
  'VATEX-SA-HEA',
  'VATEX-SA-MLTRY',
];

export function hasVatReason(doc: JsonObject, reasons: string[]): boolean {
  return objects(doc, 'lines').some((line) => {
    const vat = objects(line, 'taxes').find((c) => str(c, 'cat') === 'VAT');
    return reasons.includes(getExt(vat, VATEX));
  });
}

function validReason(category: string, reason: string): boolean {
  switch (category) {
    case 'S':
      return reason === '';
    case 'E':
      return EXEMPT_REASONS.includes(reason);
    case 'Z':
      return ZERO_REASONS.includes(reason);
    case 'O':
      return reason === 'VATEX-SA-OOS';
    default:
      return true;
  }
}

export function validateZatcaCombo(combo: JsonObject, path: string): Fault[] {
  const out: Fault[] = [];
  const category = getExt(combo, UNTDID.taxCategory);
  if (!validReason(category, getExt(combo, VATEX))) {
    out.push(fc('01', `'${VATEX}' must suit the tax category: required for Z, E and O, not allowed for S (BR-KSA-CL-04)`, `${path}.ext`));
  }
  if (category !== '' && !['S', 'Z', 'E', 'O'].includes(category)) {
    out.push(fc('02', `'${UNTDID.taxCategory}' must be S, Z, E or O (BR-KSA-18)`, `${path}.ext`));
  }
  if (str(combo, 'cat') !== 'VAT') out.push(fc('03', 'the tax category must be VAT (BR-KSA-54)', `${path}.cat`));
  return out;
}
