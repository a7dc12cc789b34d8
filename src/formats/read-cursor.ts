import type { Fault } from '../document';
import { Amount, AmountError } from '../document/num';
import type { XmlElementNode, XmlReader } from './xml-read';

/**
 * An element of a received document with its XPath, for the readers of both syntaxes: what they read is located,
 * so a value that cannot be read is reported where it stands (`/Invoice/cac:InvoiceLine[2]/cbc:InvoicedQuantity`).
 * Every cursor of one reading shares its list of faults.
 */
export class ReadCursor {
  private constructor(
    readonly element: XmlElementNode,
    readonly path: string,
    private readonly reader: XmlReader,
    readonly faults: Fault[],
  ) {}

  /** The cursor of a document's root element, named as its XPath names it (`Invoice`, `rsm:CrossIndustryInvoice`). */
  static root(element: XmlElementNode, name: string, reader: XmlReader): ReadCursor {
    return new ReadCursor(element, `/${name}`, reader, []);
  }

  /** Every element at `path` below this one; a step that repeats is indexed in its XPath, as XPath counts (from 1). */
  all(path: string): ReadCursor[] {
    let found: ReadCursor[] = [this];
    for (const step of path.split('/')) {
      found = found.flatMap((parent) => {
        const children = parent.reader.all(parent.element, step);
        return children.map(
          (child, i) =>
            new ReadCursor(child, `${parent.path}/${step}${children.length > 1 ? `[${i + 1}]` : ''}`, parent.reader, parent.faults),
        );
      });
    }
    return found;
  }

  one(path: string): ReadCursor | undefined {
    return this.all(path)[0];
  }

  /** The XPath of `path` below this element, whether or not it is there. */
  pathOf(path?: string): string {
    return path ? `${this.path}/${path}` : this.path;
  }

  /** The trimmed text at `path` (this element's own without one); undefined when absent or empty. */
  text(path?: string): string | undefined {
    const value = (path ? this.reader.one(this.element, path) : this.element)?.textContent?.trim();
    return value === '' ? undefined : value;
  }

  /** The trimmed texts of every element at `path`, the empty ones left out. */
  texts(path: string): string[] {
    return this.all(path)
      .map((cursor) => cursor.text())
      .filter((text): text is string => text !== undefined);
  }

  /** An attribute of the element at `path` (of this one without a path), trimmed; undefined when absent or empty. */
  attribute(path: string | undefined, name: string): string | undefined {
    const element = path ? this.reader.one(this.element, path) : this.element;
    const value = element?.getAttribute(name)?.trim();
    return value === '' || value === null ? undefined : value;
  }

  /** Records that what stands at `path` cannot be read. */
  fault(code: string, path: string | undefined, message: string): void {
    this.faults.push({ code, message, paths: [this.pathOf(path)] });
  }

  /**
   * A decimal at `path` (xs:decimal: `+5`, `.5` and `5.` are decimals too) as GOBL writes one; a text that is no
   * decimal, or that GOBL cannot hold, is a fault, since the engine would refuse the whole document for it.
   */
  decimal(path?: string): string | undefined {
    const text = this.text(path);
    if (text === undefined) return undefined;
    const match = /^([+-]?)(\d*)(?:\.(\d*))?$/.exec(text);
    if (match && (match[2] !== '' || (match[3] ?? '') !== '')) {
      const value = `${match[1] === '-' ? '-' : ''}${match[2] || '0'}${match[3] ? `.${match[3]}` : ''}`;
      try {
        Amount.parse(value);
        return value;
      } catch (err) {
        if (!(err instanceof AmountError)) throw err;
      }
    }
    this.fault('read-number', path, `'${text}' is not a decimal number`);
    return undefined;
  }

  /** A date at `path`, turned into GOBL's `YYYY-MM-DD` by `parse` (undefined when it cannot be), else a fault. */
  date(path: string | undefined, parse: (text: string, cursor: ReadCursor) => string | undefined): string | undefined {
    const text = this.text(path);
    if (text === undefined) return undefined;
    const iso = parse(text, path ? (this.one(path) ?? this) : this);
    if (iso !== undefined && validDate(iso)) return iso;
    this.fault('read-date', path, `'${text}' is not a date`);
    return undefined;
  }
}

/** A calendar date written `YYYY-MM-DD` that exists. */
function validDate(iso: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}
