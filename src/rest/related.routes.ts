import type { Request } from 'express';
import type { EntryService } from '../domain/entries/entries.service';
import { badInput } from '../domain/shared/errors';
import type { RelatedEntriesQuery as RelatedQuery } from '../domain/entries/related-entries';
import { sendPage } from './entry-answer';
import { readTurnOf } from '../http/read-turn';
import { EntryIdParams, EntryPageSchema, EntryRelatedQuery, RelatedEntriesQuery } from './api-schemas';
import { type ApiRoute } from './route-table';

const PARAMETERS = ['uuid', 'context', 'created_at', 'cursor', 'limit', 'ascending'];

/** The query of a related list; a repeated or bracketed parameter (?limit=1&limit=2) is not one value. */
function relatedQueryOf(req: Request): RelatedQuery {
  const q = req.query;
  for (const name of PARAMETERS) {
    if (q[name] !== undefined && typeof q[name] !== 'string')
      throw badInput(`${name}: must be given once`, { [name]: 'must be given once' });
  }
  const text = (name: string) => q[name] as string | undefined;
  return {
    uuid: text('uuid'),
    context: text('context'),
    createdAt: text('created_at'),
    cursor: text('cursor'),
    limit: text('limit'),
    ascending: text('ascending'),
  };
}

/** Related entries (see src/domain/related-entries.ts): by UUID, and by entry. */
export const relatedRoutes: ApiRoute<{ entries: EntryService }>[] = [
  {
    method: 'get',
    path: '/silo/v1/entries/related',
    auth: 'token',
    operationId: 'listRelatedEntries',
    tag: 'entries',
    summary: 'List the entries whose documents name the UUID, or that its document names; each with its `context`.',
    query: RelatedEntriesQuery,
    answers: { 200: { description: 'A page of related entries.', schema: EntryPageSchema } },
    unchecked: {
      query:
        "parsed by the domain's related-list query (shared with GraphQL): `ascending` is the text `true` or `false`, which the schema's boolean refuses, and `uuid`, `limit`, `context`, `created_at` are refused with their own messages",
    },
    refusals: [400, 401, 413, 503],
    handler:
      ({ entries }) =>
      async (req, res) => {
        await sendPage(
          res,
          await entries.listRelated(req.workspaceId, relatedQueryOf(req), { withParts: true, turn: readTurnOf(res, entries) }),
        );
      },
  },
  {
    method: 'get',
    path: '/silo/v1/entries/{id}/related',
    auth: 'token',
    operationId: 'listEntryRelated',
    tag: 'entries',
    summary: 'List the entries related to an entry (404 when the workspace has none of that id); each with its `context`.',
    params: EntryIdParams,
    query: EntryRelatedQuery,
    answers: { 200: { description: 'A page of related entries.', schema: EntryPageSchema } },
    unchecked: {
      query:
        "parsed by the domain's related-list query (shared with GraphQL): `ascending` is the text `true` or `false`, which the schema's boolean refuses, and `uuid`, `limit`, `context`, `created_at` are refused with their own messages",
    },
    refusals: [400, 401, 404, 413, 503],
    handler:
      ({ entries }) =>
      async (req, res) => {
        await sendPage(
          res,
          await entries.listRelated(
            req.workspaceId,
            { ...relatedQueryOf(req), id: req.params.id },
            { withParts: true, turn: readTurnOf(res, entries) },
          ),
        );
      },
  },
];
