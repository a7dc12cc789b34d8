import busboy from 'busboy';
import type { Request, RequestHandler } from 'express';
import { DomainError } from '../../domain/shared/errors';
import { parseJsonText } from '../../domain/shared/json-text';
import { fileTooLarge, MULTIPART_OVERHEAD_BYTES } from '../../http/file-upload';
import { dropRestOfBody } from '../../http/refused-body';
import { UploadedFile, uploadKindOf, type UploadKind } from './upload.scalar';

/**
 * The headers of which one, not empty, lets a multipart request in: those of Apollo's CSRF prevention. A page of another
 * site can make a browser send a multipart form without asking first; with one of these it must ask (a CORS preflight).
 */
export const PREFLIGHT_HEADERS = ['apollo-require-preflight', 'x-apollo-operation-name'] as const;

/** The most files one request uploads, and the most places `map` puts them in. */
export const MAX_UPLOADS = 10;
const MAX_PLACES = 100;
const MAX_PATH_SEGMENTS = 32;

/** The bounds of a multipart request: `operations` and `map` as a JSON body (BODY_LIMIT), and each file by its kind. */
export interface UploadLimits {
  /** Each of `operations` and `map`, as a JSON body. */
  json: number;
  /** An upload of XML, as REST's `application/xml` body: BODY_LIMIT. */
  xml: number;
  /** An upload of a PDF, as REST's `application/pdf` body: FILE_SIZE_LIMIT; also the most all of a request's files weigh together. */
  pdf: number;
}

const mediaTypeOf = (req: Request) => (req.get('content-type') ?? '').split(';')[0].trim().toLowerCase();

/** Whether a request is a multipart one (the GraphQL multipart request spec), for multipartOperations to read. */
export const isMultipartRequest = (req: Request): boolean => mediaTypeOf(req) === 'multipart/form-data';

const badInput = (message: string) => new DomainError('input', message);

const parsedField = (name: string, value: string): unknown => {
  try {
    return parseJsonText(value);
  } catch (error) {
    throw error instanceof DomainError ? badInput(`${name}: ${error.message.replace('the request body', 'the field')}`) : error;
  }
};

/** `map`: each file part's name and the places (`variables.input.file`, `0.variables.file`) it goes in `operations`. */
function placesOf(value: unknown): Map<string, string[][]> {
  const refused = () => badInput('map: must be an object naming each file part and the paths of operations it goes in');
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw refused();
  const places = new Map<string, string[][]>();
  let count = 0;
  for (const [name, paths] of Object.entries(value)) {
    if (!Array.isArray(paths) || paths.length === 0 || !paths.every((path) => typeof path === 'string')) throw refused();
    count += paths.length;
    if (places.size >= MAX_UPLOADS || count > MAX_PLACES) throw badInput(`map: at most ${MAX_UPLOADS} files, in ${MAX_PLACES} places`);
    places.set(
      name,
      (paths as string[]).map((path) => {
        const segments = path.split('.');
        if (segments.length > MAX_PATH_SEGMENTS) throw badInput(`map: ${name}: the path ${path.slice(0, 80)} is too deep`);
        return segments;
      }),
    );
  }
  return places;
}

/** Puts a file where `map` says, in place of the null the client sent there; a path to anything else is refused. */
function place(operations: unknown, segments: string[], file: UploadedFile): void {
  let container: unknown = operations;
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i];
    const holds = !!container && typeof container === 'object' && Object.prototype.hasOwnProperty.call(container, segment);
    if (!holds) throw badInput(`map: operations has no ${segments.slice(0, i + 1).join('.')}`);
    const record = container as Record<string, unknown>;
    if (i < segments.length - 1) container = record[segment];
    else if (record[segment] !== null)
      throw badInput(`map: ${segments.join('.')} is not null in operations: a file goes in place of a null`);
    else record[segment] = file;
  }
}

/** A file part as it arrives: its bytes, and its kind once its first bytes tell it. */
interface Receiving {
  name: string;
  chunks: Buffer[];
  size: number;
  kind?: UploadKind;
  filename?: string;
  mimeType?: string;
  done: boolean;
}

/**
 * Reads a request of the GraphQL multipart request spec (https://github.com/jaydenseric/graphql-multipart-request-spec)
 * into `req.body`: `operations` (a JSON body, or a batch) with each file of `map` in place, as an UploadedFile
 * read whole. Refused before anything runs: without a preflight header (400); with a Content-Length, or as soon as
 * the stream shows it, past its bounds (413: an XML file past BODY_LIMIT, a PDF or all the files together past
 * FILE_SIZE_LIMIT); `operations` and `map` not first, not JSON, or naming files not sent or places not null (400).
 */
