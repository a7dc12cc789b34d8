import { Router, type Request } from 'express';
import type { EntryService } from '../domain/entries.service';
import { badInput } from '../domain/errors';
import type { RelatedEntriesQuery } from '../domain/related-entries';
import { sendPage } from './entry-answer';
import { readTurnOf } from '../http/read-turn';
import { methodNotAllowed } from '../http/refusal';

const PARAMETERS = ['uuid', 'context', 'created_at', 'cursor', 'limit', 'ascending'];

/** The query of a related list; a repeated or bracketed parameter (?limit=1&limit=2) is not one value. */
function relatedQueryOf(req: Request): RelatedEntriesQuery {
  const q = req.query;
  for (const name of PARAMETERS) {
    if (q[name] !== undefined && typeof q[name] !== 'string') throw badInput(`${name}: must be given once`, { [name]: 'must be given once' });
  }
  const text = (name: string) => q[name] as string | undefined;
  return { uuid: text('uuid'), context: text('context'), createdAt: text('created_at'), cursor: text('cursor'), limit: text('limit'), ascending: text('ascending') };
}

/**
 * Related entries (see src/domain/related-entries.ts): by UUID, and by entry. Mounted before
 * `/silo/v1/entries/:id`, which would otherwise take `related` for an id.
 */
export function relatedRoutes(entries: EntryService): Router {
  const router = Router();
  router
    .route('/silo/v1/entries/related')
    .get(async (req, res) => {
      await sendPage(res, await entries.listRelated(req.workspaceId, relatedQueryOf(req), { withParts: true, turn: readTurnOf(res, entries) }));
    })
    .all(methodNotAllowed(['GET']));
  router
    .route('/silo/v1/entries/:id/related')
    .get(async (req, res) => {
      await sendPage(res, await entries.listRelated(req.workspaceId, { ...relatedQueryOf(req), id: req.params.id }, { withParts: true, turn: readTurnOf(res, entries) }));
    })
    .all(methodNotAllowed(['GET']));
  return router;
}
