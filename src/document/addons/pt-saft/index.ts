import { dateTimeIn } from '../../bill/calculate';
import { hooksByKind, type HookContext } from '../../pipeline/hooks';
import type { Fault, JsonObject } from '../../pipeline/types';
import { PT_SAFT_EXEMPTION_TEXTS, PT_SAFT_V1 } from './def';
import { canConvertTo } from '../../currency/exchange';
import type { Addon } from '../../tax/addon-def';
import { lookupKey } from '../../cbc/key';
import { faultMaker } from '../../rules/fault';
import { isObject, obj, objects, present, str } from '../../rules/values';
import { CodeMap, deleteExt, docTax, docTaxExt, extMap, getExt, hasExt, setExt, setExtIfEmpty, setExtOneOf } from '../../tax/extensions';
import { hasTag } from '../../tax/tags';

/** Portugal's SAF-T reporting to the AT (addon pt-saft-v1, module gobl.pt.saft v0.0.3). */

export const SAFT = {
  invoiceType: 'pt-saft-invoice-type',
  workType: 'pt-saft-work-type',
  movementType: 'pt-saft-movement-type',
  paymentType: 'pt-saft-payment-type',
  taxRate: 'pt-saft-tax-rate',
  exemption: 'pt-saft-exemption',
  productType: 'pt-saft-product-type',
  paymentMeans: 'pt-saft-payment-means',
  source: 'pt-saft-source',
  sourceRef: 'pt-saft-source-ref',
} as const;

const K = SAFT;
const REGION = 'pt-region';

/* ---------- tax combos ---------- */

const RATE_CODES: CodeMap = { reduced: 'RED', intermediate: 'INT', general: 'NOR', other: 'OUT' };

const REVERSE_CHARGE = ['M30', 'M31', 'M32', 'M33', 'M40', 'M41', 'M42', 'M43'];
const EXPORT = ['M05', 'M04'];
const OUTSIDE_SCOPE = ['M99', 'M44', 'M45', 'M46'];
const EXEMPT = ['M01', 'M02', 'M03', 'M06', 'M07', 'M09', 'M10', 'M11', 'M12', 'M13', 'M14', 'M15', 'M19', 'M20', 'M21', 'M25', 'M26'];

/** The tax key an exemption code implies, for combos without a key (or with the older, generic `exempt`). */
function keyFromExemption(combo: JsonObject): void {
  const key = str(combo, 'key');
  if (key !== '' && key !== 'exempt') return;
  const code = getExt(combo, K.exemption);
  if (REVERSE_CHARGE.includes(code)) combo.key = 'reverse-charge';
  else if (EXPORT.includes(code)) combo.key = 'export';
  else if (code === 'M16') combo.key = 'intra-community';
  else if (OUTSIDE_SCOPE.includes(code)) combo.key = 'outside-scope';
  else if (EXEMPT.includes(code)) combo.key = 'exempt';
  else if (key === '') combo.key = 'standard';
}

/** The rate a SAF-T tax rate code stands for, for combos without a rate. */
function rateFromCode(combo: JsonObject): void {
  if (str(combo, 'rate') !== '') return;
  const code = getExt(combo, K.taxRate);
  const rate = Object.keys(RATE_CODES).find((r) => RATE_CODES[r] === code);
  if (rate) combo.rate = rate;
}

export function normalizeSaftCombo(combo: JsonObject): void {
  if (str(combo, 'cat') !== 'VAT') return;
  const country = str(combo, 'country');
  if (country !== '' && country !== 'PT') {
    setExt(combo, K.taxRate, 'OUT');
    return;
  }
  keyFromExemption(combo);
  rateFromCode(combo);
  const exempt = (exemption: string, keep: string[]) => {
    setExt(combo, K.taxRate, 'ISE');
    setExtOneOf(combo, K.exemption, exemption, keep);
  };
  switch (str(combo, 'key')) {
    case 'standard': {
      const code = RATE_CODES[str(combo, 'rate')];
      if (code) {
        deleteExt(combo, K.exemption);
        setExt(combo, K.taxRate, code);
      }
      break;
    }
    case 'reverse-charge':
      exempt('M40', REVERSE_CHARGE);
      break;
    case 'outside-scope':
      exempt('M99', OUTSIDE_SCOPE);
      break;
    case 'intra-community':
      exempt('M16', []);
      break;
    case 'export':
      exempt('M05', EXPORT);
      break;
    case 'exempt':
    case 'zero':
      exempt('M07', EXEMPT);
      break;
    default:
  }
}

/* ---------- items, lines, payment means ---------- */

