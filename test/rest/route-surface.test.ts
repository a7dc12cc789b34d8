/**
 * The whole HTTP surface of the real server is its tables: every route Express answers (walked from the app's
 * router stack, nested routers included) and every WebSocket upgrade is declared in API_ROUTES or SURFACES, with
 * the authentication the declaration names, and a request without a token gets what that authentication says.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import { API_ROUTES } from '../../src/rest/api.routes';
import { expressPath, ROUTE_AUTHS, type RouteAuth } from '../../src/rest/route-table';
import { SURFACES } from '../../src/surfaces';
import { client, newWorkspace, party, startServer, tokenFor, type TestServer } from '../helpers/server';

const METRICS_TOKEN = 'a-metrics-token-of-the-tests';

interface Layer {
  route?: { path: string | string[]; methods: Record<string, boolean>; stack: Layer[] };
  handle?: { stack?: Layer[] };
}

interface Mounted {
  paths: string[];
  methods: string[];
  /** Inside a files surface's handler (its own router): answered under that surface's prefix. */
  nested: boolean;
}

/** Every route of a router stack, nested routers (those mounted, and those a route's handler is) included. */
function routesOf(stack: Layer[], nested = false, found: Mounted[] = []): Mounted[] {
  for (const layer of stack) {
    if (layer.route) {
      const methods = Object.keys(layer.route.methods).filter((method) => method !== '_all');
      found.push({ paths: ([] as string[]).concat(layer.route.path), methods, nested });
      for (const inner of layer.route.stack) if (inner.handle?.stack) routesOf(inner.handle.stack, true, found);
    } else if (layer.handle?.stack) {
      routesOf(layer.handle.stack, nested, found);
    }
  }
  return found;
}

/** What the tables declare, path by path (Express's form): each method's authentication; `*` for a files surface's any method. */
function declared(enabled: { console: boolean; explorer: boolean }) {
  const table = new Map<string, Map<string, RouteAuth>>();
  const add = (path: string, method: string, auth: RouteAuth) => {
    const methods = table.get(path) ?? new Map<string, RouteAuth>();
    if (methods.has(method)) throw new Error(`${method} ${path} declared twice`);
    table.set(path, methods.set(method, auth));
  };
  for (const route of API_ROUTES) add(expressPath(route.path), route.method, route.auth);
  const prefixes: string[] = [];
  for (const surface of SURFACES) {
    if (['console', 'console assets', 'root'].includes(surface.name) && !enabled.console) continue;
    if (surface.name === 'graphql explorer assets' && !enabled.explorer) continue;
    if (surface.kind === 'page')
      for (const path of surface.paths) for (const method of Object.keys(surface.methods)) add(path, method, surface.auth);
    if (surface.kind === 'files') {
      add(surface.prefix, '*', surface.auth);
      add(`${surface.prefix}/*file`, '*', surface.auth);
      prefixes.push(surface.prefix);
    }
  }
  return { table, prefixes };
}

/** A concrete path for a pattern: each parameter an id, each wildcard a name. */
const concrete = (pattern: string) => pattern.replace(/:[a-z_]+/gi, '01a1fcbd-04c0-72ff-a05d-e50025768049').replace(/\*[a-z]+/gi, 'x');

/** What a request without any credentials gets, by the route's authentication. */
const ANONYMOUS: Record<RouteAuth, (status: number) => boolean> = {
  none: (status) => status !== 401 && status !== 403,
  token: (status) => status === 401,
  'token-or-link': (status) => status === 401,
  'metrics-token': (status) => status === 401,
};

let t: TestServer;
let consoleDir: string;
beforeAll(async () => {
  consoleDir = mkdtempSync(path.join(tmpdir(), 'route-surface-console-'));
  mkdirSync(path.join(consoleDir, 'assets'));
  writeFileSync(path.join(consoleDir, 'index.html'), '<!doctype html><title>console</title>\n');
  writeFileSync(path.join(consoleDir, 'assets', 'app.js'), 'void 0;\n');
  t = await startServer({ METRICS_TOKEN, GRAPHQL_EXPLORER: 'graphiql' }, { consoleDir });
});
afterAll(async () => {
  await t.close();
  rmSync(consoleDir, { recursive: true, force: true });
});

