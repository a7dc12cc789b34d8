import { createHash, randomUUID, type Hash } from 'node:crypto';
import type { Response } from 'express';
import { SliceClock } from '../domain/runtime';
import { storedJsonOf } from '../domain/shared/stored-json';
import { endLightRequest } from './light-requests';

/**
 * JSON text put in an answer as it is: a stored envelope or meta value, neither parsed nor written again. Where
 * JSON.stringify meets one, it writes a mark that the writers here replace with the text (stringifyPieces); any
 * other JSON.stringify (a subscription's message, say) gets the value itself, parsed from the text.
 */
export class RawJson<T = unknown> {
  /** The type of the value the text stands for: only for the compiler, which checks an answer's members by it. */
  declare readonly valueType?: T;

  constructor(readonly text: string) {}

  toJSON(): unknown {
    if (!collecting) return JSON.parse(this.text);
    collecting.push(this.text);
    return `${RAW_MARK}${collecting.length - 1}`;
  }
}

/** A model's member as an answer shows it: its stored text (RawJson) while nothing has parsed it, else its value. */
export function shownMember<T extends object, K extends keyof T & string>(model: T, member: K): T[K] | RawJson<T[K]> {
  const text = storedJsonOf(model, member);
  return text === undefined ? model[member] : new RawJson<T[K]>(text);
}

/**
 * A copy of a model whose `member`, read from storage and not parsed since (src/domain/stored-json.ts), is its
 * stored text as RawJson; the model itself when it has no such text. The member itself is never read for it.
 */
export function withRawMember<T extends object>(model: T, member: keyof T & string): T {
  const shown = shownMember(model, member);
  if (!(shown instanceof RawJson)) return model;
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(model)) copy[key] = key === member ? shown : model[key as keyof T];
  return copy as T;
}

/** The texts of the RawJson values met by the JSON.stringify running now in stringifyPieces, if one is. */
let collecting: string[] | undefined;

/**
 * JSON.stringify's text of a value as pieces, each RawJson in it put in as its text; false when JSON has no text
 * for the value (undefined, a function).
 */
function stringifyPieces(value: unknown, into: string[]): boolean {
  const raws: string[] = [];
  collecting = raws;
  let text: string | undefined;
  try {
    text = JSON.stringify(value);
  } finally {
    collecting = undefined;
  }
  if (text === undefined) return false;
  if (raws.length === 0) {
    into.push(text);
    return true;
  }
  let from = 0;
  for (const mark of text.matchAll(RAW_MARKS)) {
    into.push(text.slice(from, mark.index), raws[Number(mark[1])]);
    from = mark.index + mark[0].length;
  }
  into.push(text.slice(from));
  return true;
}

/**
 * A list written one item at a time, each made as it is written: a thousand files are shaped (their urls
 * signed) in slices too. JSON.stringify writes it as the array of its items.
 */
export class JsonList<T, R = unknown> {
  constructor(
    readonly items: readonly T[],
    readonly shape: (item: T) => R,
  ) {}

  toJSON(): R[] {
    return this.items.map(this.shape);
  }
}

/** Below this depth, a member is written whole by JSON.stringify (a file, a meta row): cheap, and fast. */
const WALK_DEPTH = 4;

/**
 * Writes a value as JSON text in pieces, and lets the event loop run between them every SLICE_MS or so: an
 * answer of many megabytes (an entry with a thousand files) is written between other requests rather than
 * before them. The text is what JSON.stringify writes (toJSON honoured, undefined members left out), with
 * RawJson values put in as they are (above WALK_DEPTH). Objects and arrays are walked down to WALK_DEPTH; what
 * lies deeper is written whole.
 */
