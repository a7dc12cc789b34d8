import { DomainError } from './errors';

/**
 * A request body kept as the text it came as (checked to be UTF-8, not yet read as JSON): the HTTP thread
 * hands it to the engine's threads as it is, and they check and parse it there.
 */
export class JsonText {
  constructor(readonly text: string) {}
}

/** Deeper JSON than this is refused before parsing: no document needs it, and it would strain every walk over it. */
export const MAX_JSON_DEPTH = 64;

/** Digits a JSON number may carry and still mean exactly what it says once parsed (IEEE double). */
export const MAX_NUMBER_DIGITS = 15;

/**
 * Scans JSON text without parsing it: its nesting depth (brackets inside strings do not count), and the
 * first number literal that a JavaScript number cannot hold exactly (too many digits, or out of range).
 */
export function scanJson(text: string): { depth: number; inexactNumber?: string } {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  let inexactNumber: string | undefined;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92) i++; // backslash: skip the escaped character
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 || c === 91) deepest = Math.max(deepest, ++depth);
    else if (c === 125 || c === 93) depth--;
    else if (inexactNumber === undefined && (c === 45 || (c >= 48 && c <= 57))) {
      const token = /^-?\d+(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i, i + 400))?.[0] ?? '';
      const digits = token.replace(/[eE].*$/, '').replace(/[-.]/g, '').replace(/^0+/, '').replace(/0+$/, '');
      if (digits.length > MAX_NUMBER_DIGITS || !Number.isFinite(Number(token))) inexactNumber = token;
      i += Math.max(token.length - 1, 0);
    }
  }
  return { depth: deepest, inexactNumber };
}

/**
 * The value of JSON text, or the 400 that says what is wrong with it: empty, not JSON, nested deeper than
 * MAX_JSON_DEPTH, or holding a number that would not survive parsing exactly (amounts belong in strings; a
 * silently rounded one would be a wrong document).
 */
export function parseJsonText(text: string): unknown {
  if (text.trim() === '') throw new DomainError('input', 'the request body is empty');
  const scan = scanJson(text);
  if (scan.depth > MAX_JSON_DEPTH) throw new DomainError('input', `the request body is nested deeper than ${MAX_JSON_DEPTH} levels`);
  if (scan.inexactNumber !== undefined) {
    throw new DomainError('input', `the number ${scan.inexactNumber.slice(0, 40)} cannot be read exactly: send it as a string`);
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new DomainError('input', `the request body is not valid JSON: ${(error as Error).message}`);
  }
}
