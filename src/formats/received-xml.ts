import { EINVOICE_ROOTS, type Syntax } from './validation/rule-sets';
import { screenXml } from './validation/xml-screen';
import { childElements, parseXml, type XmlElementNode } from './xml-read';

/** A received XML e-invoice, parsed: its root element, its syntax, whether a UBL credit note, its customization id (BT-24). */
export interface ReceivedXml {
  root: XmlElementNode;
  syntax: Syntax;
  creditNote: boolean;
  customization: string;
}

/** Why a received text is no e-invoice: `malformed` (400) for XML that is broken or refused unread, else another document (422). */
export interface NotEinvoiceXml {
  malformed: boolean;
  message: string;
}

const customizationOf = (root: XmlElementNode, syntax: Syntax): string => {
  const wanted = syntax === 'ubl' ? ['CustomizationID'] : ['ExchangedDocumentContext', 'GuidelineSpecifiedDocumentContextParameter', 'ID'];
  let found: XmlElementNode | undefined = root;
  for (const name of wanted) found = found && childElements(found).find((child) => child.localName === name);
  return found?.textContent?.trim() ?? '';
};

/**
 * A received text as an e-invoice, for reading it and for validating it alike: screened first (no DTD, bounded
 * depth), parsed by a strict parser, its syntax told by its root element.
 */
export function receivedXml(xml: string): { ok: true; received: ReceivedXml } | { ok: false; refusal: NotEinvoiceXml } {
  const screened = screenXml(xml);
  if (screened) return { ok: false, refusal: { malformed: true, message: screened.refused } };
  let root: XmlElementNode;
  try {
    root = parseXml(xml);
  } catch (error) {
    return { ok: false, refusal: { malformed: true, message: `the body is not well-formed XML: ${(error as Error).message}` } };
  }
  const known = EINVOICE_ROOTS[`${root.namespaceURI ?? ''} ${root.localName}`];
  if (!known) {
    const message = `not an e-invoice: the root element is ${root.localName}${root.namespaceURI ? ` in ${root.namespaceURI}` : ''}, not a UBL Invoice or CreditNote nor a CII CrossIndustryInvoice`;
    return { ok: false, refusal: { malformed: false, message } };
  }
  return { ok: true, received: { root, ...known, customization: customizationOf(root, known.syntax) } };
}
