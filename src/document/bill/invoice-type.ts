import { str } from '../rules/values';
import type { JsonObject } from '../base/types';

/** Invoice types that correct a preceding invoice. */
export const CORRECTIVE_INVOICE_TYPES = ['corrective', 'credit-note', 'debit-note'];

/** The invoice's type; an absent type is GOBL's default, `standard`. */
export function invoiceType(doc: JsonObject | undefined): string {
  return str(doc, 'type') || 'standard';
}
