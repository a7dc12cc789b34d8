import type { Server as HttpServer } from 'node:http';
import type { TObject, TSchema } from '@sinclair/typebox';
import { Router, type ErrorRequestHandler, type Request, type RequestHandler } from 'express';
import { authFor, type Gatekeepers } from '../http/route-auth';
import { methodNotAllowed } from '../http/refusal';
import { errorHandler, notFoundHandler } from './error-handler';
import { checkRequest } from './request-check';
import { expressPath, type ApiRoute, type CheckedPart, type HttpMethod, type RouteAuth, type Surface } from './route-table';

/** The order a path's 405 lists its methods in (`Allow: GET, PUT, PATCH`). */
const METHOD_ORDER: HttpMethod[] = ['get', 'post', 'put', 'patch', 'delete'];

const segmentsOf = (path: string) => path.split('/').slice(1);
const isParameter = (segment: string) => segment.startsWith('{');

/**
 * Orders paths so that none is reached through another: at the first segment where two differ, a literal
 * (`/entries/key/{key}`) comes before a parameter (`/entries/{id}/related`), and a shorter path before a longer.
 */
export function comparePaths(a: string, b: string): number {
  const [x, y] = [segmentsOf(a), segmentsOf(b)];
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    if (isParameter(x[i]) && isParameter(y[i])) continue;
    if (isParameter(x[i]) !== isParameter(y[i])) return isParameter(x[i]) ? 1 : -1;
    if (x[i] !== y[i]) return x[i] < y[i] ? -1 : 1;
  }
  return x.length - y.length;
}

/** True when every request path `later` matches is also matched by `earlier` (Express matches case-insensitively). */
function covers(earlier: string, later: string): boolean {
  const [x, y] = [segmentsOf(earlier), segmentsOf(later)];
  return x.length === y.length && x.every((segment, i) => isParameter(segment) || segment.toLowerCase() === y[i].toLowerCase());
}

interface PathRoutes<S> {
  path: string;
  routes: ApiRoute<S>[];
}

/** The routes grouped by path, each path's methods in METHOD_ORDER; a method declared twice on one path is refused. */
function byPath<S>(routes: readonly ApiRoute<S>[]): PathRoutes<S>[] {
  const paths = new Map<string, ApiRoute<S>[]>();
  for (const route of routes) {
    const same = paths.get(route.path) ?? [];
    if (same.some((other) => other.method === route.method))
      throw new Error(`${route.method.toUpperCase()} ${route.path} is declared twice`);
    paths.set(route.path, [...same, route]);
  }
  return [...paths].map(([path, list]) => ({
    path,
    routes: [...list].sort((a, b) => METHOD_ORDER.indexOf(a.method) - METHOD_ORDER.indexOf(b.method)),
  }));
}

/**
 * Refuses an order in which a path would take the requests of a later one: each path answers every method (405
 * for those it lacks), so a path that matches all the requests of a later path shadows it whatever their methods.
 */
export function assertNoShadowing(paths: readonly string[]): void {
  paths.forEach((later, j) => {
    const earlier = paths.slice(0, j).find((path) => covers(path, later));
    if (earlier) throw new Error(`route ${later} would be shadowed by ${earlier}, mounted before it`);
  });
}

/**
 * Who may hear of a path's other methods (405) or of its malformed parameters: anyone when every method of the path
 * is open, else a token holder only (a signed link opens a file's bytes, not the path's other answers).
 */
function pathAuth(auths: readonly RouteAuth[]): RouteAuth {
  return auths.every((auth) => auth === 'none') ? 'none' : auths.every((auth) => auth === 'metrics-token') ? 'metrics-token' : 'token';
}

const isJson = (mediaType: string | undefined) => mediaType === undefined || mediaType === 'application/json';
const isObjectSchema = (schema: TSchema): schema is TObject => schema.type === 'object';

