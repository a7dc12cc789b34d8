import { client, newWorkspace, party, startServer, tokenFor, testDatabase, type TestServer } from '../helpers/server';
import { recordFigures } from '../helpers/figures';
import { followFeed } from '../helpers/event-feed';

/**
 * The feed never skips: while many writers change one workspace at once, a reader that follows the feed from
 * cursor to cursor reads exactly the feed a reader reads from the start once they are done: every event once,
 * in the same order, none after a cursor it had passed.
 */
let t: TestServer;

beforeAll(async () => {
  t = await startServer();
});
afterAll(() => t.close());

test("a reader following the feed during concurrent writes reads every event once, in the feed's order", async () => {
  const token = await tokenFor(newWorkspace());
  const api = client(t.url, token);
  let writing = true;
  const follower = followFeed(
    (path) => api.get(path),
    () => !writing,
  );
  const created: string[] = [];
  const states: string[] = [];
  // 8 writers at once, each creating entries and giving some of them a state.
  await Promise.all(
    Array.from({ length: 8 }, async (_, w) => {
      for (let i = 0; i < 15; i++) {
        const reply = await api.post('/silo/v1/entries', { data: party(`W${w}-${i}`) });
        expect(reply.status).toBe(200);
        created.push(reply.body.id);
        if (i % 3 === 0) {
          expect((await api.post(`/silo/v1/entries/${reply.body.id}/states`, { key: 'sent' })).status).toBe(200);
          states.push(reply.body.id);
        }
      }
    }),
  );
  writing = false;
  const followed = await follower;
  const whole = await followFeed(
    (path) => api.get(path),
    () => true,
  );
  expect(followed.map((event) => event.id)).toEqual(whole.map((event) => event.id));
  expect(new Set(whole.map((event) => event.id)).size).toBe(whole.length);
  expect(
    whole
      .filter((event) => event.type === 'entry.created')
      .map((event) => event.entry_id)
      .sort(),
  ).toEqual([...created].sort());
  expect(
    whole
      .filter((event) => event.type === 'entry.state_added')
      .map((event) => event.entry_id)
      .sort(),
  ).toEqual([...states].sort());
  // An entry's created event comes before its state's.
  for (const id of states) {
    const places = whole.flatMap((event, i) => (event.entry_id === id ? [i] : []));
    expect(whole[places[0]].type).toBe('entry.created');
  }
  recordFigures('events-feed-order', testDatabase(), { writers: 8, events: whole.length, followed: followed.length });
}, 120_000);
