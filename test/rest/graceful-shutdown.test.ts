import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { recordFigures } from '../helpers/figures';
import { send } from '../helpers/http-outcome';
import { MARIADB_URL, TEST_SECRET, party, testDatabase, tokenFor } from '../helpers/server';
import { buildService, killAllServiceProcesses, startServiceProcess } from '../helpers/service-process';

/**
 * Graceful shutdown: SIGTERM to the service process while clients keep creating entries, and while a
 * slow upload is half-way through its body. Every request the server accepted is finished and answered;
 * a client may find the door closed (connection refused, or a keep-alive socket closed before the server
 * read anything from it), but then nothing was stored for it. The process exits 0.
 */
const CLIENTS = 20;

let main: string;
let dataDir: string;
let env: Record<string, string>;

beforeAll(() => {
  main = buildService();
  dataDir = mkdtempSync(path.join(tmpdir(), 'entries-shutdown-'));
  env = {
    DATA_DIR: dataDir,
    JWT_SECRET: TEST_SECRET,
    DATABASE_URL: testDatabase() === 'mariadb' ? MARIADB_URL : `sqlite:${path.join(dataDir, 'shutdown.sqlite')}`,
  };
}, 120_000);
afterAll(async () => {
  await killAllServiceProcesses();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A POST whose body arrives in pieces over `ms` milliseconds: in flight, headers read, when SIGTERM comes. */
function slowUpload(base: string, token: string, key: string, ms: number): Promise<{ status: number; body: any } | { error: string }> {
  const body = Buffer.from(JSON.stringify({ key, data: party(`slow ${key}`) }));
  const pieces = 10;
  return new Promise((resolve) => {
    const request = http.request(
      `${base}/silo/v1/entries`,
      { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'content-length': body.length } },
      (response) => {
        let text = '';
        response.on('data', (chunk) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) }));
      },
    );
    request.on('error', (error) => resolve({ error: (error as NodeJS.ErrnoException).code ?? error.message }));
    let sent = 0;
    const step = Math.ceil(body.length / pieces);
    const timer = setInterval(() => {
      request.write(body.subarray(sent, sent + step));
      sent += step;
      if (sent >= body.length) {
        clearInterval(timer);
        request.end();
      }
    }, ms / pieces);
  });
}

test('SIGTERM under load: requests in flight finish, none accepted is reset, exit 0', async () => {
  const service = await startServiceProcess(main, env);
  const token = await tokenFor(`shutdown-${randomUUID()}`);
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };

  const answered: { key: string; status: number; id?: string }[] = [];
  const unanswered: { key: string; error: string }[] = [];
  let signalled = false;
  const loops = Array.from({ length: CLIENTS }, async (_, client) => {
    for (let i = 0; ; i++) {
      const key = `shutdown-${client}-${i}`;
      const outcome = await send(`${service.url}/silo/v1/entries`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ key, data: party(key) }),
      });
      if ('error' in outcome) {
        unanswered.push({ key, error: outcome.error });
        if (signalled) return;
        continue;
      }
      answered.push({ key, status: outcome.status, id: outcome.body?.id });
    }
  });
  // Under load from the start: every client has had an answer, and some more than one (a busy machine takes
  // longer than usual over the first creates after a start), for at most 20 s.
  for (const start = Date.now(); answered.length <= 2 * CLIENTS && Date.now() - start < 20_000;)
    await new Promise((resolve) => setTimeout(resolve, 50));
  const slow = slowUpload(service.url, token, 'shutdown-slow-upload', 1500);
  await new Promise((resolve) => setTimeout(resolve, 300));
  signalled = true;
  const stoppedAt = Date.now();
  const exitCode = await service.kill('SIGTERM');
  const stopMs = Date.now() - stoppedAt;
  await Promise.all(loops);
  const slowOutcome = await slow;

  // What the database holds, read by a fresh process: every 200 is there, nothing unanswered is.
  const again = await startServiceProcess(main, env);
  const stored = async (key: string) => {
    const reply = await send(`${again.url}/silo/v1/entries/key/${key}`, { headers });
    if ('error' in reply) throw new Error(reply.error);
    return reply.status === 200;
  };
  const lost = [];
  for (const a of answered.filter((a) => a.status === 200)) if (!(await stored(a.key))) lost.push(a.key);
  const acceptedButReset = [];
  for (const u of unanswered) if (await stored(u.key)) acceptedButReset.push(`${u.key} (${u.error})`);
  await again.kill('SIGTERM');

  const errors = answered.filter((a) => a.status !== 200);
  const byError = unanswered.reduce<Record<string, number>>((counts, u) => ({ ...counts, [u.error]: (counts[u.error] ?? 0) + 1 }), {});
  recordFigures('shutdown', testDatabase(), {
    clients: CLIENTS,
    answered: answered.length,
    refused_before_accept: unanswered.length,
    refused_kinds: JSON.stringify(byError),
    accepted_but_reset: acceptedButReset.length,
    lost: lost.length,
    non_200: errors.length,
    slow_upload: 'status' in slowOutcome ? slowOutcome.status : slowOutcome.error,
    stop_ms: stopMs,
  });
  expect(exitCode).toBe(0);
  expect(service.output.some((line) => line.includes('"stopped"'))).toBe(true);
  expect(slowOutcome).toMatchObject({ status: 200, body: { key: 'shutdown-slow-upload' } });
  expect(errors).toEqual([]);
  expect(lost).toEqual([]);
  expect(acceptedButReset).toEqual([]);
  expect(answered.length).toBeGreaterThan(CLIENTS);
});
