import { UUID_PATTERN } from '../shared/uuid';

/** How many `"previous_id"` keys of a body are looked at: a body that repeats it deep in its data costs no more. */
const KEYS_LOOKED_AT = 4;
/** How many distinct entries are read ahead for one create. */
const MOST_READ_AHEAD = 2;

const isJsonSpace = (c: number) => c === 32 || c === 10 || c === 13 || c === 9;

/**
 * The UUIDs a create body's text may name as `previous_id`, found without parsing it, so the previous entry is
 * read before the body goes to the engine and the create crosses into it once. The text is searched for the key
 * (native string search: a body that does not name it costs one scan), and each of the first few occurrences
 * written plainly (`"previous_id": "<uuid>"`) gives a candidate. The key may also occur inside `data`, so these
 * are candidates: the engine parses the body and takes the one it names; one it finds none for (a key written
 * with escapes, say) it asks for, as before.
 */
export function previousIdCandidates(text: string): string[] {
  const candidates: string[] = [];
  const key = '"previous_id"';
  let at = text.indexOf(key);
  for (let looked = 0; at !== -1 && looked < KEYS_LOOKED_AT && candidates.length < MOST_READ_AHEAD; looked++) {
    let i = at + key.length;
    while (isJsonSpace(text.charCodeAt(i))) i++;
    if (text.charCodeAt(i) === 58 /* : */) {
      i++;
      while (isJsonSpace(text.charCodeAt(i))) i++;
      const value = text.charCodeAt(i) === 34 && text.charCodeAt(i + 37) === 34 ? text.slice(i + 1, i + 37) : undefined;
      if (value !== undefined && UUID_PATTERN.test(value) && !candidates.includes(value)) candidates.push(value);
    }
    at = text.indexOf(key, at + key.length);
  }
  return candidates;
}
