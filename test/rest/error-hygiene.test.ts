import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createConnection } from 'mysql2/promise';
import { freshMysqlDatabase } from '../helpers/database-check';
import { LEAKS } from '../helpers/hostile';
import { send } from '../helpers/http-outcome';
import { MARIADB_URL, TEST_SECRET, party, testDatabase, tokenFor } from '../helpers/server';
import { buildService, killAllServiceProcesses, startServiceProcess, type ServiceProcess } from '../helpers/service-process';

/**
 * Security headers and hygiene, on the service as it runs (a child process, LOG_LEVEL=trace, its stdout
 * read whole): every answer has `X-Content-Type-Options: nosniff` and an `X-Request-Id`, none has
 * `X-Powered-By`; error bodies hold no stack trace and no SQL, even when the database fails under a
 * request (a table is dropped behind the service's back); that failure is logged with the request's id;
 * an insert the database refuses is logged without its statement or document; and no log line ever holds a token, the JWT secret, the signing key, or a database password.
 */
const SIGNING_KEY_FILE = 'signing-key.json';
/** A party name that only the document of the refused insert holds. */
const DOCUMENT_MARKER = `Confidential Party ${randomUUID()}`;

let main: string;
let dataDir: string;
let service: ServiceProcess;
let drop: (() => Promise<void>) | undefined;
let breakDatabase: () => Promise<void>;
const tokens: string[] = [];
const answers: { what: string; status: number; headers: Headers; text: string }[] = [];

beforeAll(async () => {
  main = buildService();
  dataDir = mkdtempSync(path.join(tmpdir(), 'entries-hygiene-'));
  let databaseUrl = `sqlite:${path.join(dataDir, 'hygiene.sqlite')}`;
  if (testDatabase() === 'mariadb') {
    const db = await freshMysqlDatabase(MARIADB_URL, `hygiene_${randomUUID().slice(0, 8)}`);
    databaseUrl = db.url;
    drop = db.drop;
    breakDatabase = async () => {
      const connection = await createConnection({ uri: db.url });
      await connection.query('DROP TABLE entry_meta');
      await connection.query(
        "CREATE TRIGGER refuse_inserts BEFORE INSERT ON entries FOR EACH ROW SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'inserts refused'",
      );
      await connection.end();
    };
  } else {
    breakDatabase = async () => {
      const Database = require('better-sqlite3') as new (file: string) => { exec(sql: string): void; close(): void };
      const db = new Database(path.join(dataDir, 'hygiene.sqlite'));
      db.exec('DROP TABLE entry_meta');
      db.exec("CREATE TRIGGER refuse_inserts BEFORE INSERT ON entries BEGIN SELECT RAISE(ABORT, 'inserts refused'); END");
      db.close();
    };
  }
  service = await startServiceProcess(main, { DATA_DIR: dataDir, DATABASE_URL: databaseUrl, JWT_SECRET: TEST_SECRET, LOG_LEVEL: 'trace' });
}, 120_000);

afterAll(async () => {
  await killAllServiceProcesses();
  await drop?.();
  rmSync(dataDir, { recursive: true, force: true });
});

async function call(what: string, url: string, init: RequestInit = {}) {
  const response = await fetch(url, init);
  const text = await response.text();
  answers.push({ what, status: response.status, headers: response.headers, text });
  return { status: response.status, headers: response.headers, text };
}

