import { Amount } from '../num';
import { convert, currencyZero, isCurrency, readExchangeRates } from '../currency';
import { at, fault } from '../rules/fault';
import type { ValidationContext } from '../tax/validation-context';
import { decimalOf } from '../num/decimal';
import { isZeroDate } from '../cal/date';
import { asArray, asObject, isObject, isPresent } from '../rules/values';
import type { Fault, Json, JsonObject } from '../base/types';

const ORDER_TYPES = ['purchase', 'sale', 'quote'];
const DELIVERY_TYPES = ['advice', 'note', 'waybill', 'receipt', 'other'];
const PAYMENT_TYPES = ['request', 'advice', 'receipt'];
const STATUS_TYPES = ['response', 'update', 'system'];

function typeFaults(node: JsonObject, path: string, types: string[], missing: string, unknown: string): Fault[] {
  if (!isPresent(node.type)) return [fault(missing, at(path, 'type'))];
  if (!types.includes(String(node.type))) return [fault(unknown, at(path, 'type'))];
  return [];
}

/** GOBL-BILL-ORDER-*. */
export function validateOrder(doc: JsonObject, path: string, _vc: ValidationContext): Fault[] {
  const faults = typeFaults(doc, path, ORDER_TYPES, 'GOBL-BILL-ORDER-01', 'GOBL-BILL-ORDER-02');
  if (isZeroDate(doc.issue_date)) faults.push(fault('GOBL-BILL-ORDER-03', at(path, 'issue_date')));
  if (!isPresent(doc.currency)) faults.push(fault('GOBL-BILL-ORDER-04', at(path, 'currency')));
  if (!isObject(doc.supplier)) faults.push(fault('GOBL-BILL-ORDER-05', at(path, 'supplier')));
  if (!isPresent(doc.lines)) faults.push(fault('GOBL-BILL-ORDER-06', at(path, 'lines')));
  return faults;
}

/** GOBL-BILL-DELIVERY-*. */
export function validateDelivery(doc: JsonObject, path: string, _vc: ValidationContext): Fault[] {
  const faults = typeFaults(doc, path, DELIVERY_TYPES, 'GOBL-BILL-DELIVERY-01', 'GOBL-BILL-DELIVERY-02');
  if (isZeroDate(doc.issue_date)) faults.push(fault('GOBL-BILL-DELIVERY-03', at(path, 'issue_date')));
  if (!isObject(doc.supplier)) faults.push(fault('GOBL-BILL-DELIVERY-04', at(path, 'supplier')));
  if (!isPresent(doc.lines)) faults.push(fault('GOBL-BILL-DELIVERY-05', at(path, 'lines')));
  return faults;
}

/** GOBL-BILL-PAYMENT-*: type, methods (with keys, adding up to the total), date, currency, supplier, lines. */
export function validatePayment(doc: JsonObject, path: string, _vc: ValidationContext): Fault[] {
  const faults: Fault[] = [];
  const methods = asArray(doc.methods);
  if (!methodsMatchTotal(doc, methods)) faults.push(fault('GOBL-BILL-PAYMENT-08', path));
  faults.push(...typeFaults(doc, path, PAYMENT_TYPES, 'GOBL-BILL-PAYMENT-01', 'GOBL-BILL-PAYMENT-02'));
  if (methods.length === 0) faults.push(fault('GOBL-BILL-PAYMENT-03', at(path, 'methods')));
  methods.forEach((m, i) => {
    if (isObject(m) && !isPresent(m.key)) faults.push(fault('GOBL-BILL-PAYMENT-09', at(at(at(path, 'methods'), i), 'key')));
  });
  if (isZeroDate(doc.issue_date)) faults.push(fault('GOBL-BILL-PAYMENT-04', at(path, 'issue_date')));
  if (!isPresent(doc.currency)) faults.push(fault('GOBL-BILL-PAYMENT-05', at(path, 'currency')));
  if (!isObject(doc.supplier)) faults.push(fault('GOBL-BILL-PAYMENT-06', at(path, 'supplier')));
  if (!isPresent(doc.lines)) faults.push(fault('GOBL-BILL-PAYMENT-07', at(path, 'lines')));
  return faults;
}

/**
 * The methods' amounts, each converted to the payment currency with the document's exchange rates
 * (at the currency's decimals), must add up to the total. A method in a currency without a rate fails.
 */
function methodsMatchTotal(doc: JsonObject, methods: Json[]): boolean {
  if (methods.length === 0) return true;
  const currency = typeof doc.currency === 'string' ? doc.currency : '';
  const total = Amount.from(doc.total) ?? Amount.zero(0);
  const rates = readExchangeRates(doc.exchange_rates);
  let sum = isCurrency(currency) ? currencyZero(currency) : Amount.zero(total.exp);
  for (const m of methods) {
    if (!isObject(m)) continue;
    const from = typeof m.currency === 'string' && m.currency !== '' ? m.currency : currency;
    const converted = convert(rates, from, currency, Amount.from(m.amount) ?? Amount.zero(0));
    if (!converted) return false;
    sum = sum.add(converted);
  }
  return sum.compare(total) === 0;
}

