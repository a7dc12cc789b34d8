import { hooksByKind } from '../../pipeline/hooks';
import type { Fault, JsonObject } from '../../pipeline/types';
import { IT_SDI_V1 } from './def';
import { canConvertTo } from '../../currency/exchange';
import type { Addon } from '../../tax/addon-def';
import { keyHas, lookupKey } from '../../cbc/key';
import { faultMaker } from '../../rules/fault';
import { isObject, obj, objects, present, str } from '../../rules/values';
import { inEU } from '../../tax/eu-members';
import { deleteExt, getExt, hasExt, setExt, setExtOneOf } from '../../tax/extensions';
import { hasTag } from '../../tax/tags';

/** Italy's SDI FatturaPA (addon it-sdi-v1). */

export const SDI = {
  documentType: 'it-sdi-document-type',
  format: 'it-sdi-format',
  fiscalRegime: 'it-sdi-fiscal-regime',
  exempt: 'it-sdi-exempt',
  retained: 'it-sdi-retained',
  paymentMeans: 'it-sdi-payment-means',
  fundType: 'it-sdi-fund-type',
} as const;

const K = SDI;

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

const RETAINED_CATEGORIES = ['IRPEF', 'IRES', 'INPS', 'ENPAM', 'ENASARCO', 'CP'];
const REVERSE_CHARGE = ['N6.9', 'N6.1', 'N6.2', 'N6.3', 'N6.4', 'N6.5', 'N6.6', 'N6.7', 'N6.8'];

function comboKeyFromExempt(combo: JsonObject): void {
  const key = str(combo, 'key');
  if (key !== '' && key !== 'exempt') return;
  const code = getExt(combo, K.exempt);
  if (code === 'N1') {
    combo.percent = '0%';
    combo.key = 'zero';
  } else if (['N2.1', 'N2.2', 'N7'].includes(code)) combo.key = 'outside-scope';
  else if (['N3.1', 'N3.3', 'N3.4', 'N3.5'].includes(code)) combo.key = 'export';
  else if (['N3.2', 'N3.6'].includes(code)) combo.key = 'intra-community';
  else if (['N4', 'N5'].includes(code)) combo.key = 'exempt';
  else if (REVERSE_CHARGE.includes(code)) combo.key = 'reverse-charge';
  else if (code === '' && key === '') combo.key = 'standard';
}

export function normalizeSdiCombo(combo: JsonObject): void {
  if (str(combo, 'cat') !== 'VAT') return;
  const country = str(combo, 'country');
  if (country !== '' && country !== 'IT') {
    setExt(combo, K.exempt, inEU(country) ? 'N7' : 'N2.1');
    return;
  }
  comboKeyFromExempt(combo);
  switch (str(combo, 'key')) {
    case 'standard':
      deleteExt(combo, K.exempt);
      break;
    case 'zero':
      setExt(combo, K.exempt, 'N1');
      break;
    case 'outside-scope':
      setExtOneOf(combo, K.exempt, 'N2.1', ['N2.2', 'N7']);
      break;
    case 'export':
      setExtOneOf(combo, K.exempt, 'N3.1', ['N3.3', 'N3.4', 'N3.5']);
      break;
    case 'intra-community':
      setExtOneOf(combo, K.exempt, 'N3.2', ['N3.6']);
      break;
    case 'exempt':
      setExtOneOf(combo, K.exempt, 'N4', ['N5']);
      break;
    case 'reverse-charge':
      setExtOneOf(combo, K.exempt, REVERSE_CHARGE[0], REVERSE_CHARGE.slice(1));
      break;
  }
}

export function normalizeSdiPayment(node: JsonObject): void {
  const code = lookupKey(SDI_PAYMENT_MEANS, str(node, 'key'));
  if (code) setExt(node, K.paymentMeans, code);
}

/** Italian post codes are five digits: short numeric codes get leading zeros. */
export function normalizeSdiAddress(address: JsonObject): void {
  if (str(address, 'country') !== 'IT') return;
  const code = str(address, 'code');
  if (code.length > 0 && code.length < 5 && /^[+-]?\d+$/.test(code)) {
    address.code = String(parseInt(code, 10)).padStart(5, '0');
  }
}

function isItalian(party: JsonObject | undefined): boolean {
  return str(obj(party, 'tax_id'), 'country') === 'IT';
}