/** The checks of a route's declared parts, those it names in `unchecked` aside; a part that cannot be checked is refused. */
function checksOf<S>(route: ApiRoute<S>): { before: RequestHandler[]; after: RequestHandler[] } {
  const where = `${route.method.toUpperCase()} ${route.path}`;
  const unchecked = route.unchecked ?? {};
  for (const [part, reason] of Object.entries(unchecked) as [CheckedPart, string][]) {
    if (!route[part]) throw new Error(`${where} leaves its ${part} unchecked but declares none`);
    if (!reason.trim()) throw new Error(`${where} leaves its ${part} unchecked without a reason`);
  }
  const schemas: { params?: TObject; query?: TObject } = {};
  if (route.params && !unchecked.params) schemas.params = route.params;
  if (route.query && !unchecked.query) schemas.query = route.query;
  const after: RequestHandler[] = [];
  if (route.body && !unchecked.body) {
    const { schema, mediaType, alternatives } = route.body;
    if (!isJson(mediaType) || alternatives || !isObjectSchema(schema)) {
      throw new Error(`${where} declares a body that is not a JSON object: name it in \`unchecked\` with the reason`);
    }
    if (!route.use) throw new Error(`${where} checks a JSON body but reads none: declare its body parser in \`use\``);
    after.push(checkRequest({ body: schema }));
  }
  return { before: Object.keys(schemas).length > 0 ? [checkRequest(schemas)] : [], after };
}

const guard = (auth: RouteAuth, keys: Gatekeepers, exempt?: (req: Request) => boolean) => {
  const handler = authFor(auth, keys, { exempt });
  return handler ? [handler] : [];
};

function mountPath<S>(router: Router, { path, routes }: PathRoutes<S>, services: S, keys: Gatekeepers): void {
  const route = router.route(expressPath(path));
  for (const declared of routes) {
    const checks = checksOf(declared);
    const handlers: RequestHandler[] = [
      ...guard(declared.auth, keys),
      ...checks.before,
      ...(declared.use?.(services) ?? []),
      ...checks.after,
      declared.handler(services) as RequestHandler,
    ];
    route[declared.method](...handlers);
  }
  const forPath = pathAuth(routes.map((declared) => declared.auth));
  route.all(...guard(forPath, keys), methodNotAllowed(routes.map((declared) => declared.method.toUpperCase())));
  for (const declared of routes) {
    if (!declared.pathError) continue;
    // Matched on the path's literal start: a parameter that fails to decode never reaches the route's own handlers.
    // Who may not use the path hears of its authentication first, as of any other refusal.
    const literalStart = path.includes('/{') ? path.slice(0, path.indexOf('/{')) : path;
    const pathError = declared.pathError;
    const [auth] = guard(forPath, keys);
    router.use(expressPath(literalStart), (async (error, req, res, next) => {
      if (auth) {
        try {
          await new Promise<void>(
            (resolve, reject) =>
              void Promise.resolve(auth(req, res, (refusal?: unknown) => (refusal ? reject(refusal) : resolve()))).catch(reject),
          );
        } catch (refusal) {
          return next(refusal);
        }
      }
      pathError(error, req, res, next);
    }) as ErrorRequestHandler);
  }
}

const SURFACE_RANK: Record<Surface<unknown>['kind'], number> = { files: 0, page: 1, websocket: 1, prefix: 2 };
const surfacePath = (surface: Surface<unknown>) =>
  surface.kind === 'page' ? surface.paths[0] : surface.kind === 'websocket' ? surface.path : surface.prefix;
