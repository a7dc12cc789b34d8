import { randomUUID } from 'node:crypto';
import { EntryImporter } from '../../src/domain/transfer/entry-import';
import { endLine, entryLineOf, headerLine } from '../../src/domain/transfer/entry-export';
import { EntryRestorer } from '../../src/domain/transfer/entry-restorer';
import { sampleEntries } from '../../src/domain/transfer/sample-entries';
import { SORT_AMOUNT_RULE } from '../../src/domain/entries/model/sort-amount';
import { DatabaseSink } from '../../src/remote-copy/database-sink';
import { EntryRepository } from '../../src/storage/entry.repository';
import { newEntryRows } from '../../src/storage/new-entry-rows';
import { EntryTransferRepository } from '../../src/storage/entry-transfer.repository';
import { fillSortAmounts } from '../../src/storage/sort-amount-backfill';
import { invoice } from '../helpers/documents';
import { ownDatabase } from '../helpers/own-database';
import { client, newWorkspace, party, startServer, tokenFor, type TestServer } from '../helpers/server';

/**
 * Every path that writes an entry's row keeps the amount the list sorts by (`sort_amount`: the payable total in
 * ten-thousandths), and the storage task fills it in rows stored before it was kept.
 */
let t: TestServer;
/** A database of this file's own: the backfill walks every row of `entries`, and the shared one holds thousands. */
let own: Awaited<ReturnType<typeof ownDatabase>>;

beforeAll(async () => {
  own = await ownDatabase('amounts');
  t = await startServer(own.env);
});
afterAll(async () => {
  await t?.close();
  await own?.drop();
});

const priced = (price: string) =>
  invoice({ lines: [{ quantity: '1', item: { name: 'Work', price }, taxes: [{ cat: 'VAT', rate: 'general' }] }] });

/** The stored sort amounts of a workspace's entries, by id (null where none is stored). */
async function storedAmounts(workspace: string): Promise<Map<string, number | null>> {
  const rows = (await t.server.dataSource.query('SELECT id, sort_amount FROM entries WHERE workspace_id = ?', [workspace])) as {
    id: string;
    sort_amount: number | string | null;
  }[];
  return new Map(rows.map((row) => [row.id, row.sort_amount === null ? null : Number(row.sort_amount)]));
}

/** "1210.00" as ten-thousandths, for the payables these tests make (whole cents). */
const tenThousandths = (payable: string) => Math.round(Number(payable) * 100) * 100;

async function created(workspace: string, bodies: object[]): Promise<{ id: string; payable?: string }[]> {
  const api = client(t.url, await tokenFor(workspace));
  const made = [];
  for (const data of bodies) {
    const reply = await api.post('/silo/v1/entries', { data });
    expect(reply.status).toBe(200);
    made.push({ id: reply.body.id as string, payable: reply.body.snippet.payable as string | undefined });
  }
  return made;
}

