import type { AddressInfo } from 'node:net';
import http from 'node:http';
import express from 'express';
import { errorHandler } from '../../src/rest/error-handler';
import { tokenRequired } from '../../src/http/authentication';
import { FileLinks } from '../../src/http/file-links';
import type { Gatekeepers } from '../../src/http/route-auth';
import { comparePaths, surfaceRouter } from '../../src/rest/route-mount';
import type { ApiRoute, HttpMethod } from '../../src/rest/route-table';

/** Authentications nobody passes: the tables here are about paths, and every route of them is open. */
const KEYS: Gatekeepers = {
  authenticate: () => Promise.reject(tokenRequired()),
  fileLinks: new FileLinks('a secret of the tests', 60_000),
};
const restRouter = (routes: ApiRoute[]) => surfaceRouter(routes, [], {}, KEYS);

/** A route of a test table whose handler answers its own name. */
const route = (method: HttpMethod, path: string, options: Partial<ApiRoute> = {}): ApiRoute => ({
  method,
  path,
  operationId: `${method} ${path}`,
  summary: '',
  tag: 'test',
  auth: 'none',
  answers: { 200: { description: 'ok' } },
  refusals: [],
  handler: () => (_req, res) => {
    res.json({ answeredBy: `${method} ${path}` });
  },
  ...options,
});

/** Serves the routers of a table, as the server mounts them, on a free port; answers the status and body of a request. */
async function serve(routes: ApiRoute[]) {
  const app = express();
  app.use(restRouter(routes));
  app.use(errorHandler);
  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    async request(method: string, path: string) {
      const reply = await fetch(`${base}${path}`, { method });
      return { status: reply.status, allow: reply.headers.get('allow'), body: (await reply.json()) as Record<string, unknown> };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('mounting a route table', () => {
  test('a literal segment is mounted before a parameter, whatever the order of the table', async () => {
    const server = await serve([route('get', '/things/{id}'), route('get', '/things/{id}/parts'), route('get', '/things/new'), route('get', '/things/new/{part}')]);
    try {
      expect((await server.request('GET', '/things/new')).body).toEqual({ answeredBy: 'get /things/new' });
      expect((await server.request('GET', '/things/42')).body).toEqual({ answeredBy: 'get /things/{id}' });
      expect((await server.request('GET', '/things/new/parts')).body).toEqual({ answeredBy: 'get /things/new/{part}' });
      expect((await server.request('GET', '/things/42/parts')).body).toEqual({ answeredBy: 'get /things/{id}/parts' });
    } finally {
      await server.close();
    }
  });

  test('a path answers its other methods with 405 and the methods it has', async () => {
    const server = await serve([route('delete', '/things/{id}'), route('get', '/things/{id}'), route('patch', '/things/{id}')]);
    try {
      const reply = await server.request('POST', '/things/42');
      expect(reply.status).toBe(405);
      expect(reply.allow).toBe('GET, PATCH, DELETE');
      expect(reply.body.key).toBe('method-not-allowed');
    } finally {
      await server.close();
    }
  });

  test.each([
    ['two paths that match the same requests', [route('get', '/things/{id}'), route('put', '/things/{name}')], /\/things\/\{name\} would be shadowed by \/things\/\{id\}/],
    ['one method declared twice on a path', [route('get', '/things/{id}'), route('get', '/things/{id}')], /GET \/things\/\{id\} is declared twice/],
    ['paths that differ only in case (Express matches either)', [route('get', '/things/New'), route('get', '/things/new')], /shadowed/],
  ])('a table with %s is refused at start', (_what, routes, message) => {
    expect(() => restRouter(routes)).toThrow(message);
  });

  test('a route without a token does not take the requests of a literal path with one: the literal is mounted first', async () => {
    const server = await serve([route('get', '/things/{id}'), route('get', '/things/new', { auth: 'token' })]);
    try {
      expect((await server.request('GET', '/things/new')).status).toBe(401); // not answered by /things/{id}
      expect((await server.request('GET', '/things/42')).body).toEqual({ answeredBy: 'get /things/{id}' });
    } finally {
      await server.close();
    }
  });

  test('a table whose paths merely overlap is accepted: the literal wins where they meet', () => {
    expect(() => restRouter([route('get', '/things/{id}/parts'), route('get', '/things/new/{part}')])).not.toThrow();
    expect(comparePaths('/things/new/{part}', '/things/{id}/parts')).toBeLessThan(0);
    expect(comparePaths('/things', '/things/{id}')).toBeLessThan(0);
  });
});
