import type { Fault, JsonObject } from '../../base/types';
import { canConvertTo } from '../../currency/exchange';
import { invoiceType } from '../../bill/invoice-type';
import { faultMaker } from '../../rules/fault';
import { isObject, obj, objects, present, str } from '../../rules/values';
import { docTax, docTaxExt, extMap, getExt, hasExt, mergeDocTaxExt } from '../../tax/extensions';
import { hasTag } from '../../tax/tags';
import { normalizeArcaCustomer } from './org-party';
import {
  CREDIT_NOTES,
  DEBIT_NOTES,
  DOC_TYPES_A,
  DOC_TYPES_B,
  DOC_TYPES_C,
  DOC_TYPES_T,
  FAMILY_CODES,
  K,
  STATUSES_A,
  USED_GOODS_PURCHASE,
} from './extensions';

export function normalizeArcaInvoice(doc: JsonObject): void {
  const customer = obj(doc, 'customer');
  normalizeArcaCustomer(customer);
  docTax(doc, true);
  if (docTaxExt(doc, K.docType) === '') {
    let family = 'B';
    if (hasTag(doc, 'monotax')) family = 'C';
    else if (customer && Object.keys(extMap(customer)).length > 0) {
      family = STATUSES_A.includes(getExt(customer, K.vatStatus)) ? 'A' : 'B';
    }
    const code = FAMILY_CODES[family][invoiceType(doc)];
    if (code) mergeDocTaxExt(doc, { [K.docType]: code });
  }
  let goods = false;
  let services = false;
  for (const line of objects(doc, 'lines')) {
    if (str(obj(line, 'item'), 'key') === 'goods') goods = true;
    else services = true;
  }
  const concept = goods && services ? '3' : goods ? '1' : services ? '2' : '';
  if (concept) mergeDocTaxExt(doc, { [K.concept]: concept });
}

const f = faultMaker('GOBL-AR-ARCA-BILL-INVOICE');