describe('the amount lists sort by, on every write path', () => {
  test('create and update (REST) store the payable total; a party stores none', async () => {
    const workspace = newWorkspace();
    const [bill, someone] = await created(workspace, [priced('1000.00'), party('Nobody')]);
    expect(bill.payable).toBe('1210.00');
    expect(await storedAmounts(workspace)).toEqual(
      new Map([
        [bill.id, 12_100_000],
        [someone.id, null],
      ]),
    );
    const api = client(t.url, await tokenFor(workspace));
    expect((await api.send('PATCH', `/silo/v1/entries/${bill.id}`, { data: priced('10.05') })).status).toBe(200);
    expect((await storedAmounts(workspace)).get(bill.id)).toBe(tenThousandths('12.16'));
    // A move alone keeps it.
    expect((await api.send('PATCH', `/silo/v1/entries/${bill.id}`, { folder: 'moved' })).status).toBe(200);
    expect((await storedAmounts(workspace)).get(bill.id)).toBe(tenThousandths('12.16'));
  });

  test('import (npm run import) and migrate-from (its database sink) store it from the envelope', async () => {
    const source = newWorkspace();
    const made = await created(source, [priced('250.00'), priced('0.40'), party('P')]);
    const transfer = new EntryTransferRepository(t.server.dataSource);
    const lines: string[] = [];
    for await (const page of transfer.pages(source, { pageSize: 10 }))
      for (const bundle of page) lines.push(JSON.stringify(entryLineOf(bundle, { inline: true })));
    const restorer = new EntryRestorer(transfer, { newId: randomUUID, clock: () => new Date() });
    const expected = new Map(made.map((m) => [m.id, m.payable === undefined ? null : tenThousandths(m.payable)]));

    const imported = newWorkspace();
    const header = headerLine({ service: 'test', workspace: source, exported_at: new Date().toISOString(), files: 'inline' });
    const report = await restorer.restore([header, ...lines, endLine(lines.length)], imported, { source: 'test', onConflict: 'fail' });
    expect(report).toMatchObject({ imported: 3, complete: true });
    expect(await storedAmounts(imported)).toEqual(expected);

    const migrated = newWorkspace();
    const sink = new DatabaseSink(restorer, migrated, async function* () {});
    for (const line of lines) expect(await sink.write(JSON.parse(line))).toBe('written');
    expect(await storedAmounts(migrated)).toEqual(expected);
  });

  test('the bulk paths of npm run seed (a batch insert, and rows made in a worker thread) store it', async () => {
    const repository = new EntryRepository(t.server.dataSource);
    const importer = new EntryImporter(repository);
    const collect = async (workspace: string) => {
      const entries = [];
      for await (const entry of sampleEntries(importer, workspace, 30, { templates: 10 })) entries.push(entry);
      return entries;
    };
    const batched = newWorkspace();
    const entries = await collect(batched);
    await importer.store(entries);
    const threaded = newWorkspace();
    const rows = await collect(threaded);
    await repository.insertRows(newEntryRows(rows.map((entry) => ({ entry, refs: [], searchTerms: [] }))));
    for (const [workspace, written] of [
      [batched, entries],
      [threaded, rows],
    ] as const) {
      const stored = await storedAmounts(workspace);
      const payable = (entry: (typeof written)[number]) =>
        (entry.snippet.payable as string | undefined) ?? (entry.data?.doc as any)?.totals?.payable ?? (entry.data?.doc as any)?.total;
      for (const entry of written)
        expect([entry.id, stored.get(entry.id)]).toEqual([entry.id, payable(entry) === undefined ? null : tenThousandths(payable(entry))]);
      // The samples hold bills: some amounts are stored.
      expect([...stored.values()].filter((v) => v !== null).length).toBeGreaterThan(5);
    }
  });
});

describe('the backfill of rows stored before the amount was kept', () => {
  test('fills them in batches; until then they sort last, by id; then the task is finished', async () => {
    const workspace = newWorkspace();
    const made = await created(workspace, [priced('30.00'), party('A'), priced('7000.00'), priced('0.10'), party('B'), priced('30.00')]);
    const dataSource = t.server.dataSource;
    // As a row written before the column: no amount, and the task not done.
    await dataSource.query('UPDATE entries SET sort_amount = NULL WHERE workspace_id = ?', [workspace]);
    await dataSource.query("DELETE FROM storage_tasks WHERE name = 'fill-sort-amounts'");
    const api = client(t.url, await tokenFor(workspace));
    const byAmount = async () => (await api.get('/silo/v1/entries?order_by=amount&limit=100')).body.list.map((e: { id: string }) => e.id);
    // Unfilled, every entry is among those without an amount: by id.
    expect(await byAmount()).toEqual(
      made
        .map((m) => m.id)
        .sort()
        .reverse(),
    );

    const progress: number[] = [];
    expect(await fillSortAmounts(dataSource, SORT_AMOUNT_RULE, { batch: 2, onProgress: ({ done }) => progress.push(done) })).toBe(true);
    expect(progress.length).toBeGreaterThan(1);
    expect(await storedAmounts(workspace)).toEqual(
      new Map(made.map((m) => [m.id, m.payable === undefined ? null : tenThousandths(m.payable)])),
    );
    const [bills, parties] = [made.filter((m) => m.payable !== undefined), made.filter((m) => m.payable === undefined)];
    const desc = (a: string, b: string) => (a < b ? 1 : a > b ? -1 : 0);
    const order = [
      ...bills.sort((a, b) => (a.payable === b.payable ? desc(a.id, b.id) : Number(b.payable) - Number(a.payable))).map((m) => m.id),
      ...parties.map((m) => m.id).sort(desc),
    ];
    expect(await byAmount()).toEqual(order);

    // Finished: a later run reads nothing, even where a row has none.
    await dataSource.query('UPDATE entries SET sort_amount = NULL WHERE workspace_id = ? AND id = ?', [workspace, bills[0].id]);
    const again: number[] = [];
    expect(await fillSortAmounts(dataSource, SORT_AMOUNT_RULE, { onProgress: ({ done }) => again.push(done) })).toBe(true);
    expect(again).toEqual([]);
    expect((await storedAmounts(workspace)).get(bills[0].id)).toBeNull();
  });
});
