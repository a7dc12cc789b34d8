import type { Fault, JsonObject } from '../../base/types';
import { faultMaker } from '../../rules/fault';
import { present } from '../../rules/values';

const fl = faultMaker('GOBL-SA-ZATCA-BILL-LINE');

export function validateZatcaLine(line: JsonObject, path: string): Fault[] {
  return present(line, 'charges') ? [fl('01', 'line charges are not allowed (BR-KSA-EN16931-06)', `${path}.charges`)] : [];
}
