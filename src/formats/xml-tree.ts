import { create } from 'xmlbuilder2';

/**
 * An XML element as a plain object, in xmlbuilder2's object form: each key an element name (in order), `@name` an
 * attribute, `#` the text; an array repeats the element; undefined leaves it out. Writers build these and never
 * write markup themselves, so every value is escaped by the library.
 */
export type XmlValue = string | XmlElement | XmlElement[] | undefined;
export interface XmlElement {
  [name: string]: XmlValue | string[];
}

/** A text that is written only when there is one: an empty GOBL value leaves its element out. */
export const optional = (value: string): string | undefined => (value === '' ? undefined : value);

/**
 * Drops what would be written as an empty element, at every depth: members left undefined, empty texts, arrays
 * left empty and elements that are left with neither text nor children (an empty element says nothing, and Peppol
 * refuses one: PEPPOL-EN16931-R008). An element written as `{}` stays: the syntax asks for it even empty.
 */
function pruned(value: XmlValue | string[]): XmlValue | string[] {
  if (value === undefined) return undefined;
  if (typeof value === 'string') return value.trim() === '' ? undefined : value;
  if (Array.isArray(value)) {
    const kept = (value as (string | XmlElement)[]).map((v) => pruned(v)).filter((v) => v !== undefined);
    return kept.length === 0 ? undefined : (kept as XmlElement[]);
  }
  if (Object.keys(value).length === 0) return value;
  const out: XmlElement = {};
  for (const [name, member] of Object.entries(value)) {
    const kept = name.startsWith('@') ? member : pruned(member);
    if (kept !== undefined) out[name] = kept;
  }
  return Object.keys(out).some((name) => !name.startsWith('@')) ? out : undefined;
}

/** The UTF-8 XML text of a document whose root element is `root` (its namespaces among its attributes). */
export function xmlText(root: string, element: XmlElement): string {
  return create({ version: '1.0', encoding: 'UTF-8' }, { [root]: pruned(element) as XmlElement } as never).end({ prettyPrint: true });
}
