import type { Fault, JsonObject } from '../../base/types';
import { lookupKey } from '../../cbc/key';
import { faultMaker } from '../../rules/fault';
import { present, str } from '../../rules/values';
import { hasExt, setExt } from '../../tax/extensions';
import { K } from './extensions';

export const MYDATA_PAYMENT_MEANS: Record<string, string> = {
  'credit-transfer': '1',
  'credit-transfer+foreign': '2',
  cash: '3',
  cheque: '4',
  'promissory-note': '5',
  online: '6',
  card: '7',
};

export function normalizeMydataPayment(node: JsonObject): void {
  const code = lookupKey(MYDATA_PAYMENT_MEANS, str(node, 'key'));
  if (code) setExt(node, K.paymentMeans, code);
}
export const fi = faultMaker('GOBL-GR-MYDATA-PAY-INSTRUCTIONS');
export const fr = faultMaker('GOBL-GR-MYDATA-PAY-RECORD');

export function validateMydataPayment(node: JsonObject, path: string, make: typeof fi): Fault[] {
  const out: Fault[] = [];
  if (!present(node, 'key')) out.push(make('01', 'a payment means key is needed', `${path}.key`));
  if (!hasExt(node, K.paymentMeans)) out.push(make('02', `'${K.paymentMeans}' is needed`, `${path}.ext`));
  return out;
}
