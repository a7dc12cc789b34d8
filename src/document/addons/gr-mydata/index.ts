import type { NodeKind } from '../../pipeline/hooks';
import type { Fault, JsonObject } from '../../pipeline/types';
import { GR_MYDATA_V1 } from './def';
import { canConvertTo } from '../../currency/exchange';
import type { Addon } from '../../tax/addon-def';
import { invoiceType } from '../../bill/invoice-type';
import { lookupKey } from '../../cbc/key';
import { faultMaker } from '../../rules/fault';
import { isObject, obj, objects, present, str } from '../../rules/values';
import { inEU } from '../../tax/eu-members';
import { deleteExt, docTaxExt, extMap, getExt, hasExt, setExt, setExtOneOf } from '../../tax/extensions';

/** Greece's myDATA reporting (addon gr-mydata-v1). */

export const MYDATA = {
  vatRate: 'gr-mydata-vat-rate',
  invoiceType: 'gr-mydata-invoice-type',
  exemption: 'gr-mydata-exemption',
  incomeCat: 'gr-mydata-income-cat',
  incomeType: 'gr-mydata-income-type',
  paymentMeans: 'gr-mydata-payment-means',
  taxType: 'gr-mydata-tax-type',
  otherTax: 'gr-mydata-other-tax',
  fee: 'gr-mydata-fee',
  stampDuty: 'gr-mydata-stamp-duty',
} as const;

const K = MYDATA;
const TAX_TYPE = { fee: '2', otherTax: '3', stampDuty: '4' };
const EXEMPT_RATE = '7';

export const MYDATA_PAYMENT_MEANS: Record<string, string> = {
  'credit-transfer': '1',
  'credit-transfer+foreign': '2',
  cash: '3',
  cheque: '4',
  'promissory-note': '5',
  online: '6',
  card: '7',
};

const VAT_RATES: Record<string, string> = {
  general: '1',
  reduced: '2',
  'super-reduced': '3',
  'general+island': '4',
  'reduced+island': '5',
  'super-reduced+island': '6',
};

const OUTSIDE_SCOPE = ['1', '2', '3', '4', '24', '29', '30', '31'];
const EXEMPT = ['7', '5', '6', '9', '10', '11', '12', '13', '15', '17', '18', '19', '20', '21', '22', '23', '25', '26', '27'];
const EXPORT = ['8', '28'];

function comboKeyFromExemption(code: string): string {
  if (OUTSIDE_SCOPE.includes(code)) return 'outside-scope';
  if (EXEMPT.includes(code)) return 'exempt';
  if (EXPORT.includes(code)) return 'export';
  if (code === '14') return 'intra-community';
  if (code === '16') return 'reverse-charge';
  return 'standard';
}

export function normalizeMydataCombo(combo: JsonObject): void {
  if (str(combo, 'cat') !== 'VAT') return;
  const country = str(combo, 'country');
  if (country !== '' && country !== 'EL') {
    setExt(combo, K.exemption, inEU(country) ? '30' : '29');
    setExt(combo, K.vatRate, EXEMPT_RATE);
    combo.key = 'outside-scope';
    return;
  }
  if (str(combo, 'key') === '') combo.key = comboKeyFromExemption(getExt(combo, K.exemption));
  switch (str(combo, 'key')) {
    case 'standard':
    case 'zero': {
      const code = VAT_RATES[str(combo, 'rate')];
      if (code) setExt(combo, K.vatRate, code);
      deleteExt(combo, K.exemption);
      break;
    }
    case 'outside-scope':
      setExtOneOf(combo, K.exemption, OUTSIDE_SCOPE[0], OUTSIDE_SCOPE.slice(1));
      setExt(combo, K.vatRate, EXEMPT_RATE);
      break;
    case 'exempt':
      setExtOneOf(combo, K.exemption, EXEMPT[0], EXEMPT.slice(1));
      setExt(combo, K.vatRate, EXEMPT_RATE);
      break;
    case 'export':
      setExtOneOf(combo, K.exemption, '8', ['28']);
      setExt(combo, K.vatRate, EXEMPT_RATE);
      break;
    case 'intra-community':
      setExt(combo, K.exemption, '14');
      setExt(combo, K.vatRate, EXEMPT_RATE);
      break;
    case 'reverse-charge':
      setExt(combo, K.exemption, '16');
      setExt(combo, K.vatRate, EXEMPT_RATE);
      break;
  }
}