export function validateArcaInvoice(doc: JsonObject, path: string): Fault[] {
  const out: Fault[] = [];
  const type = invoiceType(doc);
  if (!canConvertTo(doc, 'ARS')) out.push(f('24', 'the invoice must be in ARS or give an exchange rate to ARS', path));
  const series = str(doc, 'series');
  if (series === '') out.push(f('01', 'a series is needed', `${path}.series`));
  else if (!/^\d+$/.test(series) || Number(series) < 1 || Number(series) > 99998) {
    out.push(f('02', 'the series must be a number from 1 to 99998', `${path}.series`));
  }
  const tax = obj(doc, 'tax');
  if (!tax) out.push(f('03', 'tax details are needed', `${path}.tax`));
  else if (!hasExt(tax, K.docType)) out.push(f('04', `'${K.docType}' is needed`, `${path}.tax.ext`));
  const docType = docTaxExt(doc, K.docType);
  if (type === 'credit-note' && !CREDIT_NOTES.includes(docType)) out.push(f('05', 'a credit note needs a credit note document type', path));
  if (type === 'debit-note' && !DEBIT_NOTES.includes(docType)) out.push(f('06', 'a debit note needs a debit note document type', path));
  if (CREDIT_NOTES.includes(docType) && type !== 'credit-note')
    out.push(f('07', 'a credit note document type needs the credit-note invoice type', path));
  if (DEBIT_NOTES.includes(docType) && type !== 'debit-note')
    out.push(f('08', 'a debit note document type needs the debit-note invoice type', path));
  const customer = obj(doc, 'customer');
  if (![...DOC_TYPES_B, USED_GOODS_PURCHASE].includes(docType) && !customer) {
    out.push(f('09', 'a customer is needed', `${path}.customer`));
  }
  if (customer) {
    const withIdentity = objects(customer, 'identities').some((id) => hasExt(id, K.identityType));
    if (!isObject(customer.tax_id) && !withIdentity) {
      out.push(f('10', `the customer needs a tax ID or an identity with '${K.identityType}'`, `${path}.customer`));
    }
    if (!hasExt(customer, K.vatStatus)) out.push(f('11', `'${K.vatStatus}' is needed`, `${path}.customer.ext`));
    const status = getExt(customer, K.vatStatus);
    if (status !== '') {
      if (docType === USED_GOODS_PURCHASE && status !== '5') out.push(f('12', 'document type 49 needs a final consumer customer', path));
      if (DOC_TYPES_A.includes(docType) && !STATUSES_A.includes(status))
        out.push(f('13', 'type A documents need a VAT registered customer', path));
      if (DOC_TYPES_B.includes(docType) && STATUSES_A.includes(status))
        out.push(f('14', 'type B documents cannot go to a VAT registered customer', path));
    }
  }
  if (!DOC_TYPES_T.includes(docType)) {
    const concept = docTaxExt(doc, K.concept);
    const payment = obj(doc, 'payment');
    const terms = obj(payment, 'terms');
    if (concept === '2' || concept === '3') {
      const ordering = obj(doc, 'ordering');
      if (!ordering) out.push(f('15', 'ordering details are needed for services', `${path}.ordering`));
      else if (!present(ordering, 'period')) out.push(f('16', 'an ordering period is needed for services', `${path}.ordering.period`));
      if (!payment) out.push(f('17', 'payment details are needed for services', `${path}.payment`));
      else if (!terms) out.push(f('18', 'payment terms are needed for services', `${path}.payment.terms`));
      else if (!present(terms, 'due_dates'))
        out.push(f('19', 'payment due dates are needed for services', `${path}.payment.terms.due_dates`));
    }
    if (concept === '1' && present(terms, 'due_dates')) {
      out.push(f('20', 'goods take no payment due dates', `${path}.payment.terms.due_dates`));
    }
  }
  const preceding = objects(doc, 'preceding');
  if ((type === 'credit-note' || type === 'debit-note') && preceding.length === 0) {
    out.push(f('21', 'credit and debit notes need preceding documents', `${path}.preceding`));
  }
  preceding.forEach((ref, i) => {
    if (!hasExt(ref, K.docType)) out.push(f('22', `'${K.docType}' is needed`, `${path}.preceding[${i}].ext`));
  });
  const lines = objects(doc, 'lines');
  if (DOC_TYPES_C.includes(docType)) {
    lines.forEach((line, i) => {
      if (present(line, 'taxes')) out.push(f('23', 'type C invoices carry no line taxes', `${path}.lines[${i}].taxes`));
    });
  }
  if (DOC_TYPES_T.includes(docType)) {
    if (!hasExt(tax, K.tourismType)) out.push(f('25', `'${K.tourismType}' is needed`, `${path}.tax.ext`));
    if (customer && !present(customer, 'addresses')) out.push(f('27', 'the customer needs an address', `${path}.customer.addresses`));
    lines.forEach((line, i) => {
      const combos = objects(line, 'taxes');
      if (combos.length === 0) out.push(f('29', 'each line needs taxes', `${path}.lines[${i}].taxes`));
      combos.forEach((c, j) => {
        const at = `${path}.lines[${i}].taxes[${j}].ext`;
        if (!hasExt(c, K.tourismItem)) out.push(f('26', `'${K.tourismItem}' is needed`, at));
        const rate = getExt(c, K.vatRate);
        if (rate !== '' && rate !== '5') out.push(f('28', `'${K.vatRate}' must be 5`, at));
      });
    });
    objects(doc, 'discounts').forEach((d, i) => {
      if (!hasExt(d, K.tourismItem)) out.push(f('30', `'${K.tourismItem}' is needed`, `${path}.discounts[${i}].ext`));
    });
    objects(obj(doc, 'payment'), 'advances').forEach((a, i) => {
      if (!hasExt(a, K.tourismItem)) out.push(f('31', `'${K.tourismItem}' is needed`, `${path}.payment.advances[${i}].ext`));
    });
  }
  return out;
}
