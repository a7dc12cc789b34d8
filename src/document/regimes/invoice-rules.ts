import { at, fault } from '../rules/fault';
import { isZeroDate } from '../rules/checks';
import { asArray, asObject, isObject, isPresent } from '../rules/values';
import { decimalOf } from '../rules/checks';
import type { Fault, JsonObject } from '../types';
import { hasIdentity, hasTaxIdCode } from './supplier-rules';

/** Regime rules on invoices, by regime country (GOBL-<CC>-BILL-INVOICE-*). */
type InvoiceRule = (inv: JsonObject, path: string) => Fault[];

/** A supplier needs a tax ID code or one of the listed identities; reported on the supplier. */
function supplierIdentifiedBy(code: string, types: string[], by: 'type' | 'key' = 'type'): InvoiceRule {
  return (inv, path) => {
    const supplier = asObject(inv.supplier);
    return hasTaxIdCode(supplier) || hasIdentity(supplier, types, by) ? [] : [fault(code, at(path, 'supplier'))];
  };
}

/** The supplier's tax ID and its code must be given. */
function supplierTaxId(prefix: string, first: number): InvoiceRule {
  const code = (n: number) => `${prefix}-${String(n).padStart(2, '0')}`;
  return (inv, path) => {
    const supplier = asObject(inv.supplier);
    if (!supplier) return [];
    const sp = at(path, 'supplier');
    const taxId = asObject(supplier.tax_id);
    if (!taxId) return [fault(code(first), at(sp, 'tax_id'))];
    return isPresent(taxId.code) ? [] : [fault(code(first + 1), at(at(sp, 'tax_id'), 'code'))];
  };
}

const es: InvoiceRule = (inv, path) => {
  if (!asObject(inv.supplier)) return [fault('GOBL-ES-BILL-INVOICE-01', at(path, 'supplier'))];
  return supplierTaxId('GOBL-ES-BILL-INVOICE', 2)(inv, path);
};

const ar: InvoiceRule = (inv, path) => {
  const supplier = asObject(inv.supplier);
  return supplier && !isObject(supplier.tax_id) ? [fault('GOBL-AR-BILL-INVOICE-01', at(at(path, 'supplier'), 'tax_id'))] : [];
};

/** Belgium: a BCE (company register) identity can stand in for the tax ID, and the other way round. */
const be: InvoiceRule = (inv, path) => {
  const supplier = asObject(inv.supplier);
  if (!supplier) return [];
  const faults: Fault[] = [];
  const sp = at(path, 'supplier');
  if (!hasIdentity(supplier, ['BCE'])) {
    const taxId = asObject(supplier.tax_id);
    if (!taxId) faults.push(fault('GOBL-BE-BILL-INVOICE-01', at(sp, 'tax_id')));
    else if (!isPresent(taxId.code)) faults.push(fault('GOBL-BE-BILL-INVOICE-02', at(at(sp, 'tax_id'), 'code')));
  }
  if (!hasTaxIdCode(supplier) && !hasIdentity(supplier, ['BCE'])) faults.push(fault('GOBL-BE-BILL-INVOICE-03', at(sp, 'identities')));
  return faults;
};

const PT_TYPES = ['standard', 'credit-note', 'debit-note', 'proforma', 'other'];

function after(a: unknown, b: unknown): boolean {
  return !isZeroDate(a) && !isZeroDate(b) && String(a) > String(b);
}

/** Portugal (SAF-T): known types, supplier NIF, no negative amounts, dates consistent with the issue date. */
const pt: InvoiceRule = (inv, path) => {
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
  if (isPresent(inv.type) && !PT_TYPES.includes(String(inv.type))) faults.push(fault('GOBL-PT-BILL-INVOICE-01', at(path, 'type')));
  if (['credit-note', 'debit-note'].includes(String(inv.type)) && !isPresent(inv.preceding)) {
    faults.push(fault('GOBL-PT-BILL-INVOICE-02', at(path, 'preceding')));
  }
  faults.push(...supplierTaxId('GOBL-PT-BILL-INVOICE', 3)(inv, path));
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
};

export const invoiceRules: Readonly<Record<string, InvoiceRule>> = {
  AR: ar,
  BE: be,
  DE: supplierIdentifiedBy('GOBL-DE-BILL-INVOICE-01', ['de-tax-number'], 'key'),
  DK: supplierIdentifiedBy('GOBL-DK-BILL-INVOICE-01', ['CVR']),
  ES: es,
  FR: supplierIdentifiedBy('GOBL-FR-BILL-INVOICE-01', ['SIREN', 'SIRET']),
  NL: supplierIdentifiedBy('GOBL-NL-BILL-INVOICE-01', ['KVK', 'OIN']),
  PT: pt,
  SE: supplierIdentifiedBy('GOBL-SE-BILL-INVOICE-01', ['ON', 'PN', 'CN']),
  SG: supplierIdentifiedBy('GOBL-SG-BILL-INVOICE-01', ['UEN']),
};
