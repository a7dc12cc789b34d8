/** Why an XML text is refused before any parser reads it. */
export type XmlRefusal = { refused: string };

/** Deepest nesting of elements taken: e-invoices nest about a dozen deep. */
export const XML_DEPTH_LIMIT = 64;

/**
 * Screens a received XML text before it is parsed. A document type declaration is refused outright, since no
 * e-invoice has one and it is what external entities (XXE) and entity expansion ("billion laughs") need; the
 * nesting is bounded, so no parser recurses without end. One pass over the text, no parser involved.
 */
export function screenXml(text: string): XmlRefusal | undefined {
  if (/<!DOCTYPE|<!ENTITY/.test(text)) {
    return { refused: 'the XML has a document type declaration (DOCTYPE or ENTITY): refused, as no e-invoice needs one' };
  }
  let depth = 0;
  // Tags only: comments, processing instructions and CDATA hold no elements; a `>` inside an attribute is rare
  // and only makes the count err towards deeper.
  for (const [, close, , selfClosing] of text.matchAll(/<(\/?)([A-Za-z_][^\s/>]*)(?:[^>]*?)(\/?)>/g)) {
    if (close) depth--;
    else if (!selfClosing && ++depth > XML_DEPTH_LIMIT) {
      return { refused: `the XML nests elements more than ${XML_DEPTH_LIMIT} deep` };
    }
  }
  return undefined;
}
