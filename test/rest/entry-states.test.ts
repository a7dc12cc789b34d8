import { client, newWorkspace, party, startServer, tokenFor, type TestServer } from '../helpers/server';

let t: TestServer;
let api: ReturnType<typeof client>;

beforeAll(async () => {
  t = await startServer();
});
beforeEach(async () => {
  api = client(t.url, await tokenFor(newWorkspace()));
});
afterAll(() => t.close());

async function stored(data: object) {
  const reply = await api.post('/silo/v1/entries', { data });
  expect(reply.status).toBe(200);
  return reply.body;
}

const states = (id: string) => `/silo/v1/entries/${id}/states`;

describe('entry states', () => {
  test("POST adds a state; the newest is the entry's state; GET lists newest first", async () => {
    const entry = await stored(party('Stateful'));
    expect(entry.state).toBeUndefined();
    const sent = await api.post(states(entry.id), { key: 'sent', notes: 'by mail', meta: { channel: 'email' } });
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ key: 'sent', notes: 'by mail', meta: { channel: 'email' }, src: 'api', faults: [] });
    expect(sent.body.id).toEqual(expect.any(String));
    const paid = await api.post(states(entry.id), { key: 'paid' });
    expect(paid.status).toBe(200);
    expect((await api.get(`/silo/v1/entries/${entry.id}`)).body.state).toBe('paid');
    const list = await api.get(states(entry.id));
    expect(list.status).toBe(200);
    expect(list.body.list.map((s: any) => s.key)).toEqual(['paid', 'sent']);
    expect(Date.parse(list.body.list[0].created_at)).toBeGreaterThan(Date.parse(list.body.list[1].created_at));
  });

  test('PUT at a moment: an earlier moment does not become the state; the same moment replaces', async () => {
    const entry = await stored(party('Timed'));
    await api.post(states(entry.id), { key: 'registered' });
    const earlier = await api.put(`${states(entry.id)}/2020-01-01T00:00:00.000Z`, { key: 'draft' });
    expect(earlier.status).toBe(200);
    expect(earlier.body.created_at).toBe('2020-01-01T00:00:00.000Z');
    expect((await api.get(`/silo/v1/entries/${entry.id}`)).body.state).toBe('registered');
    const later = await api.put(`${states(entry.id)}/2999-01-01T00:00:00.000Z`, { key: 'void' });
    expect(later.status).toBe(200);
    expect((await api.get(`/silo/v1/entries/${entry.id}`)).body.state).toBe('void');
    const replaced = await api.put(`${states(entry.id)}/2999-01-01T00:00:00.000Z`, { key: 'completed', notes: 'done' });
    expect(replaced.body.key).toBe('completed');
    const list = (await api.get(states(entry.id))).body.list;
    expect(list.map((s: any) => s.key)).toEqual(['completed', 'registered', 'draft']);
    expect((await api.get(`/silo/v1/entries/${entry.id}`)).body.state).toBe('completed');
  });

  test('refusals: an unknown key is 422 unknown-state; bad shapes 400; unknown entry 404', async () => {
    const entry = await stored(party('Strict'));
    const unknown = await api.post(states(entry.id), { key: 'shipped' });
    expect(unknown.status).toBe(422);
    expect(unknown.body.key).toBe('unknown-state');
    expect(unknown.body.fields.key).toEqual(expect.any(String));
    expect((await api.post(states(entry.id), { notes: 'no key' })).status).toBe(400);
    expect((await api.post(states(entry.id), { key: 'sent', meta: { n: 1 } })).status).toBe(400);
    expect((await api.post(states(entry.id), [])).status).toBe(400);
    expect((await api.put(`${states(entry.id)}/yesterday`, { key: 'sent' })).status).toBe(400);
    expect((await api.post(states('0190c000-0000-7000-8000-000000000000'), { key: 'sent' })).status).toBe(404);
    expect((await api.get(states('0190c000-0000-7000-8000-000000000000'))).status).toBe(404);
    expect((await api.post(states('nope'), { key: 'sent' })).status).toBe(400);
    const theirs = client(t.url, await tokenFor(newWorkspace()));
    expect((await theirs.post(states(entry.id), { key: 'sent' })).status).toBe(404);
    expect((await api.get(states(entry.id))).body.list).toEqual([]);
    expect((await api.get(`/silo/v1/entries/${entry.id}`)).body.state).toBeUndefined();
  });

  test('many states at once are all kept, each at its own moment', async () => {
    const entry = await stored(party('Busy'));
    const replies = await Promise.all(Array.from({ length: 10 }, () => api.post(states(entry.id), { key: 'processing' })));
    expect(replies.map((r) => r.status)).toEqual(Array(10).fill(200));
    const list = (await api.get(states(entry.id))).body.list;
    expect(list).toHaveLength(10);
    expect(new Set(list.map((s: any) => s.created_at)).size).toBe(10);
  });

  test('a state added while the entry is updated: both are kept', async () => {
    for (let round = 0; round < 6; round++) {
      const entry = await stored(party(`Both ${round}`));
      const [updated, state] = await Promise.all([
        api.send('PATCH', `/silo/v1/entries/${entry.id}`, { data: party(`Both ${round} changed`) }),
        api.post(states(entry.id), { key: 'sent' }),
      ]);
      expect(updated.status).toBe(200);
      expect(state.status).toBe(200);
      const final = (await api.get(`/silo/v1/entries/${entry.id}`)).body;
      expect(final.data.doc.name).toBe(`Both ${round} changed`);
      expect(final.state).toBe('sent');
      expect(final.versions).toHaveLength(2);
      expect((await api.get(states(entry.id))).body.list.map((s: any) => s.key)).toEqual(['sent']);
    }
  });
});
