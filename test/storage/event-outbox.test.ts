import { randomUUID } from 'node:crypto';
import { v7 as uuidv7 } from 'uuid';
import { sampleEntries } from '../../src/domain/transfer/sample-entries';
import { EntryImporter } from '../../src/domain/transfer/entry-import';
import { entryRecordOf } from '../../src/domain/entries/entry-record';
import { EventMaker } from '../../src/domain/entries/event-maker';
import { EventsService } from '../../src/domain/events/events.service';
import { FeedWatch } from '../../src/domain/events/feed-watch';
import { EntryRepository } from '../../src/storage/entry.repository';
import { EventRepository } from '../../src/storage/event.repository';
import { eventSteps } from '../../src/storage/event-steps';
import { runTransaction } from '../../src/storage/sql-transaction';
import { FeedSequencer } from '../../src/domain/events/feed-sequencer';
import { client, newWorkspace, startServer, tokenFor, type TestServer } from '../helpers/server';

/**
 * The outbox as storage writes it: events go with their change or not at all, and retention deletes old
 * events so that a cursor before them is told `gone`, never read as a feed with a gap.
 */
let t: TestServer;
let entries: EntryRepository;
let events: EventRepository;
beforeAll(async () => {
  t = await startServer();
  entries = new EntryRepository(t.server.dataSource);
  events = new EventRepository(t.server.dataSource);
});
afterAll(() => t.close());

const DAY = 86_400_000;

/** Places every committed event, as the server's sequencer does after each write. */
async function placeAll() {
  while ((await events.placeUnplaced()).workspaces.length > 0);
}

async function newEntries(workspace: string, count: number) {
  const made = [];
  for await (const entry of sampleEntries(new EntryImporter(entries), workspace, count, { templates: 3, newest: new Date() }))
    made.push(entry);
  return made;
}

test('a transaction rolled back after its events were made writes neither the change nor its events', async () => {
  const workspace = newWorkspace();
  const [entry] = await newEntries(workspace, 1);
  const maker = new EventMaker(uuidv7, () => new Date());
  // The events are made (and would be written) after the entry's rows: failing there rolls everything back.
  const failing = () => {
    maker.created()(entry);
    throw new Error('the change fails after its rows were written');
  };
  await expect(entries.insert([{ ...entryRecordOf(entry), events: failing }])).rejects.toThrow(/fails after its rows/);
  expect(await entries.findById(workspace, entry.id, { withData: false })).toBeUndefined();
  expect(await events.feedState(workspace)).toEqual({ lastSeq: 0, prunedThrough: 0 });
  // The same write without the failure stores both.
  await entries.insert([{ ...entryRecordOf(entry), events: maker.created() }]);
  expect(await events.readEvents(workspace, { afterSeq: 0, throughSeq: Number.MAX_SAFE_INTEGER, limit: 10 })).toEqual([]); // committed, not yet placed
  await placeAll();
  expect(
    (await events.readEvents(workspace, { afterSeq: 0, throughSeq: Number.MAX_SAFE_INTEGER, limit: 10 })).map((e) => [
      e.seq,
      e.type,
      e.entryId,
    ]),
  ).toEqual([[1, 'entry.created', entry.id]]);
});

test('a read looks at a bounded window of the feed: a rare filter answers an empty page that moves on, never a scan of it all', async () => {
  const workspace = newWorkspace();
  const made = await newEntries(workspace, 7);
  const maker = new EventMaker(uuidv7, () => new Date());
  await entries.insert(made.map((entry) => ({ ...entryRecordOf(entry), events: maker.created() })));
  await placeAll();
  const feed = new EventsService(events, new FeedWatch(events), 30 * DAY, () => new Date(), 3);
  const pages: number[][] = [];
  let cursor: string | undefined;
  for (let i = 0; i < 4; i++) {
    const page = await feed.feed(workspace, { cursor, entryId: made[6].id });
    pages.push(page.events.map((e) => e.seq));
    cursor = page.nextCursor;
  }
  // Places 1–3, 4–6: nothing of that entry; 7: its event; then the end of the feed.
  expect(pages).toEqual([[], [], [7], []]);
  // Without filters a window is a page of at most its size, and the next page goes on after it.
  const first = await feed.feed(workspace, { limit: 10 });
  expect(first.events.map((e) => e.seq)).toEqual([1, 2, 3]);
  expect((await feed.feed(workspace, { cursor: first.nextCursor, limit: 10 })).events.map((e) => e.seq)).toEqual([4, 5, 6]);
});

