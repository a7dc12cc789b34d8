import { Type } from '@sinclair/typebox';
import { generateUuid, type UuidRequest } from '../domain/entries/model/uuid-request';
import { HealthSchema, PingSchema, UuidQuery, UuidSchema } from './api-schemas';
import type { ApiRoute } from './route-table';

/** `/utils/v1/ping`, authenticated: the documented way to test a token; and `/utils/v1/uuid`, a UUID generator. */
export const utilsRoutes: ApiRoute[] = [
  {
    method: 'get',
    path: '/utils/v1/ping',
    auth: 'token',
    operationId: 'ping',
    tag: 'utils',
    summary: 'Test a token.',
    answers: { 200: { description: 'The token is valid.', schema: PingSchema } },
    refusals: [401],
    handler: () => (_req, res) => {
      res.json({ ping: 'pong' });
    },
  },
  {
    method: 'get',
    path: '/utils/v1/uuid',
    auth: 'token',
    operationId: 'uuid',
    tag: 'utils',
    summary: 'A new UUID.',
    query: UuidQuery,
    answers: { 200: { description: 'The UUID and its version.', schema: UuidSchema } },
    refusals: [400, 401],
    handler: () => (req, res) => {
      res.json(generateUuid(req.query as UuidRequest));
    },
  },
];

/** Liveness and readiness probes, outside the versioned services and without a token. */
export const healthRoutes: ApiRoute<{ isReady: () => Promise<boolean> }>[] = [
  {
    method: 'get',
    path: '/healthz',
    operationId: 'health',
    tag: 'service',
    summary: 'Liveness.',
    auth: 'none',
    answers: { 200: { description: 'The process answers.', schema: HealthSchema } },
    refusals: [], // no token, no parameter, nothing read: every request is answered
    handler: () => (_req, res) => {
      res.json({ status: 'ok' });
    },
  },
  {
    method: 'get',
    path: '/readyz',
    operationId: 'ready',
    tag: 'service',
    summary: 'Readiness: the database is reachable.',
    auth: 'none',
    answers: {
      200: { description: 'Ready.', schema: HealthSchema },
      503: {
        description: 'The database is not reachable.',
        schema: Type.Object({ key: Type.Literal('unavailable'), code: Type.Literal('unavailable'), message: Type.String() }),
      },
    },
    refusals: [], // its one refusal, 503, has a body of its own
    handler:
      ({ isReady }) =>
      async (_req, res) => {
        if (!(await isReady())) {
          res.status(503).json({ key: 'unavailable', code: 'unavailable', message: 'the database is not reachable' });
          return;
        }
        res.json({ status: 'ready' });
      },
  },
];
