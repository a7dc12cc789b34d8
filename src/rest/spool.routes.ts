import { Router } from 'express';
import type { SpoolItem } from '../domain/spool-store';
import { spoolPath, type SpoolService } from '../domain/spool.service';
import { base64Content } from '../http/base64-data';
import { sendFileBytes } from '../http/file-bytes';
import { jsonBody } from '../http/json-body';
import { methodNotAllowed } from '../http/refusal';
import { SpoolKeyParams, SpoolUploadBody } from './api-schemas';
import { checkRequest } from './request-check';

/**
 * `/silo/v1/spool`: a workspace's temporary files, as the hosted API has them. POST spools one (JSON, the bytes in
 * base64) and answers its key; GET `/silo/v1/spool/{key}` gives the bytes back with their media type, DELETE
 * forgets them.
 */
export function spoolRoutes(spool: SpoolService, fileLimit: number): Router {
  const router = Router();
  // The bytes travel in base64: a third more than the file, plus the name and type.
  const json = jsonBody(Math.ceil((fileLimit * 4) / 3) + 64 * 1024);

  router
    .route('/silo/v1/spool')
    .post(json, checkRequest({ body: SpoolUploadBody }), async (req, res) => {
      const { data, name, type } = req.body as { data: string; name: string; type?: string };
      res.json(spoolItemJson(await spool.upload(req.workspaceId, { name, type }, base64Content(data, fileLimit))));
    })
    .all(methodNotAllowed(['POST']));

  router
    .route('/silo/v1/spool/:key')
    .get(checkRequest({ params: SpoolKeyParams }), async (req, res) => {
      const item = await spool.find(req.workspaceId, req.params.key);
      await sendFileBytes(req, res, { ...item, read: (from, to) => spool.readContent(req.workspaceId, item, from, to) });
    })
    .delete(checkRequest({ params: SpoolKeyParams }), async (req, res) => {
      await spool.delete(req.workspaceId, req.params.key);
      res.status(204).end();
    })
    .all(methodNotAllowed(['GET', 'DELETE']));

  return router;
}

const spoolItemJson = (item: SpoolItem) => ({
  key: item.key,
  name: item.name,
  type: item.mime,
  size: item.size,
  hash: item.hash,
  url: spoolPath(item.key),
  created_at: item.createdAt.toISOString(),
  expires_at: item.expiresAt.toISOString(),
});
