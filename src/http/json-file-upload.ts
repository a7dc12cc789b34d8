import { nextSlice } from '../domain/runtime';
import { DomainError, badInput } from '../domain/shared/errors';
import { ContentReceiver, type FileContent } from '../domain/files/file-content';
import { fileTooLarge } from './file-upload';
import { parseJsonBytes } from './json-body';

/**
 * The JSON form of a file upload (`{"name": …, "data": "<base64>"}`) read from its bytes without holding the
 * HTTP thread: a body of tens of megabytes is walked, unescaped, checked and decoded a slice at a time, with a
 * turn of the event loop between slices, so that other requests are answered meanwhile. The top-level `data`
 * string is decoded straight from the bytes into chunks (hashed on the way, never a whole string of it); the
 * other members, small, are parsed as JSON as any body is (same checks, same errors).
 */

/** Bytes walked between two turns of the event loop (a search for a quote, no copy): well under a millisecond. */
const SLICE_BYTES = 512 * 1024;
/**
 * Base64 characters decoded between two turns: under a millisecond, and each slice's text small enough to be
 * a young object, which the collector lets go cheaply (larger strings go to the old generation, and long collections).
 */
const DECODE_BYTES = 64 * 1024;
/** The members besides `data`, as JSON text, at most: `meta` (64 KiB) and the short fields, with room for escapes. */
export const MAX_FILE_MEMBERS_BYTES = 1024 * 1024;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const isJsonSpace = (c: number | undefined) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;

export interface JsonFileUpload {
  /** The body's members but `data` when it was a string (which `content` decodes); else all of them, for the usual checks. */
  members: unknown;
  /** Decodes `data`: called once the members have passed their checks, so a bad field costs no decoding. */
  content?: () => Promise<FileContent>;
}

const notBase64 = () => badInput('data: must be base64', { data: 'must be base64' });

/** Reads the JSON form of a file upload; `limit` is the largest file (413 past it, as soon as the decoding passes it). */
export async function readJsonFileUpload(bytes: Buffer, limit: number): Promise<JsonFileUpload> {
  const spans = await run(dataSpans(bytes));
  if (spans === undefined) {
    // Not an object, or not JSON: a small body is parsed for the exact error (or the value, for the checks to refuse).
    if (bytes.length > MAX_FILE_MEMBERS_BYTES) throw badInput('the request body is not a JSON object, or not valid JSON');
    const members = parseJsonBytes(bytes);
    const data = (members as { data?: unknown } | null)?.data;
    if (typeof data !== 'string') return { members };
    // (Only reached if the walk and JSON.parse disagree; then the string is small.)
    const escaped = Buffer.from(JSON.stringify(data));
    const { data: _data, ...rest } = members as Record<string, unknown>;
    return { members: rest, content: () => run(decodeBase64(escaped, 1, escaped.length - 1, limit)) };
  }
  // The body with each `data` string emptied: what is left is small, and parsed with every check a body gets
  // (a second `data` is then a key given twice).
  const restLength = spans.reduce((length, [start, end]) => length - (end - start), bytes.length);
  if (restLength > MAX_FILE_MEMBERS_BYTES) {
    throw new DomainError('payload-too-large', `the members besides data are over ${MAX_FILE_MEMBERS_BYTES} bytes of JSON`);
  }
  const pieces: Buffer[] = [];
  let from = 0;
  for (const [start, end] of spans) {
    pieces.push(bytes.subarray(from, start));
    from = end;
  }
  pieces.push(bytes.subarray(from));
  const rest = Buffer.concat(pieces, restLength);
  const members = parseJsonBytes(rest) as Record<string, unknown>;
  if (spans.length === 0) return { members };
  const { data: _data, ...others } = members;
  return { members: others, content: () => run(decodeBase64(bytes, spans[0][0], spans[0][1], limit)) };
}

/** Runs a walk to its end, giving the event loop a turn each time it yields. */
async function run<T>(walk: Generator<void, T, void>): Promise<T> {
  for (let step = walk.next(); ; step = walk.next()) {
    if (step.done) return step.value;
    await nextSlice();
  }
}

/**
 * Where the top-level `data` strings lie in a JSON object's bytes: [start, end) of each one's characters,
 * between its quotes. Undefined when the bytes are not an object as far as this walk sees: it only finds the
 * ends of values (JSON.parse checks the rest). Yields every SLICE_BYTES walked.
 */
function* dataSpans(bytes: Buffer): Generator<void, [number, number][] | undefined, void> {
  const spans: [number, number][] = [];
  const space = (i: number) => {
    while (isJsonSpace(bytes[i])) i++;
    return i;
  };
  let i = space(0);
  if (bytes[i] !== 0x7b) return undefined; // {
  i = space(i + 1);
  if (bytes[i] === 0x7d) return space(i + 1) === bytes.length ? spans : undefined; // {}
  for (;;) {
    if (bytes[i] !== QUOTE) return undefined;
    const keyEnd = yield* stringEnd(bytes, i);
    if (keyEnd < 0) return undefined;
    // `data` escaped as much as it can be is 26 bytes: a longer key is another one.
    const key = keyEnd - i <= 32 ? parseKey(bytes.toString('utf8', i, keyEnd + 1)) : undefined;
    i = space(keyEnd + 1);
    if (bytes[i] !== 0x3a) return undefined; // :
    i = space(i + 1);
    if (key === 'data' && bytes[i] === QUOTE) {
      const end = yield* stringEnd(bytes, i);
      if (end < 0) return undefined;
      spans.push([i + 1, end]);
      i = end + 1;
    } else {
      i = yield* valueEnd(bytes, i);
      if (i < 0) return undefined;
    }
    i = space(i);
    if (bytes[i] === 0x7d) return space(i + 1) === bytes.length ? spans : undefined; // }
    if (bytes[i] !== 0x2c) return undefined; // ,
    i = space(i + 1);
  }
}

