import type { Envelope, JsonObject } from '../document/base/types';
import { billView } from './bill-view';
import { listingView } from './listing-view';
import { partyDocumentView } from './party-view';
import { textFormat } from './text-format';
import type { DocumentView } from './view-model';

export type * from './view-model';

/** Envelope schemas' last path parts, e.g. `bill/invoice` from `https://gobl.org/draft-0/bill/invoice`. */
export const kindOf = (schema: unknown): string =>
  typeof schema === 'string' ? schema.replace(/^https:\/\/gobl\.org\/draft-0\//, '') : 'unknown';

/**
 * The view of an envelope's document, as plain data of formatted strings: the PDF lays it out with pdfkit, and
 * the console can show the same content in a browser (nothing here does I/O or needs Node). `locale` (a BCP 47
 * tag, `en` by default) decides how numbers and dates read; amounts stay in the document's currency.
 */
export function documentView(envelope: Envelope, locale = 'en'): DocumentView {
  const doc: JsonObject = envelope.doc ?? {};
  const kind = kindOf(doc.$schema);
  const format = textFormat(locale, typeof doc.currency === 'string' ? doc.currency : undefined);
  if (kind.startsWith('bill/')) return billView(doc, kind, format);
  if (kind === 'org/party') return partyDocumentView(doc, format);
  return listingView(doc, kind, format);
}
