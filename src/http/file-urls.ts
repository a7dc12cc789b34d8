import type { Request, RequestHandler } from 'express';
import type { Attachment } from '../domain/entry';
import { downloadPath } from '../domain/files.service';
import type { FileLinks } from './file-links';

/** A file's `url` as this request's answer shows it, in REST and GraphQL alike. */
export type FileUrl = (file: Attachment) => string;

declare module 'express-serve-static-core' {
  interface Request {
    fileUrl: FileUrl;
  }
}

/** A Host header that can stand in a URL as it is: a name or an address, and a port. */
const SANE_HOST = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/**
 * Gives each request `req.fileUrl`: a file's absolute address (PUBLIC_BASE_URL, else the request's own scheme and
 * host) with a signed link's query, so that a plain HTTP client fetches it without a token until it expires. A
 * private file has no link: its address wants a token. The workspace is read when a url is made, after
 * authentication. Mounted before REST's routes and GraphQL's, which both show files through it.
 */
export function fileUrls(links: FileLinks, publicBaseUrl: string | undefined): RequestHandler {
  const baseOf = (req: Request) => {
    if (publicBaseUrl !== undefined) return publicBaseUrl;
    const host = req.get('host');
    return host !== undefined && SANE_HOST.test(host) ? `${req.protocol}://${host}` : '';
  };
  return (req, _res, next) => {
    req.fileUrl = (file) => {
      const address = `${baseOf(req)}${downloadPath(file.entryId, file.id)}`;
      return file.private ? address : `${address}?${links.query(req.workspaceId, { entryId: file.entryId, fileId: file.id })}`;
    };
    next();
  };
}
