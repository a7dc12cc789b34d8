import { isUtf8 } from 'node:buffer';
import express, { type Request, type RequestHandler, type Response } from 'express';
import { DomainError } from '../domain/shared/errors';
import { JsonText, parseJsonText } from '../domain/shared/json-text';
import { dropRestOfBody } from './refused-body';

function isJsonMediaType(contentType: string | undefined): boolean {
  if (!contentType) return false;
  const [type, ...params] = contentType.split(';').map((p) => p.trim().toLowerCase());
  const charset = params
    .find((p) => p.startsWith('charset='))
    ?.slice('charset='.length)
    .replace(/"/g, '');
  return type === 'application/json' && (charset === undefined || charset === 'utf-8' || charset === 'utf8');
}

/** A body sent without Content-Encoding, or declared `identity`: its bytes are the JSON text. */
const isPlain = (encoding: string | undefined) => encoding === undefined || encoding.trim().toLowerCase() === 'identity';

/** Receives the body's bytes, or why they could not be had. */
type OnBody = (result: Buffer | DomainError) => void;

/** Bodies from this size on, with a Content-Length, are read into one buffer made up front. */
const PLACED_FROM_BYTES = 1024 * 1024;

/** Reads a body with no content encoding straight from the request stream: the common case, kept lean. */
function readPlain(req: Request, limit: number, done: OnBody): void {
  const chunks: Buffer[] = [];
  let received = 0;
  // A large body of declared length is copied into place piece by piece as it arrives, rather than in one long
  // copy at its end that would hold the HTTP thread (tens of milliseconds for a file's base64).
  const declared = Number(req.get('content-length'));
  const whole = declared > PLACED_FROM_BYTES && declared <= limit ? Buffer.allocUnsafe(declared) : undefined;
  let settled = false;
  const finish = (result: Buffer | DomainError) => {
    if (settled) return;
    settled = true;
    req.off('data', onData).off('end', onEnd).off('error', onCutShort).off('close', onCutShort);
    if (result instanceof DomainError) dropRestOfBody(req);
    done(result);
  };
  const onData = (chunk: Buffer) => {
    received += chunk.length;
    if (received > limit) return finish(tooLarge(limit));
    if (whole && received <= whole.length) chunk.copy(whole, received - chunk.length);
    else chunks.push(chunk);
  };
  // (Node's parser ends a body of declared length only once it is all there.)
  const onEnd = () => finish(whole ? whole.subarray(0, received) : chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, received));
  // An error or a close before the end: the client went away mid-body.
  const onCutShort = () => finish(cutShort());
  req.on('data', onData).on('end', onEnd).on('error', onCutShort).on('close', onCutShort);
}

/** A compressed body (gzip, deflate, br): body-parser inflates it, and counts the limit on the inflated bytes. */
function readEncoded(raw: RequestHandler, req: Request, res: Response, limit: number, done: OnBody): void {
  raw(req, res, (error?: unknown) => {
    if (!error) return done(Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0));
    const type = (error as { type?: string }).type;
    if (type === 'entity.too.large') return done(tooLarge(limit));
    if (type === 'request.aborted') return done(cutShort());
    if (type === 'encoding.unsupported')
      return done(new DomainError('unsupported-media-type', 'the request body is in a content encoding this service does not read'));
    done(new DomainError('input', 'the request body could not be read'));
  });
}

/** Past the limit the answer is 413 at once; the rest of the body is dropped, never buffered. */
function tooLarge(limit: number): DomainError {
  return new DomainError('payload-too-large', `the request body is over ${limit} bytes`);
}

const cutShort = () => new DomainError('input', 'the request body was cut short');

/** The body's bytes, or the 400 when they are not UTF-8. */
function utf8Bytes(bytes: Buffer): Buffer {
  if (!isUtf8(bytes)) throw new DomainError('input', 'the request body is not valid UTF-8');
  return bytes;
}

/** The body's bytes as text, or the 400 when they are not UTF-8. Its JSON is checked where it is parsed. */
const utf8Text = (bytes: Buffer): string => utf8Bytes(bytes).toString('utf8');

/** The JSON value of the body's bytes, or the 400 that says what is wrong with them. */
export const parseJsonBytes = (bytes: Buffer): unknown => parseJsonText(utf8Text(bytes));

/**
 * Reads a JSON request body into `req.body`: 415 unless it is application/json in UTF-8, 413 past the
 * limit (refused from Content-Length before reading, or as soon as the stream passes it), 400 for bytes
 * that are not UTF-8, text that is not JSON, JSON nested deeper than MAX_JSON_DEPTH, or a number that
 * would not survive parsing exactly (amounts belong in strings; a silently rounded one would be a wrong
 * document). Plain bodies are read from the stream directly; compressed ones go through body-parser.
 * With `asText`, `req.body` is a JsonText: the text, left for the engine's threads to check and parse. With
 * `asBytes`, `req.body` is the Buffer of UTF-8 bytes, for a route that reads it a piece at a time (a file's base64).
 */
export function jsonBody(limit: number, options: { asText?: boolean; asBytes?: boolean } = {}): RequestHandler {
  const raw = express.raw({ type: () => true, limit });
  return (req, res, next) => {
    if (!isJsonMediaType(req.get('content-type'))) {
      throw new DomainError('unsupported-media-type', 'the request body must be application/json');
    }
    const refuse = (error: DomainError) => {
      dropRestOfBody(req);
      next(error);
    };
    if (Number(req.get('content-length')) > limit) return refuse(tooLarge(limit));
    const onBody: OnBody = (result) => {
      if (result instanceof DomainError) return refuse(result);
      try {
        req.body = options.asBytes ? utf8Bytes(result) : options.asText ? new JsonText(utf8Text(result)) : parseJsonBytes(result);
      } catch (parseError) {
        return next(parseError);
      }
      next();
    };
    if (isPlain(req.get('content-encoding'))) readPlain(req, limit, onBody);
    else readEncoded(raw, req, res, limit, onBody);
  };
}
