import type { Fault, JsonObject } from '../../base/types';
import { keyHas } from '../../cbc/key';
import { faultMaker } from '../../rules/fault';
import { objects, present, str } from '../../rules/values';
import { hasExt } from '../../tax/extensions';
import { K } from './extensions';

const fch = faultMaker('GOBL-IT-SDI-BILL-CHARGE');

export function validateSdiCharge(charge: JsonObject, path: string): Fault[] {
  if (!keyHas(str(charge, 'key'), 'fund-contribution')) return [];
  const out: Fault[] = [];
  if (!present(charge, 'percent')) out.push(fch('01', 'a fund contribution needs a percent', `${path}.percent`));
  if (!hasExt(charge, K.fundType)) out.push(fch('02', `'${K.fundType}' is needed`, `${path}.ext`));
  if (!objects(charge, 'taxes').some((c) => str(c, 'cat') === 'VAT')) out.push(fch('03', 'a fund contribution needs VAT', `${path}.taxes`));
  return out;
}
