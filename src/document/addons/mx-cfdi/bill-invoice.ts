import type { HookContext } from '../../tax/hooks';
import { dateTimeIn } from '../../bill/calculate';
import { Amount } from '../../num';
import type { Fault, JsonObject } from '../../base/types';
import { canConvertTo } from '../../currency/exchange';
import { POST_CODE_PATTERN } from './complements';
import { faultMaker } from '../../rules/fault';
import { obj, objects, present, str } from '../../rules/values';
import { extMap } from '../../tax/extensions';
import { hasTag } from '../../tax/tags';
import { K, STAMP_SAT_UUID, TAG_GLOBAL } from './extensions';
import { PROD_SERV } from './org-item';

const ZERO_TIME = /^0{1,2}:00(:00(\.0+)?)?$/;

/**
 * CFDI wants the moment of issue: unless a (non-midnight) issue time is given, the issue date and time
 * become the current ones in the regime's time zone.
 */
export function normalizeInvoice(inv: JsonObject, ctx: HookContext): void {
  setIssueMoment(inv, ctx);
  if (hasTag(inv, TAG_GLOBAL)) delete inv.customer;
}

/** The issue date and time become the current ones in the regime's time zone, unless a (non-midnight) time is given. */
export function setIssueMoment(doc: JsonObject, ctx: HookContext): void {
  const time = str(doc, 'issue_time');
  if ((time === '' || ZERO_TIME.test(time)) && ctx.now) {
    const now = dateTimeIn(ctx.now, ctx.regime?.timeZone);
    doc.issue_date = now.date;
    doc.issue_time = now.time;
  }
}

const fi = faultMaker('GOBL-MX-CFDI-BILL-INVOICE');

export function lacksExt(node: JsonObject | undefined, keys: string[]): boolean {
  const ext = extMap(node);
  return keys.some((k) => !ext[k]);
}

function amountAt(node: JsonObject | undefined, field: string): Amount | undefined {
  return Amount.from(node?.[field]);
}

function validateGlobal(inv: JsonObject, path: string, out: Fault[]): void {
  const tax = obj(inv, 'tax');
  if (tax && lacksExt(tax, [K.globalPeriod, K.globalMonth, K.globalYear])) {
    out.push(fi('02', 'a global invoice needs the global period, month and year extensions', `${path}.tax.ext`));
  }
  if (present(inv, 'customer')) out.push(fi('03', 'a global invoice has no customer', `${path}.customer`));
  const payment = obj(inv, 'payment');
  if (!payment) out.push(fi('04', 'a global invoice needs payment details', `${path}.payment`));
  else if (!present(payment, 'advances')) {
    out.push(fi('05', 'a global invoice needs the advances paid', `${path}.payment.advances`));
  }
  objects(inv, 'lines').forEach((line, i) => {
    const item = obj(line, 'item');
    if (item && !present(item, 'ref'))
      out.push(fi('06', 'each item of a global invoice needs a reference', `${path}.lines[${i}].item.ref`));
  });
}

function validateCustomer(customer: JsonObject, path: string, out: Fault[]): void {
  const taxId = obj(customer, 'tax_id');
  if (!taxId) out.push(fi('08', 'the customer needs a tax ID', `${path}.tax_id`));
  else if (!present(taxId, 'code')) out.push(fi('09', 'the customer tax ID needs a code', `${path}.tax_id.code`));
  if (str(taxId, 'country') !== 'MX') return;
  if (lacksExt(customer, [K.fiscalRegime, K.use])) {
    out.push(fi('10', 'a Mexican customer needs its fiscal regime and CFDI use extensions', `${path}.ext`));
  }
  if (!present(customer, 'addresses')) out.push(fi('11', 'a Mexican customer needs an address', `${path}.addresses`));
  objects(customer, 'addresses').forEach((addr, i) => {
    const code = str(addr, 'code');
    const at = `${path}.addresses[${i}].code`;
    if (code === '') out.push(fi('12', 'the customer address needs a post code', at));
    else if (!POST_CODE_PATTERN.test(code)) out.push(fi('13', 'the customer post code must be five digits', at));
  });
}

