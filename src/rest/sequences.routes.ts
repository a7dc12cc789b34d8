import type { Static } from '@sinclair/typebox';
import type { Series, SeriesEntry } from '../domain/sequences/series';
import type { ChainVerdict, SequencesService } from '../domain/sequences/sequences.service';
import { jsonBody } from '../http/json-body';
import {
  CreateSeriesBody,
  CreateSeriesEntryBody,
  SeriesEntriesParams,
  SeriesEntriesQuery,
  SeriesEntryPageSchema,
  SeriesEntryParams,
  SeriesEntrySchema,
  SeriesListSchema,
  SeriesParams,
  SeriesSchema,
  SeriesVerdictSchema,
  SeriesVerifyQuery,
} from './schemas/sequences';
import type { ApiRoute } from './route-table';

export interface SequenceServices {
  sequences: SequencesService;
}

/** Why the bodies are not checked by the mount: SequencesService checks them against these same declarations. */
const BODY_IN_DOMAIN = 'checked once by SequencesService against this same schema (sequence-input.ts), for every API';
const SEQUENCE_BODY_LIMIT = 64 * 1024;

export const seriesJson = (series: Series): Static<typeof SeriesSchema> => ({
  id: series.id,
  name: series.name,
  code: series.code,
  description: series.description,
  prefix: series.prefix,
  suffix: series.suffix,
  padding: series.padding,
  start: series.start,
  last_index: series.lastIndex,
  last_entry_id: series.lastEntryId,
  created_at: series.createdAt.toISOString(),
  updated_at: series.updatedAt.toISOString(),
});

export const seriesEntryJson = (entry: SeriesEntry): Static<typeof SeriesEntrySchema> => ({
  id: entry.id,
  series_id: entry.seriesId,
  index: entry.index,
  code: entry.code,
  previous_id: entry.previousId,
  meta: Object.keys(entry.meta).length > 0 ? entry.meta : undefined,
  sigs: entry.sigs,
  created_at: entry.createdAt.toISOString(),
  updated_at: entry.updatedAt.toISOString(),
});

export const verdictJson = (verdict: ChainVerdict): Static<typeof SeriesVerdictSchema> => ({
  valid: verdict.valid,
  checked: verdict.checked,
  from: verdict.fromIndex,
  next_from: verdict.nextIndex,
  first_break: verdict.firstBreak,
});

const wholeOrUndefined = (value: unknown) => (typeof value === 'string' ? Number(value) : undefined);

/**
 * `/sequence/v1`: the hosted API's sequence service. Series of codes created idempotently by id; each entry PUT by
 * its id takes the series' next code, without gaps or repeats, signed into the series' chain.
 */
