import { saxon } from './saxon';

/**
 * Reading a received XML document by namespace and local name, never by the prefixes its sender chose: a path
 * such as `cac:AccountingSupplierParty/cac:Party/cbc:EndpointID` names each step with a prefix of `namespaces`
 * (the syntax's usual ones), and matches any element of that namespace and name.
 */
export type Namespaces = Record<string, string>;

/** One element of a parsed document: what the readers use of the DOM. */
export interface XmlElementNode {
  readonly nodeType: number;
  readonly namespaceURI: string | null;
  readonly localName: string;
  readonly textContent: string | null;
  readonly childNodes: ArrayLike<XmlElementNode>;
  getAttribute(name: string): string | null;
}

const ELEMENT_NODE = 1;

/** The child elements of an element, in document order. */
export const childElements = (element: XmlElementNode): XmlElementNode[] =>
  Array.from(element.childNodes).filter((node) => node.nodeType === ELEMENT_NODE);

/**
 * The root element of an XML text (screened beforehand: no DTD, bounded depth), parsed by SaxonJS's parser, which
 * is strict: text that is not well-formed (an unclosed or mismatched tag, an unknown entity) throws, never reads
 * as a repaired document.
 */
export function parseXml(text: string): XmlElementNode {
  const document = saxon().XPath.evaluate('parse-xml($text)', null, { params: { text } }) as { documentElement: XmlElementNode };
  return document.documentElement;
}

/** A reader of one syntax: its prefixes, and the helpers that walk paths written with them. */
export class XmlReader {
  constructor(private readonly namespaces: Namespaces) {}

  private step(step: string): [string, string] {
    const [prefix, name] = step.split(':');
    const uri = this.namespaces[prefix];
    if (uri === undefined) throw new Error(`unknown prefix ${prefix} in ${step}`);
    return [uri, name];
  }

  /** Every element at `path` below `from`, in document order. */
  all(from: XmlElementNode | undefined, path: string): XmlElementNode[] {
    let found = from ? [from] : [];
    for (const part of path.split('/')) {
      const [uri, name] = this.step(part);
      found = found.flatMap((element) => childElements(element).filter((child) => child.localName === name && child.namespaceURI === uri));
    }
    return found;
  }

  /** The first element at `path` below `from`. */
  one(from: XmlElementNode | undefined, path: string): XmlElementNode | undefined {
    return this.all(from, path)[0];
  }

  /** The trimmed text of the first element at `path`; undefined when there is none or it is empty. */
  text(from: XmlElementNode | undefined, path: string): string | undefined {
    const value = this.one(from, path)?.textContent?.trim();
    return value === '' ? undefined : value;
  }

  /** An attribute of the first element at `path`. */
  attribute(from: XmlElementNode | undefined, path: string, name: string): string | undefined {
    return this.one(from, path)?.getAttribute(name) ?? undefined;
  }
}
