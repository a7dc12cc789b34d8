import type { RequestHandler } from 'express';
import type { Attachment } from '../domain/entries/model/entry';
import { downloadPath } from '../domain/files/files.service';
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

/** Where files' addresses start: PUBLIC_BASE_URL, else the request's own scheme and host (when it is a sane one). */
export function fileBaseOf(publicBaseUrl: string | undefined, request: { protocol: string; host: string | undefined }): string {
  if (publicBaseUrl !== undefined) return publicBaseUrl;
  return request.host !== undefined && SANE_HOST.test(request.host) ? `${request.protocol}://${request.host}` : '';
}

/**
 * A file's absolute address from `base`, with a signed link's query unless the file is private. Each file's is made
 * once and kept while the answer is made: forty GraphQL aliases of an entry with a thousand files sign a thousand
 * links, not forty thousand (the kept ones are the files the answer shows, gone with it).
 */
export function fileUrlOf(links: FileLinks, base: string, workspaceId: () => string): FileUrl {
  const made = new Map<string, string>();
  return (file) => {
    const address = `${base}${downloadPath(file.entryId, file.id)}`;
    if (file.private) return address;
    let url = made.get(address);
    if (url === undefined) {
      url = `${address}?${links.query(workspaceId(), { entryId: file.entryId, fileId: file.id })}`;
      made.set(address, url);
    }
    return url;
  };
}

/**
 * Gives each request `req.fileUrl`: a file's absolute address (PUBLIC_BASE_URL, else the request's own scheme and
 * host) with a signed link's query, so that a plain HTTP client fetches it without a token until it expires. A
 * private file has no link: its address wants a token. The workspace is read when a url is made, after
 * authentication. Mounted before REST's routes and GraphQL's, which both show files through it.
 */
export function fileUrls(links: FileLinks, publicBaseUrl: string | undefined): RequestHandler {
  return (req, _res, next) => {
    let fileUrl: FileUrl | undefined;
    req.fileUrl = (file) => {
      fileUrl ??= fileUrlOf(links, fileBaseOf(publicBaseUrl, { protocol: req.protocol, host: req.get('host') }), () => req.workspaceId);
      return fileUrl(file);
    };
    next();
  };
}
