import { Router, type ErrorRequestHandler, type Response } from 'express';
import type { EntryService } from '../domain/entries.service';
import { badInput } from '../domain/errors';
import type { Entry } from '../domain/entry';
import { sendEntry, sendPage } from './entry-answer';
import { readTurnOf } from '../http/read-turn';
import { methodNotAllowed } from '../http/refusal';
import { jsonBody } from '../http/json-body';
import { abandonedSignal } from '../http/request-signal';
import { expectedVersionOf } from './entry-history.routes';
import { relatedRoutes } from './related.routes';

const KEY_NOT_UTF8 = 'must be percent-encoded UTF-8';

const single = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** The `/silo/v1/entries` contract: thin handlers over the entry service. */
export function entriesRoutes(entries: EntryService, bodyLimit: number): Router {
  const router = Router();
  // Create bodies stay JSON text on this thread: the engine's threads parse them.
  const body = jsonBody(bodyLimit, { asText: true });

  router
    .route('/silo/v1/entries')
    .get(async (req, res) => {
      const q = req.query;
      for (const name of ['limit', 'cursor', 'folder', 'created_at', 'ascending']) {
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
        ascending: single(q.ascending),
      }, { withParts: true, turn: readTurnOf(res, entries) });
      await sendPage(res, page);
    })
    .post(body, async (req, res) => {
      await sendEntry(res, await entries.createEntry(req.workspaceId, req.body, { signal: abandonedSignal(res) }));
    })
    .all(methodNotAllowed(['GET', 'POST']));

  router
    .route('/silo/v1/entries/key/:key')
    .get(async (req, res) => {
      await sendEntry(res, await entries.getEntryByKey(req.workspaceId, req.params.key, { withData: true, withParts: true, turn: readTurnOf(res, entries) }));
    })
    .all(methodNotAllowed(['GET']));
  // A key whose percent-encoding is not UTF-8 (`%ED%A0%BD`, a lone surrogate) fails to decode: name the field.
  router.use('/silo/v1/entries/key', ((error, _req, _res, next) => {
    next(error instanceof URIError ? badInput(`key: ${KEY_NOT_UTF8}`, { key: KEY_NOT_UTF8 }) : error);
  }) as ErrorRequestHandler);

  router.use(relatedRoutes(entries)); // before `/:id`, which would read `related` as an id

  router
    .route('/silo/v1/entries/:id')
    .get(async (req, res) => {
      await sendEntry(res, await entries.getEntry(req.workspaceId, req.params.id, { withData: true, withParts: true, turn: readTurnOf(res, entries) }));
    })
    .put(body, async (req, res) => {
      await sendEntry(res, await entries.createEntry(req.workspaceId, req.body, { id: req.params.id, signal: abandonedSignal(res) }));
    })
    .patch(body, async (req, res) => {
      const options = { expectedVersion: expectedVersionOf(req.get('if-match')), withParts: true, turn: readTurnOf(res, entries), signal: abandonedSignal(res) };
      await sendEntry(res, await entries.updateEntry(req.workspaceId, req.params.id, req.body, options));
    })
    .all(methodNotAllowed(['GET', 'PUT', 'PATCH']));

  return router;
}
