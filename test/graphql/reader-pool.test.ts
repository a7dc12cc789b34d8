import { randomUUID } from 'node:crypto';
import { createLogger } from '../../src/logger';
import { invoice } from '../helpers/documents';
import { newWorkspace, startServer, tokenFor, type TestServer } from '../helpers/server';
import { graphqlClient } from './graphql-client';

/**
 * One GraphQL request may ask for a thousand related lists at once (each node of a related page asking for ten
 * more): on SQLite their reads go to the reader thread's line, which is bounded. Thirty such requests at once
 * are answered in full or refused `unavailable`, never INTERNAL_SERVER_ERROR, and the server logs no error line
 * per read that found the line full.
 */
const INVOICES = 60;
const CONCURRENT = 30;

let t: TestServer;
const logged: { level: number; msg?: string }[] = [];
let gql: ReturnType<typeof graphqlClient>;
let firstId: string;

beforeAll(async () => {
  const destination = { write: (line: string) => void logged.push(JSON.parse(line)) };
  t = await startServer({}, { logger: createLogger('warn', destination) });
  const token = await tokenFor(newWorkspace());
  gql = graphqlClient(t.url, token);
  // Every invoice names the other 59 in `preceding`: each related list is full.
  const uuids = Array.from({ length: INVOICES }, () => randomUUID());
  const ids: string[] = [];
  for (const [i, uuid] of uuids.entries()) {
    const preceding = uuids
      .filter((other) => other !== uuid)
      .map((other, j) => ({ uuid: other, code: `R-${j}`, issue_date: '2026-11-20' }));
    const created = await fetch(`${t.url}/silo/v1/entries`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ data: invoice({ uuid, code: `P-${i}`, preceding }), allow_invalid: true }),
    });
    expect(created.status).toBe(200);
    ids.push(((await created.json()) as { id: string }).id);
  }
  firstId = ids[0];
}, 120_000);
afterAll(() => t.close());

const aliases = Array.from({ length: 10 }, (_, i) => `a${i + 1}:related(first:1){edges{cursor}}`).join(' ');
const heavy = () => `{entry(id:"${firstId}"){r:related(first:100){edges{node{${aliases}}}}}}`;

test(`${CONCURRENT} requests of a thousand related lists each: answered or refused unavailable, never an internal error, and no log line per read`, async () => {
  logged.length = 0;
  const replies = await Promise.all(Array.from({ length: CONCURRENT }, () => gql.query(heavy())));
  const codes = new Map<string, number>();
  for (const reply of replies) {
    expect([200, 503]).toContain(reply.status);
    for (const error of reply.body.errors ?? []) codes.set(error.extensions?.code, (codes.get(error.extensions?.code) ?? 0) + 1);
    if (!reply.body.errors) expect(reply.body.data.entry.r.edges).toHaveLength(INVOICES - 1);
  }
  expect(codes.get('INTERNAL_SERVER_ERROR')).toBeUndefined();
  expect([...codes.keys()].every((code) => code === 'SERVICE_UNAVAILABLE')).toBe(true);
  expect(logged.filter((line) => line.level >= 50).length).toBeLessThanOrEqual(1);
}, 180_000);
