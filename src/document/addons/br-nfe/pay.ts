import type { Fault, JsonObject } from '../../base/types';
import { faultMaker } from '../../rules/fault';
import { hasExt } from '../../tax/extensions';
import { extensionValid, K, validCode } from './extensions';
import { setPaymentMeansCode } from '../../tax/payment-means';

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
  setPaymentMeansCode(node, K.paymentMeans, PAYMENT_MEANS);
}

export function validateNfePaymentMeans(node: JsonObject, path: string, prefix: string, what: string): Fault[] {
  const f = faultMaker(prefix);
  const out: Fault[] = [];
  if (!hasExt(node, K.paymentMeans)) out.push(f('01', `${what} needs '${K.paymentMeans}'`, `${path}.ext`));
  if (!extensionValid(node, K.paymentMeans)) out.push(f('02', validCode(K.paymentMeans), `${path}.ext`));
  return out;
}
