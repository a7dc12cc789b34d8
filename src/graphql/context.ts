import DataLoader from 'dataloader';
import type { Envelope } from '../document';
import type { EntryService } from '../domain/entries.service';
import type { Logger } from '../logger';

/** Batches per request: every `data` a page asks for is read in one call, not one per entry. */
export interface EntryLoaders {
  data: DataLoader<string, Envelope | null>;
}

/** What every resolver gets: the workspace of the verified token, the request's id and logger, the service. */
export interface GraphQLContext {
  workspaceId: string;
  requestId: string;
  log: Logger;
  entries: EntryService;
  loaders: EntryLoaders;
}

export function createContext(entries: EntryService, request: { workspaceId: string; requestId: string; log: Logger }): GraphQLContext {
  const { workspaceId } = request;
  return {
    ...request,
    entries,
    loaders: {
      data: new DataLoader(async (ids) => {
        const found = await entries.loadData(workspaceId, [...ids]);
        return ids.map((id) => found.get(id) ?? null);
      }),
    },
  };
}
