import DataLoader from 'dataloader';
import type { Envelope } from '../document';
import type { EntryService } from '../domain/entries.service';
import { DomainError } from '../domain/errors';
import { HTTP_STATUS, refusalHeaders } from '../http/refusal';
import type { Logger } from '../logger';
import { graphQLErrorOf } from './format-error';

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

/**
 * The context of one request. The router verified the token before Apollo ran; a request that reached
 * Apollo without a workspace (only the landing page may) is refused here, 401, before any operation runs.
 */
export function createContext(
  entries: EntryService,
  request: { workspaceId: string | undefined; requestId: string; log: Logger },
): GraphQLContext {
  const { workspaceId, requestId, log } = request;
  if (!workspaceId) {
    const error = new DomainError('unauthorized', 'a bearer token is required');
    throw graphQLErrorOf(error, { status: HTTP_STATUS.unauthorized, headers: new Map(refusalHeaders(error)) });
  }
  return {
    workspaceId,
    requestId,
    log,
    entries,
    loaders: {
      data: new DataLoader(async (ids) => {
        const found = await entries.loadData(workspaceId, [...ids]);
        return ids.map((id) => found.get(id) ?? null);
      }),
    },
  };
}
