import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freshMysqlDatabase } from '../helpers/database-check';
import { invoice } from '../helpers/documents';
import { client, MARIADB_URL, newWorkspace, party, startServer, testDatabase, tokenFor } from '../helpers/server';

/**
 * Migration 1764300000000 fills the search index from the entries already stored: entries made before it (here:
 * with the migration undone, so the database is back on the schema before it) are found once it has run.
 */
let database: { env: Record<string, string>; drop(): Promise<void> };
beforeAll(async () => {
  if (testDatabase() === 'mariadb') {
    const name = `${new URL(MARIADB_URL).pathname.slice(1) || 'test'}_mig_${randomUUID().slice(0, 8)}`;
    const db = await freshMysqlDatabase(MARIADB_URL, name);
    database = { env: { DATABASE_URL: db.url }, drop: db.drop };
  } else {
    const dir = mkdtempSync(path.join(tmpdir(), 'search-migration-'));
    database = {
      env: { DATABASE_URL: `sqlite:${path.join(dir, 'entries.db')}` },
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
});
afterAll(() => database.drop());

test('entries stored before the search index are found once the migration has run, each in its own workspace', async () => {
  const [a, b] = [newWorkspace(), newWorkspace()];
  const before = await startServer(database.env);
  const apiA = client(before.url, await tokenFor(a));
  const apiB = client(before.url, await tokenFor(b));
  const created = [];
  for (let i = 0; i < 5; i++) created.push((await apiA.post('/silo/v1/entries', { data: invoice({ code: `OLD-${i}` }) })).body.id);
  const named = (await apiA.post('/silo/v1/entries', { key: 'legacy-key', data: party('Ancient Partner Ltd') })).body.id;
  await apiA.put(`/silo/v1/entries/${named}/meta/erp`, { ref: 'ERP-4411', indexed: true });
  const theirs = (await apiB.post('/silo/v1/entries', { data: invoice({ code: 'OLD-0' }) })).body.id;

  // Back to the schema before the search index: its tables are gone.
  // Later migrations are undone first; then the search index's own.
  const dataSource = before.server.dataSource;
  const lastMigration = async () =>
    ((await dataSource.query('SELECT name FROM migrations ORDER BY timestamp DESC LIMIT 1')) as { name: string }[])[0].name;
  while ((await lastMigration()) !== 'AddSearch1764300000000') await dataSource.undoLastMigration({ transaction: 'each' });
  await dataSource.undoLastMigration({ transaction: 'each' });
  await expect(dataSource.query('SELECT COUNT(*) FROM entry_search')).rejects.toThrow();
  await before.close();

  const after = await startServer(database.env);
  try {
    const search = async (token: string, q: string) =>
      (await client(after.url, token).get(`/silo/v1/search?q=${encodeURIComponent(q)}`)).body.list.map((e: { id: string }) => e.id);
    const [tokenA, tokenB] = [await tokenFor(a), await tokenFor(b)];
    expect(await search(tokenA, 'F-OLD-3')).toEqual([created[3]]);
    expect((await search(tokenA, 'b98602642')).sort()).toEqual([...created].sort());
    expect(await search(tokenA, 'ancient legacy-key')).toEqual([named]);
    expect(await search(tokenA, 'ERP-4411')).toEqual([named]);
    expect(await search(tokenB, 'F-OLD-0')).toEqual([theirs]);
    expect(await search(tokenA, 'F-OLD-0')).toEqual([created[0]]);
    // And the index goes on from there: a new entry is found at once.
    const fresh = (await client(after.url, tokenA).post('/silo/v1/entries', { data: party('Brand New Partner') })).body.id;
    expect(await search(tokenA, 'brand new')).toEqual([fresh]);
  } finally {
    await after.close();
  }
});