export async function jsonPieces(value: unknown, heavy = false): Promise<string[]> {
  const pieces: string[] = [];
  const clock = new SliceClock(() => heavy);
  const write = async (item: unknown, depth: number): Promise<boolean> => {
    if (item instanceof RawJson) {
      pieces.push(item.text);
      return true;
    }
    if (item instanceof JsonList && depth < WALK_DEPTH) return writeList(item.items.length, (i) => item.shape(item.items[i]), depth);
    let current = item;
    if (current !== null && typeof current === 'object' && typeof (current as { toJSON?: unknown }).toJSON === 'function') {
      current = (current as { toJSON(): unknown }).toJSON();
    }
    if (current === null || typeof current !== 'object' || depth >= WALK_DEPTH) {
      if (!stringifyPieces(current, pieces)) return false;
      await clock.pause();
      return true;
    }
    if (Array.isArray(current)) {
      const list = current as unknown[];
      return writeList(list.length, (i) => list[i], depth);
    }
    pieces.push('{');
    let first = true;
    for (const [key, member] of Object.entries(current)) {
      if (member === undefined || typeof member === 'function' || typeof member === 'symbol') continue;
      pieces.push(first ? `${JSON.stringify(key)}:` : `,${JSON.stringify(key)}:`);
      first = false;
      await write(member, depth + 1);
    }
    pieces.push('}');
    return true;
  };
  /** An array's items, or a JsonList's as each is shaped; an item JSON cannot write is null, as JSON.stringify has it. */
  const writeList = async (length: number, itemAt: (i: number) => unknown, depth: number): Promise<boolean> => {
    pieces.push('[');
    for (let i = 0; i < length; i++) {
      if (i > 0) pieces.push(',');
      if (!(await write(itemAt(i), depth + 1))) pieces.push('null');
    }
    pieces.push(']');
    return true;
  };
  await write(value, 0);
  return pieces;
}

/**
 * The JSON text of a value in one JSON.stringify, with no replacer (which would take it off V8's fast path), as
 * pieces: each RawJson's text is a piece of its own, put in place through marks no text can hold (stringifyPieces).
 */
export function jsonPiecesAtOnce(value: unknown): string[] {
  const pieces: string[] = [];
  stringifyPieces(value, pieces);
  return pieces;
}

/** The JSON text of a light value, in one JSON.stringify (jsonPiecesAtOnce). */
export function jsonText(value: unknown): string {
  const pieces = jsonPiecesAtOnce(value);
  return pieces.length === 1 ? pieces[0] : pieces.join('');
}

/**
 * Sends a value as a JSON answer written in slices: its pieces are encoded a slice of time at a time, between
 * other requests, then handed to the socket as fast as the client takes them. Resolves once the answer is
 * shaped and its writing has begun: a slow client holds its own bytes, not the thread nor a turn.
 */
export async function sendJson(res: Response, value: unknown, options: { heavy: boolean }): Promise<void> {
  // A light answer is written at once: walking it in pieces would cost more than it spares anybody.
  if (!options.heavy) return sendEncoded(res, encodedAtOnce(value, isReadOnly(res)));
  // Written in slices, the request is no longer light (a large envelope needs no read turn): its own slices must
  // not wait for it.
  endLightRequest(res);
  sendEncoded(res, await encodeInSlices(await jsonPieces(value, true), true, isReadOnly(res)));
}

const isReadOnly = (res: Response) => res.req.method === 'GET' || res.req.method === 'HEAD';

/** Sends a heavy answer already written as JSON pieces (a heavy GraphQL answer's), as sendJson sends one. */
export async function sendPieces(res: Response, pieces: readonly string[]): Promise<void> {
  endLightRequest(res);
  sendEncoded(res, await encodeInSlices(pieces, true, isReadOnly(res)));
}

