import type { AddressInfo } from 'node:net';
import http from 'node:http';
import express, { type RequestHandler } from 'express';
import { errorHandler } from '../../src/rest/error-handler';
import { tokenRequired } from '../../src/http/authentication';
import { FileLinks } from '../../src/http/file-links';
import type { Gatekeepers } from '../../src/http/route-auth';
import { comparePaths, surfaceRouter } from '../../src/rest/route-mount';
import type { ApiRoute, HttpMethod, Surface } from '../../src/rest/route-table';

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
    const server = await serve([
      route('get', '/things/{id}'),
      route('get', '/things/{id}/parts'),
      route('get', '/things/new'),
      route('get', '/things/new/{part}'),
    ]);
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
    [
      'two paths that match the same requests',
      [route('get', '/things/{id}'), route('put', '/things/{name}')],
      /\/things\/\{name\} would be shadowed by \/things\/\{id\}/,
    ],
    [
      'one method declared twice on a path',
      [route('get', '/things/{id}'), route('get', '/things/{id}')],
      /GET \/things\/\{id\} is declared twice/,
    ],
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

describe('authentication applied from the declarations', () => {
  // Paths under /app: the answers checker of the server tests (test/setup/openapi-answers.ts) judges those under /silo.
  const links = new FileLinks('a secret of the tests', 60_000);
  const keys: Gatekeepers = {
    authenticate: async ({ authorization }: { authorization?: string } & Record<string, unknown>) => {
      if (authorization === 'Bearer good') return { workspaceId: 'ws' };
      throw tokenRequired();
    },
    fileLinks: links,
    metricsToken: 'metrics',
  } as Gatekeepers;
  const answering = (name: string) => () => [((_req, res) => void res.json({ answeredBy: name })) as RequestHandler];
  const routes: ApiRoute[] = [
    route('get', '/app/open'),
    route('get', '/app/things/{id}', { auth: 'token' }),
    route('get', '/app/things/new', { auth: 'none' }),
    route('get', '/app/entries/{entry_id}/files/{id}', { auth: 'token-or-link' }),
    route('put', '/app/entries/{entry_id}/files/{id}', { auth: 'token' }),
  ];
  const surfaces: Surface<unknown>[] = [
    { kind: 'page', name: 'metrics', paths: ['/metrics'], auth: 'metrics-token', methods: { get: answering('metrics') }, allow: false },
    { kind: 'page', name: 'page', paths: ['/page'], auth: 'none', methods: { get: answering('page') } },
    {
      kind: 'page',
      name: 'api',
      paths: ['/api'],
      auth: 'token',
      methods: { get: answering('api') },
      servedWithoutToken: () => (req) => req.accepts(['json', 'html']) === 'html',
    },
    {
      kind: 'files',
      name: 'files',
      prefix: '/app/files',
      auth: 'none',
      handler: () => (_req, res) => void res.json({ answeredBy: 'files' }),
    },
    { kind: 'prefix', name: 'app', prefix: '/app', auth: 'token' },
  ];
  const link = links.query('ws', { entryId: 'e1', fileId: 'f1' });
  const requests: [method: string, path: string, headers?: Record<string, string>][] = [
    ['GET', '/app/open'],
    ['GET', '/app/things/42'],
    ['GET', '/app/things/42', { authorization: 'Bearer good' }],
    ['GET', '/app/things/new'],
    ['POST', '/app/things/42'],
    ['GET', '/app/entries/e1/files/f1'],
    ['GET', `/app/entries/e1/files/f1?${link}`],
    ['GET', `/app/entries/e1/files/f2?${link}`],
    ['PUT', `/app/entries/e1/files/f1?${link}`],
    ['GET', '/app/entries/e1/files/f1', { authorization: 'Bearer good' }],
    ['GET', '/metrics'],
    ['GET', '/metrics', { authorization: 'Bearer metrics' }],
    ['GET', '/page'],
    ['GET', '/api'],
    ['GET', '/api', { accept: 'text/html' }],
    ['GET', '/app/files/a.txt'],
    ['GET', '/app/nothing'],
    ['GET', '/app/nothing', { authorization: 'Bearer good' }],
  ];

  /** Each request's status and who answered it, with the tables mounted in the order given. */
  async function outcomes(routeOrder: ApiRoute[], surfaceOrder: Surface<unknown>[]) {
    const app = express();
    app.use(surfaceRouter(routeOrder, surfaceOrder, {}, keys));
    const server = http.createServer(app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const answers: string[] = [];
      for (const [method, path, headers] of requests) {
        const reply = await fetch(`${base}${path}`, { method, headers });
        const body = (await reply.json()) as { answeredBy?: string; key?: string };
        answers.push(
          `${method} ${path.split('?')[0]}${headers ? ' ' + JSON.stringify(headers) : ''}${path.includes('?') ? ' (link)' : ''}: ${reply.status} ${body.answeredBy ?? body.key}`,
        );
      }
      return answers;
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  }

  /** A reproducible shuffle (mulberry32). */
  function shuffled<T>(list: readonly T[], seed: number): T[] {
    let state = seed;
    const random = () => {
      state = (state + 0x6d2b79f5) | 0;
      let x = Math.imul(state ^ (state >>> 15), 1 | state);
      x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
      return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
    };
    const copy = [...list];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [copy[i], copy[j]] = [copy[j], copy[i]];
    }
    return copy;
  }

  test('each kind lets in whom it should', async () => {
    expect(await outcomes(routes, surfaces)).toEqual([
      'GET /app/open: 200 get /app/open',
      'GET /app/things/42: 401 unauthorized',
      'GET /app/things/42 {"authorization":"Bearer good"}: 200 get /app/things/{id}',
      'GET /app/things/new: 200 get /app/things/new',
      'POST /app/things/42: 401 unauthorized',
      'GET /app/entries/e1/files/f1: 401 unauthorized',
      'GET /app/entries/e1/files/f1 (link): 200 get /app/entries/{entry_id}/files/{id}',
      'GET /app/entries/e1/files/f2 (link): 403 forbidden',
      'PUT /app/entries/e1/files/f1 (link): 401 unauthorized',
      'GET /app/entries/e1/files/f1 {"authorization":"Bearer good"}: 200 get /app/entries/{entry_id}/files/{id}',
      'GET /metrics: 401 unauthorized',
      'GET /metrics {"authorization":"Bearer metrics"}: 200 metrics',
      'GET /page: 200 page',
      'GET /api: 401 unauthorized',
      'GET /api {"accept":"text/html"}: 200 api',
      'GET /app/files/a.txt: 200 files',
      'GET /app/nothing: 401 unauthorized',
      'GET /app/nothing {"authorization":"Bearer good"}: 404 not-found',
    ]);
  });

  test('no order of the tables changes who gets in, nor who answers', async () => {
    const expected = await outcomes(routes, surfaces);
    for (const seed of [1, 2, 3, 4, 5]) {
      expect(await outcomes(shuffled(routes, seed), shuffled(surfaces, seed * 7))).toEqual(expected);
      expect(await outcomes([...routes].reverse(), [...surfaces].reverse())).toEqual(expected);
    }
  });
});
