import type { Fault, JsonObject } from '../../base/types';
import { faultMaker } from '../../rules/fault';
import { present, str } from '../../rules/values';

const fa = faultMaker('GOBL-SA-ZATCA-ORG-ADDRESS');

export function validateZatcaAddress(address: JsonObject, path: string): Fault[] {
  const out: Fault[] = [];
  if (!present(address, 'country')) out.push(fa('01', 'the address needs a country', `${path}.country`));
  if (str(address, 'country') !== 'SA') return out;
  const need = (field: string, code: string, shape?: RegExp) => {
    const value = str(address, field);
    if (value === '' || (shape && !shape.test(value)))
      out.push(fa(code, `addresses in Saudi Arabia need a valid ${field} (BR-KSA-09)`, `${path}.${field}`));
  };
  need('street', '02');
  need('num', '03', /^\d{4}$/);
  need('code', '04', /^\d{5}$/);
  need('locality', '05');
  need('street_extra', '06');
  return out;
}