/** Units that usually measure a service; an item in one of them (or in none) is a service by default. */
const SERVICE_UNITS = ['', 'km', 'w', 'kw', 'kwh', 'rate', 'mon', 'day', 's', 'h', 'min', 'service', 'job', 'activity', 'trip', 'item', 'one'];

export function normalizeSaftItem(item: JsonObject): void {
  if (str(item, 'unit') === '') item.unit = 'one';
  if (!hasExt(item, K.productType)) setExt(item, K.productType, SERVICE_UNITS.includes(str(item, 'unit')) ? 'S' : 'P');
}

function isExemptionNote(note: unknown): boolean {
  return isObject(note) && str(note, 'key') === 'legal' && str(note, 'src') === K.exemption;
}

/** A line with an exempt combo gets a legal note giving the reason, unless it has one already. */
export function normalizeSaftLine(line: JsonObject): void {
  for (const combo of objects(line, 'taxes')) {
    const code = getExt(combo, K.exemption);
    const notes = Array.isArray(line.notes) ? line.notes : [];
    if (code === '' || notes.some(isExemptionNote) || !PT_SAFT_EXEMPTION_TEXTS[code]) continue;
    line.notes = [...notes, { key: 'legal', src: K.exemption, code, text: PT_SAFT_EXEMPTION_TEXTS[code] }];
  }
}

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

/* ---------- documents ---------- */

function today(ctx: HookContext): string {
  return dateTimeIn(ctx.now ?? new Date(), ctx.regime?.timeZone).date;
}

/** The value date: the one given, else the operation date, else the issue date (today when there is none). */
function setValueDate(doc: JsonObject, ctx: HookContext): void {
  if (present(doc, 'value_date')) return;
  doc.value_date = str(doc, 'op_date') || str(doc, 'issue_date') || today(ctx);
}

export function normalizeSaftInvoice(doc: JsonObject, ctx: HookContext): void {
  setExtIfEmpty(docTax(doc, true) as JsonObject, K.source, 'P');
  for (const advance of objects(obj(doc, 'payment'), 'advances')) {
    if (!present(advance, 'date')) advance.date = str(doc, 'issue_date') || today(ctx);
  }
  setValueDate(doc, ctx);
}

export function normalizeSaftOrder(doc: JsonObject, ctx: HookContext): void {
  const tax = docTax(doc, true) as JsonObject;
  const type = str(doc, 'type');
  if (!hasExt(tax, K.workType)) {
    if (type === 'purchase') setExt(tax, K.workType, 'NE');
    else if (type === 'quote') setExt(tax, K.workType, 'OR');
  }
  setValueDate(doc, ctx);
}

export function normalizeSaftDelivery(doc: JsonObject): void {
  const tax = docTax(doc, true) as JsonObject;
  if (hasExt(tax, K.movementType)) return;
  const type = str(doc, 'type');
  if (hasTag(doc, 'return')) setExt(tax, K.movementType, 'GD');
  else if (type === 'note') setExt(tax, K.movementType, 'GR');
  else if (type === 'waybill') setExt(tax, K.movementType, 'GT');
}

export function normalizeSaftPayment(doc: JsonObject): void {
  setExt(doc, K.paymentType, hasTag(doc, 'vat-cash') ? 'RC' : 'RG');
  setExtIfEmpty(doc, K.source, 'P');
}

/* ---------- validation helpers ---------- */

const SERIES = /^[^ ]+ [^/^ ]+$/;
const NUMBER = /^[0-9]+$/;
const FULL_CODE = /^[^ ]+ [^/^ ]+\/[0-9]+$/;
const SOURCE_REF = /^([^ ]+)(?:M|D ([^ ]+)) [^/^ ]+\/[$0-9]+$/;

/** A series such as "FT SERIES-A", starting with the document type when there is one. */
export function seriesValid(series: string, docType: string): boolean {
  if (series === '') return true;
  if (docType !== '' && !series.startsWith(`${docType} `)) return false;
  return SERIES.test(series);
}

/** A number after a series; without one, a full code such as "FT SERIES-A/123". */
export function codeValid(code: string, series: string, docType: string): boolean {
  if (code === '') return true;
  if (series !== '') return NUMBER.test(code);
  if (docType !== '' && !code.startsWith(`${docType} `)) return false;
  return FULL_CODE.test(code);
}

/** The reference of a manual document names its own type (and, for a recovered one, the original's type too). */
export function sourceRefValid(docType: string, ext: CodeMap): boolean {
  if (ext[K.source] !== 'M') return true;
  const ref = ext[K.sourceRef] ?? '';
  if (ref === '' || docType === '') return true;
  const m = SOURCE_REF.exec(ref);
  if (!m) return false;
  return m[1] === docType && (m[2] === undefined || m[2] === docType);
}

