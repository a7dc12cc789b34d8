import { client, message, newWorkspace, party, startServer, testDatabase, tokenFor, type TestServer } from '../helpers/server';

/**
 * A write bigger than MariaDB's max_allowed_packet is the client's doing: 413 `payload-too-large` at once, not a
 * 503 that tells the client to try again, and the service goes on serving (the connection the server closed after
 * refusing it is not used again). The server's own limit is not lowered for the test (it is global, shared with
 * other suites): the document is made just bigger than it, with BODY_LIMIT raised above it. MariaDB only.
 */
const onMariadb = testDatabase() === 'mariadb' ? describe : describe.skip;

onMariadb('a write over max_allowed_packet', () => {
  let t: TestServer;
  let packetBytes: number;
  beforeAll(async () => {
    t = await startServer({ BODY_LIMIT: '80mb', ENGINE_MEMORY_MB: '1024', ENGINE_TIME_LIMIT_MS: '60000' });
    const [row] = await t.server.dataSource.query('SELECT @@max_allowed_packet AS packet');
    packetBytes = Number(row.packet);
  });
  afterAll(() => t?.close());

  test('is 413 payload-too-large, without retries, nothing is stored, and the next requests are served', async () => {
    expect(packetBytes).toBeLessThanOrEqual(64 * 1024 ** 2);
    const api = client(t.url, await tokenFor(newWorkspace()));
    const big = { ...message('too big'), content: 'x'.repeat(packetBytes + 1024) };
    const started = performance.now();
    const refused = await api.post('/silo/v1/entries', { key: 'too-big', data: big });
    expect({ status: refused.status, key: refused.body.key, retryAfter: refused.headers.get('retry-after') }).toEqual({
      status: 413,
      key: 'payload-too-large',
      retryAfter: null,
    });
    expect(refused.body.message).toMatch(/too large/);
    const seconds = (performance.now() - started) / 1000;
    expect(seconds).toBeLessThan(30);
    expect((await api.get('/silo/v1/entries/key/too-big')).status).toBe(404);

    // Every pooled connection still works: the one the server closed is gone from the pool.
    const after = await Promise.all(Array.from({ length: 12 }, (_, i) => api.post('/silo/v1/entries', { data: party(`After ${i}`) })));
    expect(after.map((reply) => reply.status)).toEqual(after.map(() => 200));
  });
});
