import { Router } from 'express';
import type { EntryService } from '../domain/entries.service';
import { methodNotAllowed } from '../http/refusal';

/**
 * The public keys that verify the service's envelope signatures, as a JWKS: at `/silo/v1/keys` (behind
 * the token, like every versioned route) and publicly at `/.well-known/jwks.json`.
 */
export function keysRoutes(entries: EntryService): Router {
  const router = Router();
  for (const path of ['/silo/v1/keys', '/.well-known/jwks.json']) {
    router
      .route(path)
      .get((_req, res) => {
        res.setHeader('Cache-Control', 'public, max-age=300');
        res.json(entries.publicKeys());
      })
      .all(methodNotAllowed(['GET']));
  }
  return router;
}
