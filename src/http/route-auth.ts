import { timingSafeEqual } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import type { RequestRates } from '../domain/runtime';
import { DomainError } from '../domain/shared/errors';
import { authenticated, type Authenticate } from './authentication';
import { FileLinks, type LinkTarget } from './file-links';
import { admitted } from './workspace-admission';

/** Who a route lets in: see RouteAuth in src/rest/route-table.ts. */
export type AuthKind = 'none' | 'token' | 'token-or-link' | 'metrics-token';

/** What the authentications check against. */
export interface Gatekeepers {
  authenticate: Authenticate;
  fileLinks: FileLinks;
  /** METRICS_TOKEN: when unset, /metrics is open. */
  metricsToken?: string;
  /** Each workspace's requests at its rate (WORKSPACE_REQUEST_RATE): every request a token or link lets in takes a turn. */
  rates?: RequestRates;
}

/** Once `handler` has named the request's workspace, the request goes at that workspace's turn (workspace-admission.ts). */
function thenTurn(handler: RequestHandler, rates: RequestRates | undefined): RequestHandler {
  if (!rates) return handler;
  return (req, res, next) =>
    handler(req, res, (refusal?: unknown) => {
      if (refusal !== undefined || req.workspaceId === undefined) return next(refusal);
      admitted(rates, req.workspaceId, res).then((admit) => admit && next(), next);
    });
}

const LINKED_FILE = 'linkedFile';

/**
 * What a signed link on this request's route opens, as its path names it: a file's bytes
 * (`/entries/{entry_id}/files/{id}…`), or an entry's invoice in a format (`/entries/{id}/formats/{format}`, of the
 * `version` its query names, which the link signs too). A `version` given twice is no link's.
 */
function linkTargetOf(req: Request): LinkTarget {
  const { entry_id: entryId, id, format } = req.params as { entry_id?: string; id?: string; format?: string };
  if (entryId !== undefined && id !== undefined) return { entryId, fileId: id };
  if (id !== undefined && format !== undefined) {
    const { version } = req.query;
    if (version !== undefined && typeof version !== 'string') throw new DomainError('forbidden', 'the link is not valid');
    return { entryId: id, format, ...(version !== undefined ? { version } : {}) };
  }
  throw new Error(`${req.path}: a signed link's route names neither a file (entry_id, id) nor a format (id, format)`);
}

/** Whether the request was let in by a file's signed link rather than a token. */
export const linkedFileRequest = (res: Response): boolean => res.locals[LINKED_FILE] === true;

const sameSecret = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * The middleware of one kind of authentication, run in the route's own layer (after its path matched, before
 * its checks and handler); undefined for `none`. A refusal goes to the error handler: 401 `unauthorized` with
 * `WWW-Authenticate: Bearer`, or 403 `forbidden` for a signed link that is not valid.
 */
export function authFor(
  kind: AuthKind,
  keys: Gatekeepers,
  options: { exempt?: (req: Request) => boolean } = {},
): RequestHandler | undefined {
  switch (kind) {
    case 'none':
      return undefined;
    case 'token':
      return thenTurn(authenticated(keys.authenticate, options), keys.rates);
    case 'token-or-link': {
      const token = authenticated(keys.authenticate, options);
      // A request with an Authorization header, or without any part of a link, is judged by its token; a link that
      // has expired, was altered or was made for another file, format, version or workspace is 403, before anything is read.
      const tokenOrLink: RequestHandler = (req, res, next) => {
        if (req.get('authorization') !== undefined || !FileLinks.isLink(req.query)) return token(req, res, next);
        req.workspaceId = keys.fileLinks.verify(linkTargetOf(req), req.query);
        res.locals[LINKED_FILE] = true;
        next();
      };
      return thenTurn(tokenOrLink, keys.rates);
    }
    case 'metrics-token': {
      const { metricsToken } = keys;
      if (metricsToken === undefined) return undefined;
      return (req, _res, next) => {
        if (!sameSecret(req.get('authorization') ?? '', `Bearer ${metricsToken}`))
          throw new DomainError('unauthorized', 'the metrics token is required');
        next();
      };
    }
  }
}