describe('answers', () => {
  test('every kind of answer carries nosniff and a request id, and errors are JSON without internals', async () => {
    const token = await tokenFor(`hygiene-${randomUUID()}`);
    const expired = await tokenFor('hygiene', { claims: { exp: Math.floor(Date.now() / 1000) - 3600 } });
    tokens.push(token, expired);
    const auth = { authorization: `Bearer ${token}` };
    const json = { ...auth, 'content-type': 'application/json' };
    const base = service.url;
    const created = await call('create', `${base}/silo/v1/entries`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ key: 'k1', data: party('Hygiene') }),
    });
    expect(created.status).toBe(200);
    const id = JSON.parse(created.text).id;
    await call('list', `${base}/silo/v1/entries`, { headers: auth });
    await call('health', `${base}/healthz`);
    await call('ready', `${base}/readyz`);
    await call('400', `${base}/silo/v1/entries?limit=0`, { headers: auth });
    await call('401 missing', `${base}/silo/v1/entries`);
    await call('401 expired', `${base}/silo/v1/entries`, { headers: { authorization: `Bearer ${expired}` } });
    await call('401 token in query', `${base}/silo/v1/entries?access_token=${token}&token=${token}`);
    await call('401 token in cookie', `${base}/silo/v1/entries`, { headers: { cookie: `token=${token}` } });
    await call('404', `${base}/silo/v1/entries/${randomUUID()}`, { headers: auth });
    await call('404 path', `${base}/nowhere`, { headers: auth });
    await call('405', `${base}/silo/v1/entries`, { method: 'DELETE', headers: auth });
    await call('409', `${base}/silo/v1/entries`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ key: 'k1', data: party('Again') }),
    });
    // The 413 comes before the body is read; the rest is read and dropped, so the client sending it reads the answer.
    await call('413', `${base}/silo/v1/entries`, { method: 'POST', headers: json, body: `{"data":"${'x'.repeat(3 * 1024 * 1024)}"}` });
    await call('415', `${base}/silo/v1/entries`, { method: 'POST', headers: { ...auth, 'content-type': 'text/plain' }, body: '{}' });
    await call('422', `${base}/silo/v1/entries`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ data: { $schema: 'https://gobl.org/draft-0/nothing' } }),
    });
    await call('graphql', `${base}/graphql`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ query: `{ entry(id: "${id}") { id } }` }),
    });
    await call('graphql 401', `${base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"query":"{ __typename }"}',
    });

    // The database fails under the service: a 500 that says nothing of SQL, logged with the request id.
    await breakDatabase();
    const failed = await call('500', `${base}/silo/v1/entries/${id}`, { headers: { ...auth, 'x-request-id': 'hygiene-500' } });
    expect(failed.status).toBe(500);
    expect(JSON.parse(failed.text)).toEqual({ key: 'internal', code: 'internal', message: 'internal error' });
    const failedGraphql = await call('graphql 500', `${base}/graphql`, {
      method: 'POST',
      headers: { ...json, 'x-request-id': 'hygiene-graphql-500' },
      body: JSON.stringify({ query: `{ entry(id: "${id}") { id meta { key } } }` }),
    });
    expect(failedGraphql.text).toContain('INTERNAL_SERVER_ERROR');
    // An insert that the database refuses: a 500, and its log line must not carry the document.
    const failedInsert = await call('500 insert', `${base}/silo/v1/entries`, {
      method: 'POST',
      headers: { ...json, 'x-request-id': 'hygiene-insert-500' },
      body: JSON.stringify({ data: party(DOCUMENT_MARKER) }),
    });
    expect(failedInsert.status).toBe(500);

    const problems: string[] = [];
    for (const answer of answers) {
      if (answer.headers.get('x-content-type-options') !== 'nosniff') problems.push(`${answer.what}: no nosniff`);
      if (!answer.headers.get('x-request-id')) problems.push(`${answer.what}: no X-Request-Id`);
      if (answer.headers.get('x-powered-by')) problems.push(`${answer.what}: X-Powered-By`);
      if (answer.status >= 400 && !/^application\/json/.test(answer.headers.get('content-type') ?? ''))
        problems.push(`${answer.what}: error is not JSON`);
      if (LEAKS.test(answer.text) || /\b(SELECT|INSERT|FROM|WHERE)\b|entry_meta|no such table|doesn't exist/i.test(answer.text)) {
        problems.push(`${answer.what}: leaks internals: ${answer.text.slice(0, 200)}`);
      }
    }
    expect(problems).toEqual([]);
  });
});

describe('logs', () => {
  const lines = () => service.output.filter((line) => line.startsWith('{')).map((line) => JSON.parse(line) as Record<string, any>);

  test('every request is logged with its id; the failures are logged as errors with the id the client saw', async () => {
    // The log comes through the child's stdout pipe, which may be read after the answers on their sockets.
    const failureIds = ['hygiene-500', 'hygiene-graphql-500', 'hygiene-insert-500'];
    const allLogged = () => failureIds.every((id) => lines().some((l) => l.level >= 50 && l.reqId === id));
    for (const deadline = Date.now() + 5000; !allLogged() && Date.now() < deadline;)
      await new Promise((resolve) => setTimeout(resolve, 50));
    const logged = lines();
    const requests = logged.filter((l) => l.msg === 'request');
    expect(requests.length).toBeGreaterThanOrEqual(answers.length - 1);
    for (const line of requests) expect(line.reqId).toEqual(expect.any(String));
    for (const id of failureIds) {
      const errors = logged.filter((l) => l.level >= 50 && l.reqId === id);
      expect(errors.length).toBeGreaterThan(0);
      expect(errors[0].err).toBeDefined();
    }
  });

  test('no log line holds a token, the JWT secret, the signing key or an Authorization header', () => {
    const text = service.output.join('\n');
    const signingKey = JSON.parse(readFileSync(path.join(dataDir, SIGNING_KEY_FILE), 'utf8')) as { d?: string };
    const secrets = [...tokens, ...tokens.map((t) => t.split('.')[2]), TEST_SECRET, signingKey.d ?? 'no-d'];
    for (const secret of secrets) expect(text).not.toContain(secret);
    expect(text).not.toMatch(/Bearer /i);
    expect(text).not.toMatch(/"authorization"\s*:\s*"(?!\[redacted\])/i);
  });

  test('the failed insert is logged without its statement or the document it carried', () => {
    const failure = lines().find((l) => l.level >= 50 && l.reqId === 'hygiene-insert-500');
    expect(failure?.err?.message).toMatch(/inserts refused/);
    const text = service.output.join('\n');
    expect(text).not.toContain(DOCUMENT_MARKER);
    expect(text).not.toMatch(/INSERT INTO/i);
  });

  test('a database password in DATABASE_URL is not printed when the service cannot start', async () => {
    const password = `pw-${randomUUID()}`;
    const failing = startServiceProcess(
      main,
      { DATA_DIR: dataDir, DATABASE_URL: `mysql://root:${password}@127.0.0.1:1/nothing`, JWT_SECRET: TEST_SECRET },
      20_000,
    );
    const error = await failing.then(
      () => undefined,
      (e: Error) => e,
    );
    expect(error?.message).toMatch(/exited/);
    expect(error?.message).not.toContain(password);
  });
});

test('requests after the database broke still get answers (no crash)', async () => {
  const reply = await send(`${service.url}/healthz`);
  expect('status' in reply && reply.status).toBe(200);
});
