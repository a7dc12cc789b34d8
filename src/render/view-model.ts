/**
 * A document as a person reads it, as plain data of formatted strings: the PDF lays it out with pdfkit, and the
 * console can show the same content in a browser. Nothing here does I/O or needs Node.
 */
export interface DocumentView {
  /** What the document is, e.g. "Invoice F-0001". */
  title: string;
  /** The schema's own words, e.g. "bill/invoice". */
  kind: string;
  /** Short facts under the title: dates, currency, references. */
  facts: ViewField[];
  /** The parties, side by side: supplier and customer, or the party itself. */
  parties: PartyBlock[];
  tables: ViewTable[];
  /** The totals, top to bottom, ending with what is payable and due. */
  totals: ViewField[];
  /** Text under the tables: payment terms and instructions, notes, and what else the document holds. */
  sections: TextSection[];
}

export interface ViewField {
  label: string;
  value: string;
  /** Shown stronger: the amount payable or due. */
  strong?: boolean;
}

export interface PartyBlock {
  role: string;
  name: string;
  /** Tax id, address lines, emails and telephones, each a line. */
  lines: string[];
}

export interface ViewColumn {
  label: string;
  align: 'left' | 'right';
  /** Share of the table's width. */
  width: number;
}

export interface ViewTable {
  title: string;
  columns: ViewColumn[];
  rows: string[][];
}

export interface TextSection {
  title: string;
  lines: string[];
}
