import { Router, type Request, type RequestHandler } from 'express';
import type { Attachment } from '../domain/entry';
import { downloadPath, type FilesService } from '../domain/files.service';
import { FileLinks } from '../http/file-links';
import { serveFile } from './files.routes';

/** A file's `url` as this request's answer shows it. */
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
 * authentication.
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

/**
 * A file's bytes fetched by its signed link, without a token: mounted before authentication. A request with an
 * Authorization header, or without any part of a link, goes on to the token's routes; a link that has expired,
 * was altered or was made for another file or workspace is 403 `forbidden`, before anything is read.
 */
export function fileLinkRoutes(files: FilesService, links: FileLinks): Router {
  const router = Router();
  router.get(['/silo/v1/entries/:entry_id/files/:id', '/silo/v1/entries/:entry_id/files/:id/download'], async (req, res, next) => {
    if (req.get('authorization') !== undefined || !FileLinks.isLink(req.query)) return next();
    const { entry_id: entryId, id } = req.params as { entry_id: string; id: string };
    const workspaceId = links.verify({ entryId, fileId: id }, req.query);
    req.workspaceId = workspaceId;
    await serveFile(files, workspaceId, req, res, { linked: true });
  });
  return router;
}
