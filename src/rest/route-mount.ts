import type { TObject } from '@sinclair/typebox';
import { Router, type RequestHandler } from 'express';
import { methodNotAllowed } from '../http/refusal';
import { checkRequest } from './request-check';
import { expressPath, type ApiRoute, type HttpMethod } from './route-table';

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
    if (same.some((other) => other.method === route.method)) throw new Error(`${route.method.toUpperCase()} ${route.path} is declared twice`);
    paths.set(route.path, [...same, route]);
  }
  return [...paths].map(([path, list]) => ({ path, routes: list.sort((a, b) => METHOD_ORDER.indexOf(a.method) - METHOD_ORDER.indexOf(b.method)) }));
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

function mount<S>(router: Router, { path, routes }: PathRoutes<S>, services: S): void {
  const route = router.route(expressPath(path));
  for (const declared of routes) {
    const checked = declared.checked ?? [];
    const schemas: { params?: TObject; query?: TObject } = {};
    for (const part of checked) {
      if (!declared[part]) throw new Error(`${declared.method.toUpperCase()} ${path} checks its ${part} but has no schema for them`);
      schemas[part] = declared[part];
    }
    const handlers: RequestHandler[] = [
      ...(checked.length > 0 ? [checkRequest(schemas)] : []),
      ...(declared.use?.(services) ?? []),
      declared.handler(services) as RequestHandler,
    ];
    route[declared.method](...handlers);
  }
  route.all(methodNotAllowed(routes.map((declared) => declared.method.toUpperCase())));
  for (const declared of routes) {
    // Matched on the path's literal start: a parameter that fails to decode never reaches the route's own handlers.
    const literalStart = path.includes('/{') ? path.slice(0, path.indexOf('/{')) : path;
    if (declared.pathError) router.use(expressPath(literalStart), declared.pathError);
  }
}

/**
 * Routers for the REST routes: `open` for those without a token (mounted before authentication), `authenticated`
 * for the others. Each is in the order of comparePaths, and the whole order is checked at start: a table in
 * which a route would shadow another is refused.
 */
export function restRouters<S>(routes: readonly ApiRoute<S>[], services: S): { open: Router; authenticated: Router } {
  const open = byPath(routes.filter((route) => route.auth === false)).sort((a, b) => comparePaths(a.path, b.path));
  const authenticated = byPath(routes.filter((route) => route.auth !== false)).sort((a, b) => comparePaths(a.path, b.path));
  assertNoShadowing([...open, ...authenticated].map(({ path }) => path));
  const routerOf = (paths: PathRoutes<S>[]) => {
    const router = Router();
    for (const path of paths) mount(router, path, services);
    return router;
  };
  return { open: routerOf(open), authenticated: routerOf(authenticated) };
}