function negative(value: unknown): boolean {
  return typeof value === 'string' && value.startsWith('-') && !/^-0*(\.0*)?$/.test(value);
}

function isZero(value: string): boolean {
  return /^-?0*(\.0*)?$/.test(value) && /\d/.test(value);
}

function hasVat(line: JsonObject): boolean {
  return objects(line, 'taxes').some((c) => str(c, 'cat') === 'VAT');
}

/** Exemption notes of a line: exactly one when its VAT carries an exemption, matching its code; none otherwise. */
export function exemptionNotesValid(notes: unknown, code: string): boolean {
  const list = Array.isArray(notes) ? notes : [];
  let count = 0;
  for (const note of list) {
    if (!isExemptionNote(note)) continue;
    if (code === '' || count > 0 || str(note as JsonObject, 'code') !== code) return false;
    count++;
  }
  return code === '' || count > 0;
}

function seriesAndCodeFaults(doc: JsonObject, path: string, docType: string, f: (c: string, m: string, p: string) => Fault, codes: [string, string]): Fault[] {
  const out: Fault[] = [];
  const series = str(doc, 'series');
  if (!seriesValid(series, docType)) out.push(f(codes[0], 'the series format is not valid', path));
  if (!codeValid(str(doc, 'code'), series, docType)) out.push(f(codes[1], 'the code format is not valid', path));
  return out;
}

function supplierTaxIdFaults(doc: JsonObject, path: string, f: (c: string, m: string, p: string) => Fault, codes: [string, string]): Fault[] {
  const supplier = obj(doc, 'supplier');
  if (!supplier) return [];
  const taxId = supplier.tax_id;
  if (!isObject(taxId)) return [f(codes[0], 'the supplier needs a tax ID', `${path}.supplier.tax_id`)];
  return present(taxId, 'code') ? [] : [f(codes[1], 'the supplier tax ID needs a code', `${path}.supplier.tax_id.code`)];
}

/* ---------- validation ---------- */

const fi = faultMaker('GOBL-PT-SAFT-BILL-INVOICE');
const fp = faultMaker('GOBL-PT-SAFT-BILL-PAYMENT');
const fpl = faultMaker('GOBL-PT-SAFT-BILL-PAYMENTLINE');
const fd = faultMaker('GOBL-PT-SAFT-BILL-DELIVERY');
const fo = faultMaker('GOBL-PT-SAFT-BILL-ORDER');
const fl = faultMaker('GOBL-PT-SAFT-BILL-LINE');
const fc = faultMaker('GOBL-PT-SAFT-TAX-COMBO');
const fr = faultMaker('GOBL-PT-SAFT-TAX-RATETOTAL');
const ft = faultMaker('GOBL-PT-SAFT-ORG-ITEM');
const fn = faultMaker('GOBL-PT-SAFT-ORG-NOTE');

const INVOICE_WORK_TYPES = ['PF', 'FC', 'CC'];

function invoiceDocType(doc: JsonObject): string {
  return docTaxExt(doc, K.invoiceType) || docTaxExt(doc, K.workType);
}

export function validateSaftInvoice(doc: JsonObject, path: string): Fault[] {
  const out: Fault[] = [];
  const ext = extMap(obj(doc, 'tax'));
  const docType = invoiceDocType(doc);
  if (!canConvertTo(doc, 'EUR')) out.push(fi('15', 'the invoice must be in EUR or give an exchange rate to EUR', path));
  if (!ext[K.workType] && !ext[K.invoiceType]) out.push(fi('01', `'${K.workType}' or '${K.invoiceType}' is needed`, path));
  if (ext[K.workType] && ext[K.invoiceType]) out.push(fi('02', `'${K.workType}' and '${K.invoiceType}' exclude each other`, path));
  if (ext[K.workType] && !INVOICE_WORK_TYPES.includes(ext[K.workType])) out.push(fi('03', 'the work type is not one an invoice takes', path));
  out.push(...seriesAndCodeFaults(doc, path, docType, fi, ['04', '05']));
  if (!present(doc, 'value_date')) out.push(fi('06', 'a value date is needed', `${path}.value_date`));
  objects(doc, 'lines').forEach((line, i) => {
    if (!hasVat(line)) out.push(fi('07', 'the line taxes need the VAT category', `${path}.lines[${i}]`));
  });
  objects(obj(doc, 'payment'), 'advances').forEach((advance, i) => {
    if (!present(advance, 'date')) out.push(fi('08', 'the advance needs a date', `${path}.payment.advances[${i}].date`));
    if (negative(advance.amount)) out.push(fi('16', 'the advance amount cannot be negative', `${path}.payment.advances[${i}].amount`));
  });
  const totals = obj(doc, 'totals');
  if (negative(totals?.payable)) out.push(fi('09', 'the payable amount cannot be negative', `${path}.totals.payable`));
  const due = str(totals, 'due');
  if (docType === 'FR' && due !== '' && !isZero(due)) out.push(fi('10', 'an invoice-receipt has nothing due', `${path}.totals.due`));
  if (objects(doc, 'preceding').length > 1) out.push(fi('11', 'at most one preceding document', `${path}.preceding`));
  if (!ext[K.source]) out.push(fi('12', `'${K.source}' is needed`, path));
  if (ext[K.source] && ext[K.source] !== 'P' && !ext[K.sourceRef]) out.push(fi('13', `'${K.sourceRef}' is needed for documents not produced here`, path));
  if (!sourceRefValid(docType, ext)) out.push(fi('14', 'the source reference format is not valid', path));
  return out;
}

