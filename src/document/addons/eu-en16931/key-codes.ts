import type { JsonObject } from '../../base/types';
import { str } from '../../rules/values';
import { mergeExt } from '../../tax/extensions';

export const EN16931_DISCOUNTS: Record<string, string> = {
  'early-completion': '41',
  military: '62',
  'work-accident': '63',
  'special-agreement': '64',
  'production-error': '65',
  'new-outlet': '66',
  sample: '67',
  'end-of-range': '68',
  incoterm: '70',
  'pos-threshold': '71',
  'special-rebate': '100',
  temporary: '103',
  standard: '104',
  'yearly-turnover': '105',
};

export const EN16931_CHARGES: Record<string, string> = {
  'stamp-duty': 'ST',
  outlay: 'AAE',
  tax: 'TX',
  customs: 'ABW',
  delivery: 'DL',
  packing: 'PC',
  handling: 'HD',
  insurance: 'IN',
  storage: 'ABA',
  admin: 'AEM',
  cleaning: 'CG',
};

export const EN16931_NOTE_SUBJECTS: Record<string, string> = {
  goods: 'AAA',
  payment: 'PMT',
  'payment-method': 'PMD',
  'payment-term': 'AAB',
  general: 'AAI',
  legal: 'ABL',
  'dangerous-goods': 'AAC',
  ack: 'AAE',
  rate: 'AAF',
  reason: 'ACD',
  dispute: 'ACE',
  customer: 'CUR',
  glossary: 'ACZ',
  customs: 'CUS',
  handling: 'HAN',
  packaging: 'PKG',
  loading: 'LOI',
  price: 'AAK',
  priority: 'PRI',
  regulatory: 'REG',
  safety: 'SAF',
  'ship-line': 'SLR',
  supplier: 'SUR',
  transport: 'TRA',
  delivery: 'DEL',
  quarantine: 'QIN',
  tax: 'TXD',
  other: 'ZZZ',
};

export function mapKey(node: JsonObject, map: Record<string, string>, extKey: string): void {
  const code = map[str(node, 'key')];
  if (code) mergeExt(node, { [extKey]: code });
}
