import type { Fault, JsonObject } from '../../base/types';
import { lookupKey } from '../../cbc/key';
import { str } from '../../rules/values';
import { CodeMap, mergeExt } from '../../tax/extensions';
import { K } from './extensions';
import { lacksExt } from './bill-invoice';

/** c_FormaPago code of each payment means key (the longest matching key wins). */
const PAYMENT_MEANS: CodeMap = {
  cash: '01',
  cheque: '02',
  'credit-transfer': '03',
  card: '04',
  'online+wallet': '05',
  online: '06',
  'other+grocery-vouchers': '08',
  'other+in-kind': '12',
  'other+subrogation': '13',
  'other+consignment': '14',
  'other+debt-relief': '15',
  netting: '17',
  'other+novation': '23',
  'other+merger': '24',
  'other+remission': '25',
  'other+expiration': '26',
  'other+satisfy-creditor': '27',
  'card+debit': '28',
  'other+debit': '28',
  'other+services': '29',
  'other+advance': '30',
  'other+intermediary': '31',
};

/** Payment instructions and records get their c_FormaPago code from their means key. */
export function normalizePaymentMeans(node: JsonObject): void {
  const code = lookupKey(PAYMENT_MEANS, str(node, 'key'));
  if (code !== '') mergeExt(node, { [K.paymentMeans]: code });
}

export function validatePaymentMeans(node: JsonObject, path: string, prefix: string): Fault[] {
  if (!lacksExt(node, [K.paymentMeans])) return [];
  return [{ code: `${prefix}-01`, message: `the '${K.paymentMeans}' extension is needed`, paths: [`${path}.ext`] }];
}

export function validateTerms(terms: JsonObject, path: string): Fault[] {
  if (Buffer.byteLength(str(terms, 'notes'), 'utf8') <= 1000) return [];
  return [{ code: 'GOBL-MX-CFDI-PAY-TERMS-01', message: 'the notes take at most 1000 bytes', paths: [`${path}.notes`] }];
}
