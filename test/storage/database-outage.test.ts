import { randomUUID } from 'node:crypto';
import { freshMysqlDatabase } from '../helpers/database-check';
import { cuttableLink, type CuttableLink } from '../helpers/cuttable-link';
import { MARIADB_URL, client, newWorkspace, party, startServer, testDatabase, tokenFor, type TestServer } from '../helpers/server';

/**
 * The database goes away under a running service (its link is cut: connections reset, new ones refused) and
 * comes back. Meanwhile every request that needs it is answered 503 with Retry-After, REST and GraphQL alike,
 * never 500; once it is back the service serves again without a restart, and nothing acknowledged is lost.
 * MariaDB only: the embedded database cannot go away.
 */
const onMariadb = testDatabase() === 'mariadb' ? describe : describe.skip;

onMariadb('the database goes away and comes back', () => {
  let link: CuttableLink;
  let server: TestServer;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const db = await freshMysqlDatabase(MARIADB_URL, `outage_${randomUUID().slice(0, 8)}`);
    drop = db.drop;
    const url = new URL(db.url);
    link = await cuttableLink({ host: url.hostname, port: Number(url.port || 3306) });
    url.host = `127.0.0.1:${link.port}`;
    server = await startServer({ DATABASE_URL: url.toString() });
  });
  afterAll(async () => {
    await server?.close();
    await link?.close();
    await drop?.();
  });

  test('503 with Retry-After while it is gone, served again once it is back, nothing lost', async () => {
    const token = await tokenFor(newWorkspace());
    const api = client(server.url, token);
    const headers = { authorization: `Bearer ${token}` };
    const before = await api.post('/silo/v1/entries', { key: 'before-outage', data: party('Before') });
    expect(before.status).toBe(200);

    await link.cut();
    const answers = await Promise.all([
      fetch(`${server.url}/silo/v1/entries`, { headers: headers }),
      fetch(`${server.url}/silo/v1/entries/${before.body.id}`, { headers: headers }),
      fetch(`${server.url}/silo/v1/entries`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ data: party('During') }),
      }),
    ]);
    for (const answer of answers) {
      expect(answer.status).toBe(503);
      expect(answer.headers.get('retry-after')).toBe('1');
      expect(await answer.json()).toEqual({
        key: 'unavailable',
        code: 'unavailable',
        message: expect.stringMatching(/database is unavailable/),
      });
    }
    const graphql = await fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ query: `{ entry(id: "${before.body.id}") { id } }` }),
    });
    const body = (await graphql.json()) as { errors: { extensions: Record<string, unknown> }[] };
    expect(body.errors[0].extensions).toMatchObject({ code: 'SERVICE_UNAVAILABLE', key: 'unavailable' });

    await link.restore();
    let after = await api.get(`/silo/v1/entries/${before.body.id}`);
    for (let i = 0; i < 50 && after.status !== 200; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      after = await api.get(`/silo/v1/entries/${before.body.id}`);
    }
    expect(after.status).toBe(200);
    expect(after.body.digest).toEqual(before.body.digest);
    const created = await api.post('/silo/v1/entries', { data: party('After') });
    expect(created.status).toBe(200);
  });
});

onMariadb('several hosts in DATABASE_URL', () => {
  let first: CuttableLink;
  let second: CuttableLink;
  let server: TestServer;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const db = await freshMysqlDatabase(MARIADB_URL, `failover_${randomUUID().slice(0, 8)}`);
    drop = db.drop;
    const url = new URL(db.url);
    const target = { host: url.hostname, port: Number(url.port || 3306) };
    first = await cuttableLink(target);
    second = await cuttableLink(target);
    const auth = url.username ? `${url.username}${url.password ? `:${url.password}` : ''}@` : '';
    server = await startServer({ DATABASE_URL: `mysql://${auth}127.0.0.1:${first.port},127.0.0.1:${second.port}${url.pathname}` });
  });
  afterAll(async () => {
    await server?.close();
    await first?.close();
    await second?.close();
    await drop?.();
  });

  test('when the host in use fails, the next one takes over within 2 s and nothing acknowledged is lost', async () => {
    const api = client(server.url, await tokenFor(newWorkspace()));
    const stored = [];
    for (let i = 0; i < 5; i++) stored.push((await api.post('/silo/v1/entries', { data: party(`Before ${i}`) })).body);

    await first.cut();
    const cutAt = Date.now();
    const statuses: number[] = [];
    let servedAgainAfter: number | undefined;
    while (Date.now() - cutAt < 4000) {
      const reply = await api.post('/silo/v1/entries', { data: party(`During ${statuses.length}`) });
      statuses.push(reply.status);
      if (reply.status === 200) {
        servedAgainAfter ??= Date.now() - cutAt;
        stored.push(reply.body);
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(statuses.filter((s) => s !== 200 && s !== 503)).toEqual([]);
    expect(servedAgainAfter).toBeLessThan(2000);
    for (const entry of stored) {
      const read = await api.get(`/silo/v1/entries/${entry.id}`);
      expect(read.status).toBe(200);
      expect(read.body.digest).toEqual(entry.digest);
    }
  });
});