describe('the routes Express answers', () => {
  test('are each declared in the tables, with its authentication, and every declaration is mounted', () => {
    const { table, prefixes } = declared({ console: true, explorer: true });
    const mounted = routesOf((t.server.app as unknown as { router: { stack: Layer[] } }).router.stack);
    // Express keeps one route per path, with its methods: count the pairs.
    const pairs = mounted.reduce((sum, route) => sum + route.paths.length * Math.max(route.methods.length, 1), 0);
    expect(pairs).toBeGreaterThan(API_ROUTES.length);
    const seen = new Set<string>();
    for (const route of mounted) {
      for (const path of route.paths) {
        if (route.nested) {
          // A file of a files surface, answered by its own router under the surface's prefix.
          expect({ path, under: prefixes.some((prefix) => path.startsWith(`${prefix}/`)) }).toEqual({ path, under: true });
          continue;
        }
        const methods = table.get(path);
        expect({ path, declared: methods !== undefined }).toEqual({ path, declared: true });
        for (const method of route.methods.length > 0 ? route.methods : ['*']) {
          const auth = methods!.get(method === 'head' ? 'get' : method) ?? methods!.get('*');
          expect({ path, method, auth: auth && ROUTE_AUTHS.includes(auth) }).toEqual({ path, method, auth: true });
          seen.add(`${method} ${path}`);
        }
      }
    }
    for (const [path, methods] of table) for (const method of methods.keys()) expect(seen).toContain(`${method} ${path}`);
  });

  test('answer a request without credentials as their authentication says', async () => {
    const { table } = declared({ console: true, explorer: true });
    const wrong: string[] = [];
    for (const [pattern, methods] of table) {
      for (const [method, auth] of methods) {
        if (method === '*') continue; // a files surface: its files by name, below
        const verb = method === '*' ? 'GET' : method.toUpperCase();
        const reply = await fetch(`${t.url}${concrete(pattern)}`, { method: verb, redirect: 'manual' });
        await reply.arrayBuffer();
        if (!ANONYMOUS[auth](reply.status)) wrong.push(`${verb} ${pattern} (${auth}): ${reply.status}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  test('each kind of authentication lets in whom it should', async () => {
    const token = await tokenFor(newWorkspace());
    const api = client(t.url, token);
    // none: the probes, the docs, the console and the root's redirect.
    expect((await fetch(`${t.url}/healthz`)).status).toBe(200);
    expect((await fetch(`${t.url}/docs`)).status).toBe(200);
    expect((await fetch(`${t.url}/console`)).status).toBe(200);
    expect((await fetch(`${t.url}/console/assets/app.js`)).status).toBe(200);
    expect((await fetch(`${t.url}/docs/assets/swagger-ui.css`)).status).toBe(200);
    expect((await fetch(`${t.url}/graphql/explorer/graphiql.js`)).status).toBe(200);
    expect((await fetch(`${t.url}/`, { redirect: 'manual' })).status).toBe(302);
    // token: 401 without one, served with one; any other path under the APIs' prefixes too, before its 404.
    expect((await fetch(`${t.url}/utils/v1/ping`)).status).toBe(401);
    expect((await api.get('/utils/v1/ping')).status).toBe(200);
    expect((await fetch(`${t.url}/silo/v9/nothing`)).status).toBe(401);
    expect((await api.get('/silo/v9/nothing')).status).toBe(404);
    expect(
      (
        await fetch(`${t.url}/graphql`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{"query":"{__typename}"}',
        })
      ).status,
    ).toBe(401);
    expect((await fetch(`${t.url}/graphql`, { headers: { accept: 'text/html' } })).status).toBe(200); // the explorer's page
    // token-or-link: the file's signed url without a token, 403 for an altered link, 401 with neither.
    const entry = await api.post('/silo/v1/entries', { data: party('Surface Ltd') });
    const file = await api.post(`/silo/v1/entries/${entry.body.id}/files`, {
      name: 'a.txt',
      mime: 'text/plain',
      data: Buffer.from('bytes').toString('base64'),
    });
    expect(file.status).toBe(200);
    const url = new URL(file.body.url as string);
    for (const bytesPath of [url.pathname, url.pathname.replace(/\/download$/, '')]) {
      expect((await fetch(`${t.url}${bytesPath}${url.search}`)).status).toBe(200);
      const altered = new URL(`${t.url}${bytesPath}${url.search}`);
      altered.searchParams.set('signature', 'x'.repeat(43));
      expect((await fetch(altered)).status).toBe(403);
      expect((await fetch(`${t.url}${bytesPath}`)).status).toBe(401);
      expect((await fetch(`${t.url}${bytesPath}`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
    }
    // metrics-token: METRICS_TOKEN's bearer only (a workspace's token is not it).
    expect((await fetch(`${t.url}/metrics`)).status).toBe(401);
    expect((await fetch(`${t.url}/metrics`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(401);
    expect((await fetch(`${t.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).status).toBe(200);
  });
});

describe('the WebSocket upgrades', () => {
  test('are the declared ones: one listener per websocket surface, on its path, which wants a token', async () => {
    const upgrades = SURFACES.filter((surface) => surface.kind === 'websocket');
    expect(upgrades.map((surface) => [surface.kind === 'websocket' && surface.path, surface.auth])).toEqual([['/graphql', 'token']]);
    expect(t.server.httpServer.listeners('upgrade')).toHaveLength(upgrades.length);

    const ws = t.url.replace(/^http/, 'ws');
    // Another path is no upgrade of ours: the socket is closed.
    await expect(
      new Promise((resolve, reject) => {
        const socket = new WebSocket(`${ws}/silo/v1/entries`, 'graphql-transport-ws');
        socket.once('open', () => resolve(socket.close()));
        socket.once('error', reject);
      }),
    ).rejects.toThrow();
    // GraphQL's: opened, then closed 4403 by a connection_init without a token.
    const socket = new WebSocket(`${ws}/graphql`, 'graphql-transport-ws');
    const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    socket.send(JSON.stringify({ type: 'connection_init', payload: {} }));
    expect(await closed).toBe(4403);
  });
});
