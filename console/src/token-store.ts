/**
 * The tokens a person pasted, and which one this tab uses: in this tab's sessionStorage only, never in a cookie,
 * never in a URL the server sees. A link printed by `npm start` carries a token in the fragment (which browsers do
 * not send); it is taken from there and the fragment is replaced in the address bar and in history.
 *
 * sessionStorage is per tab, so a tab opened from another (Ctrl+click) would start signed out: a new tab without
 * tokens asks the open tabs of the same origin for theirs over a BroadcastChannel, which stays inside this browser
 * session (a closed browser forgets them, as sessionStorage does).
 */
const KEY = 'entries-console.session';
const CHANNEL = 'entries-console.session';
/** The most tokens kept: a switcher for the workspaces of one person, not a key ring. */
export const MAX_TOKENS = 10;

interface Session {
  current: string | null;
  tokens: string[];
}

type Message =
  { type: 'ask' } | { type: 'tokens'; session: Session } | { type: 'added'; token: string } | { type: 'forgot'; token: string };

/** Why the session changed, for the page to say: a sign-out elsewhere, or nothing to say. */
type Listener = (why?: string) => void;
const listeners = new Set<Listener>();
let channel: BroadcastChannel | undefined;
/** True while this tab, opened without tokens, still takes the open tabs' answer: until it has one or the person acts. */
let adopting = false;

function read(): Session {
  try {
    const stored = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as Session | null;
    if (stored && Array.isArray(stored.tokens))
      return {
        current: typeof stored.current === 'string' ? stored.current : null,
        tokens: stored.tokens.filter((t) => typeof t === 'string').slice(0, MAX_TOKENS),
      };
  } catch {
    // A damaged entry is as good as none.
  }
  return { current: null, tokens: [] };
}

function write(session: Session, why?: string): void {
  adopting = false;
  // Nothing left: nothing kept.
  if (session.tokens.length === 0 && !session.current) sessionStorage.removeItem(KEY);
  else sessionStorage.setItem(KEY, JSON.stringify(session));
  listeners.forEach((listener) => listener(why));
}

const withToken = (tokens: string[], token: string) => [token, ...tokens.filter((t) => t !== token)].slice(0, MAX_TOKENS);

export function readToken(): string | null {
  return read().current;
}

/** The tokens pasted in this browser session, the last pasted first. */
export function knownTokens(): string[] {
  return read().tokens;
}

/** Signs this tab in with `token`, kept with the others, and tells the other tabs it exists. */
export function saveToken(token: string): void {
  const pasted = token.trim();
  const session = read();
  write({ current: pasted, tokens: withToken(session.tokens, pasted) });
  channel?.postMessage({ type: 'added', token: pasted } satisfies Message);
}

/** Moves this tab to another of the tokens pasted. */
export function switchToken(token: string): void {
  const session = read();
  if (session.tokens.includes(token)) write({ current: token, tokens: session.tokens });
}

/** Shows the sign-in form to paste another token, keeping those pasted. */
export function addWorkspace(): void {
  write({ current: null, tokens: read().tokens });
}

/** Forgets this tab's token here and in every tab of the session (one that uses it is signed out). */
export function forgetToken(): void {
  const session = read();
  if (!session.current) return;
  write({ current: null, tokens: session.tokens.filter((t) => t !== session.current) });
  channel?.postMessage({ type: 'forgot', token: session.current } satisfies Message);
}

/** Follows changes of the session: sign-ins, switches, sign-outs here or in another tab, a link's token. */
export function onSessionChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Takes `#token=…` from the address, if there, and leaves the address without it. */
export function takeTokenFromFragment(): void {
  const fragment = new URLSearchParams(window.location.hash.replace(/^#/, ''));
  const token = fragment.get('token');
  if (!token) return;
  history.replaceState(history.state, '', window.location.pathname + window.location.search);
  saveToken(token);
}

/** The workspace a token names (its `workspace_id` claim), to tell tokens apart; read, not verified: the server verifies. */
export function workspaceOf(token: string): string {
  try {
    const payload = JSON.parse(atob(token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/'))) as { workspace_id?: unknown };
    return typeof payload.workspace_id === 'string' ? payload.workspace_id : 'unknown workspace';
  } catch {
    return 'unknown workspace';
  }
}

function answer(message: Message): void {
  const session = read();
  if (message.type === 'ask' && session.tokens.length > 0) {
    channel?.postMessage({ type: 'tokens', session } satisfies Message);
  } else if (message.type === 'added' && !session.tokens.includes(message.token)) {
    write({ current: session.current, tokens: [...session.tokens, message.token].slice(0, MAX_TOKENS) });
  } else if (message.type === 'forgot' && session.tokens.includes(message.token)) {
    const signedOut = session.current === message.token;
    write(
      { current: signedOut ? null : session.current, tokens: session.tokens.filter((t) => t !== message.token) },
      signedOut ? 'Signed out in another tab.' : undefined,
    );
  }
}

/**
 * Joins the session's tabs, and follows a link's token pasted into this tab (only the fragment changes: no reload).
 * A tab without tokens asks the others for theirs and waits up to `waitMs` for the first answer.
 */
export async function joinSession(waitMs = 400): Promise<void> {
  window.addEventListener('hashchange', takeTokenFromFragment);
  if (typeof BroadcastChannel === 'undefined') return;
  channel = new BroadcastChannel(CHANNEL);
  let adopted: (() => void) | undefined;
  channel.onmessage = (event: MessageEvent<Message>) => {
    const message = event.data;
    if (message?.type === 'tokens') {
      // Taken only by a tab opened without tokens that has not acted since; an answer later than the wait still
      // signs it in (the page follows changes), but a tab signed out stays signed out.
      if (!adopting || read().tokens.length > 0) return;
      const tokens = message.session.tokens.filter((t) => typeof t === 'string').slice(0, MAX_TOKENS);
      const current = message.session.current && tokens.includes(message.session.current) ? message.session.current : (tokens[0] ?? null);
      write({ current, tokens });
      adopted?.();
    } else if (message) {
      answer(message);
    }
  };
  if (read().tokens.length > 0) return;
  adopting = true;
  await new Promise<void>((resolve) => {
    adopted = resolve;
    setTimeout(resolve, waitMs);
    channel?.postMessage({ type: 'ask' } satisfies Message);
  });
  adopted = undefined;
}
