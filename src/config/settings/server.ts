import path from 'node:path';
import { accepted, refused, type Parsed } from './setting';
import { custom, integer, oneOf, onOff, text } from './setting-kinds';

export const PORT = integer({
  name: 'PORT',
  description: 'HTTP port (`0` picks a free one; the chosen port is logged)',
  default: 8080,
  min: 0,
  max: 65535,
  wording: 'a port number from 0 to 65535',
  type: 'port number, 0 to 65535',
});

export const HOST = text({ name: 'HOST', description: 'address to listen on', default: '0.0.0.0' });

export const DATA_DIR = custom<string>({
  name: 'DATA_DIR',
  type: 'path',
  description:
    'folder of the embedded database and of generated keys (the local JWT secret `jwt-secret`, the signing key `signing-key.json`, ' +
    "the file links' secret `file-link-secret`). It is made `0700` and everything the service writes in it (the SQLite database " +
    'and its `-wal` and `-shm` too) `0600`, the process running with umask `077`; a folder or one of those files found open to ' +
    'group or others (made by an older version, by hand, under a looser umask) is narrowed at start, with a warning naming ' +
    'the path and its old mode: keep nothing else in it that others must read',
  default: () => path.resolve('./data'),
  defaultText: '`./data`',
  parse: (text) => accepted(path.resolve(text)),
});

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

export const LOG_LEVEL = oneOf(LOG_LEVELS, {
  name: 'LOG_LEVEL',
  description: 'least severe log lines written (JSON lines on stdout, each request with its id, also sent back in `X-Request-Id`)',
  default: 'info',
});

export const METRICS_TOKEN = text({
  name: 'METRICS_TOKEN',
  description: 'when set, `GET /metrics` wants `Authorization: Bearer <METRICS_TOKEN>` (not a workspace token); unset, it is open',
});

/** `*`, or a comma list of origins such as `https://app.example.com,http://localhost:5173` (scheme, host, port; no path). */
function parseCorsOrigins(text: string): Parsed<string[] | '*'> {
  if (text === '*') return accepted('*');
  const origins = text
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean);
  const problems: string[] = [];
  for (const origin of origins) {
    let normalized: string | undefined;
    try {
      normalized = new URL(origin).origin;
    } catch {
      // reported below
    }
    if (normalized !== origin)
      problems.push(
        `CORS_ORIGINS must be * or a comma list of origins such as https://app.example.com (no path, no trailing slash), got "${origin}"`,
      );
  }
  return problems.length > 0 ? refused(...problems) : accepted(origins);
}

export const CORS_ORIGINS = custom<string[] | '*'>({
  name: 'CORS_ORIGINS',
  type: 'comma list of origins, or `*`',
  description:
    'browser origins allowed to call REST and GraphQL, comma separated (`https://app.example.com,http://localhost:5173`: the ' +
    'matching origin is echoed, with `Vary: Origin`), or `*` for any (answered `Access-Control-Allow-Origin: *`, never with ' +
    'credentials); none: no CORS headers at all (docs/graphql.md, From a front end)',
  default: [],
  defaultText: 'none',
  parse: parseCorsOrigins,
});

export const CONSOLE = onOff({ name: 'CONSOLE', description: '`off` turns the console at `/console` off (404)', default: true });

/** An http(s) address without query or fragment, as files' links start (a path prefix is kept, a final slash dropped). */
function parsePublicBaseUrl(text: string): Parsed<string | undefined> {
  let url: URL | undefined;
  try {
    url = new URL(text);
  } catch {
    // reported below
  }
  if (url && /^https?:$/.test(url.protocol) && !url.search && !url.hash && !url.username && !url.password)
    return accepted(`${url.origin}${url.pathname}`.replace(/\/+$/, ''));
  return refused(`PUBLIC_BASE_URL must be an http(s) address such as https://files.example.com (no query), got "${text}"`);
}

export const PUBLIC_BASE_URL = custom<string | undefined>({
  name: 'PUBLIC_BASE_URL',
  type: 'http(s) address',
  description:
    "the service's address as clients reach it (`https://files.example.com`, a path prefix allowed), where files' and spooled files' `url` " +
    'point; set it behind a proxy, whose forwarded headers are not trusted',
  defaultText: "the request's own scheme and host",
  parse: parsePublicBaseUrl,
});

export const SERVER_SETTINGS = [PORT, HOST, DATA_DIR, PUBLIC_BASE_URL, CORS_ORIGINS, CONSOLE, METRICS_TOKEN, LOG_LEVEL];
