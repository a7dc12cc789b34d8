import { useEffect, useState } from 'react';

/** Where the console is served; its own routes are paths under it. */
export const BASE = '/console';

export type Route =
  | { page: 'entries' }
  | { page: 'entry'; id: string }
  | { page: 'new' }
  | { page: 'edit'; id: string }
  | { page: 'events' }
  | { page: 'webhooks' };

export function routeOf(pathname: string): Route {
  if (/^\/console\/new\/?$/.test(pathname)) return { page: 'new' };
  if (/^\/console\/events\/?$/.test(pathname)) return { page: 'events' };
  if (/^\/console\/webhooks\/?$/.test(pathname)) return { page: 'webhooks' };
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
