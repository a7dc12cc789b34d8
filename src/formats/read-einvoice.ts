import type { Fault, JsonObject } from '../document';
import { readCii } from './cii/cii-reader';
import type { StatedTotals } from './reading';
import { readUbl } from './ubl/ubl-reader';
import { receivedXml, type NotEinvoiceXml } from './received-xml';
import type { Syntax } from './validation/rule-sets';

/** A received e-invoice read as a GOBL invoice: its syntax, its customization id (BT-24), the document, the sender's totals. */
export interface ReceivedEinvoice {
  syntax: Syntax;
  customization: string;
  doc: JsonObject;
  stated: StatedTotals;
}

/** Why a received text is not read: `malformed` (400) for XML that is broken or refused unread, else 422 with the faults of its reading. */
export type ReadRefusal = NotEinvoiceXml & { faults?: Fault[]; syntax?: Syntax };

/**
 * Reads an XML e-invoice (a UBL Invoice or CreditNote, or a CII CrossIndustryInvoice, of any EN 16931 CIUS) as a
 * GOBL invoice, its syntax told by its root element (receivedXml).
 */
export function readEinvoice(xml: string): { ok: true; read: ReceivedEinvoice } | { ok: false; refusal: ReadRefusal } {
  const parsed = receivedXml(xml);
  if (!parsed.ok) return { ok: false, refusal: parsed.refusal };
  const { root, syntax, customization } = parsed.received;
  const result = syntax === 'ubl' ? readUbl(root) : readCii(root);
  if (!result.ok) {
    const message = `the ${syntax.toUpperCase()} document cannot be read as an invoice: ${result.faults.map((fault) => fault.message).join('; ')}`;
    return { ok: false, refusal: { malformed: false, message, faults: result.faults, syntax } };
  }
  return { ok: true, read: { syntax, customization, doc: result.doc, stated: result.stated } };
}
