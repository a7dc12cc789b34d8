import type { RequestHandler } from 'express';
import type { Attachment } from '../domain/entries/model/entry';
import { downloadPath } from '../domain/files/files.service';
import type { FileLinks } from './file-links';

/** A file's `url` as this request's answer shows it, in REST and GraphQL alike. */
export type FileUrl = (file: Attachment) => string;

/** The signed address of an entry's invoice in a format (`GET /silo/v1/entries/{id}/formats/{format}`), of `version` when named. */
export type FormatUrl = (entryId: string, format: string, version?: string) => string;

/** A path of this service (`/silo/v1/spool/{key}`) as an absolute address, as a file's `url` starts. */
export type ServiceUrl = (path: string) => string;

declare module 'express-serve-static-core' {
  interface Request {
    fileUrl: FileUrl;
    formatUrl: FormatUrl;
    serviceUrl: ServiceUrl;
  }
}

/** The REST route of an entry's invoice in a format. */
export const formatPath = (entryId: string, format: string): string =>
  `/silo/v1/entries/${encodeURIComponent(entryId)}/formats/${encodeURIComponent(format)}`;

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
 * An entry's invoice in a format as an absolute address from `base`, with a signed link's query (the `version` it
 * names signed with it), so that a plain HTTP client fetches it without a token until the link expires, as a file's.
 */
export function formatUrlOf(links: FileLinks, base: string, workspaceId: () => string): FormatUrl {
  return (entryId, format, version) => {
    const named = version === undefined ? '' : `version=${encodeURIComponent(version)}&`;
    const query = links.query(workspaceId(), { entryId, format, ...(version === undefined ? {} : { version }) });
    return `${base}${formatPath(entryId, format)}?${named}${query}`;
  };
}

/**
 * Gives each request `req.fileUrl`: a file's absolute address (PUBLIC_BASE_URL, else the request's own scheme and
 * host) with a signed link's query, so that a plain HTTP client fetches it without a token until it expires. A
 * private file has no link: its address wants a token. `req.formatUrl`, an entry's invoice in a format, likewise.
 * `req.serviceUrl`, any path of the service from the same base, unsigned (a spooled file's, which wants a token). The
 * workspace is read when a url is made, after authentication. Mounted before REST's routes and GraphQL's, which both
 * show files through it.
 */
export function fileUrls(links: FileLinks, publicBaseUrl: string | undefined): RequestHandler {
  return (req, _res, next) => {
    const base = () => fileBaseOf(publicBaseUrl, { protocol: req.protocol, host: req.get('host') });
    let fileUrl: FileUrl | undefined;
    req.fileUrl = (file) => {
      fileUrl ??= fileUrlOf(links, base(), () => req.workspaceId);
      return fileUrl(file);
    };
    req.formatUrl = (entryId, format, version) => formatUrlOf(links, base(), () => req.workspaceId)(entryId, format, version);
    req.serviceUrl = (path) => `${base()}${path}`;
    next();
  };
}
