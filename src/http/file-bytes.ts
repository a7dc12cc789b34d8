import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Request, Response } from 'express';
import { DomainError } from '../domain/shared/errors';
import { isMediaType } from '../domain/files/media-type';

/** Stored bytes to answer with: what to say about them, and how to read a span of them. */
export interface FileBytes {
  name: string;
  mime: string;
  size: number;
  /** SHA-256 of the bytes, hexadecimal: the ETag. */
  hash: string;
  /** The bytes from `start` to `end` (inclusive), a chunk at a time. */
  read(start: number, end: number): AsyncIterable<Buffer>;
}

/**
 * Answers a GET or HEAD with stored bytes: their type, length, an ETag of their SHA-256 (If-None-Match gives
 * 304), one byte range as 206 (If-Range with the ETag), an attachment disposition, and a sandbox policy so that
 * a stored HTML or SVG file opened from the service's origin runs no script there (nosniff is on every answer).
 * Streamed from the store at the pace the client reads.
 */
export async function sendFileBytes(req: Request, res: Response, bytes: FileBytes): Promise<void> {
  const { size, hash } = bytes;
  res.setHeader('ETag', `"${hash}"`);
  res.setHeader('Accept-Ranges', 'bytes');
  res.setHeader('Cache-Control', 'private, no-cache');
  res.setHeader('Content-Disposition', `attachment; filename*=UTF-8''${extValue(bytes.name)}`);
  res.setHeader('Content-Security-Policy', 'sandbox');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  if (matchesETag(req.get('if-none-match'), hash)) {
    res.status(304).end();
    return;
  }
  let start = 0;
  let end = size - 1;
  // A range of a changed file (If-Range) is served whole.
  const range = req.get('range') !== undefined && size > 0 && ifRangeHolds(req, hash) ? byteRange(req.get('range')!, size) : undefined;
  if (range === 'unsatisfiable') {
    res.setHeader('Content-Range', `bytes */${size}`);
    throw new DomainError('range-not-satisfiable', `the range lies outside the file's ${size} bytes`);
  }
  if (range) {
    ({ start, end } = range);
    res.status(206).setHeader('Content-Range', `bytes ${start}-${end}/${size}`);
  }
  // The media type exactly as it was stored (Express's res.type would add a charset to some); one stored before
  // media types were checked whole, which no header may carry, is served as plain bytes rather than failing.
  res.setHeader('Content-Type', isMediaType(bytes.mime) ? bytes.mime : 'application/octet-stream');
  res.setHeader('Content-Length', String(size === 0 ? 0 : end - start + 1));
  if (req.method === 'HEAD' || size === 0) {
    res.end();
    return;
  }
  await pipeline(Readable.from(bytes.read(start, end)), res);
}

/**
 * The one byte range of a Range header (RFC 9110 14.1.2), clamped to the file; `unsatisfiable` when no range
 * of it starts inside the file; undefined (serve it whole) for several ranges, another unit or a malformed
 * header. A suffix longer than the file is the whole file.
 */
export function byteRange(header: string, size: number): { start: number; end: number } | 'unsatisfiable' | undefined {
  const match = /^\s*bytes\s*=(.*)$/i.exec(header);
  if (!match) return undefined;
  const ranges: ({ start: number; end: number } | undefined)[] = [];
  for (const spec of match[1].split(',')) {
    const parts = /^\s*(\d*)\s*-\s*(\d*)\s*$/.exec(spec);
    if (!parts || (parts[1] === '' && parts[2] === '')) return undefined;
    if (parts[1] === '') {
      const suffix = Number(parts[2]);
      ranges.push(suffix === 0 ? undefined : { start: Math.max(0, size - suffix), end: size - 1 });
      continue;
    }
    const start = Number(parts[1]);
    const last = parts[2] === '' ? Infinity : Number(parts[2]);
    if (last < start) return undefined;
    ranges.push(start < size ? { start, end: Math.min(last, size - 1) } : undefined);
  }
  if (ranges.every((range) => range === undefined)) return 'unsatisfiable';
  return ranges.length === 1 ? ranges[0] : undefined;
}

/**
 * If-None-Match names this content (or is `*`): 304. Checked here rather than with `req.fresh`, which also
 * heeds a request's `Cache-Control: no-cache` (meant for caches; fetch sends it with every conditional request).
 */
function matchesETag(condition: string | undefined, hash: string): boolean {
  if (condition === undefined) return false;
  return condition.split(',').some((tag) => ['*', `"${hash}"`, `W/"${hash}"`].includes(tag.trim()));
}

/** A conditional range (If-Range with the ETag) holds only for the same content. */
function ifRangeHolds(req: Request, hash: string): boolean {
  const condition = req.get('if-range');
  return condition === undefined || condition === `"${hash}"`;
}

/** A file name as an RFC 8187 value (`filename*=UTF-8''…`): percent-encoded UTF-8, `'()*` included. */
const extValue = (name: string) => encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
