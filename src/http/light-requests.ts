import type { RequestHandler, Response } from 'express';
import { lightRequests } from '../domain/runtime';

/** A body past this size is an upload: its request is not light, whatever it answers. */
const LIGHT_BODY_BYTES = 1024 * 1024;

/**
 * Counts each request as light from its arrival (see lightRequests in src/domain/loop-slices.ts), so that slices
 * of heavy answers let it go first; until it ends, or takes a heavy answer's read turn (endLightRequest). A large
 * or chunked upload never counts.
 */
export const lightRequestMarks: RequestHandler = (req, res, next) => {
  const length = Number(req.headers['content-length'] ?? 0);
  if (length > LIGHT_BODY_BYTES || req.headers['transfer-encoding'] !== undefined) return next();
  const end = lightRequests.begin();
  res.locals.endLight = end;
  res.once('finish', end);
  res.once('close', end);
  next();
};

/** The request turned out to be heavy: slices of its own answer no longer wait for it. */
export function endLightRequest(res: Response): void {
  (res.locals.endLight as (() => void) | undefined)?.();
}
