import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServer, type TestServer } from '../helpers/server';
import { consoleLink } from '../../src/http/console.routes';
import { ensureConsoleBuilt } from './console-build';

describe('the console at /console', () => {
  let t: TestServer;
  let dist: string;
  beforeAll(async () => {
    dist = ensureConsoleBuilt();
    t = await startServer({}, { consoleDir: dist });
  });
  afterAll(() => t.close());

  test.each(['/console', '/console/', '/console/entries/0190c000-0000-7000-8000-000000000001'])(
    '%s answers the page, not cached, with its policy',
    async (route) => {
      const reply = await fetch(`${t.url}${route}`);
      expect(reply.status).toBe(200);
      expect(reply.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(reply.headers.get('cache-control')).toBe('no-cache');
      const policy = reply.headers.get('content-security-policy')!;
      expect(policy).toMatch(/default-src 'none'/);
      expect(policy).toMatch(/script-src 'self'(;|$)/);
      expect(policy).toMatch(/connect-src 'self'/);
      expect(policy).toMatch(/frame-ancestors 'none'/);
      expect(reply.headers.get('x-frame-options')).toBe('DENY');
      expect(reply.headers.get('referrer-policy')).toBe('no-referrer');
      expect(reply.headers.get('x-content-type-options')).toBe('nosniff');
      const page = await reply.text();
      expect(page).toBe(readFileSync(path.join(dist, 'index.html'), 'utf8'));
      // Every script is a file of the build: none inline, none from elsewhere.
      expect(page).not.toMatch(/<script(?![^>]*\bsrc="\/console\/assets\/)[^>]*>/);
    },
  );

  test('its assets are cached for a year, as their names change with their content', async () => {
    const files = readdirSync(path.join(dist, 'assets'));
    expect(files.some((f) => f.endsWith('.js'))).toBe(true);
    for (const file of files.filter((f) => /\.(js|css)$/.test(f))) {
      const reply = await fetch(`${t.url}/console/assets/${file}`);
      expect(reply.status).toBe(200);
      expect(reply.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(reply.headers.get('content-type')).toMatch(file.endsWith('.js') ? /^text\/javascript/ : /^text\/css/);
      expect(reply.headers.get('x-content-type-options')).toBe('nosniff');
      expect(Buffer.from(await reply.arrayBuffer()).equals(readFileSync(path.join(dist, 'assets', file)))).toBe(true);
    }
  });

  test('a missing asset is 404, not the page', async () => {
    const reply = await fetch(`${t.url}/console/assets/nothing-here.js`);
    expect(reply.status).toBe(404);
    expect(await reply.text()).not.toMatch(/<html/);
  });

  test("the service's root opens the console", async () => {
    const reply = await fetch(`${t.url}/`, { redirect: 'manual' });
    expect(reply.status).toBe(302);
    expect(reply.headers.get('location')).toBe('/console');
    expect((await fetch(`${t.url}/`)).url).toBe(`${t.url}/console`);
  });

  test('the page takes GET and HEAD only', async () => {
    expect((await fetch(`${t.url}/console`, { method: 'HEAD' })).status).toBe(200);
    const reply = await fetch(`${t.url}/console/`, { method: 'POST' });
    expect(reply.status).toBe(405);
    expect(reply.headers.get('allow')).toBe('GET, HEAD');
  });
});

describe('CONSOLE=off', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startServer({ CONSOLE: 'off' }, { consoleDir: ensureConsoleBuilt() });
  });
  afterAll(() => t.close());

  test.each(['/', '/console', '/console/', '/console/entries/x', '/console/assets/index.js'])('%s is 404', async (route) => {
    const reply = await fetch(`${t.url}${route}`);
    expect(reply.status).toBe(404);
    expect(reply.headers.get('content-security-policy')).toBeNull();
  });
});

describe('a service installed without the console built', () => {
  let t: TestServer;
  let empty: string;
  beforeAll(async () => {
    empty = mkdtempSync(path.join(tmpdir(), 'console-missing-'));
    t = await startServer({}, { consoleDir: path.join(empty, 'dist') });
  });
  afterAll(async () => {
    await t.close();
    rmSync(empty, { recursive: true, force: true });
  });

  test('starts, answers its APIs, and says at /console how to build it', async () => {
    expect((await fetch(`${t.url}/healthz`)).status).toBe(200);
    const reply = await fetch(`${t.url}/console/entries/abc`);
    expect(reply.status).toBe(503);
    expect(reply.headers.get('content-security-policy')).toMatch(/default-src 'none'/);
    expect(await reply.text()).toMatch(/npm run build:console/);
  });
});

describe('the link npm start prints', () => {
  test.each([
    ['0.0.0.0', 'http://localhost:8080/console#token=abc.def'],
    ['::', 'http://localhost:8080/console#token=abc.def'],
    ['127.0.0.1', 'http://127.0.0.1:8080/console#token=abc.def'],
    ['::1', 'http://[::1]:8080/console#token=abc.def'],
  ])('listening on %s: %s', (host, link) => {
    expect(consoleLink(host, 8080, 'abc.def')).toBe(link);
  });
});
