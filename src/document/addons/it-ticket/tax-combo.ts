import Decimal from 'decimal.js';
import type { Fault, JsonObject } from '../../base/types';
import { faultMaker } from '../../rules/fault';
import { str } from '../../rules/values';
import { type ExtByKey, getExt, hasExt, setExt, setExtByKey } from '../../tax/extensions';
import { K } from './extensions';

/** VAT percentages the receipts accept. */
export const TICKET_PERCENTAGES = ['2', '4', '5', '6.4', '7', '7.3', '7.5', '7.65', '7.95', '8.3', '8.5', '8.8', '9.5', '12.3', '10', '22'];

/** The nature code each combo key gives. */
const EXEMPT_BY_KEY: ExtByKey = {
  standard: 'delete',
  zero: 'delete',
  'outside-scope': { code: 'N1', keep: ['N2'] },
  export: { code: 'N3' },
  'intra-community': { code: 'N3' },
  exempt: { code: 'N4', keep: ['N5'] },
  'reverse-charge': { code: 'N6' },
};

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
  setExtByKey(combo, K.exempt, str(combo, 'key'), EXEMPT_BY_KEY);
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
