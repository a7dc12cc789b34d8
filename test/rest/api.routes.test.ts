import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Router } from 'express';
import { API_ROUTES, type RestServices } from '../../src/rest/api.routes';
import { OPENAPI_FILE } from '../../src/rest/openapi';
import { FileLinks } from '../../src/http/file-links';
import { surfaceRouter } from '../../src/rest/route-mount';
import { expressPath, ROUTE_AUTHS } from '../../src/rest/route-table';
import { client, newWorkspace, startServer, tokenFor, type TestServer } from '../helpers/server';

const committed = JSON.parse(readFileSync(path.resolve(__dirname, '../..', OPENAPI_FILE), 'utf8')) as {
  paths: Record<string, Record<string, unknown>>;
};

const declared = API_ROUTES.map((route) => `${route.method.toUpperCase()} ${route.path}`).sort();

/** The operations a router mounts, as `METHOD /path` in Express's form. */
function mounted(router: Router): string[] {
  return router.stack.flatMap((layer) => {
    const route = layer.route as { path: string; methods: Record<string, boolean> } | undefined;
    return route
      ? Object.keys(route.methods)
          .filter((method) => method !== '_all')
          .map((method) => `${method.toUpperCase()} ${route.path}`)
      : [];
  });
}

describe('the route tables', () => {
  test('list exactly the operations of the committed OpenAPI description', () => {
    const described = Object.entries(committed.paths).flatMap(([route, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${route}`),
    );
    expect(declared).toEqual(described.sort());
  });

  test('are what the server mounts, each operation once', () => {
    const keys = { authenticate: () => Promise.reject(new Error('unused')), fileLinks: new FileLinks('unused', 1000) };
    const router = surfaceRouter(API_ROUTES, [], { bodyLimit: 1024, fileSizeLimit: 1024 } as RestServices, keys);
    const expected = API_ROUTES.map((route) => `${route.method.toUpperCase()} ${expressPath(route.path)}`).sort();
    expect(mounted(router).sort()).toEqual(expected);
    for (const route of API_ROUTES) expect(ROUTE_AUTHS).toContain(route.auth);
  });
});

describe('every operation of the tables, on a real server', () => {
  let t: TestServer;
  let api: ReturnType<typeof client>;
  beforeAll(async () => {
    t = await startServer();
    api = client(t.url, await tokenFor(newWorkspace()));
  });
  afterAll(() => t.close());

  test.each(API_ROUTES.map((route) => [route.method.toUpperCase(), route.path] as const))(
    '%s %s is answered by its route, not as an unknown path',
    async (method, template) => {
      const route = template.replace(/\{[^}]+\}/g, () => randomUUID());
      const body = ['POST', 'PUT', 'PATCH'].includes(method) ? {} : undefined;
      const unknown = await api.send(method, '/silo/v1/no-such-resource', body);
      const reply = await api.send(method, route, body);
      expect(unknown.status).toBe(404);
      expect(reply.status).not.toBe(405);
      expect({ status: reply.status, body: reply.body }).not.toEqual({ status: unknown.status, body: unknown.body });
    },
  );
});
