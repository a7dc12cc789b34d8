import { Type } from '@sinclair/typebox';
import { Router } from 'express';
import { badInput } from '../domain/errors';
import type { SpoolItem } from '../domain/spool-store';
import { spoolPath, type SpoolService } from '../domain/spool.service';
import { sendFileBytes } from '../http/file-bytes';
import { jsonBody } from '../http/json-body';
import { readJsonFileUpload } from '../http/json-file-upload';
import { methodNotAllowed } from '../http/refusal';
import { SpoolKeyParams, SpoolUploadBody } from './api-schemas';
import { bodyCheck, checkRequest } from './request-check';

/**
 * `/silo/v1/spool`: a workspace's temporary files, as the hosted API has them. POST spools one (JSON, the bytes in
 * base64) and answers its key; GET `/silo/v1/spool/{key}` gives the bytes back with their media type, DELETE
 * forgets them.
 */
export function spoolRoutes(spool: SpoolService, fileLimit: number): Router {
  const router = Router();
  // The bytes travel in base64: a third more than the file, plus the name and type. They are decoded a slice at a
  // time, as a file's JSON upload, so the HTTP thread is never held long.
  const json = jsonBody(Math.ceil((fileLimit * 4) / 3) + 64 * 1024, { asBytes: true });
  const checkUpload = bodyCheck(SpoolUploadBody);
  const checkMembers = bodyCheck(Type.Omit(SpoolUploadBody, ['data']));

  router
    .route('/silo/v1/spool')
    .post(json, async (req, res) => {
      const { members, content } = await readJsonFileUpload(req.body as Buffer, fileLimit);
      req.body = members;
      if (content === undefined) {
        // Without a base64 string in `data`, the whole schema says what is wrong with the body.
        checkUpload(req.body);
        throw badInput('data: must be a base64 string', { data: 'must be a base64 string' });
      }
      checkMembers(req.body);
      const { name, type } = req.body as { name: string; type?: string };
      res.json(spoolItemJson(await spool.upload(req.workspaceId, { name, type }, await content())));
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
