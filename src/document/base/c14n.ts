import { hash } from 'node:crypto';
import type { Json } from './types';

/**
 * Canonical JSON as GOBL writes it before hashing: object keys sorted by their UTF-8 bytes, no white space,
 * null attributes left out, strings escaping only quotes, backslashes and control characters, integers
 * in plain digits and other numbers in Go's exponent notation. `head.dig.val` is the SHA-256 of this text.
 */
export function canonicalJson(value: Json): string {
  return write(value);
}

export function sha256Hex(text: string): string {
  return hash('sha256', text, 'hex');
}

function write(value: Json): string {
  if (value === null) return 'null';
  if (typeof value === 'string') return encodeString(value);
  if (typeof value === 'number') return encodeNumber(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (Array.isArray(value)) {
    let out = '[';
    for (let i = 0; i < value.length; i++) {
      if (i > 0) out += ',';
      out += write(value[i]);
    }
    return `${out}]`;
  }
  const keys: string[] = [];
  let plain = true;
  for (const k of Object.keys(value)) {
    if (value[k] === undefined) continue;
    keys.push(k);
    if (plain && !belowSurrogates(k)) plain = false;
  }
  // Without surrogates, UTF-16 order (the default sort, much the faster) is the order of UTF-8 bytes.
  if (plain) keys.sort();
  else keys.sort(compareUtf8);
  let out = '{';
  for (let i = 0; i < keys.length; i++) {
    const v = value[keys[i]];
    if (v === null) continue; // null attributes are dropped
    // GOBL decides on the comma by position, not by what was written: kept for identical digests.
    if (i > 0) out += ',';
    out += `${encodeString(keys[i])}:${write(v)}`;
  }
  return `${out}}`;
}

/** True when no character of `s` is a surrogate or above, where UTF-16 and code point order part. */
function belowSurrogates(s: string): boolean {
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) >= 0xd800) return false;
  return true;
}

/** Compares two strings by their UTF-8 bytes (code point order), as Go sorts strings. */
export function compareUtf8(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const ca = a.charCodeAt(i);
    const cb = b.charCodeAt(i);
    if (ca === cb) continue;
    // Surrogates (astral code points) sort after every other BMP character in code point order.
    const sa = ca >= 0xd800 && ca <= 0xdfff;
    const sb = cb >= 0xd800 && cb <= 0xdfff;
    if (sa !== sb) return sa ? 1 : -1;
    return ca - cb;
  }
  return a.length - b.length;
}

const SHORT_ESCAPES: Record<number, string> = {
  0x22: '\\"',
  0x5c: '\\\\',
  0x0a: '\\n',
  0x0d: '\\r',
  0x09: '\\t',
  0x0c: '\\f',
  0x08: '\\b',
};

function encodeString(s: string): string {
  if (!/["\\\u0000-\u001f\ud800-\udfff]/.test(s)) return `"${s}"`;
  let out = '"';
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x20 || c === 0x22 || c === 0x5c) {
      out += SHORT_ESCAPES[c] ?? `\\u00${c.toString(16).toUpperCase().padStart(2, '0')}`;
    } else if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length && isLow(s.charCodeAt(i + 1))) {
      out += s[i] + s[i + 1];
      i++;
    } else if (c >= 0xd800 && c <= 0xdfff) {
      out += '\ufffd'; // a lone surrogate is not valid UTF-8; Go's encoder replaces it
    } else {
      out += s[i];
    }
  }
  return `${out}"`;
}

function isLow(c: number): boolean {
  return c >= 0xdc00 && c <= 0xdfff;
}

const INT64_LIMIT = 9223372036854775807n;

function encodeNumber(n: number): string {
  if (!Number.isFinite(n)) return 'null';
  if (Number.isInteger(n) && Math.abs(n) < 1e21) {
    const big = BigInt(n);
    if (big <= INT64_LIMIT && big >= -INT64_LIMIT - 1n) return big.toString();
  }
  return encodeFloat(n);
}

/** Go's `strconv.AppendFloat(f, 'E', -1, 64)` followed by GOBL's clean-up of the exponent, byte for byte. */
function encodeFloat(n: number): string {
  const [mantissa, e] = n.toExponential().split('e');
  const expNum = Number(e);
  const expDigits = String(Math.abs(expNum)).padStart(2, '0');
  let num = `${mantissa.toUpperCase()}E${expNum < 0 ? '-' : '+'}${expDigits}`;
  if (num[1] !== '.') {
    // Meant for "5E+00"; on negative numbers GOBL's version shifts bytes oddly, and this repeats it.
    num = num.slice(0, 3) + num.slice(1);
    num = `${num[0]}.0${num.slice(3)}`;
  }
  const i = num.indexOf('E');
  let exp = num.slice(i + 1);
  num = num.slice(0, i + 1);
  if (exp[0] === '+') exp = exp.slice(1);
  let j = 0;
  let k = 0;
  for (let x = 0; x < exp.length; x++) {
    const v = exp[x];
    if (v === '-' || v === '+') j = 1;
    else if (v === '0' && x + 1 < exp.length) k = x + 1;
    else break;
  }
  if (k !== 0) exp = exp.slice(0, j) + exp.slice(k);
  return num + exp;
}
