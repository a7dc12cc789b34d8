import type { AddressInfo } from 'node:net';
import http from 'node:http';
import express from 'express';
import { errorHandler } from '../../src/rest/error-handler';
import { comparePaths, restRouters } from '../../src/rest/route-mount';
import type { ApiRoute, HttpMethod } from '../../src/rest/route-table';

/** A route of a test table whose handler answers its own name. */
const route = (method: HttpMethod, path: string, options: Partial<ApiRoute> = {}): ApiRoute => ({
  method,
  path,
  operationId: `${method} ${path}`,
  summary: '',
  tag: 'test',
  answers: { 200: { description: 'ok' } },
  refusals: [],
  handler: () => (_req, res) => {
    res.json({ answeredBy: `${method} ${path}` });
  },
  ...options,
});

/** Serves the routers of a table, as the server mounts them, on a free port; answers the status and body of a request. */
async function serve(routes: ApiRoute[]) {
  const { open, authenticated } = restRouters(routes, {});
  const app = express();
  app.use(open);
  app.use(authenticated);
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
    ['a route without a token that takes the requests of one behind it', [route('get', '/things/{id}', { auth: false }), route('get', '/things/new')], /\/things\/new would be shadowed by \/things\/\{id\}/],
    ['paths that differ only in case (Express matches either)', [route('get', '/things/New'), route('get', '/things/new')], /shadowed/],
  ])('a table with %s is refused at start', (_what, routes, message) => {
    expect(() => restRouters(routes, {})).toThrow(message);
  });

  test('a table whose paths merely overlap is accepted: the literal wins where they meet', () => {
    expect(() => restRouters([route('get', '/things/{id}/parts'), route('get', '/things/new/{part}')], {})).not.toThrow();
    expect(comparePaths('/things/new/{part}', '/things/{id}/parts')).toBeLessThan(0);
    expect(comparePaths('/things', '/things/{id}')).toBeLessThan(0);
  });
});
