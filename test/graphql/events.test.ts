import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ApolloClient, gql, InMemoryCache } from '@apollo/client';
import { GraphQLWsLink } from '@apollo/client/link/subscriptions';
import { Client as UrqlClient, subscriptionExchange } from '@urql/core';
import { createClient, type Client as WsClient } from 'graphql-ws';
import WebSocket from 'ws';
import { PAGE_GATHER_MS } from '../../src/domain/events/feed-follow';
import { metricValue } from '../helpers/metrics';
import { client, message, newWorkspace, party, startServer, testDatabase, tokenFor, type TestServer } from '../helpers/server';
import { apisFor } from './graphql-client';

/**
 * GraphQL's side of the event feed: the `events` connection (pages, filters, GONE), and `entryEvents` over
 * graphql-ws with real clients (graphql-ws, Apollo Client, urql): delivery, resume, authentication, bounds, slow
 * consumers, and a subscriber on one server seeing a change made through another on the same database.
 */
let t: TestServer;
let dataDir: string;
const sockets: WsClient[] = [];

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'entries-gql-events-'));
  t = await startServer(sharedDatabase());
});
afterAll(async () => {
  await Promise.all(sockets.map((socket) => socket.dispose()));
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The database every server of this file uses: one SQLite file, or the run's MariaDB database. */
const sharedDatabase = (): Record<string, string> =>
  testDatabase() === 'sqlite' ? { DATABASE_URL: `sqlite:${path.join(dataDir, 'shared.sqlite')}` } : {};

const wsUrl = (base: string) => `${base.replace(/^http/, 'ws')}/graphql`;

const EVENT_FIELDS = 'id type entryId createdAt cursor data entry { id folder }';
const SUBSCRIPTION = `subscription Follow($after: String, $types: [EventType!], $folder: String) { entryEvents(after: $after, types: $types, folder: $folder) { ${EVENT_FIELDS} } }`;

/** A graphql-ws client on a server, with the token in connection_init. */
function wsClient(base: string, connectionParams: Record<string, unknown>): WsClient {
  const socket = createClient({ url: wsUrl(base), webSocketImpl: WebSocket, connectionParams, retryAttempts: 0, lazy: true });
  sockets.push(socket);
  return socket;
}

/** What a subscription has received so far, and a way to wait for more. */
function collect() {
  const results: any[] = [];
  const errors: any[] = [];
  let done = false;
  return {
    results,
    errors,
    get done() {
      return done;
    },
    sink: {
      next: (result: any) => (result.errors ? errors.push(...result.errors) : results.push(result.data.entryEvents)),
      error: (error: unknown) => errors.push(error),
      complete: () => (done = true),
    },
  };
}

async function until(check: () => boolean | Promise<boolean>, ms = 5_000, what = 'condition') {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Open subscriptions, as /metrics shows them. */
async function openSubscriptions(base = t.url): Promise<number> {
  return (await metricValue(base, 'graphql_subscriptions_open')) ?? NaN;
}

/** The feed's end through `events`: the cursor after the last event (a subscription from it sees only new ones). */
async function endCursor(gql: Awaited<ReturnType<typeof apisFor>>['gql']): Promise<string | null> {
  let after: string | null = null;
  for (;;) {
    const reply = await gql.query('query ($after: String) { events(first: 500, after: $after) { pageInfo { hasNextPage endCursor } } }', {
      after,
    });
    const { pageInfo } = reply.body.data.events;
    after = pageInfo.endCursor;
    if (!pageInfo.hasNextPage) return after;
  }
}

/** A raw graphql-transport-ws connection, for what the clients hide: close codes, refusals, a client that does not read. */
function rawSocket(base: string) {
  const socket = new WebSocket(wsUrl(base), 'graphql-transport-ws');
  const messages: any[] = [];
  const opened = new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.once('close', (code, reason) => resolve({ code, reason: String(reason) })),
  );
  socket.on('message', (data) => messages.push(JSON.parse(String(data))));
  const send = (message: unknown) => socket.send(JSON.stringify(message));
  return {
    socket,
    messages,
    opened,
    closed,
    send,
    /** Sends connection_init; resolves once acknowledged (a subscribe before the ack is refused, 4401), or closed. */
    async init(payload: unknown) {
      await opened;
      send({ type: 'connection_init', payload });
      const deadline = Date.now() + 5_000;
      while (
        !messages.some((message) => message.type === 'connection_ack') &&
        socket.readyState === WebSocket.OPEN &&
        Date.now() < deadline
      ) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
    subscribe(id: string, query: string, variables: Record<string, unknown> = {}) {
      send({ id, type: 'subscribe', payload: { query, variables } });
    },
    of: (id: string) => messages.filter((message) => message.id === id),
  };
}

describe('Query.events', () => {
  test('pages oldest first as the REST feed does, filters by type, entry and folder, and shows the entry as it is now', async () => {
    const { gql, rest } = await apisFor(t.url);
    const a = (await rest.post('/silo/v1/entries', { data: party('A') })).body;
    const b = (await rest.post('/silo/v1/entries', { data: party('B') })).body;
    expect((await rest.send('PATCH', `/silo/v1/entries/${a.id}`, { folder: 'archive' })).status).toBe(200);
    expect((await rest.post(`/silo/v1/entries/${b.id}/states`, { key: 'sent' })).status).toBe(200);

    const seen: any[] = [];
    let after: string | null = null;
    let pages = 0;
    for (;;) {
      const reply = await gql.query(
        `query ($after: String) { events(first: 2, after: $after) { edges { cursor node { ${EVENT_FIELDS} } } pageInfo { hasNextPage hasPreviousPage startCursor endCursor } } }`,
        { after },
      );
      expect(reply.body.errors).toBeUndefined();
      const { edges, pageInfo } = reply.body.data.events;
      pages++;
      seen.push(...edges.map((edge: any) => edge.node));
      for (const edge of edges) expect(edge.cursor).toBe(edge.node.cursor);
      expect(pageInfo.hasPreviousPage).toBe(false);
      after = pageInfo.endCursor;
      if (!pageInfo.hasNextPage) break;
    }
    expect(pages).toBe(2);
    expect(seen.map((event) => event.type)).toEqual(['ENTRY_CREATED', 'ENTRY_CREATED', 'ENTRY_MOVED', 'ENTRY_STATE_ADDED']);
    // The same events as REST, field for field.
    const restList = (await rest.get('/silo/v1/events?limit=10')).body.list;
    expect(
      seen.map((event) => ({
        id: event.id,
        type: event.type.toLowerCase().replace('_', '.'),
        created_at: event.createdAt,
        entry_id: event.entryId,
        data: event.data,
        cursor: event.cursor,
      })),
    ).toEqual(restList);
    // `data` is the entry when it changed; `entry` the entry now.
    expect(seen[0].data.folder).not.toBe('archive');
    expect(seen[0].entry).toEqual({ id: a.id, folder: 'archive' });

    const filtered = async (args: string) => (await gql.query(`{ events(${args}) { edges { node { type entryId } } } }`)).body;
    expect((await filtered('types: [ENTRY_MOVED, ENTRY_STATE_ADDED]')).data.events.edges.map((e: any) => e.node.type)).toEqual([
      'ENTRY_MOVED',
      'ENTRY_STATE_ADDED',
    ]);
    expect((await filtered(`entryId: "${b.id}"`)).data.events.edges.map((e: any) => e.node.type)).toEqual([
      'ENTRY_CREATED',
      'ENTRY_STATE_ADDED',
    ]);
    expect((await filtered('folder: "archive"')).data.events.edges).toEqual([{ node: { type: 'ENTRY_MOVED', entryId: a.id } }]);

    // An empty page past the end keeps its place, so that the next read goes on from there.
    const end = (
      await gql.query('query ($after: String) { events(after: $after) { edges { cursor } pageInfo { hasNextPage endCursor } } }', { after })
    ).body.data.events;
    expect(end).toEqual({ edges: [], pageInfo: { hasNextPage: false, endCursor: after } });
  });

  test('refusals go through the one error mapping: a bad cursor or size is BAD_USER_INPUT, a cursor past retention GONE', async () => {
    const { gql, rest, workspace } = await apisFor(t.url);
    for (let i = 0; i < 3; i++) await rest.post('/silo/v1/entries', { data: party(`P${i}`) });
    const first = (await gql.query('{ events(first: 1) { pageInfo { endCursor } } }')).body.data.events.pageInfo.endCursor;
    const codeOf = async (args: string) => (await gql.query(`{ events(${args}) { edges { cursor } } }`)).body.errors?.[0]?.extensions.code;
    expect(await codeOf('after: "not-a-cursor"')).toBe('BAD_USER_INPUT');
    expect(await codeOf('first: 0')).toBe('BAD_USER_INPUT');
    expect(await codeOf('first: 501')).toBe('BAD_USER_INPUT');
    // Retention deleted the events through the second: a cursor after the first has lost one.
    await t.server.dataSource.query('UPDATE event_feeds SET pruned_through = 2 WHERE workspace_id = ?', [workspace]);
    const reply = await gql.query('query ($after: String) { events(after: $after) { edges { cursor } } }', { after: first });
    expect(reply.body.errors[0].extensions).toMatchObject({ code: 'GONE', key: 'gone' });
    expect(reply.body.errors[0].message).toMatch(/no longer kept/);
  });
});

describe('Subscription.entryEvents', () => {
  test("an entry created through REST reaches an Apollo Client subscriber (GraphQLWsLink), from the feed's end", async () => {
    const workspace = newWorkspace();
    const token = await tokenFor(workspace);
    const rest = client(t.url, token);
    await rest.post('/silo/v1/entries', { data: party('Before') }); // before the subscription: not sent
    const apollo = new ApolloClient({
      link: new GraphQLWsLink(wsClient(t.url, { authorization: `Bearer ${token}` })),
      cache: new InMemoryCache(),
    });
    const got = collect();
    const before = await openSubscriptions();
    const subscription = apollo.subscribe({ query: gql(SUBSCRIPTION) }).subscribe(got.sink);
    await openSubscriptionsAbove(before);
    const created = (await rest.post('/silo/v1/entries', { data: party('Acme') })).body;
    await until(() => got.results.length >= 1, 5_000, "the Apollo subscriber's event");
    expect(got.errors).toEqual([]);
    expect(got.results).toHaveLength(1);
    expect(got.results[0]).toMatchObject({
      type: 'ENTRY_CREATED',
      entryId: created.id,
      data: { id: created.id, snippet: { title: 'Acme' } },
      entry: { id: created.id },
    });
    subscription.unsubscribe();
    // The gauge counts it no longer once completed.
    const deadline = Date.now() + 5_000;
    while ((await openSubscriptions()) !== before && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await openSubscriptions()).toBe(before);
  });

  test('an urql Client (subscriptionExchange over graphql-ws) receives it too, with `{ token }` in connection_init', async () => {
    const { gql, rest, token } = await apisFor(t.url);
    const after = await endCursor(gql);
    const ws = wsClient(t.url, { token });
    const urql = new UrqlClient({
      url: `${t.url}/graphql`,
      exchanges: [
        subscriptionExchange({
          forwardSubscription: (request) => ({
            subscribe: (sink) => ({ unsubscribe: ws.subscribe({ ...request, query: request.query ?? '' }, sink) }),
          }),
        }),
      ],
    });
    const results: any[] = [];
    const { unsubscribe } = urql.subscription(SUBSCRIPTION, { after }).subscribe((result) => {
      expect(result.error).toBeUndefined();
      results.push(result.data.entryEvents);
    });
    const created = (await rest.post('/silo/v1/entries', { data: party('Urql') })).body;
    await until(() => results.length >= 1, 5_000, "the urql subscriber's event");
    expect(results[0]).toMatchObject({ type: 'ENTRY_CREATED', entryId: created.id });
    unsubscribe();
  });

  test('resumes from `after`: every event since, in order, none twice, then the new ones; filters apply', async () => {
    const { gql, rest, token } = await apisFor(t.url);
    const ids: string[] = [];
    for (const name of ['One', 'Two', 'Three']) ids.push((await rest.post('/silo/v1/entries', { data: party(name) })).body.id);
    await rest.send('PATCH', `/silo/v1/entries/${ids[2]}`, { folder: 'archive' });
    const afterFirst = (await gql.query('{ events(first: 1) { pageInfo { endCursor } } }')).body.data.events.pageInfo.endCursor;
    const ws = wsClient(t.url, { authorization: `Bearer ${token}` });
    const all = collect();
    const moves = collect();
    ws.subscribe({ query: SUBSCRIPTION, variables: { after: afterFirst } }, all.sink);
    ws.subscribe({ query: SUBSCRIPTION, variables: { after: afterFirst, types: ['ENTRY_MOVED'] } }, moves.sink);
    await until(() => all.results.length >= 3, 5_000, 'the backlog');
    const four = (await rest.post('/silo/v1/entries', { data: party('Four') })).body.id;
    await rest.send('PATCH', `/silo/v1/entries/${four}`, { folder: 'archive' });
    await until(() => all.results.length >= 5 && moves.results.length >= 2, 5_000, 'the new events');
    expect(all.results.map((event) => [event.type, event.entryId])).toEqual([
      ['ENTRY_CREATED', ids[1]],
      ['ENTRY_CREATED', ids[2]],
      ['ENTRY_MOVED', ids[2]],
      ['ENTRY_CREATED', four],
      ['ENTRY_MOVED', four],
    ]);
    expect(moves.results.map((event) => event.entryId)).toEqual([ids[2], four]);
    // Each event's cursor resumes right after it.
    const resumed = collect();
    ws.subscribe({ query: SUBSCRIPTION, variables: { after: all.results[3].cursor } }, resumed.sink);
    await until(() => resumed.results.length >= 1, 5_000, 'the resumed event');
    expect(resumed.results.map((event) => event.id)).toEqual([all.results[4].id]);
  });

  test('eventsEnd read before a list: a subscription from it gets what was created between the two, and nothing older', async () => {
    const { gql, rest, token } = await apisFor(t.url);
    const before = (await rest.post('/silo/v1/entries', { data: party('Before') })).body.id;
    const end = (await gql.query('{ eventsEnd }')).body.data.eventsEnd;
    expect(end).toBe(await endCursor(gql));
    // Created after the cursor was read and before the subscription started: a subscription without `after` would miss it.
    const between = (await rest.post('/silo/v1/entries', { data: party('Between') })).body.id;
    const ws = wsClient(t.url, { authorization: `Bearer ${token}` });
    const seen = collect();
    ws.subscribe({ query: SUBSCRIPTION, variables: { after: end } }, seen.sink);
    await until(() => seen.results.length >= 1, 5_000, 'the event between');
    const after = (await rest.post('/silo/v1/entries', { data: party('After') })).body.id;
    await until(() => seen.results.length >= 2, 5_000, 'the new event');
    expect(seen.results.map((event) => event.entryId)).toEqual([between, after]);
    expect(seen.results.map((event) => event.entryId)).not.toContain(before);
  });

  test('followers of one feed share its reads: each gets every event once, in order, joining, catching up and leaving while writes go on', async () => {
    const { rest, token } = await apisFor(t.url);
    const feedWaiters = async () => (await metricValue(t.url, 'event_feed_waiters')) ?? NaN;
    const created = async (n: number) => {
      for (let i = 0; i < n; i++) await rest.post('/silo/v1/entries', { data: party(`Shared ${i}`) });
    };
    await created(3);
    const start = (await rest.get('/silo/v1/events?limit=1')).body.next_cursor; // after the first event
    const waitersBefore = await feedWaiters();
    const ws = wsClient(t.url, { authorization: `Bearer ${token}` });
    const followers: { from?: string; types?: string[]; seen: ReturnType<typeof collect>; stop?: () => void }[] = [];
    const follow = (variables: { after?: string; types?: string[] }) => {
      const seen = collect();
      const stop = ws.subscribe({ query: SUBSCRIPTION, variables }, seen.sink);
      followers.push({ from: variables.after, types: variables.types, seen, stop });
    };
    for (let i = 0; i < 4; i++) follow({});
    follow({ types: ['ENTRY_CREATED'] });
    await until(async () => (await feedWaiters()) > waitersBefore, 5_000, 'the followers to wait');
    const writing = created(12);
    // More followers while the writes go on: from the end, and from an earlier cursor (behind the others: they catch up alone, then join).
    await new Promise((resolve) => setTimeout(resolve, 30));
    for (let i = 0; i < 3; i++) follow({});
    follow({ after: start });
    follow({ after: start, types: ['ENTRY_CREATED'] });
    await new Promise((resolve) => setTimeout(resolve, 30));
    followers[1].stop!(); // one leaves half-way
    await writing;
    await created(2);

    const feed: { id: string; type: string }[] = (await rest.get('/silo/v1/events?limit=500')).body.list;
    const ofTypes = (types?: string[]) => feed.filter((event) => !types || event.type === 'entry.created').map((event) => event.id);
    const live = followers.filter((_, i) => i !== 1);
    await until(
      () => live.every((f) => f.seen.results.at(-1)?.id === ofTypes(f.types).at(-1)),
      10_000,
      'every follower to reach the last event',
    );
    for (const f of live) {
      const got = f.seen.results.map((event) => event.id);
      const theirs = ofTypes(f.types);
      expect(f.seen.errors).toEqual([]);
      // From where it started (after the feed's first event, or where it joined), every event of its types, none twice.
      expect(got).toEqual(theirs.slice(f.from ? 1 : theirs.indexOf(got[0])));
    }
    const left = followers[1].seen.results.map((event) => event.id);
    expect(left).toEqual(ofTypes().slice(ofTypes().indexOf(left[0]), ofTypes().indexOf(left[0]) + left.length));
    // Ten followers of two filters wait as two readers of the feed.
    await until(async () => (await feedWaiters()) - waitersBefore <= 2, 5_000, 'the followers to wait together');
    for (const f of live) f.stop!();
    await until(async () => (await feedWaiters()) === waitersBefore, 5_000, 'the channels to end with their followers');
  });

  test('a burst of writes reaches a subscriber a few events at a time, not in one socket write each', async () => {
    const { rest, token } = await apisFor(t.url);
    const raw = rawSocket(t.url);
    await raw.init({ token });
    // The turns of this process's event loop in which messages arrived: one per socket write the server made, or fewer.
    let turns = 0;
    let inTurn = false;
    raw.socket.on('message', () => {
      if (inTurn) return;
      inTurn = true;
      turns++;
      setImmediate(() => (inTurn = false));
    });
    raw.subscribe('burst', 'subscription { entryEvents(types: [ENTRY_CREATED]) { id } }');
    await new Promise((resolve) => setTimeout(resolve, 200));
    const burst = 40;
    const started = Date.now();
    for (let i = 0; i < burst; i++) await rest.post('/silo/v1/entries', { data: party(`Burst ${i}`) });
    await until(() => raw.of('burst').length === burst, 10_000, 'every event of the burst');
    // One page at most every PAGE_GATHER_MS (a read per create without it: 40 on a quiet machine, where the burst
    // takes about 200 ms), each page written to the socket at once. On a machine slow enough that each create takes
    // longer than PAGE_GATHER_MS, every page holds one event and this bound does not bind.
    expect(turns).toBeLessThanOrEqual(Math.ceil((Date.now() - started) / PAGE_GATHER_MS) + 2);
    raw.socket.close();
  });

  test('a bad cursor is BAD_USER_INPUT and a lost one GONE, for that subscription', async () => {
    const { gql, rest, token, workspace } = await apisFor(t.url);
    for (let i = 0; i < 3; i++) await rest.post('/silo/v1/entries', { data: party(`G${i}`) });
    const first = (await gql.query('{ events(first: 1) { pageInfo { endCursor } } }')).body.data.events.pageInfo.endCursor;
    await t.server.dataSource.query('UPDATE event_feeds SET pruned_through = 2 WHERE workspace_id = ?', [workspace]);
    const ws = wsClient(t.url, { token });
    const bad = collect();
    const lost = collect();
    ws.subscribe({ query: SUBSCRIPTION, variables: { after: 'nope' } }, bad.sink);
    ws.subscribe({ query: SUBSCRIPTION, variables: { after: first } }, lost.sink);
    await until(() => bad.done && lost.done, 5_000, 'both refusals');
    expect(bad.errors[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', key: 'input' });
    expect(lost.errors[0].extensions).toMatchObject({ code: 'GONE', key: 'gone' });
  });

  test("a missing or bad token closes the socket with 4403; so does the token's expiry, while connected", async () => {
    for (const payload of [
      undefined,
      {},
      { authorization: 'Bearer not.a.token' },
      { token: await tokenFor(newWorkspace(), { secret: 'another-secret-that-is-long-enough-for-hs256' }) },
    ]) {
      const raw = rawSocket(t.url);
      await raw.init(payload);
      const closed = await raw.closed;
      expect(closed.code).toBe(4403);
      expect(closed.reason).toMatch(/^Forbidden: /);
      expect(raw.messages).toEqual([]);
    }
    const token = await tokenFor(newWorkspace(), { expiresIn: Math.floor(Date.now() / 1000) + 2 });
    const raw = rawSocket(t.url);
    const start = Date.now();
    await raw.init({ authorization: `Bearer ${token}` });
    await until(() => raw.messages.some((message) => message.type === 'connection_ack'), 2_000, 'ack');
    raw.subscribe('1', SUBSCRIPTION);
    const closed = await raw.closed;
    expect(closed).toEqual({ code: 4403, reason: expect.stringMatching(/token expired/) });
    expect(Date.now() - start).toBeGreaterThan(900);
  });

  test('only subscriptions are served over WebSocket, and subscriptions only there; depth is bounded as over HTTP', async () => {
    const { token, gql } = await apisFor(t.url);
    const overHttp = await gql.query(SUBSCRIPTION);
    expect(overHttp.status).toBe(400);
    expect(overHttp.body.errors[0]).toMatchObject({
      message: expect.stringMatching(/over WebSocket/),
      extensions: { code: 'GRAPHQL_VALIDATION_FAILED' },
    });
    const raw = rawSocket(t.url);
    await raw.init({ token });
    raw.subscribe('q', '{ events { edges { cursor } } }');
    raw.subscribe(
      'deep',
      'subscription { entryEvents { entry { versions { edges { node { entry { versions { edges { node { id } } } } } } } } } }',
    );
    await until(() => raw.of('q').length > 0 && raw.of('deep').length > 0, 2_000, 'refusals');
    expect(raw.of('q')[0]).toMatchObject({
      type: 'error',
      payload: [{ message: expect.stringMatching(/Only subscriptions/), extensions: { code: 'BAD_USER_INPUT' } }],
    });
    expect(raw.of('deep')[0].type).toBe('error');
    raw.socket.close();
  });
});

describe('bounds', () => {
  let small: TestServer;
  beforeAll(async () => {
    small = await startServer(sharedDatabase(), { subscriptionLimits: { perWorkspace: 12, connectionInitWaitMs: 500 } });
  });
  afterAll(() => small.close());

  test('at most 10 subscriptions per connection and (here) 12 per workspace: past them, SERVICE_UNAVAILABLE for that one alone', async () => {
    const { token, rest } = await apisFor(small.url);
    const one = rawSocket(small.url);
    await one.init({ token });
    for (let i = 1; i <= 11; i++) one.subscribe(`s${i}`, SUBSCRIPTION);
    await until(() => one.of('s11').length >= 2, 5_000, 'the 11th refused');
    expect(one.of('s11')[0]).toMatchObject({
      type: 'next',
      payload: { errors: [{ extensions: { code: 'SERVICE_UNAVAILABLE' }, message: expect.stringMatching(/at most 10/) }] },
    });
    expect(one.of('s11')[1]).toEqual({ id: 's11', type: 'complete' });
    const two = rawSocket(small.url);
    await two.init({ token });
    for (let i = 1; i <= 3; i++) two.subscribe(`t${i}`, SUBSCRIPTION);
    await until(() => two.of('t3').length >= 1, 5_000, 'the 13th refused');
    expect(two.of('t3')[0].payload.errors[0]).toMatchObject({
      extensions: { code: 'SERVICE_UNAVAILABLE' },
      message: expect.stringMatching(/at most 12/),
    });
    expect(two.of('t1')).toEqual([]);
    // The others still serve; completing one frees its place.
    await rest.post('/silo/v1/entries', { data: party('Still served') });
    await until(() => one.of('s10').length >= 1 && two.of('t2').length >= 1, 5_000, 'events on the open ones');
    one.send({ id: 's1', type: 'complete' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    two.subscribe('t4', SUBSCRIPTION);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(two.of('t4')).toEqual([]);
    one.socket.close();
    two.socket.close();
  });

  test('a connection that never sends connection_init is closed (4408)', async () => {
    const raw = rawSocket(small.url);
    await raw.opened;
    expect(await raw.closed).toEqual({ code: 4408, reason: 'Connection initialisation timeout' });
  });

  test('a subscriber that stops reading is closed with 1008, not buffered without bound', async () => {
    const { token, rest } = await apisFor(small.url);
    // A backlog big enough to fill the socket's buffers: entries with long notes, each event showing the entry's data.
    const content = 'x'.repeat(400_000);
    for (let i = 0; i < 8; i++)
      expect((await rest.post('/silo/v1/entries', { data: { ...message(`Heavy ${i}`), content } })).status).toBe(200);
    const raw = rawSocket(small.url);
    await raw.init({ token });
    await until(() => raw.messages.length > 0, 2_000, 'ack');
    (raw.socket as any)._socket.pause(); // reads nothing from now on
    for (let i = 0; i < 10; i++)
      raw.subscribe(`h${i}`, 'subscription ($after: String) { entryEvents(after: $after) { entry { data } } }', { after: '' });
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    (raw.socket as any)._socket.resume();
    const closed = await raw.closed;
    expect(closed.code).toBe(1008);
    expect(closed.reason).toMatch(/slow consumer/);
  });
});

test('a subscriber on server B receives within a second an entry created through server A (one database)', async () => {
  const b = await startServer(sharedDatabase());
  try {
    const workspace = newWorkspace();
    const token = await tokenFor(workspace);
    const onB = apisFor(b.url, workspace);
    const after = await endCursor((await onB).gql);
    const got = collect();
    wsClient(b.url, { authorization: `Bearer ${token}` }).subscribe({ query: SUBSCRIPTION, variables: { after } }, got.sink);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const created = (await client(t.url, token).post('/silo/v1/entries', { data: party('Across') })).body;
    const start = Date.now();
    await until(() => got.results.length >= 1, 1_000, 'the event on server B');
    expect(Date.now() - start).toBeLessThan(1_000);
    expect(got.results[0]).toMatchObject({ type: 'ENTRY_CREATED', entryId: created.id });
  } finally {
    await b.close();
  }
});

test('closing the server closes its sockets (1001) and ends their subscriptions', async () => {
  const c = await startServer(sharedDatabase());
  const { token } = await apisFor(c.url);
  const raw = rawSocket(c.url);
  await raw.init({ token });
  await until(() => raw.messages.length > 0, 2_000, 'ack');
  raw.subscribe('1', SUBSCRIPTION);
  await new Promise((resolve) => setTimeout(resolve, 200));
  const closing = c.close();
  expect(await raw.closed).toMatchObject({ code: 1001 });
  await closing;
});

async function openSubscriptionsAbove(before: number) {
  const deadline = Date.now() + 5_000;
  while ((await openSubscriptions()) <= before) {
    if (Date.now() > deadline) throw new Error('the subscription did not open');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  // Its start is read just after it is counted.
  await new Promise((resolve) => setTimeout(resolve, 200));
}
