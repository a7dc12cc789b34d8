import type { JsonObject } from '../../base/types';
import { lookupKey } from '../../cbc/key';
import { str } from '../../rules/values';
import { mergeExt } from '../../tax/extensions';
import { K } from './extensions';

/** Payment means keys and their FA(3) codes. */
export const FAVAT_PAYMENT_MEANS: Record<string, string> = {
  cash: '1',
  card: '2',
  'other+voucher': '3',
  cheque: '4',
  'other+credit': '5',
  'credit-transfer': '6',
  online: '7',
};

export function normalizeFavatPayment(node: JsonObject): void {
  const code = lookupKey(FAVAT_PAYMENT_MEANS, str(node, 'key'));
  if (code) mergeExt(node, { [K.paymentMeans]: code });
}
