import { Writable } from 'node:stream';
import WebSocket from 'ws';
import { createLogger } from '../../src/logger';
import { invoice } from '../helpers/documents';
import { client, newWorkspace, party, startServer, testDatabase, tokenFor, type TestServer } from '../helpers/server';
import { graphqlClient } from './graphql-client';

/**
 * Subscriptions are costed and bounded as queries are: the complexity limit refuses a heavy subscription at
 * subscribe time with the error HTTP gives a heavy query; an event's result past the message bound is never sent;
 * errors inside a subscription are logged; and one workspace's subscriptions do not stall another's requests.
 */
let t: TestServer;
/** Every log line of `t` at level warn and above. */
const lines: Record<string, any>[] = [];
beforeAll(async () => {
  const destination = new Writable({
    write(chunk, _encoding, done) {
      for (const text of String(chunk).split('\n')) if (text) lines.push(JSON.parse(text));
      done();
    },
  });
  t = await startServer({}, { logger: createLogger('warn', destination) });
});
afterAll(() => t.close());

const wsUrl = (base: string) => `${base.replace(/^http/, 'ws')}/graphql`;

/** A raw graphql-transport-ws connection: every message as it came, with its size in bytes. */
async function rawSocket(base: string, token: string) {
  const socket = new WebSocket(wsUrl(base), 'graphql-transport-ws');
  const messages: { type: string; id?: string; payload?: any; bytes: number }[] = [];
  socket.on('message', (data) => {
    const text = String(data);
    messages.push({ ...JSON.parse(text), bytes: Buffer.byteLength(text) });
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.once('close', (code, reason) => resolve({ code, reason: String(reason) })),
  );
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  socket.send(JSON.stringify({ type: 'connection_init', payload: { authorization: `Bearer ${token}` } }));
  await until(() => messages.some((message) => message.type === 'connection_ack'), 'connection_ack');
  return {
    socket,
    messages,
    closed,
    subscribe: (id: string, query: string, variables: Record<string, unknown> = {}) =>
      socket.send(JSON.stringify({ id, type: 'subscribe', payload: { query, variables } })),
    of: (id: string) => messages.filter((message) => message.id === id),
    close: () => socket.close(),
  };
}

async function until(check: () => boolean, what: string, ms = 10_000) {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** The review's subscription: `related(first: 100)` under aliases, each node a fragment of 550 `snippet` aliases (under the token bound). */
const snippets = (count: number) => Array.from({ length: count }, (_, i) => `s${i}: snippet`).join(' ');
const SNIPPETS = snippets(550);
const HOSTILE_SELECTION = `entry { ${Array.from({ length: 5 }, (_, i) => `r${i}: related(first: 100) { edges { node { ...F } } }`).join(' ')} }`;
const HOSTILE = `subscription Hostile { entryEvents { ${HOSTILE_SELECTION} } } fragment F on Entry { ${SNIPPETS} }`;
const LIGHT = 'subscription Light { entryEvents { type entryId entry { id key } } }';

describe('a subscription is costed as a query, at subscribe time', () => {
  test("the review's subscription is refused before any event with HTTP's error; a light one on the same socket is served", async () => {
    const token = await tokenFor(newWorkspace());
    const api = client(t.url, token);
    const gql = graphqlClient(t.url, token);
    const created = (await api.post('/silo/v1/entries', { data: invoice() })).body;

    // The same selection as a query over HTTP: refused as too complex.
    const overHttp = await gql.query(
      `query Q($id: ID!) { entry(id: $id) { ${HOSTILE_SELECTION.replace(/^entry \{ /, '').replace(/ \}$/, '')} } } fragment F on Entry { ${SNIPPETS} }`,
      { id: created.id },
    );
    expect(overHttp.status).toBe(400);
    const [httpError] = overHttp.body.errors;
    expect(httpError.extensions).toEqual({ code: 'GRAPHQL_VALIDATION_FAILED', key: 'input' });

    const ws = await rawSocket(t.url, token);
    for (let i = 0; i < 10; i++) ws.subscribe(`h${i}`, HOSTILE);
    ws.subscribe('light', LIGHT);
    // Refused at once: no event was needed for the refusal.
    await until(() => Array.from({ length: 10 }, (_, i) => ws.of(`h${i}`)).every((messages) => messages.length > 0), 'the refusals');
    for (let i = 0; i < 10; i++) {
      const [refusal, ...more] = ws.of(`h${i}`);
      expect(more).toEqual([]);
      expect(refusal.type).toBe('error');
      expect(refusal.payload).toEqual([
        {
          message: expect.stringMatching(/^operation is too complex: cost \d+, the limit is 10000 \(ask for fewer entries or fields\)$/),
          extensions: httpError.extensions,
        },
      ]);
      expect(refusal.payload[0].message.replace(/cost \d+/, '')).toBe(httpError.message.replace(/cost \d+/, ''));
    }

    expect((await api.post(`/silo/v1/entries/${created.id}/states`, { key: 'sent' })).status).toBe(200);
    await until(() => ws.of('light').length > 0, "the light subscription's event");
    expect(ws.of('light')[0]).toMatchObject({
      type: 'next',
      payload: { data: { entryEvents: { type: 'ENTRY_STATE_ADDED', entryId: created.id, entry: { id: created.id } } } },
    });
    expect(ws.socket.readyState).toBe(WebSocket.OPEN);
    ws.close();
  });

  test('first given in variables is priced at its value, as over HTTP', async () => {
    const token = await tokenFor(newWorkspace());
    const ws = await rawSocket(t.url, token);
    const query = `subscription S($first: Int) { entryEvents { entry { related(first: $first) { edges { node { ...F } } } } } } fragment F on Entry { ${snippets(150)} }`;
    ws.subscribe('cheap', query, { first: 10 });
    ws.subscribe('dear', query, { first: 100 });
    await until(() => ws.of('dear').length > 0, `the refusal: ${JSON.stringify(ws.messages)}`);
    expect(ws.of('dear')[0].payload[0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(ws.of('cheap')).toEqual([]); // open, waiting for events
    ws.close();
  });
});

describe('an event result is bounded in bytes', () => {
  test('a result past maxResultBytes is never sent: that subscription gets payload-too-large and ends, the others go on', async () => {
    const bound = 64 * 1024;
    const small = await startServer({}, { subscriptionLimits: { maxResultBytes: bound } });
    try {
      const token = await tokenFor(newWorkspace());
      const api = client(small.url, token);
      // An envelope of about 20 KB: one `data` fits, eight aliases of it do not.
      const big = (await api.post('/silo/v1/entries', { data: { ...party('Big'), alias: 'x'.repeat(20_000) } })).body;
      expect(big.id).toBeDefined();
      const ws = await rawSocket(small.url, token);
      const aliases = Array.from({ length: 8 }, (_, i) => `d${i}: data`).join(' ');
      ws.subscribe('huge', `subscription { entryEvents { entryId entry { ${aliases} } } }`);
      ws.subscribe('one', 'subscription { entryEvents { entryId entry { data } } }');
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect((await api.post(`/silo/v1/entries/${big.id}/states`, { key: 'sent' })).status).toBe(200);
      await until(() => ws.of('huge').length > 0 && ws.of('one').length > 0, "both subscriptions' messages");

      expect(Math.max(...ws.messages.map((message) => message.bytes))).toBeLessThan(bound);
      const [refusal, ...rest] = ws.of('huge');
      expect(refusal.type).toBe('error');
      expect(refusal.payload).toEqual([
        {
          message: expect.stringMatching(new RegExp(`over the ${bound} bytes a subscription message may hold`)),
          extensions: { code: 'BAD_USER_INPUT', key: 'payload-too-large' },
        },
      ]);
      expect(rest).toEqual([]);
      expect(ws.of('one')[0]).toMatchObject({ type: 'next', payload: { data: { entryEvents: { entryId: big.id } } } });

      // The connection and its other subscription go on.
      expect((await api.post(`/silo/v1/entries/${big.id}/states`, { key: 'paid' })).status).toBe(200);
      await until(() => ws.of('one').length === 2, 'the next event');
      expect(ws.of('huge')).toHaveLength(1);
      expect(ws.socket.readyState).toBe(WebSocket.OPEN);
      ws.close();
    } finally {
      await small.close();
    }
  });
});

describe('errors inside a subscription are logged', () => {
  test('an unexpected error in an event execution is masked for the client and logged once', async () => {
    const token = await tokenFor(newWorkspace());
    const api = client(t.url, token);
    const created = (await api.post('/silo/v1/entries', { data: party('Logged') })).body;
    const ws = await rawSocket(t.url, token);
    ws.subscribe('a', 'subscription { entryEvents { entryId entry { id } } }');
    await new Promise((resolve) => setTimeout(resolve, 100));
    const getEntry = jest.spyOn(t.server.entries, 'getEntry').mockRejectedValueOnce(new Error('the disk caught fire'));
    const before = lines.length;
    try {
      expect((await api.post(`/silo/v1/entries/${created.id}/states`, { key: 'sent' })).status).toBe(200);
      await until(() => ws.of('a').length > 0, 'the event');
    } finally {
      getEntry.mockRestore();
    }
    const [event] = ws.of('a');
    expect(event.payload.errors).toEqual([
      {
        message: 'internal error',
        locations: expect.any(Array),
        path: ['entryEvents', 'entry'],
        extensions: { code: 'INTERNAL_SERVER_ERROR', key: 'internal' },
      },
    ]);
    await until(() => lines.length > before, 'a log line');
    const logged = lines.slice(before).filter((line) => line.msg === 'graphql operation failed');
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ level: 50, path: 'entryEvents.entry', err: { message: 'the disk caught fire' } });
    expect(logged[0].requestId).toEqual(expect.any(String));
    ws.close();
  });
});

describe("a subscription's per-event work takes turns", () => {
  /** The latency at quantile `q` of `samples`, in ms. */
  const quantile = (samples: number[], q: number) =>
    [...samples].sort((a, b) => a - b)[Math.min(samples.length - 1, Math.floor(q * samples.length))];

  test("thirty costly subscriptions of one workspace, each with a document of its own, do not stall another workspace's lists", async () => {
    const hostileToken = await tokenFor(newWorkspace());
    const hostile = client(t.url, hostileToken);
    const neighbour = client(t.url, await tokenFor(newWorkspace()));
    for (let i = 0; i < 5; i++) await neighbour.post('/silo/v1/entries', { data: party(`N${i}`) });
    // Twenty invoices, and twenty credit notes each naming all of them: every entry has twenty related.
    const invoices: any[] = [];
    for (let i = 0; i < 20; i++) invoices.push((await hostile.post('/silo/v1/entries', { data: invoice({ code: `R-${i}` }) })).body);
    const preceding = invoices.map((inv, i) => ({ uuid: inv.data.doc.uuid, code: `R-${i}`, issue_date: '2026-11-20' }));
    for (let i = 0; i < 20; i++) {
      expect(
        (
          await hostile.post('/silo/v1/entries', {
            data: invoice({ type: 'credit-note', code: `CN-${i}`, preceding }),
            allow_invalid: true,
          })
        ).status,
      ).toBe(200);
    }

    // Just under the complexity limit (1 + 100 × 92 for the page), each document its own so none is shared.
    const documentOf = (k: number) =>
      `subscription { entryEvents { entry { related(first: 100) { edges { node { ${Array.from({ length: 90 }, (_, i) => `x${k}_${i}: snippet`).join(' ')} } } } } } }`;
    const sockets = await Promise.all([0, 1, 2].map(() => rawSocket(t.url, hostileToken)));
    sockets.forEach((ws, s) => Array.from({ length: 10 }, (_, i) => ws.subscribe(`s${i}`, documentOf(s * 10 + i))));
    await new Promise((resolve) => setTimeout(resolve, 200));

    const listTimes = async (done: () => boolean, least: number) => {
      const times: number[] = [];
      const deadline = performance.now() + 60_000;
      while (times.length < least || (!done() && performance.now() < deadline)) {
        const started = performance.now();
        expect((await neighbour.get('/silo/v1/entries?limit=5')).status).toBe(200);
        times.push(performance.now() - started);
      }
      return times;
    };
    const idle = await listTimes(() => true, 60);

    const events = 10;
    const delivered = () => sockets.reduce((sum, ws) => sum + ws.messages.filter((message) => message.type === 'next').length, 0);
    const burst = Promise.all(invoices.slice(0, events).map((inv) => hostile.post(`/silo/v1/entries/${inv.id}/states`, { key: 'sent' })));
    const busy = await listTimes(() => delivered() >= events * 30, 60);
    await burst;
    const figures = {
      idleP50: quantile(idle, 0.5),
      idleP90: quantile(idle, 0.9),
      busyP50: quantile(busy, 0.5),
      busyP90: quantile(busy, 0.9),
      busyMax: Math.max(...busy),
      lists: busy.length,
      delivered: delivered(),
    };
    process.stdout.write(`subscription-cost neighbour [${testDatabase()}] ${JSON.stringify(figures)}\n`);
    expect(delivered()).toBe(events * 30);
    for (const ws of sockets) {
      expect(ws.messages.filter((message) => message.type === 'error')).toEqual([]);
      ws.close();
    }
    // Generous for CI beside the other database's suite (an idle p90 of 3 ms there: 60 ms busy was seen); before the
    // turns, the lists waited for seconds and most events never came within the minute.
    expect(figures.busyP90).toBeLessThan(10 * figures.idleP90 + 250);
  });
});
