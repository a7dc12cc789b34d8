import type { Fault, JsonObject } from '../../base/types';
import { lookupKey } from '../../cbc/key';
import { faultMaker } from '../../rules/fault';
import { str } from '../../rules/values';
import { hasExt, setExt } from '../../tax/extensions';
import { extensionValid, K, validCode } from './extensions';

/** Payment means keys and their NF-e code; a `+`-composed key falls back to its leading parts. */
const PAYMENT_MEANS: Record<string, string> = {
  cash: '01',
  cheque: '02',
  card: '03',
  'card+debit': '04',
  'debit-transfer+debit': '04',
  'credit-transfer': '18',
  online: '18',
  other: '99',
};

/** The payment means code follows the key, except that `other` leaves a code already given alone. */
export function normalizeNfePaymentMeans(node: JsonObject): void {
  const key = str(node, 'key');
  if (key === 'other' && hasExt(node, K.paymentMeans)) return;
  const code = lookupKey(PAYMENT_MEANS, key);
  if (code !== '') setExt(node, K.paymentMeans, code);
}

export function validateNfePaymentMeans(node: JsonObject, path: string, prefix: string, what: string): Fault[] {
  const f = faultMaker(prefix);
  const out: Fault[] = [];
  if (!hasExt(node, K.paymentMeans)) out.push(f('01', `${what} needs '${K.paymentMeans}'`, `${path}.ext`));
  if (!extensionValid(node, K.paymentMeans)) out.push(f('02', validCode(K.paymentMeans), `${path}.ext`));
  return out;
}