test('events past retention are deleted; a cursor before them is 410 gone, a cursor after them reads on', async () => {
  const workspace = newWorkspace();
  const made = await newEntries(workspace, 4);
  let now = Date.now();
  const clock = () => new Date(now);
  const maker = new EventMaker(uuidv7, clock);
  // Two entries thirty days ago, two today.
  now -= 40 * DAY;
  await entries.insert(made.slice(0, 2).map((entry) => ({ ...entryRecordOf(entry), events: maker.created() })));
  now += 40 * DAY;
  await entries.insert(made.slice(2).map((entry) => ({ ...entryRecordOf(entry), events: maker.created() })));
  await placeAll();
  const feed = new EventsService(events, new FeedWatch(events), 30 * DAY, clock);
  const first = await feed.feed(workspace, { limit: 1 });
  expect(first.events.map((e) => e.seq)).toEqual([1]);

  expect(await feed.pruneExpired()).toBeGreaterThanOrEqual(2);
  expect(await events.feedState(workspace)).toEqual({ lastSeq: 4, prunedThrough: 2 });
  await expect(feed.feed(workspace, { cursor: first.nextCursor })).rejects.toMatchObject({
    key: 'gone',
    message: expect.stringMatching(/kept 30 days/),
  });
  // Without a cursor, the feed starts at its oldest event kept; a cursor at the last deleted place reads on.
  expect((await feed.feed(workspace, {})).events.map((e) => e.seq)).toEqual([3, 4]);

  // The same over HTTP: 410 with the contract's body.
  const api = client(t.url, await tokenFor(workspace));
  const gone = await api.get(`/silo/v1/events?cursor=${first.nextCursor}`);
  expect(gone.status).toBe(410);
  expect(gone.body).toMatchObject({ key: 'gone', code: 'gone' });
  expect((await api.get('/silo/v1/events')).body.list.map((e: any) => e.entry_id)).toEqual(made.slice(2).map((entry) => entry.id));
});

test('a write waits for its own events to be placed, not for a workspace that writes without pause', async () => {
  const writeEvent = (workspaceId: string) =>
    runTransaction(t.server.dataSource, function* () {
      yield* eventSteps([
        { id: uuidv7(), type: 'entry.created', workspaceId, entryId: randomUUID(), createdAt: new Date(), data: { folder: 'inbox' } },
      ]);
    });
  // Another workspace commits an event before every batch the sequencer places (up to a thousand).
  const busy = newWorkspace();
  let busyWrites = 0;
  class BesideABusyWorkspace extends EventRepository {
    override async placeUnplaced() {
      if (busyWrites < 1000) {
        busyWrites += 1;
        await writeEvent(busy);
      }
      return super.placeUnplaced();
    }
  }
  const sequencer = new FeedSequencer(
    new BesideABusyWorkspace(t.server.dataSource),
    () => undefined,
    (error) => {
      throw error;
    },
  );
  const quiet = newWorkspace();
  await writeEvent(quiet);
  await sequencer.poke();
  expect((await events.feedState(quiet)).lastSeq).toBe(1);
  // One batch, not one per event of the other workspace: a run that went on until it found nothing ended only
  // once that workspace stopped writing.
  expect(busyWrites).toBe(1);
  await sequencer.stop();
});
