import { at, fault } from '../rules/fault';
import { isStrictCode } from '../cbc/code';
import { isPresent } from '../rules/values';
import { taxCodeFaults } from './identity-by-country';
import type { Fault, JsonObject } from '../base/types';

const CODE_CHARS = /^[A-Z0-9Ñ&]+$/;

/**
 * GOBL-TAX-IDENTITY-*: a country, a clean code and a valid scheme; then the format and checksum
 * rules of the identity's own country (GOBL-<CC>-TAX-IDENTITY-*), whatever the document's regime.
 */
export function validateTaxIdentity(id: JsonObject, path: string): Fault[] {
  const faults: Fault[] = [];
  if (!isPresent(id.country)) faults.push(fault('GOBL-TAX-IDENTITY-01', at(path, 'country')));
  const code = typeof id.code === 'string' ? id.code : '';
  if (code !== '' && !CODE_CHARS.test(code)) faults.push(fault('GOBL-TAX-IDENTITY-02', at(path, 'code')));
  if (isPresent(id.scheme) && !isStrictCode(String(id.scheme))) faults.push(fault('GOBL-TAX-IDENTITY-03', at(path, 'scheme')));
  if (typeof id.country === 'string') {
    for (const c of taxCodeFaults(id.country, code)) faults.push(fault(c, at(path, 'code')));
  }
  return faults;
}
