import { Router } from 'express';
import { generateUuid, type UuidRequest } from '../domain/uuid-request';
import { UuidQuery } from './api-schemas';
import { checkRequest } from './request-check';
import { methodNotAllowed } from '../http/refusal';

/** `/utils/v1/ping`, authenticated: the documented way to test a token; and `/utils/v1/uuid`, a UUID generator. */
export function utilsRoutes(): Router {
  const router = Router();
  router
    .route('/utils/v1/ping')
    .get((_req, res) => {
      res.json({ ping: 'pong' });
    })
    .all(methodNotAllowed(['GET']));
  router
    .route('/utils/v1/uuid')
    .get(checkRequest({ query: UuidQuery }), (req, res) => {
      res.json(generateUuid(req.query as UuidRequest));
    })
    .all(methodNotAllowed(['GET']));
  return router;
}

/** Liveness and readiness probes, outside the versioned services and without a token. */
export function healthRoutes(isReady: () => Promise<boolean>): Router {
  const router = Router();
  router
    .route('/healthz')
    .get((_req, res) => {
      res.json({ status: 'ok' });
    })
    .all(methodNotAllowed(['GET']));
  router
    .route('/readyz')
    .get(async (_req, res) => {
      if (!(await isReady())) {
        res.status(503).json({ key: 'unavailable', code: 'unavailable', message: 'the database is not reachable' });
        return;
      }
      res.json({ status: 'ready' });
    })
    .all(methodNotAllowed(['GET']));
  return router;
}

