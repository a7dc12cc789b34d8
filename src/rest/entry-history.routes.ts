import { Router } from 'express';
import type { EntryService } from '../domain/entries.service';
import { jsonBody } from '../http/json-body';
import { methodNotAllowed } from '../http/refusal';
import { EntryStateParams, EntryStatesParams, EntryVersionParams } from './api-schemas';
import { stateJson, versionDataText } from './entry-history.presenter';
import { checkRequest } from './request-check';

/** Small bodies: a state is a key, notes and a few meta values. */
const STATE_BODY_LIMIT = 256 * 1024;

/**
 * The version an If-Match header names (`"76f845c125"`, `W/"..."`), or undefined for none or `*`. Several
 * tags name no one version: the first is taken.
 */
export function expectedVersionOf(header: string | undefined): string | undefined {
  const first = header?.split(',')[0]?.trim();
  if (!first || first === '*') return undefined;
  return first.replace(/^W\//, '').replace(/^"(.*)"$/, '$1').toLowerCase();
}

/** An entry's versions and states: `/silo/v1/entries/{id}/versions/{version}` and `/silo/v1/entries/{entry_id}/states`. */
export function entryHistoryRoutes(entries: EntryService): Router {
  const router = Router();
  const body = jsonBody(STATE_BODY_LIMIT);

  router
    .route('/silo/v1/entries/:id/versions/:version')
    .get(checkRequest({ params: EntryVersionParams }), async (req, res) => {
      const version = await entries.entryVersion(req.workspaceId, req.params.id, req.params.version);
      res.setHeader('ETag', `"${version.version}"`);
      res.type('application/json').send(versionDataText(version));
    })
    .all(methodNotAllowed(['GET']));

  router
    .route('/silo/v1/entries/:entry_id/states')
    .get(checkRequest({ params: EntryStatesParams }), async (req, res) => {
      res.json({ list: (await entries.listStates(req.workspaceId, req.params.entry_id)).map(stateJson) });
    })
    .post(checkRequest({ params: EntryStatesParams }), body, async (req, res) => {
      res.json(stateJson(await entries.putState(req.workspaceId, req.params.entry_id, req.body)));
    })
    .all(methodNotAllowed(['GET', 'POST']));

  router
    .route('/silo/v1/entries/:entry_id/states/:at')
    .put(checkRequest({ params: EntryStateParams }), body, async (req, res) => {
      res.json(stateJson(await entries.putState(req.workspaceId, req.params.entry_id, req.body, { at: req.params.at })));
    })
    .all(methodNotAllowed(['PUT']));

  return router;
}
