import type { Static } from '@sinclair/typebox';
import type { SearchPage, SearchService } from '../domain/search/search';
import type { EntryService } from '../domain/entries/entries.service';
import { SearchPageSchema, SearchQuery } from './api-schemas';
import { entryJson, type EntryJson } from './entry.presenter';
import type { FileUrl } from '../http/file-urls';
import type { ApiRoute } from './route-table';

/** SearchPageSchema, its entries as entryJson writes them. */
export type SearchPageJson = Omit<Static<typeof SearchPageSchema>, 'list'> & { list: EntryJson[] };

/** A page of search results in the contract's shape: the query and paging echoed, the entries without `data`. */
export const searchPageJson = (page: SearchPage, fileUrl: FileUrl): SearchPageJson => ({
  query: page.query,
  ...(page.folder === undefined ? {} : { folder: page.folder }),
  limit: page.limit,
  offset: page.offset,
  list: page.entries.map((entry) => entryJson(entry, { withData: false, fileUrl })),
});

/** `GET /silo/v1/search`: the workspace's entries that match `q`, best first. */
export const searchRoutes: ApiRoute<{ search: SearchService; entries: EntryService }>[] = [
  {
    method: 'get',
    path: '/silo/v1/search',
    auth: 'token',
    operationId: 'searchEntries',
    tag: 'entries',
    summary:
      "The workspace's entries that have every word of `q` (numbering, parties and tax ids, totals, dates, key, folder, state), best match first.",
    query: SearchQuery,
    answers: { 200: { description: 'A page of matching entries.', schema: SearchPageSchema } },
    refusals: [400, 401, 413, 503],
    handler:
      ({ search, entries }) =>
      async (req, res) => {
        const { q, folder, limit, offset } = req.query as Record<string, string | undefined>;
        const page = await search.search(req.workspaceId, { q, folder, limit, offset });
        await entries.showParts(req.workspaceId, page.entries); // files and meta within the page data budget
        res.json(searchPageJson(page, req.fileUrl));
      },
  },
];
