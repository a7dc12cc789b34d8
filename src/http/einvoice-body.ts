import type { Request, RequestHandler } from 'express';
import { DomainError } from '../domain/shared/errors';
import { readRawContent } from './file-upload';

const XML_TYPES = ['application/xml', 'text/xml'];
const PDF_TYPE = 'application/pdf';

const mediaTypeOf = (req: Request) => (req.get('content-type') ?? '').split(';')[0].trim().toLowerCase();

/** Whether a request's body is an e-invoice: XML (UBL, CII) or a PDF (Factur-X, ZUGFeRD), whatever its parameters. */
export const isEinvoiceRequest = (req: Request): boolean => XML_TYPES.includes(mediaTypeOf(req)) || mediaTypeOf(req) === PDF_TYPE;

/** A request body of XML text (an e-invoice), read whole: the engine's threads screen and parse it. */
export class XmlText {
  constructor(readonly text: string) {}
}

/** A request body of a PDF's bytes (a Factur-X or ZUGFeRD invoice), read whole: the engine's threads read it. */
export class PdfBytes {
  constructor(readonly bytes: Buffer) {}
}

/** The bounds of a received e-invoice: XML up to BODY_LIMIT, a PDF (its pages and fonts besides) up to FILE_SIZE_LIMIT. */
export interface EinvoiceBodyLimits {
  xml: number;
  pdf: number;
}

/**
 * Reads an e-invoice body: 415 unless its media type says XML or PDF, 413 past its bound (from Content-Length
 * before reading, or as soon as the stream passes it), 400 for XML that is not UTF-8 (EN 16931's syntaxes are sent
 * in UTF-8).
 */
export async function readEinvoiceBody(req: Request, limits: EinvoiceBodyLimits): Promise<XmlText | PdfBytes> {
  const type = mediaTypeOf(req);
  if (type === PDF_TYPE) {
    const { chunks, size } = await readRawContent(req, limits.pdf);
    return new PdfBytes(Buffer.concat(chunks, size));
  }
  if (!XML_TYPES.includes(type)) {
    throw new DomainError(
      'unsupported-media-type',
      `send the e-invoice as application/xml or application/pdf (got ${type || 'no Content-Type'})`,
    );
  }
  const { chunks, size } = await readRawContent(req, limits.xml);
  try {
    return new XmlText(new TextDecoder('utf-8', { fatal: true }).decode(Buffer.concat(chunks, size)));
  } catch {
    throw new DomainError('input', 'the XML is not UTF-8');
  }
}

/** Middleware: an e-invoice body into `req.body` (XmlText or PdfBytes); any other body to `otherwise` (a JSON body's reader). */
export function einvoiceOr(limits: EinvoiceBodyLimits, otherwise: RequestHandler): RequestHandler {
  return (req, res, next) => {
    if (!isEinvoiceRequest(req)) return otherwise(req, res, next);
    readEinvoiceBody(req, limits).then((body) => {
      req.body = body;
      next();
    }, next);
  };
}
