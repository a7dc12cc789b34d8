import type { Json, JsonObject } from '../document/base/types';

/** Readers that take any JSON and give the shape the view wants, or nothing: a view never throws on odd data. */
export const objectAt = (value: Json | undefined): JsonObject | undefined =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? value : undefined;

export const objectsAt = (value: Json | undefined): JsonObject[] =>
  Array.isArray(value) ? value.map(objectAt).filter((item): item is JsonObject => item !== undefined) : [];

export const stringAt = (value: Json | undefined): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

/** Words written in capitals wherever they stand. */
const ACRONYMS = new Set(['uuid', 'id', 'url', 'iban', 'bic', 'vat', 'cbc']);

/** The words of a key (`total_with_tax` → `Total with tax`), for fields the view has no label of its own for. */
export const labelOf = (key: string): string => {
  const words = key
    .replace(/^\$/, '')
    .replace(/[_-]+/g, ' ')
    .trim()
    .split(' ')
    .map((word) => (ACRONYMS.has(word.toLowerCase()) ? word.toUpperCase() : word))
    .join(' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};
