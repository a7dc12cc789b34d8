import type { EntryService } from '../domain/entries/entries.service';
import { jsonBody } from '../http/json-body';
import {
  EntryDataSchema,
  EntryStateParams,
  EntryStatesParams,
  EntryVersionParams,
  StateBody,
  StateListSchema,
  StateSchema,
} from './api-schemas';
import { stateJson, versionDataText } from './entry-history.presenter';
import { type ApiRoute } from './route-table';

/** Small bodies: a state is a key, notes and a few meta values. */
const STATE_BODY_LIMIT = 256 * 1024;

/**
 * The version an If-Match header names (`"76f845c125"`, `W/"..."`), or undefined for none or `*`. Several
 * tags name no one version: the first is taken.
 */
export function expectedVersionOf(header: string | undefined): string | undefined {
  const first = header?.split(',')[0]?.trim();
  if (!first || first === '*') return undefined;
  return first
    .replace(/^W\//, '')
    .replace(/^"(.*)"$/, '$1')
    .toLowerCase();
}

const body = () => [jsonBody(STATE_BODY_LIMIT)];

/** Why a state's body is not checked by the mount: the domain's check (parseStateInput, shared with GraphQL) answers more. */
const STATE_BODY_IN_DOMAIN =
  'checked by parseStateInput (entry-state.ts), for GraphQL too: a key that is not a state is 422 `unknown-state`, which the schema would refuse as a 400; null reads as absent; `notes` has a length limit the schema does not declare';

/** An entry's versions and states: `/silo/v1/entries/{id}/versions/{version}` and `/silo/v1/entries/{entry_id}/states`. */
export const entryHistoryRoutes: ApiRoute<{ entries: EntryService }>[] = [
  {
    method: 'get',
    path: '/silo/v1/entries/{id}/versions/{version}',
    auth: 'token',
    operationId: 'getEntryVersion',
    tag: 'entries',
    summary: 'The envelope of one version of an entry.',
    params: EntryVersionParams,
    answers: { 200: { description: 'The version and its envelope.', schema: EntryDataSchema } },
    refusals: [400, 401, 404, 503],
    handler:
      ({ entries }) =>
      async (req, res) => {
        const version = await entries.entryVersion(req.workspaceId, req.params.id, req.params.version);
        res.setHeader('ETag', `"${version.version}"`);
        res.type('application/json').send(versionDataText(version));
      },
  },
  {
    method: 'get',
    path: '/silo/v1/entries/{entry_id}/states',
    auth: 'token',
    operationId: 'listEntryStates',
    tag: 'entries',
    summary: 'The states of an entry, newest first.',
    params: EntryStatesParams,
    answers: { 200: { description: 'The states.', schema: StateListSchema } },
    refusals: [400, 401, 404, 503],
    handler:
      ({ entries }) =>
      async (req, res) => {
        res.json({ list: (await entries.listStates(req.workspaceId, req.params.entry_id)).map(stateJson) });
      },
  },
  {
    method: 'post',
    path: '/silo/v1/entries/{entry_id}/states',
    auth: 'token',
    operationId: 'addEntryState',
    tag: 'entries',
    summary: "Add a state to an entry, holding from now; it becomes the entry's `state`.",
    params: EntryStatesParams,
    body: { schema: StateBody },
    answers: { 200: { description: 'The state.', schema: StateSchema } },
    unchecked: { body: STATE_BODY_IN_DOMAIN },
    refusals: [400, 401, 404, 409, 413, 415, 422, 503],
    use: body,
    handler:
      ({ entries }) =>
      async (req, res) => {
        res.json(stateJson(await entries.putState(req.workspaceId, req.params.entry_id, req.body)));
      },
  },
  {
    method: 'put',
    path: '/silo/v1/entries/{entry_id}/states/{at}',
    auth: 'token',
    operationId: 'putEntryState',
    tag: 'entries',
    summary: 'Add a state holding from a given moment, or replace the state at that moment.',
    params: EntryStateParams,
    body: { schema: StateBody },
    answers: { 200: { description: 'The state.', schema: StateSchema } },
    unchecked: { body: STATE_BODY_IN_DOMAIN },
    refusals: [400, 401, 404, 409, 413, 415, 422, 503],
    use: body,
    handler:
      ({ entries }) =>
      async (req, res) => {
        res.json(stateJson(await entries.putState(req.workspaceId, req.params.entry_id, req.body, { at: req.params.at })));
      },
  },
];
