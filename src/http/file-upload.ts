import busboy from 'busboy';
import type { Request } from 'express';
import { DomainError } from '../domain/shared/errors';
import { ContentReceiver, type FileContent } from '../domain/files/file-content';
import { dropRestOfBody } from './refused-body';

/** Room for a multipart body's boundaries and form fields besides the file itself. */
export const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/** A multipart upload as received: its form fields, the file's bytes, and what its part said about itself. */
export interface MultipartUpload {
  fields: Record<string, string>;
  content: FileContent;
  filename?: string;
  mimeType?: string;
}

export const fileTooLarge = (limit: number) => new DomainError('payload-too-large', `the file is over ${limit} bytes`);

/**
 * Reads a `multipart/form-data` upload of one file and its fields, streaming: the file's bytes are hashed and
 * chunked as they arrive (ContentReceiver), and past `limit` the upload is refused 413 at once, the rest unread.
 * A Content-Length that already says more is refused before anything is read.
 */
export function readMultipart(req: Request, limit: number): Promise<MultipartUpload> {
  if (Number(req.get('content-length')) > limit + MULTIPART_OVERHEAD_BYTES) {
    dropRestOfBody(req);
    return Promise.reject(fileTooLarge(limit));
  }
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: req.headers, limits: { files: 1, fileSize: limit, fields: 32, fieldSize: MULTIPART_OVERHEAD_BYTES } });
    } catch {
      return reject(new DomainError('input', 'the multipart body has no boundary'));
    }
    const fields: Record<string, string> = {};
    const receiver = new ContentReceiver();
    let file: { filename?: string; mimeType?: string } | undefined;
    let settled = false;
    const fail = (error: DomainError) => {
      if (settled) return;
      settled = true;
      req.unpipe(parser);
      dropRestOfBody(req);
      reject(error);
    };
    parser.on('field', (name, value, info) => {
      // A field is cut at MULTIPART_OVERHEAD_BYTES: refused whole rather than read cut (a `meta` would be bad JSON).
      if (info.valueTruncated)
        return fail(
          new DomainError('payload-too-large', `${name}: is over ${MULTIPART_OVERHEAD_BYTES} bytes`, {
            fields: { [name]: `is over ${MULTIPART_OVERHEAD_BYTES} bytes` },
          }),
        );
      fields[name] = value;
    });
    parser.on('file', (_name, stream, info) => {
      if (file) return stream.resume();
      file = { filename: info.filename || undefined, mimeType: info.mimeType || undefined };
      stream.on('data', (piece: Buffer) => receiver.write(piece));
      stream.on('limit', () => fail(fileTooLarge(limit)));
    });
    parser.on('filesLimit', () => fail(new DomainError('input', 'one file per upload')));
    parser.on('error', () => fail(new DomainError('input', 'the multipart body could not be read')));
    parser.on('close', () => {
      if (settled) return;
      settled = true;
      if (!file) return reject(new DomainError('input', 'file: is required', { fields: { file: 'is required: a part with a file' } }));
      resolve({ fields, content: receiver.finish(), ...file });
    });
    req.on('aborted', () => fail(new DomainError('input', 'the request body was cut short')));
    req.pipe(parser);
  });
}

/**
 * Reads a request body of raw bytes (a placeholder's content PUT to its url), streaming: hashed and chunked as
 * it arrives, 413 from Content-Length before reading or as soon as the stream passes `limit`. A compressed body
 * (Content-Encoding) is refused: the bytes are the file as it is.
 */
export function readRawContent(req: Request, limit: number): Promise<FileContent> {
  const encoding = req.get('content-encoding');
  if (encoding !== undefined && encoding.trim().toLowerCase() !== 'identity') {
    return Promise.reject(new DomainError('unsupported-media-type', "send the file's bytes as they are, without a Content-Encoding"));
  }
  if (Number(req.get('content-length')) > limit) {
    dropRestOfBody(req);
    return Promise.reject(fileTooLarge(limit));
  }
  return new Promise((resolve, reject) => {
    const receiver = new ContentReceiver();
    let settled = false;
    const settle = (outcome: FileContent | DomainError) => {
      if (settled) return;
      settled = true;
      req.off('data', onData).off('end', onEnd).off('close', onClose);
      if (outcome instanceof DomainError) {
        dropRestOfBody(req);
        reject(outcome);
      } else resolve(outcome);
    };
    const onData = (piece: Buffer) => {
      if (receiver.size + piece.length > limit) return settle(fileTooLarge(limit));
      receiver.write(piece);
    };
    const onEnd = () => settle(receiver.finish());
    const onClose = () => settle(new DomainError('input', 'the request body was cut short'));
    req.on('data', onData).on('end', onEnd).on('close', onClose);
  });
}