export function validateSaftPayment(doc: JsonObject, path: string): Fault[] {
  const out: Fault[] = [];
  const ext = extMap(doc);
  const docType = ext[K.paymentType] ?? '';
  out.push(...seriesAndCodeFaults(doc, path, docType, fp, ['01', '02']));
  if (!ext[K.paymentType]) out.push(fp('03', `'${K.paymentType}' is needed`, `${path}.ext`));
  if (!ext[K.source]) out.push(fp('04', `'${K.source}' is needed`, `${path}.ext`));
  if (ext[K.source] && ext[K.source] !== 'P' && !ext[K.sourceRef]) out.push(fp('05', `'${K.sourceRef}' is needed for documents not produced here`, `${path}.ext`));
  if (!sourceRefValid(docType, ext)) out.push(fp('06', 'the source reference format is not valid', path));
  out.push(...supplierTaxIdFaults(doc, path, fp, ['07', '08']));
  const customer = obj(doc, 'customer');
  if (customer && present(obj(customer, 'tax_id'), 'code') && !present(customer, 'name')) {
    out.push(fp('09', 'a customer with a tax ID code needs a name', path));
  }
  if (negative(doc.total)) out.push(fp('10', 'the total cannot be negative', `${path}.total`));
  return out;
}

export function validateSaftPaymentLine(line: JsonObject, path: string): Fault[] {
  const out: Fault[] = [];
  const document = obj(line, 'document');
  if (!document) out.push(fpl('01', 'a document is needed', `${path}.document`));
  else if (!present(document, 'issue_date')) out.push(fpl('02', 'the document needs an issue date', `${path}.document.issue_date`));
  const tax = obj(line, 'tax');
  const categories = objects(tax, 'categories');
  if (!tax) out.push(fpl('03', 'tax details are needed', `${path}.tax`));
  else if (!categories.some((c) => str(c, 'code') === 'VAT')) out.push(fpl('04', 'the VAT category is missing', `${path}.tax`));
  categories.forEach((cat, i) => {
    if (objects(cat, 'rates').length > 1) out.push(fpl('05', 'one rate per line', `${path}.tax.categories[${i}].rates`));
  });
  const vat = categories.find((c) => str(c, 'code') === 'VAT');
  const code = getExt(objects(vat, 'rates')[0], K.exemption);
  if (!exemptionNotesValid(line.notes, code)) out.push(fpl('06', 'the exemption notes are not valid', path));
  return out;
}

export function validateSaftDelivery(doc: JsonObject, path: string): Fault[] {
  const out: Fault[] = [];
  const docType = docTaxExt(doc, K.movementType);
  if (docType === '') out.push(fd('01', `'${K.movementType}' is needed`, path));
  out.push(...seriesAndCodeFaults(doc, path, docType, fd, ['02', '03']));
  out.push(...supplierTaxIdFaults(doc, path, fd, ['04', '05']));
  if (!present(doc, 'despatch_date')) out.push(fd('06', 'a despatch date is needed', `${path}.despatch_date`));
  const preceding = objects(doc, 'preceding');
  if (preceding.length > 1) out.push(fd('07', 'at most one preceding document', `${path}.preceding`));
  preceding.forEach((ref, i) => {
    if (!present(ref, 'series')) out.push(fd('08', 'the preceding document needs a series', `${path}.preceding[${i}].series`));
    if (!present(ref, 'code')) out.push(fd('09', 'the preceding document needs a code', `${path}.preceding[${i}].code`));
  });
  return out;
}

