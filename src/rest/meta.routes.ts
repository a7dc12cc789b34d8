import { Router } from 'express';
import type { EntryMetaService } from '../domain/entry-meta.service';
import { jsonBody } from '../http/json-body';
import { methodNotAllowed } from '../http/refusal';
import { MetaParams, MetaRefParams, MetaRefQuery } from './api-schemas';
import { metaJson } from './entry.presenter';
import { checkRequest } from './request-check';

/** A meta row's body is small: its `value` is at most 64 KiB of JSON. */
const META_BODY_LIMIT = 128 * 1024;

/**
 * Meta rows of an entry: `PUT` (upsert), `GET` and `DELETE` `/silo/v1/entries/{entry_id}/meta/{key}`, and
 * `GET /silo/v1/entries/meta/{key}/{ref}` to find a row by its reference. Each answers the row.
 */
export function metaRoutes(metas: EntryMetaService): Router {
  const router = Router();
  const body = jsonBody(META_BODY_LIMIT);

  router
    .route('/silo/v1/entries/meta/:key/:ref')
    .get(checkRequest({ params: MetaRefParams, query: MetaRefQuery }), async (req, res) => {
      res.json(metaJson(await metas.getMetaByRef(req.workspaceId, req.params.key, req.params.ref)));
    })
    .all(methodNotAllowed(['GET']));

  router
    .route('/silo/v1/entries/:entry_id/meta/:key')
    .get(checkRequest({ params: MetaParams }), async (req, res) => {
      res.json(metaJson(await metas.getMeta(req.workspaceId, req.params.entry_id, req.params.key)));
    })
    .put(checkRequest({ params: MetaParams }), body, async (req, res) => {
      res.json(metaJson(await metas.upsertMeta(req.workspaceId, req.params.entry_id, req.params.key, req.body)));
    })
    .delete(checkRequest({ params: MetaParams }), async (req, res) => {
      res.json(metaJson(await metas.deleteMeta(req.workspaceId, req.params.entry_id, req.params.key)));
    })
    .all(methodNotAllowed(['GET', 'PUT', 'DELETE']));

  return router;
}