export const sequencesRoutes: ApiRoute<SequenceServices>[] = [
  {
    method: 'get',
    path: '/sequence/v1/series',
    auth: 'token',
    operationId: 'listSeries',
    tag: 'sequences',
    summary: "The workspace's series, oldest first.",
    answers: { 200: { description: 'The series.', schema: SeriesListSchema } },
    refusals: [401, 503],
    handler:
      ({ sequences }) =>
      async (req, res) => {
        res.json({ list: (await sequences.listSeries(req.workspaceId)).map(seriesJson) });
      },
  },
  {
    method: 'get',
    path: '/sequence/v1/series/{id}',
    auth: 'token',
    operationId: 'getSeries',
    tag: 'sequences',
    summary: 'One series, with its last index and last entry.',
    params: SeriesParams,
    answers: { 200: { description: 'The series.', schema: SeriesSchema } },
    refusals: [401, 404, 503],
    handler:
      ({ sequences }) =>
      async (req, res) => {
        res.json(seriesJson(await sequences.findSeries(req.workspaceId, req.params.id)));
      },
  },
  {
    method: 'put',
    path: '/sequence/v1/series/{id}',
    auth: 'token',
    operationId: 'putSeries',
    tag: 'sequences',
    summary:
      'Creates the series with this id, or answers it as it is. Asked again with other values, its name, code and description change; its prefix, suffix, padding and start only while it has no entry (409 after). At most 1,000 series per workspace (409).',
    params: SeriesParams,
    body: { schema: CreateSeriesBody, required: false },
    answers: { 200: { description: 'The series.', schema: SeriesSchema } },
    unchecked: { body: BODY_IN_DOMAIN },
    refusals: [400, 401, 404, 409, 413, 415, 503],
    use: () => [jsonBody(SEQUENCE_BODY_LIMIT)],
    handler:
      ({ sequences }) =>
      async (req, res) => {
        res.json(seriesJson(await sequences.putSeries(req.workspaceId, req.params.id, req.body)));
      },
  },
  {
    method: 'get',
    path: '/sequence/v1/series/{series_id}/entries',
    auth: 'token',
    operationId: 'listSeriesEntries',
    tag: 'sequences',
    summary: "A series' entries, newest first, a page at a time (`cursor`).",
    params: SeriesEntriesParams,
    query: SeriesEntriesQuery,
    answers: { 200: { description: 'A page of entries.', schema: SeriesEntryPageSchema } },
    refusals: [400, 401, 404, 503],
    handler:
      ({ sequences }) =>
      async (req, res) => {
        const page = await sequences.entries(req.workspaceId, req.params.series_id, {
          limit: wholeOrUndefined(req.query.limit),
          cursor: typeof req.query.cursor === 'string' ? req.query.cursor : undefined,
        });
        res.json({ list: page.list.map(seriesEntryJson), limit: page.limit, cursor: page.cursor });
      },
  },
  {
    method: 'get',
    path: '/sequence/v1/series/{series_id}/entries/{id}',
    auth: 'token',
    operationId: 'getSeriesEntry',
    tag: 'sequences',
    summary: 'One entry of a series.',
    params: SeriesEntryParams,
    answers: { 200: { description: 'The entry.', schema: SeriesEntrySchema } },
    refusals: [401, 404, 503],
    handler:
      ({ sequences }) =>
      async (req, res) => {
        res.json(seriesEntryJson(await sequences.findEntry(req.workspaceId, req.params.series_id, req.params.id)));
      },
  },
  {
    method: 'put',
    path: '/sequence/v1/series/{series_id}/entries/{id}',
    auth: 'token',
    operationId: 'putSeriesEntry',
    tag: 'sequences',
    summary:
      "Gives the entry with this id the series' next code, in the transaction that stores it: no gap, no repeat, whatever runs at once. The same id again answers the same entry and takes no second code; with other meta, or in another series, it is 409.",
    params: SeriesEntryParams,
    body: { schema: CreateSeriesEntryBody, required: false },
    answers: { 200: { description: 'The entry.', schema: SeriesEntrySchema } },
    unchecked: { body: BODY_IN_DOMAIN },
    refusals: [400, 401, 404, 409, 413, 415, 503],
    use: () => [jsonBody(SEQUENCE_BODY_LIMIT)],
    handler:
      ({ sequences }) =>
      async (req, res) => {
        res.json(seriesEntryJson(await sequences.putEntry(req.workspaceId, req.params.series_id, req.params.id, req.body)));
      },
  },
  {
    method: 'get',
    path: '/sequence/v1/series/{id}/verify',
    auth: 'token',
    operationId: 'verifySeries',
    tag: 'sequences',
    summary:
      "Checks the series' chain with the service's published keys: indexes without gaps from `start`, each entry naming the one before, its code, and its signature over those and the previous signature. Answers the first break, or `next_from` when the check stopped at its limit.",
    params: SeriesParams,
    query: SeriesVerifyQuery,
    answers: { 200: { description: 'What the check found.', schema: SeriesVerdictSchema } },
    refusals: [400, 401, 404, 503],
    handler:
      ({ sequences }) =>
      async (req, res) => {
        const verdict = await sequences.verify(req.workspaceId, req.params.id, {
          fromIndex: wholeOrUndefined(req.query.from),
          limit: wholeOrUndefined(req.query.limit),
        });
        res.json(verdictJson(verdict));
      },
  },
];
