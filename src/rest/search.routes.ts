import { Router } from 'express';
import type { SearchPage, SearchService } from '../domain/search';
import type { EntryService } from '../domain/entries.service';
import { methodNotAllowed } from '../http/refusal';
import { SearchQuery } from './api-schemas';
import { entryJson } from './entry.presenter';
import type { FileUrl } from '../http/file-urls';
import { checkRequest } from './request-check';

/** A page of search results in the contract's shape: the query and paging echoed, the entries without `data`. */
export const searchPageJson = (page: SearchPage, fileUrl: FileUrl) => ({
  query: page.query,
  ...(page.folder === undefined ? {} : { folder: page.folder }),
  limit: page.limit,
  offset: page.offset,
  list: page.entries.map((entry) => entryJson(entry, { withData: false, fileUrl })),
});

/** `GET /silo/v1/search`: the workspace's entries that match `q`, best first. */
export function searchRoutes(search: SearchService, entries: EntryService): Router {
  const router = Router();
  router
    .route('/silo/v1/search')
    .get(checkRequest({ query: SearchQuery }), async (req, res) => {
      const { q, folder, limit, offset } = req.query as Record<string, string | undefined>;
      const page = await search.search(req.workspaceId, { q, folder, limit, offset });
      await entries.showParts(req.workspaceId, page.entries); // files and meta within the page data budget
      res.json(searchPageJson(page, req.fileUrl));
    })
    .all(methodNotAllowed(['GET']));
  return router;
}