export function normalizeMydataCharge(charge: JsonObject): void {
  const key = str(charge, 'key');
  if (key === 'stamp-duty') setExt(charge, K.taxType, TAX_TYPE.stampDuty);
  else if (key === 'tax') setExt(charge, K.taxType, TAX_TYPE.otherTax);
  if (hasExt(charge, K.taxType)) return;
  if (hasExt(charge, K.fee)) setExt(charge, K.taxType, TAX_TYPE.fee);
  else if (hasExt(charge, K.otherTax)) setExt(charge, K.taxType, TAX_TYPE.otherTax);
  else if (hasExt(charge, K.stampDuty)) setExt(charge, K.taxType, TAX_TYPE.stampDuty);
}

export function normalizeMydataPayment(node: JsonObject): void {
  const code = lookupKey(MYDATA_PAYMENT_MEANS, str(node, 'key'));
  if (code) setExt(node, K.paymentMeans, code);
}

const f = faultMaker('GOBL-GR-MYDATA-BILL-INVOICE');
const fch = faultMaker('GOBL-GR-MYDATA-BILL-CHARGE');
const fc = faultMaker('GOBL-GR-MYDATA-TAX-COMBO');
const fi = faultMaker('GOBL-GR-MYDATA-PAY-INSTRUCTIONS');
const fr = faultMaker('GOBL-GR-MYDATA-PAY-RECORD');

function isPositive(value: unknown): boolean {
  return typeof value === 'string' && /^[0-9]/.test(value) && !/^0*(\.0*)?$/.test(value);
}

function isZero(value: unknown): boolean {
  return typeof value === 'string' && /^-?0*(\.0*)?$/.test(value);
}

export function validateMydataInvoice(doc: JsonObject, path: string): Fault[] {
  const out: Fault[] = [];
  if (!canConvertTo(doc, 'EUR')) out.push(f('19', 'the invoice must be in EUR or give an exchange rate to EUR', path));
  if (!present(doc, 'series')) out.push(f('01', 'a series is needed', `${path}.series`));
  const tax = obj(doc, 'tax');
  if (!tax) out.push(f('02', 'tax details are needed', `${path}.tax`));
  else if (!hasExt(tax, K.invoiceType)) out.push(f('03', `'${K.invoiceType}' is needed`, `${path}.tax.ext`));
  const supplierTaxId = obj(obj(doc, 'supplier'), 'tax_id');
  if (obj(doc, 'supplier')) {
    if (!supplierTaxId) out.push(f('04', 'the supplier needs a tax ID', `${path}.supplier.tax_id`));
    else if (!present(supplierTaxId, 'code')) out.push(f('18', 'the supplier tax ID needs a code', `${path}.supplier.tax_id.code`));
  }
  const invType = docTaxExt(doc, K.invoiceType);
  if (tax && ['1.', '2.', '5.'].some((p) => invType.startsWith(p))) {
    const customer = obj(doc, 'customer');
    if (!customer) out.push(f('05', 'a customer is needed', `${path}.customer`));
    else {
      if (!isObject(customer.tax_id)) out.push(f('06', 'the customer needs a tax ID', `${path}.customer.tax_id`));
      const addresses = objects(customer, 'addresses');
      if (addresses.length === 0) out.push(f('07', 'the customer needs an address', `${path}.customer.addresses`));
      addresses.forEach((a, i) => {
        if (!present(a, 'locality')) out.push(f('08', 'the customer address needs a locality', `${path}.customer.addresses[${i}].locality`));
        if (!present(a, 'code')) out.push(f('09', 'the customer address needs a post code', `${path}.customer.addresses[${i}].code`));
      });
    }
  }
  objects(doc, 'lines').forEach((line, i) => {
    const total = line.total;
    if (total !== undefined && !isZero(total) && !isPositive(total)) out.push(f('10', 'the line total must be positive', `${path}.lines[${i}].total`));
    if (total !== undefined && isZero(total)) out.push(f('11', 'the line total cannot be zero', `${path}.lines[${i}].total`));
    const ext = extMap(obj(line, 'item'));
    if (Boolean(ext[K.incomeCat]) !== Boolean(ext[K.incomeType])) {
      out.push(f('12', `'${K.incomeCat}' and '${K.incomeType}' go together`, `${path}.lines[${i}].item.ext`));
    }
  });
  if (present(doc, 'discounts')) out.push(f('13', 'document discounts are not supported', `${path}.discounts`));
  const payment = obj(doc, 'payment');
  if (!payment) out.push(f('14', 'payment details are needed', `${path}.payment`));
  else if (!present(payment, 'advances') && !isObject(payment.instructions)) {
    out.push(f('15', 'payment instructions are needed when there are no advances', `${path}.payment`));
  }
  const preceding = objects(doc, 'preceding');
  if (invoiceType(doc) === 'credit-note' && preceding.length === 0) {
    out.push(f('16', 'a credit note needs preceding documents', `${path}.preceding`));
  }
  preceding.forEach((ref, i) => {
    const stamps = objects(ref, 'stamps');
    if (!stamps.some((s) => str(s, 'prv') === 'iapr-mark')) {
      out.push(f('17', "the preceding document needs its 'iapr-mark' stamp", `${path}.preceding[${i}].stamps`));
    }
  });
  return out;
}

