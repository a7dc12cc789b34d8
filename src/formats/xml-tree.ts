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

/** Drops the members left undefined, and arrays left empty, at every depth (xmlbuilder2 would write them as empty elements). */
function pruned(value: XmlValue | string[]): XmlValue | string[] {
  if (Array.isArray(value)) return value.map((v) => pruned(v) as XmlElement);
  if (value === undefined || typeof value === 'string') return value;
  const out: XmlElement = {};
  for (const [name, member] of Object.entries(value)) {
    if (member === undefined || (Array.isArray(member) && member.length === 0)) continue;
    out[name] = pruned(member);
  }
  return out;
}

/** The UTF-8 XML text of a document whose root element is `root` (its namespaces among its attributes). */
export function xmlText(root: string, element: XmlElement): string {
  return create({ version: '1.0', encoding: 'UTF-8' }, { [root]: pruned(element) as XmlElement } as never).end({ prettyPrint: true });
}
