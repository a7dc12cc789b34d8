import type { EntryMetaService } from '../domain/meta/entry-meta.service';
import { jsonBody } from '../http/json-body';
import { MetaBody, MetaParams, MetaRefParams, MetaRefQuery, MetaSchema } from './api-schemas';
import { metaJson } from './entry.presenter';
import { type Answer, type ApiRoute } from './route-table';

/** A meta row's body is small: its `value` is at most 64 KiB of JSON. */
const META_BODY_LIMIT = 128 * 1024;

const metaAnswer: Answer = { description: 'The meta row.', schema: MetaSchema };

/**
 * Meta rows of an entry: `PUT` (upsert), `GET` and `DELETE` `/silo/v1/entries/{entry_id}/meta/{key}`, and
 * `GET /silo/v1/entries/meta/{key}/{ref}` to find a row by its reference. Each answers the row.
 */
export const metaRoutes: ApiRoute<{ metas: EntryMetaService }>[] = [
  {
    method: 'get',
    path: '/silo/v1/entries/{entry_id}/meta/{key}',
    auth: 'token',
    operationId: 'getMeta',
    tag: 'meta',
    summary: 'One meta row of an entry, by its key (a `secure` row too).',
    params: MetaParams,
    answers: { 200: metaAnswer },
    refusals: [400, 401, 404, 503],
    handler:
      ({ metas }) =>
      async (req, res) => {
        res.json(metaJson(await metas.getMeta(req.workspaceId, req.params.entry_id, req.params.key)));
      },
  },
  {
    method: 'put',
    path: '/silo/v1/entries/{entry_id}/meta/{key}',
    auth: 'token',
    operationId: 'upsertMeta',
    tag: 'meta',
    summary: 'Create or replace a meta row of an entry.',
    params: MetaParams,
    body: { schema: MetaBody },
    answers: { 200: metaAnswer },
    unchecked: {
      body: 'checked by the meta service (checkUpsert, shared with GraphQL), more specific than the schema: null and an empty string read as absent, a lone surrogate is refused, and `url` must parse as an http(s) URL (`must be an absolute http or https URL`)',
    },
    refusals: [400, 401, 404, 413, 415, 422, 503],
    use: () => [jsonBody(META_BODY_LIMIT)],
    handler:
      ({ metas }) =>
      async (req, res) => {
        res.json(metaJson(await metas.upsertMeta(req.workspaceId, req.params.entry_id, req.params.key, req.body)));
      },
  },
  {
    method: 'delete',
    path: '/silo/v1/entries/{entry_id}/meta/{key}',
    auth: 'token',
    operationId: 'deleteMeta',
    tag: 'meta',
    summary: 'Delete a meta row of an entry; answers the row as it was.',
    params: MetaParams,
    answers: { 200: metaAnswer },
    refusals: [400, 401, 404, 503],
    handler:
      ({ metas }) =>
      async (req, res) => {
        res.json(metaJson(await metas.deleteMeta(req.workspaceId, req.params.entry_id, req.params.key)));
      },
  },
  {
    method: 'get',
    path: '/silo/v1/entries/meta/{key}/{ref}',
    auth: 'token',
    operationId: 'getMetaByRef',
    tag: 'meta',
    summary: 'A meta row found by its key and reference, within the workspace.',
    params: MetaRefParams,
    query: MetaRefQuery,
    answers: { 200: metaAnswer },
    refusals: [400, 401, 404, 503],
    handler:
      ({ metas }) =>
      async (req, res) => {
        res.json(metaJson(await metas.getMetaByRef(req.workspaceId, req.params.key, req.params.ref)));
      },
  },
];
