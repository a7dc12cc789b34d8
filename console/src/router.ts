import { useEffect, useState } from 'react';

/** Where the console is served; its own routes are paths under it. */
export const BASE = '/console';

export type Route =
  | { page: 'entries' }
  | { page: 'entry'; id: string }
  | { page: 'new' }
  | { page: 'edit'; id: string }
  | { page: 'events' }
  | { page: 'webhooks' }
  | { page: 'series' }
  | { page: 'series-one'; id: string }
  | { page: 'workflows' }
  | { page: 'workflow'; id: string }
  | { page: 'new-workflow' };

/** A path under the console and its one id, decoded: `/console/series/{id}` with `series`. */
const idUnder = (pathname: string, part: string): string | undefined => {
  const match = new RegExp(`^/console/${part}/([^/]+)/?$`).exec(pathname);
  return match ? decodeURIComponent(match[1]) : undefined;
};

export function routeOf(pathname: string): Route {
  if (/^\/console\/new\/?$/.test(pathname)) return { page: 'new' };
  if (/^\/console\/events\/?$/.test(pathname)) return { page: 'events' };
  if (/^\/console\/webhooks\/?$/.test(pathname)) return { page: 'webhooks' };
  if (/^\/console\/series\/?$/.test(pathname)) return { page: 'series' };
  if (/^\/console\/workflows\/?$/.test(pathname)) return { page: 'workflows' };
  if (/^\/console\/workflows\/new\/?$/.test(pathname)) return { page: 'new-workflow' };
  const series = idUnder(pathname, 'series');
  if (series !== undefined) return { page: 'series-one', id: series };
  const workflow = idUnder(pathname, 'workflows');
  if (workflow !== undefined) return { page: 'workflow', id: workflow };
  const editing = /^\/console\/entries\/([^/]+)\/edit\/?$/.exec(pathname);
  if (editing) return { page: 'edit', id: decodeURIComponent(editing[1]) };
  const match = /^\/console\/entries\/([^/]+)\/?$/.exec(pathname);
  return match ? { page: 'entry', id: decodeURIComponent(match[1]) } : { page: 'entries' };
}

export const entryPath = (id: string) => `${BASE}/entries/${encodeURIComponent(id)}`;
export const listPath = () => `${BASE}/`;
export const newEntryPath = () => `${BASE}/new`;
export const eventsPath = () => `${BASE}/events`;
export const webhooksPath = () => `${BASE}/webhooks`;
export const seriesListPath = () => `${BASE}/series`;
export const seriesPath = (id: string) => `${BASE}/series/${encodeURIComponent(id)}`;
export const workflowsPath = () => `${BASE}/workflows`;
export const workflowPath = (id: string) => `${BASE}/workflows/${encodeURIComponent(id)}`;
export const newWorkflowPath = () => `${BASE}/workflows/new`;

const listeners = new Set<() => void>();

/** Moves to a path of the console without a reload, as a link would. */
export function navigate(path: string): void {
  history.pushState(null, '', path);
  window.scrollTo(0, 0);
  listeners.forEach((listener) => listener());
}

/** The current route, following links and the back and forward buttons. */
export function useRoute(): Route {
  const [route, setRoute] = useState(() => routeOf(window.location.pathname));
  useEffect(() => {
    const update = () => setRoute(routeOf(window.location.pathname));
    listeners.add(update);
    window.addEventListener('popstate', update);
    return () => {
      listeners.delete(update);
      window.removeEventListener('popstate', update);
    };
  }, []);
  return route;
}