export function multipartOperations(limits: UploadLimits): RequestHandler {
  return (req, _res, next) => {
    const refuse = (error: DomainError) => {
      dropRestOfBody(req);
      next(error);
    };
    if (!PREFLIGHT_HEADERS.some((header) => (req.get(header) ?? '') !== '')) {
      return refuse(
        badInput(
          `a multipart request needs a non-empty ${PREFLIGHT_HEADERS.join(' or ')} header, so that a browser asks before sending it (CSRF prevention)`,
        ),
      );
    }
    const encoding = req.get('content-encoding');
    if (encoding !== undefined && encoding.trim().toLowerCase() !== 'identity') {
      return refuse(new DomainError('unsupported-media-type', 'send a multipart request as it is, without a Content-Encoding'));
    }
    if (Number(req.get('content-length')) > 2 * limits.json + limits.pdf + MULTIPART_OVERHEAD_BYTES) {
      return refuse(new DomainError('payload-too-large', `the request body is over ${2 * limits.json + limits.pdf} bytes`));
    }
    readOperations(req, limits).then((operations) => {
      req.body = operations;
      next();
    }, refuse);
  };
}

function readOperations(req: Request, limits: UploadLimits): Promise<unknown> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: req.headers,
        limits: { fields: 2, fieldSize: limits.json, files: MAX_UPLOADS, fileSize: limits.pdf, parts: MAX_UPLOADS + 2 },
      });
    } catch {
      return reject(badInput('the multipart body has no boundary'));
    }
    let operations: unknown;
    let places: Map<string, string[][]> | undefined;
    const files = new Map<string, Receiving>();
    let total = 0;
    let parsed = false;
    let settled = false;
    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      req.unpipe(parser);
      reject(error instanceof DomainError ? error : badInput('the multipart body could not be read'));
    };
    /** Once the parser is done and every file has ended: each file in its places, or what is missing. */
    const finish = () => {
      if (settled || !parsed || [...files.values()].some((file) => !file.done)) return;
      if (!places) return fail(badInput('operations and map: both are required, before the files'));
      const missing = [...places.keys()].filter((name) => !files.has(name));
      if (missing.length > 0) return fail(badInput(`map names ${missing.join(', ')}, which the request did not send`));
      try {
        for (const [name, paths] of places) {
          const { chunks, size, kind, filename, mimeType } = files.get(name)!;
          const file = new UploadedFile(Buffer.concat(chunks, size), kind ?? 'xml', filename, mimeType);
          for (const segments of paths) place(operations, segments, file);
        }
      } catch (error) {
        return fail(error);
      }
      settled = true;
      resolve(operations);
    };
    parser.on('field', (name, value, info) => {
      if (info.valueTruncated) return fail(new DomainError('payload-too-large', `${name}: is over ${limits.json} bytes`));
      try {
        if (name === 'operations' && operations === undefined) operations = parsedField(name, value);
        else if (name === 'map' && operations !== undefined && !places) places = placesOf(parsedField(name, value));
        else throw badInput(`${name.slice(0, 80)}: a multipart request has the fields operations, then map, then the files`);
      } catch (error) {
        fail(error);
      }
    });
    parser.on('file', (name, stream, info) => {
      if (settled) return stream.resume();
      if (!places) return fail(badInput('operations and map come before the files'));
      if (!places.has(name) || files.has(name)) return fail(badInput(`${name.slice(0, 80)}: map names no such file, or it came twice`));
      const file: Receiving = { name, chunks: [], size: 0, filename: info.filename || undefined, mimeType: info.mimeType, done: false };
      files.set(name, file);
      stream.on('data', (piece: Buffer) => {
        if (settled) return;
        file.chunks.push(piece);
        file.size += piece.length;
        total += piece.length;
        file.kind ??= uploadKindOf(file.mimeType, file.chunks.length === 1 ? piece : Buffer.concat(file.chunks), false);
        if (file.kind !== 'pdf' && file.size > limits.xml) return fail(fileTooLarge(limits.xml));
        if (total > limits.pdf) return fail(new DomainError('payload-too-large', `the files are over ${limits.pdf} bytes together`));
      });
      stream.on('limit', () => fail(fileTooLarge(limits.pdf)));
      stream.on('end', () => {
        file.kind ??= uploadKindOf(file.mimeType, Buffer.concat(file.chunks), true);
        file.done = true;
        finish();
      });
    });
    parser.on('filesLimit', () => fail(badInput(`at most ${MAX_UPLOADS} files`)));
    parser.on('fieldsLimit', () => fail(badInput('a multipart request has the fields operations, then map, then the files')));
    parser.on('partsLimit', () => fail(badInput(`at most ${MAX_UPLOADS} files`)));
    parser.on('error', fail);
    parser.on('close', () => {
      parsed = true;
      finish();
    });
    req.on('aborted', () => fail(badInput('the request body was cut short')));
    req.pipe(parser);
  });
}
