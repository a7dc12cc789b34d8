import { DomainError } from './errors';

/**
 * A request body kept as the text it came as (checked to be UTF-8, not yet read as JSON): the HTTP thread
 * hands it to the engine's threads as it is, and they check and parse it there.
 */
export class JsonText {
  constructor(readonly text: string) {}
}

/** A request body as the JSON text the engine's threads read: a JsonText as it came, anything else written as JSON. */
export const bodyText = (body: unknown): string => (body instanceof JsonText ? body.text : (JSON.stringify(body) ?? 'null'));

/** Deeper JSON than this is refused before parsing: no document needs it, and it would strain every walk over it. */
export const MAX_JSON_DEPTH = 64;

/** Digits a JSON number may carry and still mean exactly what it says once parsed (IEEE double). */
export const MAX_NUMBER_DIGITS = 15;

/**
 * Scans JSON text without parsing it: its nesting depth (brackets inside strings do not count), the first
 * number literal that a JavaScript number cannot hold exactly (too many digits, or out of range), and the
 * first key that one object holds twice. JSON.parse would keep the last of two such keys without a word;
 * GOBL refuses them, and a document that says two things for one field is not one to guess at.
 * The scan stops at the first bracket deeper than `stopBelow` (depth then says `stopBelow + 1`): a body
 * nested half a million levels would otherwise cost a set of keys per open object before being refused.
 */
export function scanJson(text: string, stopBelow = Infinity): { depth: number; inexactNumber?: string; duplicateKey?: string } {
  let depth = 0;
  let deepest = 0;
  let inexactNumber: string | undefined;
  let duplicateKey: string | undefined;
  // The keys seen so far in each object that is open, by depth; arrays hold no keys (undefined).
  const keys: (Set<string> | undefined)[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34) {
      const start = i;
      let escaped = false;
      for (i++; i < text.length; i++) {
        const s = text.charCodeAt(i);
        if (s === 92) {
          escaped = true;
          i++;
        } else if (s === 34) break;
      }
      const seen = keys[depth];
      if (seen === undefined || duplicateKey !== undefined) continue;
      let next = i + 1;
      while (next < text.length && isJsonSpace(text.charCodeAt(next))) next++;
      if (text.charCodeAt(next) !== 58) continue; // not followed by a colon: a value, not a key
      const key = escaped ? unescapeKey(text.slice(start, i + 1)) : text.slice(start + 1, i);
      if (seen.has(key)) duplicateKey = key;
      else seen.add(key);
    } else if (c === 123 || c === 91) {
      deepest = Math.max(deepest, ++depth);
      if (depth > stopBelow) break;
      keys[depth] = c === 123 ? new Set() : undefined;
    } else if (c === 125 || c === 93) depth--;
    else if (inexactNumber === undefined && (c === 45 || (c >= 48 && c <= 57))) {
      const token = /^-?\d+(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i, i + 400))?.[0] ?? '';
      const digits = token
        .replace(/[eE].*$/, '')
        .replace(/[-.]/g, '')
        .replace(/^0+/, '')
        .replace(/0+$/, '');
      if (digits.length > MAX_NUMBER_DIGITS || !Number.isFinite(Number(token))) inexactNumber = token;
      i += Math.max(token.length - 1, 0);
    }
  }
  return { depth: deepest, inexactNumber, duplicateKey };
}

const isJsonSpace = (c: number) => c === 32 || c === 10 || c === 13 || c === 9;

/** A key written with escapes (`"\u0061"` is `"a"`); text that is not a JSON string is left to JSON.parse to refuse. */
function unescapeKey(quoted: string): string {
  try {
    return JSON.parse(quoted) as string;
  } catch {
    return quoted;
  }
}

/**
 * The value of JSON text, or the 400 that says what is wrong with it: empty, not JSON, nested deeper than
 * MAX_JSON_DEPTH, holding a number that would not survive parsing exactly (amounts belong in strings; a
 * silently rounded one would be a wrong document), or holding one key twice in an object.
 */
export function parseJsonText(text: string): unknown {
  if (text.trim() === '') throw new DomainError('input', 'the request body is empty');
  const scan = scanJson(text, MAX_JSON_DEPTH);
  if (scan.depth > MAX_JSON_DEPTH) throw new DomainError('input', `the request body is nested deeper than ${MAX_JSON_DEPTH} levels`);
  if (scan.inexactNumber !== undefined) {
    throw new DomainError('input', `the number ${scan.inexactNumber.slice(0, 40)} cannot be read exactly: send it as a string`);
  }
  if (scan.duplicateKey !== undefined) {
    throw new DomainError('input', `the request body holds the key "${scan.duplicateKey.slice(0, 80)}" twice in one object`);
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new DomainError('input', `the request body is not valid JSON: ${(error as Error).message}`);
  }
}
