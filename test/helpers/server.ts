import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { loadConfig, type Config } from '../../src/config';
import { buildServer, type Server } from '../../src/server';

export const TEST_SECRET = 'test-secret-that-is-long-enough-for-hs256-0123456789';
export const MARIADB_URL = process.env.TEST_MARIADB_URL ?? 'mysql://root@127.0.0.1:3306/test';

/** Which database this test run uses: set per Jest project (see jest.config.js). */
export const testDatabase = (): 'sqlite' | 'mariadb' => (process.env.TEST_DB === 'mariadb' ? 'mariadb' : 'sqlite');

export interface TestServer {
  url: string;
  server: Server;
  config: Config;
  dataDir: string;
  close(): Promise<void>;
}

/** Starts the real server on a free port, on the database of this test run. */
export async function startServer(env: Record<string, string> = {}, options: Parameters<typeof buildServer>[1] = {}): Promise<TestServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'entries-test-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    JWT_SECRET: TEST_SECRET,
    // Tests of races and floods judge the service under their own load, a burst from one workspace beside another's
    // requests; the request rate would spread it over seconds. Its own tests (test/rest/request-rates.test.ts) set it.
    WORKSPACE_REQUEST_RATE: '0',
    ...(testDatabase() === 'mariadb' ? { DATABASE_URL: MARIADB_URL } : {}),
    // `GRAPHQL_JIT=false npx jest test/graphql` runs the GraphQL tests with graphql-js, the fallback.
    ...(process.env.GRAPHQL_JIT ? { GRAPHQL_JIT: process.env.GRAPHQL_JIT } : {}),
    ...env,
  });
  const server = await buildServer(config, options);
  const url = await server.listen(0, '127.0.0.1');
  return {
    url,
    server,
    config,
    dataDir,
    async close() {
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A fresh workspace name, so tests never see each other's entries, even on a shared database. */
export const newWorkspace = () => `ws-${randomUUID()}`;

export async function tokenFor(
  workspace: string,
  options: { secret?: string; expiresIn?: string | number; claims?: Record<string, unknown> } = {},
) {
  const jwt = new SignJWT({ workspace_id: workspace, ...options.claims }).setProtectedHeader({ alg: 'HS256' }).setIssuedAt();
  if (options.claims?.exp === undefined) jwt.setExpirationTime(options.expiresIn ?? '1h');
  return jwt.sign(new TextEncoder().encode(options.secret ?? TEST_SECRET));
}

export interface Reply<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

/** A small client bound to a server and a token. */
export function client(base: string, token?: string) {
  const send = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Reply> => {
    const init: RequestInit = { method, headers: { ...headers } };
    if (token) (init.headers as Record<string, string>).authorization = `Bearer ${token}`;
    if (body instanceof FormData) {
      init.body = body; // fetch writes the multipart content type with its boundary
    } else if (body !== undefined) {
      (init.headers as Record<string, string>)['content-type'] ??= 'application/json';
      init.body = typeof body === 'string' || body instanceof Uint8Array ? (body as string) : JSON.stringify(body);
    }
    const response = await fetch(`${base}${path}`, init);
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON: keep the text for the assertion to show
    }
    return { status: response.status, headers: response.headers, body: parsed };
  };
  return {
    get: (path: string, headers?: Record<string, string>) => send('GET', path, undefined, headers),
    post: (path: string, body?: unknown, headers?: Record<string, string>) => send('POST', path, body, headers),
    put: (path: string, body?: unknown, headers?: Record<string, string>) => send('PUT', path, body, headers),
    send,
  };
}

export { party, message } from './documents';