const bySurfaceOrder = (a: Surface<unknown>, b: Surface<unknown>) =>
  SURFACE_RANK[a.kind] - SURFACE_RANK[b.kind] ||
  // A longer prefix first: `/console/assets` before `/console`.
  (a.kind === b.kind && a.kind !== 'page' ? surfacePath(b).length - surfacePath(a).length : 0) ||
  (surfacePath(a) < surfacePath(b) ? -1 : surfacePath(a) > surfacePath(b) ? 1 : 0) ||
  (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

const enabled = <S>(surface: Surface<S>, services: S) => !('enabled' in surface) || !surface.enabled || surface.enabled(services);

function mountPage<S>(router: Router, surface: Extract<Surface<S>, { kind: 'page' }>, services: S, keys: Gatekeepers): void {
  const exempt = surface.servedWithoutToken?.(services);
  if (exempt && surface.auth !== 'token') throw new Error(`${surface.name}: only a token's surface serves requests without one`);
  // One path as a string: req.route.path labels the metrics.
  const route = router.route(surface.paths.length === 1 ? surface.paths[0] : surface.paths);
  const methods = METHOD_ORDER.filter((method) => surface.methods[method]);
  for (const method of methods) route[method](...guard(surface.auth, keys, exempt), ...surface.methods[method]!(services));
  if (surface.allow !== false)
    route.all(...guard(surface.auth, keys, exempt), methodNotAllowed(surface.allow ?? methods.map((method) => method.toUpperCase())));
  if (surface.refusal) router.use(surface.paths, surface.refusal(services));
}

/**
 * One router for the whole HTTP surface: every REST operation (`routes`, as the OpenAPI description shows them) and
 * every other surface, each with the authentication it declares applied in its own layer, so that no order of the
 * tables (nor of this function's mounts) changes who gets in. The REST paths are in the order of comparePaths, and
 * a table in which a route would shadow another is refused at start; the surfaces follow in an order of their own
 * kinds (files under a prefix, pages, then each prefix's other requests), then the 404 and the error handler.
 */
export function surfaceRouter<R, U>(
  routes: readonly ApiRoute<R>[],
  surfaces: readonly Surface<U>[],
  services: R & U,
  keys: Gatekeepers,
): Router {
  const paths = byPath(routes).sort((a, b) => comparePaths(a.path, b.path));
  assertNoShadowing(paths.map(({ path }) => path));
  const restPaths = new Set(paths.map(({ path }) => expressPath(path).toLowerCase()));
  const router = Router();
  const sorted = surfaces.filter((surface) => enabled(surface, services)).sort(bySurfaceOrder as (a: Surface<U>, b: Surface<U>) => number);
  for (const surface of sorted) {
    if (surface.kind === 'page') {
      const clash = surface.paths.find((path) => restPaths.has(path.toLowerCase()));
      if (clash) throw new Error(`${surface.name}: ${clash} is a REST route's path too`);
    }
  }
  for (const surface of sorted.filter((surface) => surface.kind === 'files')) {
    if (surface.kind !== 'files') continue;
    // A route, not a mount: the handler sees the whole path, as the files' own routers name them.
    router.all([surface.prefix, `${surface.prefix}/*file`], ...guard(surface.auth, keys), surface.handler(services));
  }
  for (const path of paths) mountPath(router, path, services, keys);
  for (const surface of sorted) if (surface.kind === 'page') mountPage(router, surface, services, keys);
  for (const surface of sorted) {
    if (surface.kind !== 'prefix') continue;
    router.use(surface.prefix, ...guard(surface.auth, keys));
    if (surface.refusal) router.use(surface.prefix, surface.refusal(services));
  }
  router.use(notFoundHandler);
  router.use(errorHandler);
  return router;
}

/** Attaches the surfaces' WebSocket upgrades to the HTTP server; closing ends them. */
export function attachUpgrades<S>(httpServer: HttpServer, surfaces: readonly Surface<S>[], services: S): { close(): Promise<void> } {
  const attached = surfaces.flatMap((surface) => (surface.kind === 'websocket' ? [surface.attach(httpServer, services)] : []));
  return { close: async () => void (await Promise.all(attached.map((upgrade) => upgrade.close()))) };
}

/** Mounts the whole surface on the app and its server, in one call: the routers, then the upgrades. */
export function mountSurface<R, U>(
  app: { use: (...handlers: (RequestHandler | Router)[]) => unknown },
  httpServer: HttpServer,
  tables: { routes: readonly ApiRoute<R>[]; surfaces: readonly Surface<U>[] },
  services: R & U,
  keys: Gatekeepers,
): { close(): Promise<void> } {
  app.use(surfaceRouter(tables.routes, tables.surfaces, services, keys));
  return attachUpgrades(httpServer, tables.surfaces, services);
}
