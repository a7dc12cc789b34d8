import type { Json, JsonObject } from '../document/base/types';
import type { DocumentView, PartyBlock, TextSection, ViewField } from './view-model';
import { labelOf, objectAt, stringAt } from './json-read';
import { partyBlock } from './party-block';
import { textOf, type TextFormat } from './text-format';

/** Fields no reader needs to see: they describe the JSON, not the document. */
const HIDDEN = new Set(['$schema', '$regime', '$addons', '$tags']);

/** Written as a date or an amount when their key says so. */
const DATE_KEY = /(^|_)date$/;
const AMOUNT_KEY = /^(sum|total|amount|tax|payable|advance|due|base|price|discount|charge|rounding|total_with_tax)$/;

/** One line per leaf, named by its path (`lines 1 › item › name: Development services`). */
function leafLines(value: Json, path: string[], format: TextFormat, lines: string[]): void {
  if (Array.isArray(value)) {
    value.forEach((item, i) => leafLines(item, [...path, String(i + 1)], format, lines));
    return;
  }
  const object = objectAt(value);
  if (object) {
    for (const [key, inner] of Object.entries(object)) if (!HIDDEN.has(key)) leafLines(inner, [...path, labelOf(key)], format, lines);
    return;
  }
  const key = path[path.length - 1]?.toLowerCase().replace(/ /g, '_') ?? '';
  const text = DATE_KEY.test(key) ? format.date(value) : AMOUNT_KEY.test(key) ? format.money(value) : textOf(value);
  lines.push(path.length > 0 ? `${path.join(' › ')}: ${text}` : text);
}

/** A readable listing of the document's fields other than `shown`: one section per field. */
export function listingSections(doc: JsonObject, shown: string[], format: TextFormat): TextSection[] {
  const sections: TextSection[] = [];
  for (const [key, value] of Object.entries(doc)) {
    if (HIDDEN.has(key) || shown.includes(key)) continue;
    const lines: string[] = [];
    leafLines(value, [], format, lines);
    if (lines.length > 0) sections.push({ title: labelOf(key), lines });
  }
  return sections;
}

/** A title for a document of a kind the view has no layout for: its own title, code, or kind. */
function titleOf(doc: JsonObject, kind: string): string {
  const word = labelOf(kind.split('/').pop() ?? kind);
  const code = [stringAt(doc.series), stringAt(doc.code)].filter(Boolean).join('-');
  return stringAt(doc.title) ?? (code ? `${word} ${code}` : word);
}

/**
 * Any other document (a message, a status, a note...): a title, its short fields as facts, every field that
 * looks like a party (an object with a name) as a party block, and the rest listed.
 */
export function listingView(doc: JsonObject, kind: string, format: TextFormat): DocumentView {
  const facts: ViewField[] = [];
  const parties: PartyBlock[] = [];
  const shown: string[] = ['title'];
  for (const [key, value] of Object.entries(doc)) {
    if (HIDDEN.has(key) || key === 'title') continue;
    const object = objectAt(value);
    if (object && stringAt(object.name)) {
      parties.push(partyBlock(labelOf(key), object));
      shown.push(key);
    } else if (typeof value === 'string' && value.length <= 80) {
      facts.push({ label: labelOf(key), value: DATE_KEY.test(key) ? format.date(value) : value });
      shown.push(key);
    }
  }
  return { title: titleOf(doc, kind), kind, facts, parties, tables: [], totals: [], sections: listingSections(doc, shown, format) };
}
