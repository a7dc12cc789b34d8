import type { DocumentView, ViewField } from '../render/view-model';

/**
 * Words up to this many characters are left as they are: longer than a full line of body text (about 95), so a
 * word that could move whole to the next line is never touched, and short enough that pdfkit breaking one in a
 * narrow column costs nothing that matters.
 */
const LONGEST_WORD = 128;
/** A word past it gets a break opportunity after every character: zero wide, invisible, and in every font here. */
const ZERO_WIDTH_SPACE = '\u200B';
const LONG_WORD = new RegExp(`[^\\s${ZERO_WIDTH_SPACE}]{${LONGEST_WORD + 1},}`, 'gu');

/**
 * The text with every word longer than LONGEST_WORD breakable after each character. pdfkit's line wrapper, given
 * a word wider than its column, measures all that is left of the word again for each line it fills: time that
 * grows with the square of the word (a 10,000-character word in three fields took the engine's whole time limit).
 * Broken into one-character words, the same text fills the same lines in time linear in its length.
 */
export function breakable(text: string): string {
  return text.length > LONGEST_WORD ? text.replace(LONG_WORD, (word) => Array.from(word).join(ZERO_WIDTH_SPACE)) : text;
}

const field = (each: ViewField): ViewField => ({ ...each, label: breakable(each.label), value: breakable(each.value) });

/** The view with every text laid out made breakable (see breakable). */
export function breakableView(view: DocumentView): DocumentView {
  return {
    title: breakable(view.title),
    kind: breakable(view.kind),
    facts: view.facts.map(field),
    parties: view.parties.map((party) => ({ role: breakable(party.role), name: breakable(party.name), lines: party.lines.map(breakable) })),
    tables: view.tables.map((table) => ({
      ...table,
      title: breakable(table.title),
      columns: table.columns.map((column) => ({ ...column, label: breakable(column.label) })),
      rows: table.rows.map((row) => row.map(breakable)),
    })),
    totals: view.totals.map(field),
    sections: view.sections.map((section) => ({ title: breakable(section.title), lines: section.lines.map(breakable) })),
  };
}
