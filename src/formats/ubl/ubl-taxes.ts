import type { Fault, JsonObject } from '../../document';
import { obj, str } from '../../document/rules/values';
import { taxRateOf, vatBreakdown } from '../en16931/semantics';
import type { XmlElement } from '../xml-tree';

/** An amount with its currency, as every UBL amount is written. */
export const money = (value: string, currency: string) => ({ '@currencyID': currency, '#': value });

/** A tax category as a line, an allowance or charge, or a subtotal writes it: its code, its rate, and the VAT scheme. */
export function taxCategory(node: JsonObject | undefined, extra: XmlElement = {}): XmlElement {
  const { category, percent } = taxRateOf(node);
  return { 'cbc:ID': category, 'cbc:Percent': percent, ...extra, 'cac:TaxScheme': { 'cbc:ID': 'VAT' } };
}

/** The document's cac:TaxTotal: the VAT it charges and a subtotal per category and rate, as GOBL summed them. */
export function taxTotal(doc: JsonObject, currency: string, faults: Fault[]): XmlElement {
  const subtotals = vatBreakdown(doc, faults).map((row) => ({
    'cbc:TaxableAmount': money(row.base, currency),
    'cbc:TaxAmount': money(row.amount, currency),
    'cac:TaxCategory': {
      'cbc:ID': row.category,
      'cbc:Percent': row.percent,
      'cbc:TaxExemptionReasonCode': row.reasonCode,
      'cbc:TaxExemptionReason': row.reason,
      'cac:TaxScheme': { 'cbc:ID': 'VAT' },
    },
  }));
  return { 'cbc:TaxAmount': money(str(obj(obj(doc, 'totals'), 'taxes'), 'sum') || '0.00', currency), 'cac:TaxSubtotal': subtotals };
}
