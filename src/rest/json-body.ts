import express, { type RequestHandler } from 'express';
import { DomainError } from '../domain/errors';

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

const utf8 = new TextDecoder('utf-8', { fatal: true });

function isJsonMediaType(contentType: string | undefined): boolean {
  if (!contentType) return false;
  const [type, ...params] = contentType.split(';').map((p) => p.trim().toLowerCase());
  const charset = params.find((p) => p.startsWith('charset='))?.slice('charset='.length).replace(/"/g, '');
  return type === 'application/json' && (charset === undefined || charset === 'utf-8' || charset === 'utf8');
}

/**
 * Reads a JSON request body: 415 unless it is application/json in UTF-8, 413 past the limit (refused
 * from Content-Length before reading, or as soon as the stream passes it), 400 for bytes that are not
 * UTF-8, text that is not JSON, JSON nested deeper than MAX_JSON_DEPTH, or a number that would not survive
 * parsing exactly (amounts belong in strings; a silently rounded one would be a wrong document).
 */
export function jsonBody(limit: number): RequestHandler[] {
  const raw = express.raw({ type: () => true, limit });
  const requireJson: RequestHandler = (req, _res, next) => {
    if (!isJsonMediaType(req.get('content-type'))) {
      throw new DomainError('unsupported-media-type', 'the request body must be application/json');
    }
    next();
  };
  const readRaw: RequestHandler = (req, res, next) => {
    // Past the limit the answer is 413 at once, and the connection is then closed: the rest of the body is
    // neither buffered nor read (body-parser alone would read it all before answering).
    const tooLarge = () => {
      res.setHeader('Connection', 'close');
      return new DomainError('payload-too-large', `the request body is over ${limit} bytes`);
    };
    if (Number(req.get('content-length')) > limit) return next(tooLarge());
    let settled = false;
    let received = 0;
    const done = (error?: unknown) => {
      if (settled) return;
      settled = true;
      req.off('data', count);
      next(error);
    };
    const count = (chunk: Buffer) => {
      received += chunk.length;
      if (received > limit) done(tooLarge());
    };
    req.on('data', count);
    raw(req, res, (error?: unknown) => {
      if (settled) return; // answered already, when the body passed the limit
      if (!error) return done();
      const type = (error as { type?: string }).type;
      if (type === 'entity.too.large') return done(tooLarge());
      if (type === 'request.aborted') return done(new DomainError('input', 'the request body was cut short'));
      done(new DomainError('input', 'the request body could not be read'));
    });
  };
  const parse: RequestHandler = (req, _res, next) => {
    const bytes: Buffer = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    let text: string;
    try {
      text = utf8.decode(bytes);
    } catch {
      throw new DomainError('input', 'the request body is not valid UTF-8');
    }
    if (text.trim() === '') throw new DomainError('input', 'the request body is empty');
    const scan = scanJson(text);
    if (scan.depth > MAX_JSON_DEPTH) throw new DomainError('input', `the request body is nested deeper than ${MAX_JSON_DEPTH} levels`);
    if (scan.inexactNumber !== undefined) {
      throw new DomainError('input', `the number ${scan.inexactNumber.slice(0, 40)} cannot be read exactly: send it as a string`);
    }
    try {
      req.body = JSON.parse(text);
    } catch (error) {
      throw new DomainError('input', `the request body is not valid JSON: ${(error as Error).message}`);
    }
    next();
  };
  return [requireJson, readRaw, parse];
}
