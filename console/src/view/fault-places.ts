import type { DocumentView } from '../../../src/render/document-view';
import { labelOf } from '../../../src/render/json-read';

export interface EntryFault {
  code: string;
  message: string;
  paths: string[];
}

/** The view's blocks a fault can stand beside: the title and facts, a party, a table, the totals, a text section. */
export type BlockPlace = 'head' | 'totals' | `party:${number}` | `table:${number}` | `section:${number}`;

/** Faults by the block they point at, and those no block shows (a missing field, the envelope's head). */
export interface PlacedFaults {
  at: Map<BlockPlace, EntryFault[]>;
  elsewhere: EntryFault[];
}

/** The sections the view gives each part of a bill's payment. */
const PAYMENT_SECTIONS: Record<string, string> = { terms: 'Payment terms', instructions: 'Payment instructions', advances: 'Advances' };

/** `$.doc.lines[2].item.price` → `['lines', 'item', 'price']`: the document's keys on the way, without indexes. */
const keysOf = (path: string): string[] | undefined => {
  const match = /^\$\.doc(?:\.|$)(.*)$/.exec(path);
  return match
    ? match[1]
        .split('.')
        .map((key) => key.replace(/\[\d+\]$/, ''))
        .filter(Boolean)
    : undefined;
};

/**
 * The block of the view a fault's path points into, when the view shows that part of the document. The view is
 * plain text, so a block is found by what it is called: parties by their role, tables and sections by their title.
 */
export function placeOf(path: string, view: DocumentView, doc: Record<string, unknown>): BlockPlace | undefined {
  const keys = keysOf(path);
  if (!keys || keys.length === 0) return undefined;
  const [key, next] = keys;
  const sectionTitled = (title: string): BlockPlace | undefined => {
    const index = view.sections.findIndex((section) => section.title === title);
    return index >= 0 ? `section:${index}` : undefined;
  };
  const tableTitled = (...titles: string[]): BlockPlace | undefined => {
    const index = view.tables.findIndex((table) => titles.includes(table.title));
    return index >= 0 ? `table:${index}` : undefined;
  };
  // A party document is its own block: its fields are that party's.
  if (view.kind === 'org/party' && view.parties.length === 1 && !sectionTitled(labelOf(key))) return 'party:0';
  const party = view.parties.findIndex((block) => block.role === labelOf(key));
  if (party >= 0) return `party:${party}`;
  if (key === 'lines') return tableTitled('Lines', 'Documents paid') ?? sectionTitled('Lines');
  if (key === 'totals') return (next === 'taxes' ? tableTitled('Taxes') : undefined) ?? (view.totals.length > 0 ? 'totals' : undefined);
  if (key === 'payment') return next ? sectionTitled(PAYMENT_SECTIONS[next] ?? '') : undefined;
  if (key === 'discounts' || key === 'charges') return sectionTitled('Discounts and charges');
  const section = sectionTitled(labelOf(key));
  if (section) return section;
  // A short field of the document (its code, dates, currency) is written under the title.
  const value = doc[key];
  return value !== undefined && value !== null && typeof value !== 'object' ? 'head' : undefined;
}

/** Each fault beside the first block one of its paths points into, or in the list of the others. */
export function placeFaults(faults: EntryFault[], view: DocumentView, doc: Record<string, unknown>): PlacedFaults {
  const at = new Map<BlockPlace, EntryFault[]>();
  const elsewhere: EntryFault[] = [];
  for (const fault of faults) {
    const place = fault.paths.map((path) => placeOf(path, view, doc)).find((found) => found !== undefined);
    // A missing field points at nothing shown: a fault at `$.doc.supplier` with no supplier goes in the list.
    if (place === undefined) elsewhere.push(fault);
    else at.set(place, [...(at.get(place) ?? []), fault]);
  }
  return { at, elsewhere };
}
