import type { JsonObject } from '../../base/types';
import { lookupKey } from '../../cbc/key';
import { str } from '../../rules/values';
import { setExt } from '../../tax/extensions';
import { K } from './extensions';

export const SDI_PAYMENT_MEANS: Record<string, string> = {
  cash: 'MP01',
  cheque: 'MP02',
  'bank-draft': 'MP03',
  'cash+treasury': 'MP04',
  'credit-transfer': 'MP05',
  'promissory-note': 'MP06',
  'other+payment-slip': 'MP07',
  card: 'MP08',
  online: 'MP08',
  'direct-debit+rid': 'MP09',
  'direct-debit+rid-utility': 'MP10',
  'direct-debit+rid-fast': 'MP11',
  'direct-debit+riba': 'MP12',
  'debit-transfer': 'MP13',
  'other+tax-receipt': 'MP14',
  'other+special-account': 'MP15',
  'direct-debit': 'MP16',
  'direct-debit+post-office': 'MP17',
  'cheque+post-office': 'MP18',
  'direct-debit+sepa': 'MP19',
  'direct-debit+sepa-core': 'MP20',
  'direct-debit+sepa-b2b': 'MP21',
  netting: 'MP22',
  'online+pagopa': 'MP23',
};

export function normalizeSdiPayment(node: JsonObject): void {
  const code = lookupKey(SDI_PAYMENT_MEANS, str(node, 'key'));
  if (code) setExt(node, K.paymentMeans, code);
}
