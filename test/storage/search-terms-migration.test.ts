import { randomUUID } from 'node:crypto';
import { freshMysqlDatabase } from '../helpers/database-check';
import { invoice } from '../helpers/documents';
import { client, MARIADB_URL, newWorkspace, party, startServer, testDatabase, tokenFor } from '../helpers/server';

/**
 * Migration 1764500000000 moves MySQL's search index from InnoDB FULLTEXT to the term table, filling it from the
 * search rows already stored; a run stopped half-way runs again. SQLite keeps FTS5: the migration does nothing there.
 */
const onMariadb = testDatabase() === 'mariadb' ? test : test.skip;

let database: { url: string; drop(): Promise<void> } | undefined;
beforeAll(async () => {
  if (testDatabase() === 'mariadb')
    database = await freshMysqlDatabase(
      MARIADB_URL,
      `${new URL(MARIADB_URL).pathname.slice(1) || 'test'}_terms_${randomUUID().slice(0, 8)}`,
    );
});
afterAll(() => database?.drop());

onMariadb('entries indexed by FULLTEXT are found through the term table once the migration has run, also after a stopped run', async () => {
  const env = { DATABASE_URL: database!.url };
  const [a, b] = [newWorkspace(), newWorkspace()];
  const before = await startServer(env);
  const [apiA, apiB] = [client(before.url, await tokenFor(a)), client(before.url, await tokenFor(b))];
  const created: string[] = [];
  for (let i = 0; i < 6; i++)
    created.push((await apiA.post('/silo/v1/entries', { data: invoice({ code: `FT-${i}` }), folder: i % 2 ? 'odd' : 'even' })).body.id);
  const named = (await apiA.post('/silo/v1/entries', { key: 'legacy-key', data: party('Düsseldorf Trading GmbH') })).body.id;
  const theirs = (await apiB.post('/silo/v1/entries', { data: invoice({ code: 'FT-0' }) })).body.id;

  // Back to the FULLTEXT index: the term table is gone (the migrations after it are undone first, newest first).
  const dataSource = before.server.dataSource;
  const lastMigration = async () =>
    ((await dataSource.query('SELECT name FROM migrations ORDER BY timestamp DESC LIMIT 1')) as { name: string }[])[0].name;
  while ((await lastMigration()) !== 'SearchTerms1764500000000') await dataSource.undoLastMigration({ transaction: 'each' });
  await dataSource.undoLastMigration({ transaction: 'each' });
  await expect(dataSource.query('SELECT COUNT(*) FROM entry_search_term')).rejects.toThrow();
  const fulltext = (await dataSource.query("SHOW INDEX FROM entry_search WHERE Key_name = 'entry_search_terms'")) as unknown[];
  expect(fulltext.length).toBeGreaterThan(0);
  // A run that stopped after writing the term table and part of the terms of the first search row.
  await dataSource.query(
    'CREATE TABLE entry_search_term (term VARCHAR(80) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NOT NULL, rid BIGINT UNSIGNED NOT NULL, PRIMARY KEY (term, rid)) ENGINE=InnoDB',
  );
  const [first] = (await dataSource.query('SELECT rid, terms FROM entry_search ORDER BY rid LIMIT 1')) as { rid: number; terms: string }[];
  const firstTerms = first.terms.split(' ');
  for (const term of firstTerms.slice(0, 3))
    await dataSource.query('INSERT INTO entry_search_term (term, rid) VALUES (?, ?)', [term, first.rid]);
  await before.close();

  const after = await startServer(env);
  try {
    const rows = (await after.server.dataSource.query('SELECT COUNT(*) AS n FROM entry_search_term WHERE rid = ?', [first.rid])) as {
      n: number | string;
    }[];
    expect(Number(rows[0].n)).toBe(firstTerms.length);
    const gone = (await after.server.dataSource.query("SHOW INDEX FROM entry_search WHERE Key_name = 'entry_search_terms'")) as unknown[];
    expect(gone).toEqual([]);
    const search = async (token: string, q: string, extra = '') =>
      (await client(after.url, token).get(`/silo/v1/search?q=${encodeURIComponent(q)}${extra}`)).body.list.map((e: { id: string }) => e.id);
    const [tokenA, tokenB] = [await tokenFor(a), await tokenFor(b)];
    expect(await search(tokenA, 'F-FT-3')).toEqual([created[3]]);
    expect((await search(tokenA, 'b98602642')).sort()).toEqual([...created].sort());
    expect((await search(tokenA, 'b98602642', '&folder=odd')).sort()).toEqual([created[1], created[3], created[5]].sort());
    expect(await search(tokenA, 'dussel* legacy-key')).toEqual([named]);
    expect(await search(tokenB, 'F-FT-0')).toEqual([theirs]);
    // And the index goes on from there: a new entry is found at once.
    const fresh = (await client(after.url, tokenA).post('/silo/v1/entries', { data: party('Brand New Partner') })).body.id;
    expect(await search(tokenA, 'brand new')).toEqual([fresh]);
  } finally {
    await after.close();
  }
});
