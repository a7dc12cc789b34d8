import type { NodeKind } from '../../pipeline/hooks';
import type { Fault, JsonObject } from '../../pipeline/types';
import { PL_FAVAT_V3 } from './def';
import { canConvertTo } from '../../currency/exchange';
import type { Addon } from '../../tax/addon-def';
import { invoiceType } from '../../bill/invoice-type';
import { lookupKey } from '../../cbc/key';
import { faultMaker } from '../../rules/fault';
import { obj, objects, present, str } from '../../rules/values';
import { docTaxExt, getExt, mergeDocTaxExt, mergeExt, setExt } from '../../tax/extensions';
import { hasTag } from '../../tax/tags';

/** Poland's KSeF structured invoice FA(3) (addon pl-favat-v3). */

export const FAVAT = {
  taxCategory: 'pl-favat-tax-category',
  effectiveDate: 'pl-favat-effective-date',
  paymentMeans: 'pl-favat-payment-means',
  invoiceType: 'pl-favat-invoice-type',
  cashAccounting: 'pl-favat-cash-accounting',
  selfBilling: 'pl-favat-self-billing',
  reverseCharge: 'pl-favat-reverse-charge',
  splitPayment: 'pl-favat-split-payment',
  exemption: 'pl-favat-exemption',
  marginScheme: 'pl-favat-margin-scheme',
  jst: 'pl-favat-jst',
  groupVat: 'pl-favat-group-vat',
  thirdPartyRole: 'pl-favat-third-party-role',
} as const;

const K = FAVAT;

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

/** Rate keys of standard combos and their tax category codes. */
const STANDARD_RATES: Record<string, string> = { general: '1', reduced: '2', 'super-reduced': '3' };
const BY_KEY: Record<string, string> = {
  zero: '6.1',
  'intra-community': '6.2',
  export: '6.3',
  exempt: '7',
  'outside-scope': '8',
  'reverse-charge': '9',
};

export function normalizeFavatCombo(combo: JsonObject): void {
  const country = str(combo, 'country');
  if (country !== '' && country !== 'PL') {
    setExt(combo, K.taxCategory, '8');
    return;
  }
  const key = str(combo, 'key');
  if (key === 'standard') {
    const code = STANDARD_RATES[str(combo, 'rate')];
    if (code) setExt(combo, K.taxCategory, code);
  } else if (BY_KEY[key]) setExt(combo, K.taxCategory, BY_KEY[key]);
}

export function normalizeFavatPayment(node: JsonObject): void {
  const code = lookupKey(FAVAT_PAYMENT_MEANS, str(node, 'key'));
  if (code) mergeExt(node, { [K.paymentMeans]: code });
}

export function normalizeFavatInvoice(doc: JsonObject): void {
  if (hasTag(doc, 'self-billed')) mergeDocTaxExt(doc, { [K.selfBilling]: '1' });
  if (hasTag(doc, 'reverse-charge')) mergeDocTaxExt(doc, { [K.reverseCharge]: '1' });
}

const f = faultMaker('GOBL-PL-FAVAT-BILL-INVOICE');
const fc = faultMaker('GOBL-PL-FAVAT-TAX-COMBO');
const fr = faultMaker('GOBL-PL-FAVAT-PAY-RECORD');

function isExemptionNote(note: JsonObject): boolean {
  return str(note, 'key') === 'legal' && str(note, 'src') === K.exemption;
}

function hasIdentityWithRole(party: JsonObject, role: string): boolean {
  return objects(party, 'identities').some((id) => getExt(id, K.thirdPartyRole) === role && str(id, 'code') !== '');
}

export function validateFavatInvoice(doc: JsonObject, path: string): Fault[] {
  const out: Fault[] = [];
  if (!canConvertTo(doc, 'PLN')) out.push(f('15', 'the invoice must be in PLN or give an exchange rate to PLN', path));
  if (!['standard', 'credit-note'].includes(invoiceType(doc))) out.push(f('01', 'only standard invoices and credit notes are allowed', `${path}.type`));
  objects(doc, 'preceding').forEach((ref, i) => {
    if (!present(ref, 'issue_date')) out.push(f('02', 'the preceding document needs an issue date', `${path}.preceding[${i}].issue_date`));
    if (!present(ref, 'code')) out.push(f('03', 'the preceding document needs a code', `${path}.preceding[${i}].code`));
  });
  const supplier = obj(doc, 'supplier');
  if (!supplier) out.push(f('04', 'a supplier is needed', `${path}.supplier`));
  else {
    const taxId = obj(supplier, 'tax_id');
    if (!taxId) out.push(f('16', 'the supplier needs a tax ID', `${path}.supplier.tax_id`));
    else if (!present(taxId, 'code')) out.push(f('17', 'the supplier tax ID needs a code', `${path}.supplier.tax_id.code`));
    if (!present(supplier, 'name')) out.push(f('05', 'the supplier needs a name', `${path}.supplier.name`));
    const addresses = objects(supplier, 'addresses');
    if (addresses.length === 0) out.push(f('06', 'the supplier needs an address', `${path}.supplier.addresses`));
    else {
      if (!present(addresses[0], 'country')) out.push(f('07', 'the first supplier address needs a country', `${path}.supplier.addresses`));
      if (!present(addresses[0], 'street')) out.push(f('08', 'the first supplier address needs a street', `${path}.supplier.addresses`));
    }
  }
  const customer = obj(doc, 'customer');
  if (!hasTag(doc, 'simplified') && !customer) out.push(f('09', 'a customer is needed', `${path}.customer`));
  const customerTaxId = obj(customer, 'tax_id');
  if (customerTaxId && str(customerTaxId, 'country') === 'PL' && !present(customerTaxId, 'code')) {
    out.push(f('10', 'a Polish customer tax ID needs a code', `${path}.customer.tax_id.code`));
  }
  if (customer) {
    if (getExt(customer, K.jst) === '1' && !hasIdentityWithRole(customer, '8')) {
      out.push(f('11', 'a JST customer needs an identity with role 8 and a code', path));
    }
    if (getExt(customer, K.groupVat) === '1' && !hasIdentityWithRole(customer, '10')) {
      out.push(f('12', 'a VAT group customer needs an identity with role 10 and a code', path));
    }
  }
  const notes = objects(doc, 'notes').filter(isExemptionNote);
  if (docTaxExt(doc, K.exemption) !== '' && notes.length === 0) out.push(f('13', 'an exemption note is needed', path));
  if (notes.length > 1) out.push(f('14', 'only one exemption note is allowed', path));
  return out;
}

export const plFavat: Addon = {
  def: PL_FAVAT_V3,
  normalize(node: JsonObject, kind: NodeKind) {
    if (kind === 'tax/combo') normalizeFavatCombo(node);
    else if (kind === 'pay/instructions' || kind === 'pay/record') normalizeFavatPayment(node);
    else if (kind === 'bill/invoice') normalizeFavatInvoice(node);
  },
  validate(node: JsonObject, kind: NodeKind, path: string) {
    if (kind === 'bill/invoice') return validateFavatInvoice(node, path);
    if (kind === 'tax/combo') {
      return getExt(node, K.taxCategory) ? [] : [fc('01', `'${K.taxCategory}' is needed`, `${path}.ext`)];
    }
    if (kind === 'pay/record') {
      return present(node, 'date') ? [] : [fr('01', 'an advance payment needs a date', `${path}.date`)];
    }
    return [];
  },
};
