import type { Request, RequestHandler } from 'express';
import { DomainError } from '../domain/shared/errors';
import { readRawContent } from './file-upload';

const XML_TYPES = ['application/xml', 'text/xml'];

/** Whether a request's Content-Type says XML (an e-invoice), whatever its parameters. */
export const isXmlRequest = (req: Request): boolean =>
  XML_TYPES.includes((req.get('content-type') ?? '').split(';')[0].trim().toLowerCase());

/** A request body of XML text (an e-invoice), read whole: the engine's threads screen and parse it. */
export class XmlText {
  constructor(readonly text: string) {}
}

/**
 * Reads an XML body: 415 unless its media type says XML, 413 past `limit` (from Content-Length before reading, or
 * as soon as the stream passes it), 400 for bytes that are not UTF-8 (EN 16931's syntaxes are sent in UTF-8).
 */
export async function readXmlBody(req: Request, limit: number): Promise<XmlText> {
  if (!isXmlRequest(req)) {
    throw new DomainError(
      'unsupported-media-type',
      `send the e-invoice as application/xml (got ${req.get('content-type') || 'no Content-Type'})`,
    );
  }
  const { chunks, size } = await readRawContent(req, limit);
  try {
    return new XmlText(new TextDecoder('utf-8', { fatal: true }).decode(Buffer.concat(chunks, size)));
  } catch {
    throw new DomainError('input', 'the XML is not UTF-8');
  }
}

/** Middleware: an XML body into `req.body` as XmlText; any other body to `otherwise` (a JSON body's reader). */
export function xmlOr(limit: number, otherwise: RequestHandler): RequestHandler {
  return (req, res, next) => {
    if (!isXmlRequest(req)) return otherwise(req, res, next);
    readXmlBody(req, limit).then((xml) => {
      req.body = xml;
      next();
    }, next);
  };
}
