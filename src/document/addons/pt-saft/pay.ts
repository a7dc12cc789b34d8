import type { JsonObject } from '../../base/types';
import { CodeMap } from '../../tax/extensions';
import { K } from './extensions';
import { setPaymentMeansCode } from '../../tax/payment-means';

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
  setPaymentMeansCode(node, K.paymentMeans, PAYMENT_MEANS);
}
