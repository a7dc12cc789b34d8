import type { Fault, JsonObject } from '../../base/types';
import { keyHas } from '../../cbc/key';
import { faultMaker } from '../../rules/fault';
import { present, str } from '../../rules/values';
import { getExt, hasExt } from '../../tax/extensions';
import { K } from './extensions';

const fch = faultMaker('GOBL-AR-ARCA-BILL-CHARGE');

export function validateArcaCharge(charge: JsonObject, path: string): Fault[] {
  const out: Fault[] = [];
  if (keyHas(str(charge, 'key'), 'tax') && !hasExt(charge, K.taxType)) out.push(fch('01', `'${K.taxType}' is needed`, `${path}.ext`));
  if (hasExt(charge, K.taxType) && !present(charge, 'percent')) out.push(fch('02', 'a percent is needed', `${path}.percent`));
  if (getExt(charge, K.taxType) === '99' && !present(charge, 'reason')) out.push(fch('03', 'a reason is needed', `${path}.reason`));
  return out;
}
