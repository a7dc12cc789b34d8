import type { Fault, JsonObject } from '../../base/types';
import { faultMaker } from '../../rules/fault';
import { str } from '../../rules/values';
import { extMap, hasExt, setExt } from '../../tax/extensions';
import { K, TAX_TYPE } from './extensions';

export function normalizeMydataCharge(charge: JsonObject): void {
  const key = str(charge, 'key');
  if (key === 'stamp-duty') setExt(charge, K.taxType, TAX_TYPE.stampDuty);
  else if (key === 'tax') setExt(charge, K.taxType, TAX_TYPE.otherTax);
  if (hasExt(charge, K.taxType)) return;
  if (hasExt(charge, K.fee)) setExt(charge, K.taxType, TAX_TYPE.fee);
  else if (hasExt(charge, K.otherTax)) setExt(charge, K.taxType, TAX_TYPE.otherTax);
  else if (hasExt(charge, K.stampDuty)) setExt(charge, K.taxType, TAX_TYPE.stampDuty);
}
const fch = faultMaker('GOBL-GR-MYDATA-BILL-CHARGE');

export function validateMydataCharge(charge: JsonObject, path: string): Fault[] {
  const out: Fault[] = [];
  const ext = extMap(charge);
  const at = `${path}.ext`;
  if ([K.fee, K.otherTax, K.stampDuty].filter((k) => ext[k]).length > 1)
    out.push(fch('01', 'only one of fee, other tax or stamp duty is allowed', at));
  const type = ext[K.taxType];
  if (type === TAX_TYPE.fee && !ext[K.fee]) out.push(fch('02', `'${K.fee}' is needed`, at));
  if (type === TAX_TYPE.otherTax && !ext[K.otherTax]) out.push(fch('03', `'${K.otherTax}' is needed`, at));
  if (type === TAX_TYPE.stampDuty && !ext[K.stampDuty]) out.push(fch('04', `'${K.stampDuty}' is needed`, at));
  return out;
}
