import Decimal from 'decimal.js';
import type { Fault, JsonObject } from '../../base/types';
import { faultMaker } from '../../rules/fault';
import { str } from '../../rules/values';
import { deleteExt, getExt, hasExt, setExt, setExtOneOf } from '../../tax/extensions';
import { K } from './extensions';

/** VAT percentages the receipts accept. */
export const TICKET_PERCENTAGES = ['2', '4', '5', '6.4', '7', '7.3', '7.5', '7.65', '7.95', '8.3', '8.5', '8.8', '9.5', '12.3', '10', '22'];

export function normalizeTicketCombo(combo: JsonObject): void {
  if (str(combo, 'cat') !== 'VAT') return;
  const country = str(combo, 'country');
  if (country !== '' && country !== 'IT') {
    setExt(combo, K.exempt, 'N2');
    return;
  }
  if (str(combo, 'key') === '') {
    const code = getExt(combo, K.exempt);
    const key = { N1: 'outside-scope', N2: 'outside-scope', N3: 'export', N4: 'exempt', N5: 'exempt', N6: 'reverse-charge' }[code];
    if (key) {
      combo.key = key;
      delete combo.rate;
    } else if (code === '') combo.key = 'standard';
  }
  switch (str(combo, 'key')) {
    case 'standard':
    case 'zero':
      deleteExt(combo, K.exempt);
      break;
    case 'outside-scope':
      setExtOneOf(combo, K.exempt, 'N1', ['N2']);
      break;
    case 'export':
    case 'intra-community':
      setExt(combo, K.exempt, 'N3');
      break;
    case 'exempt':
      setExtOneOf(combo, K.exempt, 'N4', ['N5']);
      break;
    case 'reverse-charge':
      setExt(combo, K.exempt, 'N6');
      break;
  }
}
const fc = faultMaker('GOBL-IT-TICKET-TAX-COMBO');

export function validateTicketCombo(combo: JsonObject, path: string): Fault[] {
  if (str(combo, 'cat') !== 'VAT') return [];
  const percent = combo.percent;
  if (percent === undefined || percent === null) {
    return hasExt(combo, K.exempt) ? [] : [fc('01', `'${K.exempt}' is needed without a percent`, `${path}.ext`)];
  }
  if (typeof percent !== 'string') return [fc('02', 'the percent is not an accepted value', `${path}.percent`)];
  let value: Decimal;
  try {
    value = new Decimal(percent.replace('%', '').trim());
  } catch {
    return [fc('02', 'the percent is not an accepted value', `${path}.percent`)];
  }
  return TICKET_PERCENTAGES.some((p) => value.equals(p)) ? [] : [fc('02', 'the percent is not an accepted value', `${path}.percent`)];
}