export function validateMydataCharge(charge: JsonObject, path: string): Fault[] {
  const out: Fault[] = [];
  const ext = extMap(charge);
  const at = `${path}.ext`;
  if ([K.fee, K.otherTax, K.stampDuty].filter((k) => ext[k]).length > 1) out.push(fch('01', 'only one of fee, other tax or stamp duty is allowed', at));
  const type = ext[K.taxType];
  if (type === TAX_TYPE.fee && !ext[K.fee]) out.push(fch('02', `'${K.fee}' is needed`, at));
  if (type === TAX_TYPE.otherTax && !ext[K.otherTax]) out.push(fch('03', `'${K.otherTax}' is needed`, at));
  if (type === TAX_TYPE.stampDuty && !ext[K.stampDuty]) out.push(fch('04', `'${K.stampDuty}' is needed`, at));
  return out;
}

export function validateMydataCombo(combo: JsonObject, path: string): Fault[] {
  if (str(combo, 'cat') !== 'VAT') return [];
  const out: Fault[] = [];
  const ext = extMap(combo);
  const at = `${path}.ext`;
  if (!ext[K.vatRate]) out.push(fc('01', `'${K.vatRate}' is needed`, at));
  if ((combo.percent === undefined || combo.percent === null) && !ext[K.exemption]) out.push(fc('02', `'${K.exemption}' is needed`, at));
  if ((ext[K.incomeCat] || ext[K.incomeType]) && !(ext[K.incomeCat] && ext[K.incomeType])) {
    out.push(fc('03', `'${K.incomeCat}' and '${K.incomeType}' go together`, at));
  }
  return out;
}

function validateMydataPayment(node: JsonObject, path: string, make: typeof fi): Fault[] {
  const out: Fault[] = [];
  if (!present(node, 'key')) out.push(make('01', 'a payment means key is needed', `${path}.key`));
  if (!hasExt(node, K.paymentMeans)) out.push(make('02', `'${K.paymentMeans}' is needed`, `${path}.ext`));
  return out;
}

export const grMydata: Addon = {
  def: GR_MYDATA_V1,
  normalize(node: JsonObject, kind: NodeKind) {
    if (kind === 'tax/combo') normalizeMydataCombo(node);
    else if (kind === 'bill/charge') normalizeMydataCharge(node);
    else if (kind === 'pay/instructions' || kind === 'pay/record') normalizeMydataPayment(node);
  },
  validate(node: JsonObject, kind: NodeKind, path: string) {
    switch (kind) {
      case 'bill/invoice':
        return validateMydataInvoice(node, path);
      case 'bill/charge':
        return validateMydataCharge(node, path);
      case 'tax/combo':
        return validateMydataCombo(node, path);
      case 'pay/instructions':
        return validateMydataPayment(node, path, fi);
      case 'pay/record':
        return validateMydataPayment(node, path, fr);
      default:
        return [];
    }
  },
};
