import { Router } from 'express';
import type { SearchPage, SearchService } from '../domain/search';
import { methodNotAllowed } from '../http/refusal';
import { SearchQuery } from './api-schemas';
import { entryJson } from './entry.presenter';
import type { FileUrl } from './file-links.routes';
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
export function searchRoutes(search: SearchService): Router {
  const router = Router();
  router
    .route('/silo/v1/search')
    .get(checkRequest({ query: SearchQuery }), async (req, res) => {
      const { q, folder, limit, offset } = req.query as Record<string, string | undefined>;
      res.json(searchPageJson(await search.search(req.workspaceId, { q, folder, limit, offset }), req.fileUrl));
    })
    .all(methodNotAllowed(['GET']));
  return router;
}