export function normalizeSdiInvoice(doc: JsonObject): void {
  const supplier = obj(doc, 'supplier');
  if (!supplier) return;
  if (getExt(supplier, K.fiscalRegime) === '') setExt(supplier, K.fiscalRegime, 'RF01');
  if (isItalian(supplier)) {
    for (const tel of objects(supplier, 'telephones')) {
      const num = str(tel, 'num');
      if (num.length >= 3 && num.startsWith('+39')) tel.num = num.slice(3);
    }
  }
}

const f = faultMaker('GOBL-IT-SDI-BILL-INVOICE');
const fch = faultMaker('GOBL-IT-SDI-BILL-CHARGE');
const fa = faultMaker('GOBL-IT-SDI-ORG-ADDRESS');
const fc = faultMaker('GOBL-IT-SDI-TAX-COMBO');
const fi = faultMaker('GOBL-IT-SDI-PAY-INSTRUCTIONS');
const fr = faultMaker('GOBL-IT-SDI-PAY-RECORD');

function latin1(text: string): boolean {
  for (const ch of text) if ((ch.codePointAt(0) ?? 0) > 255) return false;
  return true;
}

export function validateSdiInvoice(doc: JsonObject, path: string): Fault[] {
  const out: Fault[] = [];
  if (!canConvertTo(doc, 'EUR')) out.push(f('22', 'the invoice must be in EUR or give an exchange rate to EUR', path));
  const tax = obj(doc, 'tax');
  if (!tax) out.push(f('01', 'tax details are needed', `${path}.tax`));
  else if (!hasExt(tax, K.format) || !hasExt(tax, K.documentType)) {
    out.push(f('02', `'${K.documentType}' and '${K.format}' are needed`, `${path}.tax.ext`));
  }
  const supplier = obj(doc, 'supplier');
  if (supplier) {
    if (!latin1(str(supplier, 'name'))) out.push(f('03', 'the supplier name must use Latin-1 characters', `${path}.supplier.name`));
    if (!present(supplier, 'addresses')) out.push(f('04', 'the supplier needs an address', `${path}.supplier.addresses`));
    if (!hasExt(supplier, K.fiscalRegime)) out.push(f('05', `'${K.fiscalRegime}' is needed`, `${path}.supplier.ext`));
    const reg = obj(supplier, 'registration');
    if (reg) {
      if (!present(reg, 'entry')) out.push(f('06', 'the registration needs an entry', `${path}.supplier.registration.entry`));
      if (!present(reg, 'office')) out.push(f('07', 'the registration needs an office', `${path}.supplier.registration.office`));
    }
    if (isItalian(supplier)) {
      objects(supplier, 'telephones').forEach((tel, i) => {
        const n = Buffer.byteLength(str(tel, 'num'), 'utf8');
        if (n > 0 && (n < 5 || n > 12)) out.push(f('08', 'an Italian telephone number has 5 to 12 characters', `${path}.supplier.telephones[${i}].num`));
      });
    }
  }
  const customer = obj(doc, 'customer');
  if (!customer) out.push(f('09', 'a customer is needed', `${path}.customer`));
  else {
    if (!latin1(str(customer, 'name'))) out.push(f('10', 'the customer name must use Latin-1 characters', `${path}.customer.name`));
    if (!isObject(customer.tax_id)) out.push(f('11', 'the customer needs a tax ID', `${path}.customer.tax_id`));
    if (!present(customer, 'addresses')) out.push(f('12', 'the customer needs an address', `${path}.customer.addresses`));
    const taxId = obj(customer, 'tax_id');
    const hasCode = str(taxId, 'code') !== '';
    const hasPeople = customer.people !== undefined && customer.people !== null;
    if ((hasCode || !hasPeople) && str(customer, 'name') === '') out.push(f('13', 'the customer needs a name', path));
    if (str(customer, 'name') === '' && !present(customer, 'people')) out.push(f('14', 'the customer needs people when it has no name', path));
    const fiscalCode = objects(customer, 'identities').some((id) => str(id, 'key') === 'it-fiscal-code');
    if (isItalian(customer) && !fiscalCode && !hasCode) {
      out.push(f('15', 'an Italian customer without fiscal code needs a tax ID code', `${path}.customer.tax_id.code`));
    }
    if (isItalian(customer) && !hasCode && !fiscalCode) {
      out.push(f('16', "the customer needs an 'it-fiscal-code' identity", `${path}.customer.identities`));
    }
  }
  objects(doc, 'lines').forEach((line, i) => {
    if (!objects(line, 'taxes').some((c) => str(c, 'cat') === 'VAT')) out.push(f('17', 'each line needs VAT', `${path}.lines[${i}]`));
    if (!latin1(str(obj(line, 'item'), 'name'))) out.push(f('18', 'item names must use Latin-1 characters', `${path}.lines[${i}].item.name`));
  });
  const despatch = objects(obj(doc, 'ordering'), 'despatch');
  if (hasTag(doc, 'deferred')) {
    despatch.forEach((d, i) => {
      if (!present(d, 'issue_date')) out.push(f('19', 'the despatch document needs an issue date', `${path}.ordering.despatch[${i}].issue_date`));
    });
  } else if (despatch.length > 0) {
    out.push(f('20', "despatch documents need the 'deferred' tag", `${path}.ordering.despatch`));
  }
  const payment = obj(doc, 'payment');
  if (payment && present(obj(payment, 'terms'), 'due_dates') && !isObject(payment.instructions)) {
    out.push(f('21', 'payment instructions are needed with due dates', path));
  }
  return out;
}

