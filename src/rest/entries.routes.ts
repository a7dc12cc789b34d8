import { Router } from 'express';
import type { EntryService } from '../domain/entries.service';
import { badInput } from '../domain/errors';
import { entryJson, pageJson } from './entry.presenter';
import { methodNotAllowed } from '../http/refusal';
import { jsonBody } from '../http/json-body';

const single = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** The `/silo/v1/entries` contract: thin handlers over the entry service. */
export function entriesRoutes(entries: EntryService, bodyLimit: number): Router {
  const router = Router();
  const body = jsonBody(bodyLimit);

  router
    .route('/silo/v1/entries')
    .get(async (req, res) => {
      const q = req.query;
      for (const name of ['limit', 'cursor', 'folder', 'created_at']) {
        if (q[name] !== undefined && typeof q[name] !== 'string') {
          // Repeated or bracketed parameters (?limit=1&limit=2) are not one value.
          throw badInput(`${name}: must be given once`, { [name]: 'must be given once' });
        }
      }
      const page = await entries.listEntries(req.workspaceId, {
        limit: single(q.limit),
        cursor: single(q.cursor),
        folder: single(q.folder),
        createdAt: single(q.created_at),
      });
      res.json(pageJson(page));
    })
    .post(body, async (req, res) => {
      res.json(entryJson(await entries.createEntry(req.workspaceId, req.body), { withData: true }));
    })
    .all(methodNotAllowed(['GET', 'POST']));

  router
    .route('/silo/v1/entries/key/:key')
    .get(async (req, res) => {
      res.json(entryJson(await entries.getEntryByKey(req.workspaceId, req.params.key), { withData: true }));
    })
    .all(methodNotAllowed(['GET']));

  router
    .route('/silo/v1/entries/:id')
    .get(async (req, res) => {
      res.json(entryJson(await entries.getEntry(req.workspaceId, req.params.id), { withData: true }));
    })
    .put(body, async (req, res) => {
      res.json(entryJson(await entries.createEntry(req.workspaceId, req.body, { id: req.params.id }), { withData: true }));
    })
    .all(methodNotAllowed(['GET', 'PUT']));

  return router;
}
