import type { Fault, JsonObject } from '../document';

/**
 * The totals a received e-invoice states (BG-22), as its sender wrote them: the service calculates the document
 * again, and keeps these beside its own so that a difference is seen, never silently replaced. Each is the
 * decimal text of the document, absent when the document does not state it.
 */
export interface StatedTotals {
  /** BT-106, the sum of line net amounts. */
  sum?: string;
  /** BT-107, the sum of allowances on document level. */
  discount?: string;
  /** BT-108, the sum of charges on document level. */
  charge?: string;
  /** BT-109, the total without VAT. */
  total?: string;
  /** BT-110, the total VAT. */
  tax?: string;
  /** BT-112, the total with VAT. */
  totalWithTax?: string;
  /** BT-113, the paid amount. */
  advances?: string;
  /** BT-114, the rounding amount. */
  rounding?: string;
  /** BT-115, the amount due for payment. */
  payable?: string;
}

/**
 * A received e-invoice read as a GOBL invoice (a `bill/invoice` document, not yet calculated), with the totals
 * its sender stated; or why it cannot be read (faults whose paths are XPaths of the received document).
 */
export type ReadResult = { ok: true; doc: JsonObject; stated: StatedTotals } | { ok: false; faults: Fault[] };
