import type { RequestHandler } from 'express';
import type { TokenVerifier } from '../auth/token-verifier';

/** Every versioned route needs a bearer token; the workspace it names scopes the request. */
export const authenticate =
  (verifier: TokenVerifier): RequestHandler =>
  async (req, _res, next) => {
    req.workspaceId = await verifier.workspaceOf(req.get('authorization'));
    next();
  };
