import { EntryOverviewRepository } from '../../src/storage/entry-overview.repository';
import { client, newWorkspace, party, startServer, testDatabase, tokenFor, type TestServer } from '../helpers/server';

/** The overview's reads stop at their bounds, and walk an index: neither grows with the workspace. */
let t: TestServer;
let workspace: string;
beforeAll(async () => {
  t = await startServer();
  workspace = newWorkspace();
  const api = client(t.url, await tokenFor(workspace));
  for (let i = 0; i < 8; i++) {
    const made = await api.post('/silo/v1/entries', { folder: `f${i % 4}`, data: party(`P${i}`) });
    expect(made.status).toBe(200);
    if (i % 2 === 0) expect((await api.post(`/silo/v1/entries/${made.body.id}/states`, { key: 'sent' })).status).toBe(200);
  }
});
afterAll(() => t.close());

test('a count stops at its limit and says there are more', async () => {
  const repository = new EntryOverviewRepository(t.server.dataSource);
  expect(await repository.countEntries(workspace, {}, 5, 100)).toEqual({ count: 5, more: true });
  expect(await repository.countEntries(workspace, {}, 8, 100)).toEqual({ count: 8, more: false });
  expect(await repository.countEntries(workspace, { state: 'sent' }, 3, 100)).toEqual({ count: 3, more: true });
});

test('with a folder and a state, at most the scan limit of rows is read, and the count then says "at least"', async () => {
  const repository = new EntryOverviewRepository(t.server.dataSource);
  // f0 holds P0 and P4, both sent.
  expect(await repository.countEntries(workspace, { folder: 'f0', state: 'sent' }, 10, 100)).toEqual({ count: 2, more: false });
  expect(await repository.countEntries(workspace, { folder: 'f0', state: 'sent' }, 10, 1)).toEqual({ count: 1, more: true });
});

test('the folders in use stop at their limit, in name order', async () => {
  const repository = new EntryOverviewRepository(t.server.dataSource);
  expect(await repository.foldersInUse(workspace, 100)).toEqual(['f0', 'f1', 'f2', 'f3']);
  expect(await repository.foldersInUse(workspace, 2)).toEqual(['f0', 'f1']);
});

test('the folder step seeks in an index (no scan of the table, no sort)', async () => {
  const sql = 'SELECT MIN(folder) AS folder FROM entries WHERE workspace_id = ? AND folder > ?';
  const explain = testDatabase() === 'sqlite' ? `EXPLAIN QUERY PLAN ${sql}` : `EXPLAIN ${sql}`;
  const rows: Record<string, unknown>[] = await t.server.dataSource.query(explain, [workspace, '']);
  const plan = rows.map((row) => Object.values(row).join(' ')).join('\n');
  if (testDatabase() === 'sqlite') {
    // Any index that leads with (workspace_id, folder) serves the seek: by created time or by amount.
    expect(plan).toMatch(/USING COVERING INDEX entries_workspace_folder_(created|amount)/);
    expect(plan).not.toMatch(/TEMP B-TREE|SCAN entries\b(?! USING)/);
  } else {
    expect(plan).toMatch(/entries_workspace_folder_(created|amount)|Select tables optimized away/);
  }
});