export function validateSaftOrder(doc: JsonObject, path: string): Fault[] {
  const out: Fault[] = [];
  const workType = docTaxExt(doc, K.workType);
  if (workType === '') out.push(fo('01', `'${K.workType}' is needed`, path));
  if (INVOICE_WORK_TYPES.includes(workType)) out.push(fo('02', 'the work type is one only invoices take', path));
  out.push(...seriesAndCodeFaults(doc, path, workType, fo, ['03', '04']));
  if (!present(doc, 'value_date')) out.push(fo('05', 'a value date is needed', `${path}.value_date`));
  objects(doc, 'lines').forEach((line, i) => {
    if (!hasVat(line)) out.push(fo('06', 'the line taxes need the VAT category', `${path}.lines[${i}]`));
  });
  return out;
}

export function validateSaftLine(line: JsonObject, path: string): Fault[] {
  const out: Fault[] = [];
  const quantity = line.quantity;
  if (typeof quantity === 'string' && (negative(quantity) || isZero(quantity))) out.push(fl('01', 'the quantity must be positive', `${path}.quantity`));
  if (negative(line.sum)) out.push(fl('02', 'the sum cannot be negative', `${path}.sum`));
  if (negative(line.total)) out.push(fl('03', 'the total cannot be negative', `${path}.total`));
  objects(line, 'discounts').forEach((d, i) => {
    if (negative(d.amount)) out.push(fl('04', 'a discount cannot be negative', `${path}.discounts[${i}].amount`));
  });
  const vat = objects(line, 'taxes').find((c) => str(c, 'cat') === 'VAT');
  if (!exemptionNotesValid(line.notes, getExt(vat, K.exemption))) out.push(fl('05', 'the exemption notes are not valid', path));
  return out;
}

function rateExtFaults(ext: CodeMap, at: string, f: (c: string, m: string, p: string) => Fault): Fault[] {
  const out: Fault[] = [];
  if (!ext[REGION] || !ext[K.taxRate]) out.push(f('01', `'${REGION}' and '${K.taxRate}' are needed`, at));
  if (ext[K.taxRate] === 'ISE' && !ext[K.exemption]) out.push(f('02', `'${K.exemption}' is needed for exempt rates`, at));
  return out;
}

export function validateSaftCombo(combo: JsonObject, path: string): Fault[] {
  return str(combo, 'cat') === 'VAT' ? rateExtFaults(extMap(combo), `${path}.ext`, fc) : [];
}

/** Every rate of a tax total, whatever its category, carries the region and SAF-T rate. */
export function validateSaftTaxTotals(totals: JsonObject, path: string): Fault[] {
  const out: Fault[] = [];
  objects(totals, 'categories').forEach((cat, i) => {
    objects(cat, 'rates').forEach((rate, j) => {
      out.push(...rateExtFaults(extMap(rate), `${path}.categories[${i}].rates[${j}].ext`, fr));
    });
  });
  return out;
}

export function validateSaftItem(item: JsonObject, path: string): Fault[] {
  const out: Fault[] = [];
  if (!present(item, 'unit')) out.push(ft('01', 'a unit is needed', `${path}.unit`));
  if (!hasExt(item, K.productType)) out.push(ft('02', `'${K.productType}' is needed`, `${path}.ext`));
  return out;
}

export function validateSaftNote(note: JsonObject, path: string): Fault[] {
  if (!isExemptionNote(note)) return [];
  const bytes = Buffer.byteLength(str(note, 'text'), 'utf8');
  return bytes === 0 || (bytes >= 6 && bytes <= 60) ? [] : [fn('01', 'an exemption note text takes 6 to 60 characters', `${path}.text`)];
}

export const ptSaft: Addon = {
  def: PT_SAFT_V1,
  ...hooksByKind({
    normalize: {
      'tax/combo': normalizeSaftCombo,
      'org/item': normalizeSaftItem,
      'pay/instructions': normalizeSaftPaymentMeans,
      'pay/record': normalizeSaftPaymentMeans,
      'bill/payment': normalizeSaftPayment,
      'bill/order': normalizeSaftOrder,
      'bill/delivery': normalizeSaftDelivery,
      'bill/invoice': normalizeSaftInvoice,
      'bill/line': normalizeSaftLine,
    },
    validate: {
      'bill/invoice': validateSaftInvoice,
      'bill/payment': validateSaftPayment,
      'bill/payment-line': validateSaftPaymentLine,
      'bill/delivery': validateSaftDelivery,
      'bill/order': validateSaftOrder,
      'bill/line': validateSaftLine,
      'tax/combo': validateSaftCombo,
      'tax/total': validateSaftTaxTotals,
      'org/item': validateSaftItem,
      'org/note': validateSaftNote,
    },
  }),
};
