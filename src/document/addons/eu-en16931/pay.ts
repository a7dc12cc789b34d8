import type { JsonObject } from '../../base/types';
import { lookupKey } from '../../cbc/key';
import { str } from '../../rules/values';
import { mergeExt } from '../../tax/extensions';
import { UNTDID } from './extensions';

export const EN16931_PAYMENT_MEANS: Record<string, string> = {
  any: '1',
  card: '48',
  'card+debit': '55',
  'credit-transfer': '30',
  'debit-transfer': '31',
  cash: '10',
  cheque: '20',
  'bank-draft': '21',
  'direct-debit': '49',
  online: '68',
  'promissory-note': '60',
  netting: '97',
  'credit-transfer+sepa': '58',
  'direct-debit+sepa': '59',
};

export function normalizeEnPayInstructions(node: JsonObject): void {
  const code = lookupKey(EN16931_PAYMENT_MEANS, str(node, 'key'));
  if (code) mergeExt(node, { [UNTDID.paymentMeans]: code });
}