export function validateSdiAddress(address: JsonObject, path: string): Fault[] {
  const out: Fault[] = [];
  if (!present(address, 'street') && !present(address, 'po_box')) out.push(fa('01', 'a street or a post office box is needed', path));
  if (!latin1(str(address, 'street'))) out.push(fa('02', 'the street must use Latin-1 characters', `${path}.street`));
  if (!latin1(str(address, 'po_box'))) out.push(fa('03', 'the post office box must use Latin-1 characters', `${path}.po_box`));
  if (!present(address, 'country')) out.push(fa('04', 'a country is needed', `${path}.country`));
  if (!present(address, 'locality')) out.push(fa('05', 'a locality is needed', `${path}.locality`));
  else if (!latin1(str(address, 'locality'))) out.push(fa('06', 'the locality must use Latin-1 characters', `${path}.locality`));
  if (str(address, 'country') === 'IT') {
    const code = str(address, 'code');
    if (code === '') out.push(fa('07', 'an Italian address needs a post code', `${path}.code`));
    else if (!/^\d{5}$/.test(code)) out.push(fa('08', 'an Italian post code has five digits', `${path}.code`));
  }
  return out;
}

export function validateSdiCharge(charge: JsonObject, path: string): Fault[] {
  if (!keyHas(str(charge, 'key'), 'fund-contribution')) return [];
  const out: Fault[] = [];
  if (!present(charge, 'percent')) out.push(fch('01', 'a fund contribution needs a percent', `${path}.percent`));
  if (!hasExt(charge, K.fundType)) out.push(fch('02', `'${K.fundType}' is needed`, `${path}.ext`));
  if (!objects(charge, 'taxes').some((c) => str(c, 'cat') === 'VAT')) out.push(fch('03', 'a fund contribution needs VAT', `${path}.taxes`));
  return out;
}

export function validateSdiCombo(combo: JsonObject, path: string): Fault[] {
  const out: Fault[] = [];
  const cat = str(combo, 'cat');
  if (cat === 'VAT' && (combo.percent === undefined || combo.percent === null) && !hasExt(combo, K.exempt)) {
    out.push(fc('01', `'${K.exempt}' is needed without a percent`, `${path}.ext`));
  }
  if (RETAINED_CATEGORIES.includes(cat) && !hasExt(combo, K.retained)) out.push(fc('02', `'${K.retained}' is needed`, `${path}.ext`));
  return out;
}

export const itSdi: Addon = {
  def: IT_SDI_V1,
  ...hooksByKind({
    normalize: {
      'bill/invoice': normalizeSdiInvoice,
      'pay/instructions': normalizeSdiPayment,
      'pay/record': normalizeSdiPayment,
      'org/address': normalizeSdiAddress,
      'tax/combo': normalizeSdiCombo,
    },
    validate: {
      'bill/invoice': validateSdiInvoice,
      'bill/charge': validateSdiCharge,
      'org/address': validateSdiAddress,
      'tax/combo': validateSdiCombo,
      'pay/instructions': (node, path) => (hasExt(node, K.paymentMeans) ? [] : [fi('01', `'${K.paymentMeans}' is needed`, `${path}.ext`)]),
      'pay/record': (node, path) => (hasExt(node, K.paymentMeans) ? [] : [fr('01', `'${K.paymentMeans}' is needed`, `${path}.ext`)]),
    },
  }),
};
