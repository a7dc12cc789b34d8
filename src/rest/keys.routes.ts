import type { EntryService } from '../domain/entries/entries.service';
import { JwksSchema } from './api-schemas';
import type { ApiRoute, RouteHandler } from './route-table';

const publicKeys =
  ({ entries }: { entries: EntryService }): RouteHandler =>
  (_req, res) => {
    res.setHeader('Cache-Control', 'public, max-age=300');
    res.json(entries.publicKeys());
  };

/**
 * The public keys that verify the service's envelope signatures, as a JWKS: at `/silo/v1/keys` (behind
 * the token, like every versioned route) and publicly at `/.well-known/jwks.json`.
 */
export const keysRoutes: ApiRoute<{ entries: EntryService }>[] = [
  {
    method: 'get',
    path: '/silo/v1/keys',
    auth: 'token',
    operationId: 'listSigningKeys',
    tag: 'keys',
    summary: "The public keys of the service's envelope signatures.",
    answers: { 200: { description: 'A JWKS.', schema: JwksSchema } },
    refusals: [401],
    handler: publicKeys,
  },
  {
    method: 'get',
    path: '/.well-known/jwks.json',
    operationId: 'jwks',
    tag: 'keys',
    summary: 'The same keys, without a token.',
    auth: 'none',
    answers: { 200: { description: 'A JWKS.', schema: JwksSchema } },
    refusals: [], // no token, no parameter, nothing read: every request is answered
    handler: publicKeys,
  },
];
