import { at, fault } from '../../rules/fault';
import { decimalOf } from '../../num/decimal';
import { isZeroDate } from '../../cal/date';
import { asArray, asObject, isObject, isPresent } from '../../rules/values';
import type { RegimeRules } from '../../tax/regime-def';
import type { Fault, JsonObject } from '../../base/types';
import { supplierTaxIdRule } from '../supplier-checks';

const TYPES = ['standard', 'credit-note', 'debit-note', 'proforma', 'other'];
const supplierTaxId = supplierTaxIdRule('GOBL-PT-BILL-INVOICE', 3);

function after(a: unknown, b: unknown): boolean {
  return !isZeroDate(a) && !isZeroDate(b) && String(a) > String(b);
}

/** SAF-T: known types, supplier NIF, no negative amounts, dates consistent with the issue date. */
function invoiceFaults(inv: JsonObject, path: string): Fault[] {
  const faults: Fault[] = [];
  const issue = inv.issue_date;
  if (after(inv.value_date, issue)) faults.push(fault('GOBL-PT-BILL-INVOICE-11', path));
  if (after(inv.op_date, issue)) faults.push(fault('GOBL-PT-BILL-INVOICE-12', path));
  if (asArray(inv.preceding).some((p) => isObject(p) && after(p.issue_date, issue))) faults.push(fault('GOBL-PT-BILL-INVOICE-13', path));
  const payment = asObject(inv.payment);
  if (payment && asArray(payment.advances).some((a) => isObject(a) && after(a.date, issue))) {
    faults.push(fault('GOBL-PT-BILL-INVOICE-14', path));
  }
  const terms = payment && asObject(payment.terms);
  if (terms && asArray(terms.due_dates).some((d) => isObject(d) && after(issue, d.date))) {
    faults.push(fault('GOBL-PT-BILL-INVOICE-15', path));
  }
  // GOBL's check holds on an empty type too (only an invoice that was never calculated has none: a complement of a payment).
  if (!TYPES.includes(typeof inv.type === 'string' ? inv.type : '')) faults.push(fault('GOBL-PT-BILL-INVOICE-01', at(path, 'type')));
  if (['credit-note', 'debit-note'].includes(String(inv.type)) && !isPresent(inv.preceding)) {
    faults.push(fault('GOBL-PT-BILL-INVOICE-02', at(path, 'preceding')));
  }
  faults.push(...supplierTaxId(inv, path));
  asArray(inv.lines).forEach((line, i) => {
    if (!isObject(line)) return;
    const lp = at(at(path, 'lines'), i);
    if (decimalOf(line.quantity)?.isNegative()) faults.push(fault('GOBL-PT-BILL-INVOICE-05', at(lp, 'quantity')));
    const item = asObject(line.item);
    if (item && decimalOf(item.price)?.isNegative()) faults.push(fault('GOBL-PT-BILL-INVOICE-06', at(at(lp, 'item'), 'price')));
  });
  const totals = asObject(inv.totals);
  if (totals && decimalOf(totals.due)?.isNegative()) faults.push(fault('GOBL-PT-BILL-INVOICE-07', at(at(path, 'totals'), 'due')));
  return faults;
}

export const ptRules: RegimeRules = {
  'bill/invoice': invoiceFaults,
  /** VAT combos carry the region extension. */
  'tax/combo': (combo, path) => {
    if (combo.cat !== 'VAT') return [];
    const ext = asObject(combo.ext);
    return ext && isPresent(ext['pt-region']) ? [] : [fault('GOBL-PT-TAX-COMBO-01', at(path, 'ext'))];
  },
};
