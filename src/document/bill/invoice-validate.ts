import { at, fault } from '../rules/fault';
import type { ValidationContext } from '../tax/validation-context';
import { isZeroDate } from '../cal/date';
import { asArray, asObject, isObject, isPresent } from '../rules/values';
import type { Fault, JsonObject } from '../base/types';

export const INVOICE_TYPES = ['standard', 'proforma', 'corrective', 'credit-note', 'debit-note', 'other'];

/** GOBL's invoice rules (GOBL-BILL-INVOICE-*): header fields, supplier, customer name, line prices, totals. */
export function validateInvoice(inv: JsonObject, path: string, _vc: ValidationContext): Fault[] {
  const faults: Fault[] = [];
  // GOBL runs both checks: a missing type is not a valid one either (met in an invoice complement, which the
  // document's normalization does not reach).
  if (!isPresent(inv.type)) faults.push(fault('GOBL-BILL-INVOICE-01', at(path, 'type')));
  if (!INVOICE_TYPES.includes(String(inv.type))) faults.push(fault('GOBL-BILL-INVOICE-02', at(path, 'type')));
  if (isZeroDate(inv.issue_date)) faults.push(fault('GOBL-BILL-INVOICE-03', at(path, 'issue_date')));
  if (!isPresent(inv.currency)) faults.push(fault('GOBL-BILL-INVOICE-04', at(path, 'currency')));

  const supplier = asObject(inv.supplier);
  if (!supplier) faults.push(fault('GOBL-BILL-INVOICE-05', at(path, 'supplier')));
  else if (!isPresent(supplier.name)) faults.push(fault('GOBL-BILL-INVOICE-06', at(at(path, 'supplier'), 'name')));

  // A dated tax point replaces the value date.
  const tax = asObject(inv.tax);
  if (tax && isPresent(tax.point) && isPresent(inv.value_date)) {
    faults.push(fault('GOBL-BILL-INVOICE-11', at(path, 'value_date')));
  }

  const customer = asObject(inv.customer);
  const customerTaxId = customer && asObject(customer.tax_id);
  if (customer && customerTaxId && isPresent(customerTaxId.code) && !isPresent(customer.name)) {
    faults.push(fault('GOBL-BILL-INVOICE-07', at(at(path, 'customer'), 'name')));
  }

  asArray(inv.lines).forEach((line, i) => {
    const item = isObject(line) ? asObject(line.item) : undefined;
    if (item && (item.price === undefined || item.price === null)) {
      faults.push(fault('GOBL-BILL-INVOICE-08', at(at(at(at(path, 'lines'), i), 'item'), 'price')));
    }
  });

  if (!isObject(inv.totals)) faults.push(fault('GOBL-BILL-INVOICE-09', at(path, 'totals')));
  // Lines may only be left out when document-level discounts or charges carry the amounts.
  if (asArray(inv.discounts).length === 0 && asArray(inv.charges).length === 0 && asArray(inv.lines).length === 0) {
    faults.push(fault('GOBL-BILL-INVOICE-10', at(path, 'lines')));
  }
  return faults;
}