/** Sends encoded JSON, with a weak ETag on a GET (304 when the client's copy is fresh). */
function sendEncoded(res: Response, { buffers, length, hash }: Encoded): void {
  const readOnly = isReadOnly(res);
  if (hash && !res.getHeader('ETag') && res.statusCode < 300) {
    // A weak validator of the bytes, as Express gives every answer it sends.
    res.setHeader('ETag', `W/"${length.toString(16)}-${hash.digest('base64').slice(0, 27)}"`);
  }
  if (readOnly && res.statusCode < 300 && res.req.fresh) {
    res.status(304).end();
    return;
  }
  if (!res.getHeader('Content-Type')) res.setHeader('Content-Type', 'application/json; charset=utf-8');
  writeAnswer(res, buffers, length);
}

/** A light value's JSON text (jsonText) as one buffer. */
function encodedAtOnce(value: unknown, hashed: boolean): Encoded {
  const buffer = Buffer.from(jsonText(value));
  return { buffers: [buffer], length: buffer.length, hash: hashed ? createHash('sha1').update(buffer) : undefined };
}

/** An answer's bytes, and their hash when it is a GET's (for its ETag), taken as they were encoded. */
interface Encoded {
  buffers: Buffer[];
  length: number;
  hash?: Hash;
}

/** Stands for raw text until it is put in place; random per process, so no stored or sent text can contain it. */
const RAW_MARK = `\u0000raw-${randomUUID()}-`;
/** A mark as JSON.stringify writes it (the NUL escaped), its number captured. */
const RAW_MARKS = new RegExp(
  `${JSON.stringify(RAW_MARK)
    .slice(0, -1)
    .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(\\d+)"`,
  'g',
);

/** Sends a light answer already written as text (a GraphQL one), headers and body in one write, as sendJson does. */
export function sendText(res: Response, text: string): void {
  const buffer = Buffer.from(text);
  writeAnswer(res, [buffer], buffer.length);
}

/** Bytes encoded at once: a slice of the thread, and a write the socket takes without a long copy. */
const CHUNK_CHARS = 64 * 1024;

/**
 * Encodes text into buffers of about CHUNK_CHARS characters, letting other requests run every SLICE_MS (a heavy
 * answer also lets light requests go first).
 */
async function encodeInSlices(pieces: readonly string[], heavy: boolean, hashed = false): Promise<Encoded> {
  const buffers: Buffer[] = [];
  let length = 0;
  let batch = '';
  const hash = hashed ? createHash('sha1') : undefined;
  const clock = new SliceClock(() => heavy);
  const flush = async () => {
    const buffer = Buffer.from(batch);
    hash?.update(buffer);
    buffers.push(buffer);
    length += buffer.length;
    batch = '';
    await clock.pause();
  };
  for (const piece of pieces) {
    let rest = piece;
    while (rest.length > 0) {
      let cut = Math.min(CHUNK_CHARS - batch.length, rest.length);
      // Never between the two halves of a surrogate pair: each buffer must be whole UTF-8.
      if (cut < rest.length && isHighSurrogate(rest.charCodeAt(cut - 1))) cut -= 1;
      if (cut <= 0) {
        await flush();
        continue;
      }
      batch += rest.slice(0, cut);
      rest = rest.slice(cut);
      if (batch.length >= CHUNK_CHARS - 1) await flush();
    }
  }
  if (batch) await flush();
  return { buffers, length, hash };
}

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;

/** Sets the length and writes the buffers as the socket drains, in the background; a closed connection stops it. */
function writeAnswer(res: Response, buffers: Buffer[], length: number): void {
  res.setHeader('Content-Length', String(length));
  if (res.req.method === 'HEAD') {
    res.end();
    return;
  }
  if (buffers.length === 1) {
    res.end(buffers[0]); // a light answer: headers and body in one write
    return;
  }
  void (async () => {
    for (const buffer of buffers) {
      if (res.destroyed) return;
      if (!res.write(buffer)) await drainedOrClosed(res);
    }
    if (!res.destroyed) res.end();
  })().catch(() => undefined); // a connection that failed mid-answer has nobody left to tell
}

const drainedOrClosed = (res: Response) =>
  new Promise<void>((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
