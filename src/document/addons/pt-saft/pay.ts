import type { JsonObject } from '../../base/types';
import { lookupKey } from '../../cbc/key';
import { str } from '../../rules/values';
import { CodeMap, hasExt, setExt } from '../../tax/extensions';
import { K } from './extensions';

const PAYMENT_MEANS: CodeMap = {
  card: 'CC',
  'card+debit': 'CD',
  'credit-transfer': 'TB',
  'debit-transfer': 'TB',
  cash: 'NU',
  'promissory-note': 'LC',
  netting: 'CS',
  cheque: 'CH',
  'direct-debit': 'TB',
  online: 'DE',
  other: 'OU',
};

/** Instructions, advances and payment methods: the SAF-T payment mechanism from the means key. */
export function normalizeSaftPaymentMeans(node: JsonObject): void {
  const key = str(node, 'key');
  if (key === 'other' && hasExt(node, K.paymentMeans)) return;
  const code = lookupKey(PAYMENT_MEANS, key);
  if (code !== '') setExt(node, K.paymentMeans, code);
}