function validateNotGlobal(inv: JsonObject, path: string, out: Fault[]): void {
  const ext = extMap(obj(inv, 'tax'));
  const given = [K.globalPeriod, K.globalMonth, K.globalYear].filter((k) => ext[k]).length;
  if (given > 0 && given < 3) {
    out.push(fi('07', 'the global period, month and year extensions go together or not at all', `${path}.tax.ext`));
  }
  const customer = obj(inv, 'customer');
  if (customer) validateCustomer(customer, `${path}.customer`, out);
  objects(inv, 'lines').forEach((line, i) => {
    const item = obj(line, 'item');
    if (!item) return;
    const at = `${path}.lines[${i}].item.ext`;
    const code = extMap(item)[K.prodServ];
    if (!code) out.push(fi('14', `the item needs the '${K.prodServ}' extension`, at));
    else if (!PROD_SERV.test(code)) out.push(fi('15', 'the product or service key must be eight digits', at));
  });
}

function validateSupplier(supplier: JsonObject, path: string, out: Fault[]): void {
  const taxId = obj(supplier, 'tax_id');
  if (!taxId) out.push(fi('18', 'the supplier needs a tax ID', `${path}.tax_id`));
  else if (!present(taxId, 'code')) out.push(fi('19', 'the supplier tax ID needs a code', `${path}.tax_id.code`));
  if (lacksExt(supplier, [K.fiscalRegime])) out.push(fi('20', 'the supplier needs its fiscal regime extension', `${path}.ext`));
}

function validateLines(inv: JsonObject, path: string, out: Fault[]): void {
  objects(inv, 'lines').forEach((line, i) => {
    const at = `${path}.lines[${i}]`;
    if (!(amountAt(line, 'quantity')?.isPositive() ?? false)) out.push(fi('21', 'the quantity must be above zero', `${at}.quantity`));
    const item = obj(line, 'item');
    if (item) {
      const price = amountAt(item, 'price');
      if (!price) out.push(fi('22', 'the item needs a price', `${at}.item.price`));
      else if (!price.isPositive()) out.push(fi('23', 'the item price must be above zero', `${at}.item.price`));
    }
    if (amountAt(line, 'total')?.isNegative()) out.push(fi('24', 'the line total cannot be negative', `${at}.total`));
  });
}

export function validateMxCfdiInvoice(inv: JsonObject, path: string): Fault[] {
  const out: Fault[] = [];
  if (!canConvertTo(inv, 'MXN')) out.push(fi('27', 'the invoice must be in MXN or give an exchange rate to MXN', path));
  // The tax extension rules only apply when the invoice has tax details at all.
  const tax = obj(inv, 'tax');
  if (tax && lacksExt(tax, [K.docType, K.issuePlace, K.paymentMethod])) {
    out.push(fi('01', 'the document type, issue place and payment method extensions are needed', `${path}.tax.ext`));
  }
  if (hasTag(inv, TAG_GLOBAL)) validateGlobal(inv, path, out);
  else validateNotGlobal(inv, path, out);
  const preceding = objects(inv, 'preceding');
  if (tax && preceding.length > 0 && lacksExt(tax, [K.relType])) {
    out.push(fi('16', `preceding documents need the '${K.relType}' extension`, `${path}.tax.ext`));
  }
  preceding.forEach((ref, i) => {
    if (!objects(ref, 'stamps').some((s) => str(s, 'prv') === STAMP_SAT_UUID)) {
      out.push(fi('17', `the preceding document needs a '${STAMP_SAT_UUID}' stamp`, `${path}.preceding[${i}].stamps`));
    }
  });
  const supplier = obj(inv, 'supplier');
  if (supplier) validateSupplier(supplier, `${path}.supplier`, out);
  validateLines(inv, path, out);
  if (present(inv, 'discounts')) out.push(fi('25', 'document discounts are not supported: discount the lines', `${path}.discounts`));
  if (present(inv, 'charges')) out.push(fi('26', 'document charges are not supported', `${path}.charges`));
  return out;
}
