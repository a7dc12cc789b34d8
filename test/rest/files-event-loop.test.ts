import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { client, newWorkspace, party, startServer, tokenFor, type TestServer } from '../helpers/server';

/**
 * Large base64 uploads must not hold the HTTP thread: the server runs in this process, so the event loop
 * measured here is the one that answers every request. While three uploads of 24 MB files (32 MB of JSON
 * each) are read, decoded and stored, another workspace's pings are answered and no turn of the loop waits long.
 */
let t: TestServer;

beforeAll(async () => {
  t = await startServer({ FILE_SIZE_LIMIT: '25mb' });
});
afterAll(() => t.close());

/**
 * POSTs a JSON body a mebibyte per write, waiting for the socket to drain: the client shares this thread, and
 * fetch would copy the whole body at once on it.
 */
function postInPieces(path: string, token: string, body: Buffer): Promise<{ status: number; body: any }> {
  const url = new URL(`${t.url}${path}`);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'content-length': body.length },
      },
      (response) => {
        const pieces: Buffer[] = [];
        response.on('data', (piece: Buffer) => pieces.push(piece));
        response.on('end', () => resolve({ status: response.statusCode!, body: JSON.parse(Buffer.concat(pieces).toString()) }));
      },
    );
    request.on('error', reject);
    let sent = 0;
    const pump = () => {
      while (sent < body.length) {
        const piece = body.subarray(sent, sent + 1024 * 1024);
        sent += piece.length;
        if (!request.write(piece)) return request.once('drain', pump);
      }
      request.end();
    };
    pump();
  });
}

/** A JSON upload of `size` random bytes, written piece by piece: no string of tens of megabytes for the collector. */
function jsonUpload(name: string, size: number): Buffer {
  const bytes = randomBytes(size);
  const head = Buffer.from(`{"name": "${name}", "data": "`);
  const body = Buffer.allocUnsafe(head.length + Math.ceil(size / 3) * 4 + 2);
  let at = head.copy(body);
  for (let i = 0; i < size; i += 3 * 16384) at += body.write(bytes.subarray(i, i + 3 * 16384).toString('base64'), at, 'latin1');
  at += body.write('"}', at, 'latin1');
  return body.subarray(0, at);
}

/**
 * Longest the event loop may be held at once: generous for a busy shared machine. Decoding all at once held it
 * 1.4 s (MariaDB) to 4.5 s (SQLite) here; sliced, the longest holds left are a collection or, on SQLite, the
 * synchronous write of one 1 MiB chunk (0.1 to 0.25 s in all, measured on two busy cores; 17 to 19 ms on a quiet
 * machine; 0.55 s once, with a benchmark running beside the whole suite; 1.14 s and 1.61 s once each in CI, where
 * the SQLite and MariaDB sides of the suite run at once on two cores). The bound sits above what load has done to
 * the sliced path and below the 4.5 s of decoding at once on SQLite; MariaDB's 1.4 s of that it does not catch.
 */
const MAX_DELAY_MS = 2500;

test('three concurrent 24 MB base64 uploads leave the event loop free for another workspace', async () => {
  const token = await tokenFor(newWorkspace());
  const api = client(t.url, token);
  const entry = await api.post('/silo/v1/entries', { data: party('Big Files Ltd') });
  const bodies = [0, 1, 2].map((i) => jsonUpload(`big-${i}.bin`, 24 * 1024 * 1024));
  const other = client(t.url, await tokenFor(newWorkspace()));
  expect((await other.get('/utils/v1/ping')).status).toBe(200);

  const delay = monitorEventLoopDelay({ resolution: 5 });
  let uploading = true;
  const pings: number[] = [];
  const pinging = (async () => {
    while (uploading) {
      const started = performance.now();
      expect((await other.get('/utils/v1/ping')).status).toBe(200);
      pings.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  delay.enable();
  const answers = await Promise.all(bodies.map((body) => postInPieces(`/silo/v1/entries/${entry.body.id}/files`, token, body)));
  delay.disable();
  uploading = false;
  await pinging;

  expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
  expect(answers.map((a) => a.body.size)).toEqual([24 * 1024 * 1024, 24 * 1024 * 1024, 24 * 1024 * 1024]);
  const longestMs = delay.max / 1e6;
  console.log(`longest event-loop delay ${longestMs.toFixed(1)} ms; pings ${pings.length}, slowest ${Math.max(...pings).toFixed(1)} ms`);
  expect(pings.length).toBeGreaterThan(3);
  expect(longestMs).toBeLessThan(MAX_DELAY_MS);
});
