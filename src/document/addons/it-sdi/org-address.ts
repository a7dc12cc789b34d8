import type { Fault, JsonObject } from '../../base/types';
import { faultMaker } from '../../rules/fault';
import { present, str } from '../../rules/values';
import { latin1 } from './bill-invoice';

/** Italian post codes are five digits: short numeric codes get leading zeros. */
export function normalizeSdiAddress(address: JsonObject): void {
  if (str(address, 'country') !== 'IT') return;
  const code = str(address, 'code');
  if (code.length > 0 && code.length < 5 && /^[+-]?\d+$/.test(code)) {
    address.code = String(parseInt(code, 10)).padStart(5, '0');
  }
}
const fa = faultMaker('GOBL-IT-SDI-ORG-ADDRESS');

export function validateSdiAddress(address: JsonObject, path: string): Fault[] {
  const out: Fault[] = [];
  if (!present(address, 'street') && !present(address, 'po_box')) out.push(fa('01', 'a street or a post office box is needed', path));
  if (!latin1(str(address, 'street'))) out.push(fa('02', 'the street must use Latin-1 characters', `${path}.street`));
  if (!latin1(str(address, 'po_box'))) out.push(fa('03', 'the post office box must use Latin-1 characters', `${path}.po_box`));
  if (!present(address, 'country')) out.push(fa('04', 'a country is needed', `${path}.country`));
  if (!present(address, 'locality')) out.push(fa('05', 'a locality is needed', `${path}.locality`));
  else if (!latin1(str(address, 'locality'))) out.push(fa('06', 'the locality must use Latin-1 characters', `${path}.locality`));
  if (str(address, 'country') === 'IT') {
    const code = str(address, 'code');
    if (code === '') out.push(fa('07', 'an Italian address needs a post code', `${path}.code`));
    else if (!/^\d{5}$/.test(code)) out.push(fa('08', 'an Italian post code has five digits', `${path}.code`));
  }
  return out;
}
