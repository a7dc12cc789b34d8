import { Router } from 'express';
import type { FilesService } from '../domain/files/files.service';
import { FileLinks } from '../http/file-links';
import { serveFile } from './files.routes';

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
