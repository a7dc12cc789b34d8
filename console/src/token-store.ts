/**
 * The token lives in this tab's sessionStorage only: never in a cookie, never in a URL the server sees. A link
 * printed by `npm start` carries it in the fragment (which browsers do not send); it is taken from there once
 * and the fragment is replaced in the address bar and in history.
 */
const KEY = 'entries-console.token';

export function readToken(): string | null {
  return sessionStorage.getItem(KEY);
}

export function saveToken(token: string): void {
  sessionStorage.setItem(KEY, token.trim());
}

export function forgetToken(): void {
  sessionStorage.removeItem(KEY);
}

/** Takes `#token=…` from the address, if there, and leaves the address without it. */
export function takeTokenFromFragment(): void {
  const fragment = new URLSearchParams(window.location.hash.replace(/^#/, ''));
  const token = fragment.get('token');
  if (!token) return;
  saveToken(token);
  history.replaceState(history.state, '', window.location.pathname + window.location.search);
}
