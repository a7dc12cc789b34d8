import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import express, { Router, type RequestHandler } from 'express';
import { contentSecurityPolicy, setPageSecurityHeaders } from './page-security';

export const CONSOLE_PATH = '/console';
export const CONSOLE_ASSETS_PATH = '/console/assets';

/**
 * The console's built files (`npm run build:console` writes them) in the installed project: found from this
 * file's folder upward, so the same code serves them from `src/` under ts-jest and from `dist/src/` once built.
 */
export function installedConsoleDir(from = __dirname): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json')) && existsSync(path.join(dir, 'console'))) return path.join(dir, 'console', 'dist');
    if (path.dirname(dir) === dir) return path.resolve(from, '..', '..', 'console', 'dist');
  }
}

/**
 * The console's address with a token in its fragment, as `npm start` prints it: browsers never send a fragment,
 * and the page takes the token from there and removes it from the address bar and history. A wildcard address
 * is shown as localhost.
 */
export function consoleLink(host: string, port: string | number, token: string): string {
  const shown = ['0.0.0.0', '::', ''].includes(host) ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${shown}:${port}${CONSOLE_PATH}#token=${token}`;
}

/**
 * The console runs only the bundle's own files (Vite emits no inline script), styles from its own sheet, and
 * talks to this service only: GraphQL over HTTP and its subscriptions over WebSocket on the same origin.
 */
const POLICY = contentSecurityPolicy({
  'script-src': ["'self'"],
  'style-src': ["'self'"],
  'img-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
});

/** What a browser gets when the service was installed without building the console. */
const NOT_BUILT = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Console not built</title></head>
<body><main><h1>The console is not built</h1><p>Run <code>npm run build:console</code> (or <code>npm start</code>, which builds it), then reload this page.</p></main></body>
</html>
`;

/** A year: every asset's name carries a hash of its content, so a new build is new names. */
const ASSET_MAX_AGE = '365d';

/**
 * `GET /console`, `/console/` and every path under it: the single page's index.html (no-cache, so a new build is
 * picked up at once), or, when the build is missing, a page saying how to make it. No token is needed for the page:
 * the data comes through the APIs. Its paths and authentication are declared in src/surfaces.ts.
 */
export function consolePage(distDir: string): RequestHandler {
  let index: string | undefined;
  const indexPage = () => {
    if (index === undefined && existsSync(path.join(distDir, 'index.html'))) index = readFileSync(path.join(distDir, 'index.html'), 'utf8');
    return index;
  };
  return (_req, res) => {
    setPageSecurityHeaders(res, POLICY);
    res.setHeader('Cache-Control', 'no-cache');
    const page = indexPage();
    if (page === undefined) return res.status(503).type('text/html; charset=utf-8').send(NOT_BUILT);
    res.type('text/html; charset=utf-8').send(page);
  };
}

/** The console's hashed assets under `/console/assets` (cached for a year); any other name there is a plain 404. */
export function consoleAssets(distDir: string): Router {
  const router = Router();
  router.use(
    CONSOLE_ASSETS_PATH,
    express.static(path.join(distDir, 'assets'), {
      index: false,
      redirect: false,
      immutable: true,
      maxAge: ASSET_MAX_AGE,
      setHeaders: (res) => res.setHeader('X-Content-Type-Options', 'nosniff'),
    }),
    (_req, res) => {
      res.status(404).type('text/plain; charset=utf-8').send('no such file of the console\n');
    },
  );
  return router;
}

/** The service's root is where a person lands first (the address `npm start` prints): it opens the console. */
export const rootRedirect: RequestHandler = (_req, res) => res.redirect(302, CONSOLE_PATH);
