import { fault } from '../rules/fault';
import type { Fault, Json } from '../base/types';
import { KEY_MAX_LENGTH, KEY_PATTERN } from './key';

/** GOBL's longest code, in characters. */
const MAX_LENGTH = 64;

/** Not a printable character as Go's unicode.IsPrint sees one: anything but letters, marks, numbers, punctuation, symbols and the ASCII space. */
const NOT_PRINTABLE = /[^\p{L}\p{M}\p{N}\p{P}\p{S} ]/gu;

/** Printable ASCII with no space at either end: what almost every code is, and what the cleanup leaves alone. */
const PLAIN_ASCII = /^(?:[\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?)?$/;

/**
 * The cleanup GOBL gives every code in a document: Unicode NFC, characters that do not print dropped (controls,
 * and every space but the ASCII one), leading and trailing spaces trimmed. Nothing else changes.
 */
export function normalizeCode(code: string): string {
  if (PLAIN_ASCII.test(code)) return code; // the common case, already clean
  return code.normalize('NFC').replace(NOT_PRINTABLE, '').trim();
}

/** No control character (C0, DEL, C1) anywhere, and no space (Go's `\s`: tab, LF, FF, CR, space) at either end. */
const LENIENT_CODE = /^[^\t\n\f\r \x00-\x1f\x7f-\x9f](?:[^\x00-\x1f\x7f-\x9f]*[^\t\n\f\r \x00-\x1f\x7f-\x9f])?$/;

const characters = (s: string) => [...s].length;

/** GOBL-CBC-CODE-01/02 on a code; an empty one passes, as GOBL's checks pass on an empty value. */
export function codeFaults(value: Json, path: string): Fault[] {
  return lengthAndFormFaults(value, path, 'GOBL-CBC-CODE', MAX_LENGTH, LENIENT_CODE);
}

/** GOBL-CBC-KEY-01/02 on a key; an empty one passes. */
export function keyFaults(value: Json, path: string): Fault[] {
  return lengthAndFormFaults(value, path, 'GOBL-CBC-KEY', KEY_MAX_LENGTH, KEY_PATTERN);
}

/** `rule`-01 when a text is longer than `maxLength` characters, `rule`-02 when it does not match `form`; an empty one passes. */
function lengthAndFormFaults(value: Json, path: string, rule: string, maxLength: number, form: RegExp): Fault[] {
  if (typeof value !== 'string' || value === '') return [];
  const out: Fault[] = [];
  if (characters(value) > maxLength) out.push(fault(`${rule}-01`, path));
  if (!form.test(value)) out.push(fault(`${rule}-02`, path));
  return out;
}

/**
 * GOBL's strict code pattern (used for tax ID schemes), `^[A-ZÑa-z0-9]+([.\-:/,_& ]?[A-ZÑa-z0-9]+)*$`, written so
 * that each character has one way to match: GOBL's form backtracks exponentially on a long code with a bad last character.
 */
export function isStrictCode(value: string): boolean {
  return /^[A-ZÑa-z0-9]+(?:[.\-:/,_& ][A-ZÑa-z0-9]+)*$/.test(value);
}
