import { Router } from 'express';
import { badInput } from '../domain/errors';
import { generateUuid } from '../domain/uuid-request';
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
    .get((req, res) => {
      const one = (name: string): string | undefined => {
        const value = req.query[name];
        if (value === undefined || typeof value === 'string') return value;
        throw badInput(`${name}: must be given once`, { [name]: 'must be given once' });
      };
      res.json(generateUuid({ v: one('v'), base: one('base'), key: one('key') }));
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
        res.status(503).json({ key: 'unavailable', message: 'the database is not reachable' });
        return;
      }
      res.json({ status: 'ready' });
    })
    .all(methodNotAllowed(['GET']));
  return router;
}

