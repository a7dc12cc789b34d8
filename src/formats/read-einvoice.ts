import type { Fault, JsonObject } from '../document';
import { readCii } from './cii/cii-reader';
import type { StatedTotals } from './reading';
import { readUbl } from './ubl/ubl-reader';
import { EINVOICE_ROOTS, type Syntax } from './validation/rule-sets';
import { screenXml } from './validation/xml-screen';
import { childElements, parseXml } from './xml-read';

/** A received e-invoice read as a GOBL invoice: its syntax, its customization id (BT-24), the document, the sender's totals. */
export interface ReceivedEinvoice {
  syntax: Syntax;
  customization: string;
  doc: JsonObject;
  stated: StatedTotals;
}

/** Why a received text is not read: `malformed` (400) for XML that is broken or refused unread, else 422 with its faults. */
export type ReadRefusal = { malformed: true; message: string } | { malformed: false; message: string; faults: Fault[]; syntax?: Syntax };

const customizationOf = (root: ReturnType<typeof parseXml>, syntax: Syntax): string => {
  const wanted = syntax === 'ubl' ? ['CustomizationID'] : ['ExchangedDocumentContext', 'GuidelineSpecifiedDocumentContextParameter', 'ID'];
  let found: ReturnType<typeof parseXml> | undefined = root;
  for (const name of wanted) found = found && childElements(found).find((child) => child.localName === name);
  return found?.textContent?.trim() ?? '';
};

/**
 * Reads an XML e-invoice (a UBL Invoice or CreditNote, or a CII CrossIndustryInvoice, of any EN 16931 CIUS) as a
 * GOBL invoice: screened first (no DTD, bounded depth), parsed, its syntax told by its root element.
 */
export function readEinvoice(xml: string): { ok: true; read: ReceivedEinvoice } | { ok: false; refusal: ReadRefusal } {
  const screened = screenXml(xml);
  if (screened) return { ok: false, refusal: { malformed: true, message: screened.refused } };
  let root: ReturnType<typeof parseXml>;
  try {
    root = parseXml(xml);
  } catch (error) {
    return { ok: false, refusal: { malformed: true, message: `the body is not well-formed XML: ${(error as Error).message}` } };
  }
  const known = EINVOICE_ROOTS[`${root.namespaceURI ?? ''} ${root.localName}`];
  if (!known) {
    const message = `not an e-invoice: the root element is ${root.localName}${root.namespaceURI ? ` in ${root.namespaceURI}` : ''}, not a UBL Invoice or CreditNote nor a CII CrossIndustryInvoice`;
    return { ok: false, refusal: { malformed: false, message, faults: [] } };
  }
  const result = known.syntax === 'ubl' ? readUbl(root) : readCii(root);
  if (!result.ok) {
    const message = `the ${known.syntax.toUpperCase()} document cannot be read as an invoice: ${result.faults.map((fault) => fault.message).join('; ')}`;
    return { ok: false, refusal: { malformed: false, message, faults: result.faults, syntax: known.syntax } };
  }
  return {
    ok: true,
    read: { syntax: known.syntax, customization: customizationOf(root, known.syntax), doc: result.doc, stated: result.stated },
  };
}