/** GOBL-BILL-PAYMENTLINE-*: amounts within bounds. */
export function validatePaymentLine(line: JsonObject, path: string, _vc: ValidationContext): Fault[] {
  const faults: Fault[] = [];
  const payable = decimalOf(line.payable);
  const advances = decimalOf(line.advances);
  const amount = decimalOf(line.amount);
  const due = decimalOf(line.due);
  if (payable && advances && advances.gt(payable)) faults.push(fault('GOBL-BILL-PAYMENTLINE-11', path));
  if (payable && amount && amount.gt(payable.minus(advances ?? 0))) faults.push(fault('GOBL-BILL-PAYMENTLINE-12', path));
  if (line.installment !== undefined && line.installment !== null) {
    const n = Number(line.installment);
    if (!Number.isInteger(n) || n < 1 || n > 999) faults.push(fault('GOBL-BILL-PAYMENTLINE-01', at(path, 'installment')));
  }
  if (payable?.isNegative()) faults.push(fault('GOBL-BILL-PAYMENTLINE-02', at(path, 'payable')));
  if (advances?.isNegative()) faults.push(fault('GOBL-BILL-PAYMENTLINE-03', at(path, 'advances')));
  if (amount?.isNegative()) faults.push(fault('GOBL-BILL-PAYMENTLINE-04', at(path, 'amount')));
  if (due?.isNegative()) faults.push(fault('GOBL-BILL-PAYMENTLINE-05', at(path, 'due')));
  return faults;
}

const STATUS_LINE_KEYS = ['issued', 'acknowledged', 'processing', 'querying', 'rejected', 'accepted', 'paid', 'error', 'other'];
const REASON_KEYS = [
  'none',
  'references',
  'legal',
  'unknown-receiver',
  'quality',
  'delivery',
  'prices',
  'quantity',
  'items',
  'payment-terms',
  'not-recognized',
  'finance-terms',
  'partial',
  'other',
];
const ACTION_KEYS = ['none', 'provide', 'reissue', 'credit-full', 'credit-partial', 'credit-amount', 'other'];

/** GOBL-BILL-STATUS-*. */
export function validateStatus(doc: JsonObject, path: string, _vc: ValidationContext): Fault[] {
  const faults = typeFaults(doc, path, STATUS_TYPES, 'GOBL-BILL-STATUS-01', 'GOBL-BILL-STATUS-02');
  if (!isObject(doc.supplier)) faults.push(fault('GOBL-BILL-STATUS-03', at(path, 'supplier')));
  if (!isPresent(doc.lines)) faults.push(fault('GOBL-BILL-STATUS-04', at(path, 'lines')));
  return faults;
}

function keyFaults(node: JsonObject, path: string, keys: string[], missing: string, unknown: string): Fault[] {
  if (!isPresent(node.key)) return [fault(missing, at(path, 'key'))];
  if (!keys.includes(String(node.key))) return [fault(unknown, at(path, 'key'))];
  return [];
}

export function validateStatusLine(node: JsonObject, path: string): Fault[] {
  return keyFaults(node, path, STATUS_LINE_KEYS, 'GOBL-BILL-STATUSLINE-01', 'GOBL-BILL-STATUSLINE-02');
}

export function validateReason(node: JsonObject, path: string): Fault[] {
  return keyFaults(node, path, REASON_KEYS, 'GOBL-BILL-REASON-01', 'GOBL-BILL-REASON-02');
}

export function validateAction(node: JsonObject, path: string): Fault[] {
  return keyFaults(node, path, ACTION_KEYS, 'GOBL-BILL-ACTION-01', 'GOBL-BILL-ACTION-02');
}

export function validateStatusFault(node: JsonObject, path: string): Fault[] {
  return isPresent(node.code) ? [] : [fault('GOBL-BILL-FAULT-01', at(path, 'code'))];
}

/** GOBL-BILL-TAX-*: known rounding rule and tax point. */
export function validateBillTax(node: JsonObject, path: string): Fault[] {
  const faults: Fault[] = [];
  if (isPresent(node.rounding) && !['precise', 'currency'].includes(String(node.rounding))) {
    faults.push(fault('GOBL-BILL-TAX-01', at(path, 'rounding')));
  }
  if (isPresent(node.point) && !['issue', 'delivery', 'payment'].includes(String(node.point))) {
    faults.push(fault('GOBL-BILL-TAX-02', at(path, 'point')));
  }
  return faults;
}

/** Reads a nested object, for regime rules that look at the supplier. */
export function supplierOf(doc: JsonObject): JsonObject | undefined {
  return asObject(doc.supplier);
}