function parseKey(text: string): string | undefined {
  try {
    return JSON.parse(text) as string;
  } catch {
    return undefined;
  }
}

/** The index of the quote that closes the string opened at `start`, or -1. */
function* stringEnd(bytes: Buffer, start: number): Generator<void, number, void> {
  let from = start + 1;
  while (from < bytes.length) {
    const window = bytes.subarray(from, from + SLICE_BYTES);
    const found = window.indexOf(QUOTE);
    if (found < 0) {
      from += window.length;
      yield;
      continue;
    }
    const quote = from + found;
    let backslashes = 0;
    while (bytes[quote - 1 - backslashes] === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return quote;
    from = quote + 1;
  }
  return -1;
}

/** The index just past the value that starts at `start` (a string, an object, an array or a literal), or -1. */
function* valueEnd(bytes: Buffer, start: number): Generator<void, number, void> {
  const first = bytes[start];
  if (first === QUOTE) {
    const end = yield* stringEnd(bytes, start);
    return end < 0 ? -1 : end + 1;
  }
  if (first === 0x7b || first === 0x5b) {
    let depth = 0;
    let walked = 0;
    for (let i = start; i < bytes.length; i++) {
      const c = bytes[i];
      if (c === QUOTE) {
        const end = yield* stringEnd(bytes, i);
        if (end < 0) return -1;
        walked += end - i;
        i = end;
      } else if (c === 0x7b || c === 0x5b) depth++;
      else if (c === 0x7d || c === 0x5d) {
        if (--depth === 0) return i + 1;
      }
      if (++walked >= SLICE_BYTES) {
        walked = 0;
        yield;
      }
    }
    return -1;
  }
  let i = start;
  while (i < bytes.length && !isJsonSpace(bytes[i]) && bytes[i] !== 0x2c && bytes[i] !== 0x7d && bytes[i] !== 0x5d) i++;
  return i === start ? -1 : i;
}

/**
 * Decodes the base64 characters of a JSON string, bytes [start, end) between its quotes, a slice at a time:
 * escapes undone (`\/`, `\n`…), whitespace dropped, every character checked to be of base64's alphabet with
 * `=` padding only at the end and a length a multiple of four; 413 as soon as the bytes pass `limit`.
 */
function* decodeBase64(bytes: Buffer, start: number, end: number, limit: number): Generator<void, FileContent, void> {
  const receiver = new ContentReceiver();
  // One buffer the slices are decoded into, in turn (the receiver copies them into its chunks): not one per slice.
  const scratch = Buffer.allocUnsafe(DECODE_BYTES);
  let carry = '';
  for (let from = start; from < end;) {
    const to = escapeSafeEnd(bytes, from, Math.min(from + DECODE_BYTES, end), end);
    let text = bytes.toString('latin1', from, to);
    if (text.includes('\\')) {
      try {
        text = JSON.parse(`"${text}"`) as string;
      } catch {
        throw notBase64();
      }
      text = text.replace(/\s+/g, '');
    } else if (text.includes(' ')) text = text.replace(/ +/g, '');
    from = to;
    text = carry + text;
    // Whole groups of four, but the last group of all: it may hold the padding.
    const whole = from < end ? text.length - (text.length % 4) : Math.max(text.length - 4, 0);
    carry = text.slice(whole);
    if (whole > 0) write(receiver, scratch, text.slice(0, whole), 0, limit);
    yield;
  }
  if (carry.length > 0) {
    if (carry.length !== 4) throw notBase64();
    const padding = carry.endsWith('==') ? 2 : carry.endsWith('=') ? 1 : 0;
    write(receiver, scratch, carry, padding, limit);
  }
  return receiver.finish();
}

/** Decodes whole groups of base64 characters, refusing any that is not of the alphabet (Node's decoder skips them). */
function write(receiver: ContentReceiver, scratch: Buffer, text: string, padding: number, limit: number): void {
  const body = padding > 0 ? text.slice(0, text.length - padding) : text;
  // Node's decoder also takes base64url's `-` and `_`, and stops at `=`: none of them belong here.
  if (body.includes('=') || body.includes('-') || body.includes('_')) throw notBase64();
  const expected = (text.length / 4) * 3 - padding;
  // (A slice is at most DECODE_BYTES characters and three carried over: its bytes fit the scratch buffer.)
  if (expected > scratch.length || scratch.write(text, 'base64') !== expected) throw notBase64();
  if (receiver.size + expected > limit) throw fileTooLarge(limit);
  receiver.write(scratch.subarray(0, expected));
}

/** `to`, or the start of an escape sequence that `to` would cut in two. */
function escapeSafeEnd(bytes: Buffer, from: number, to: number, end: number): number {
  if (to === end) return to; // the string's own end: an escape cut there is a bad one, for JSON.parse to refuse
  let escape = bytes.subarray(from, to).indexOf(BACKSLASH);
  while (escape >= 0) {
    const at = from + escape;
    const length = bytes[at + 1] === 0x75 ? 6 : 2; // \uXXXX or \x
    if (at + length > to) return at;
    const next = bytes.subarray(at + length, to).indexOf(BACKSLASH);
    escape = next < 0 ? -1 : at + length - from + next;
  }
  return to;
}
