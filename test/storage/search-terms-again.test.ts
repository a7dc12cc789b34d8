import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { DataSource } from 'typeorm';
import { loadConfig } from '../../src/config';
import { searchTermsOf } from '../../src/domain/search/search';
import type { SearchSource } from '../../src/domain/entries/model/search-store';
import { openDataSource } from '../../src/storage/data-source';
import { searchRowSteps } from '../../src/storage/entry-index-steps';
import { writeSearchTermsAgain, type SearchTermsProgress } from '../../src/storage/search-terms-again';
import { runTransaction } from '../../src/storage/sql-transaction';
import { invoice } from '../helpers/documents';
import { runMigrateCli } from '../helpers/migrate-command';
import { ownDatabase } from '../helpers/own-database';
import { client, newWorkspace, party, startServer, testDatabase, tokenFor } from '../helpers/server';

/**
 * An entry's id and its document's uuid are indexed by the whole of them, their first group and their last
 * (src/domain/search/search.ts). Rows indexed before by every group and run of groups are written again by a storage
 * task, in ranges that can stop anywhere and go on; an entry is found by the same queries before and after,
 * except a run of its id's middle groups.
 */
let own: Awaited<ReturnType<typeof ownDatabase>>;
beforeAll(async () => (own = await ownDatabase('uuidterms')));
afterAll(() => own.drop());

/** The terms the rule gave a UUID before: every group, and each run of groups from one of them to the end. */
function oldUuidTerms(uuid: string): string[] {
  const groups = uuid.split('-');
  return [...groups, ...groups.slice(0, -1).map((_, start) => groups.slice(start).join(''))];
}
const oldRule = (source: SearchSource) => [...new Set([...searchTermsOf(source), ...oldUuidTerms(source.id)])];

/** Each search row's entry and term count; on MySQL also the term rows of each rid, which must be the row's. */
async function indexState(dataSource: DataSource) {
  const rows = (await dataSource.query('SELECT rid, entry_id, term_count FROM entry_search ORDER BY rid')) as {
    rid: number | string;
    entry_id: string;
    term_count: number | string;
  }[];
  if (testDatabase() === 'mariadb') {
    const terms = (await dataSource.query('SELECT rid, COUNT(*) AS n FROM entry_search_term GROUP BY rid')) as {
      rid: number | string;
      n: number | string;
    }[];
    const counted = new Map(terms.map((row) => [String(row.rid), Number(row.n)]));
    // Every term row belongs to a search row, and each search row has as many term rows as it says.
    expect([...counted.keys()].sort()).toEqual(rows.map((row) => String(row.rid)).sort());
    for (const row of rows) expect(counted.get(String(row.rid))).toBe(Number(row.term_count));
  }
  return new Map(rows.map((row) => [row.entry_id, Number(row.term_count)]));
}

test('search rows of the old uuid terms are written again in ranges that stop and go on; the same queries find the same entries', async () => {
  const [workspace, other] = [newWorkspace(), newWorkspace()];
  const [token, otherToken] = [await tokenFor(workspace), await tokenFor(other)];
  const ids: string[] = [];
  const first = await startServer(own.env);
  try {
    const api = client(first.url, token);
    for (let i = 0; i < 5; i++)
      ids.push((await api.post('/silo/v1/entries', { data: invoice({ code: `UT-${i}` }), folder: i % 2 ? 'odd' : 'even' })).body.id);
    ids.push((await api.post('/silo/v1/entries', { key: 'uuid-key', data: party('Düsseldorf Trading GmbH') })).body.id);
    ids.push((await client(first.url, otherToken).post('/silo/v1/entries', { data: invoice({ code: 'UT-0' }) })).body.id);
  } finally {
    await first.close();
  }

  const dataSource = await openDataSource(loadConfig(own.env).database);
  let now: Map<string, number>;
  try {
    now = await indexState(dataSource);
    // The rows as the rule before wrote them: twelve more terms an entry at most (the document's uuid aside).
    for (const id of ids) {
      const ws = id === ids[6] ? other : workspace;
      await runTransaction(dataSource, (mysql) => searchRowSteps(mysql, ws, id, oldRule));
    }
    const old = await indexState(dataSource);
    for (const id of ids) expect(old.get(id)!).toBeGreaterThan(now.get(id)!);
    // As the migration leaves a database with rows: the task to do, through the last rid of today.
    const [{ through }] = (await dataSource.query('SELECT MAX(rid) AS through FROM entry_search')) as { through: number | string }[];
    await dataSource.query('DELETE FROM storage_tasks WHERE name = ?', ['uuid-search-terms']);
    await dataSource.query('DELETE FROM storage_task_positions WHERE name IN (?, ?)', [
      'uuid-search-terms-at',
      'uuid-search-terms-through',
    ]);
    await dataSource.query('INSERT INTO storage_task_positions (name, position) VALUES (?, ?), (?, 0)', [
      'uuid-search-terms-through',
      Number(through),
      'uuid-search-terms-at',
    ]);

    // A run stopped after its first range.
    const stop = new AbortController();
    const seen: SearchTermsProgress[] = [];
    const stopped = await writeSearchTermsAgain(dataSource, searchTermsOf, {
      batch: 2,
      signal: stop.signal,
      onProgress: (progress) => {
        seen.push(progress);
        stop.abort();
      },
    });
    expect(stopped).toBe(false);
    expect(seen).toEqual([{ done: 2, total: ids.length }]);
    const half = await indexState(dataSource);
    const byRid = (await dataSource.query('SELECT entry_id FROM entry_search ORDER BY rid')) as { entry_id: string }[];
    // The first range's two rows have today's terms (written again, so now last by rid); the others still the old.
    const rewritten = new Set(byRid.slice(-2).map((row) => row.entry_id));
    expect(rewritten.size).toBe(2);
    for (const id of ids) expect(half.get(id)).toBe(rewritten.has(id) ? now.get(id) : old.get(id));
  } finally {
    await dataSource.destroy();
  }

  // `npm run migrate` does the rest, and says how far it is.
  const cliDir = mkdtempSync(path.join(tmpdir(), 'entries-uuidterms-cli-'));
  const output = await runMigrateCli({ ...own.env, DATA_DIR: cliDir }).finally(() => rmSync(cliDir, { recursive: true, force: true }));
  expect(output).toContain(`writing search rows again by the new terms rule: ${ids.length - 2} of ${ids.length - 2} rows (100.0 %)`);

  const check = await openDataSource(loadConfig(own.env).database);
  try {
    // Every row holds what today's rule gives it; done is done: another run looks at nothing.
    const after = await indexState(check);
    for (const id of ids) expect(after.get(id)).toBe(now.get(id));
    const again: SearchTermsProgress[] = [];
    expect(await writeSearchTermsAgain(check, searchTermsOf, { onProgress: (progress) => again.push(progress) })).toBe(true);
    expect(again).toEqual([]);
    const [done] = (await check.query('SELECT name FROM storage_tasks WHERE name = ?', ['uuid-search-terms'])) as { name: string }[];
    expect(done?.name).toBe('uuid-search-terms');
  } finally {
    await check.destroy();
  }

  const server = await startServer(own.env);
  try {
    const api = client(server.url, token);
    const found = async (q: string) =>
      (await api.get(`/silo/v1/search?q=${encodeURIComponent(q)}`)).body.list.map((e: { id: string }) => e.id);
    for (const id of ids.slice(0, 6)) {
      expect(await found(id)).toEqual([id]);
      expect(await found(id.split('-')[4])).toEqual([id]);
      expect(await found(id.split('-').slice(1).join(''))).toEqual([]);
    }
    expect((await found('UT-3')).length).toBe(1);
    expect(await found('uuid-key')).toEqual([ids[5]]);
    expect(await found('dussel*')).toEqual([ids[5]]);
    // The other workspace's entry is its own still.
    expect(await found(ids[6])).toEqual([]);
    expect(
      await client(server.url, otherToken)
        .get(`/silo/v1/search?q=${ids[6]}`)
        .then((r) => r.body.list.map((e: { id: string }) => e.id)),
    ).toEqual([ids[6]]);
  } finally {
    await server.close();
  }
});

test('a new database has nothing to write again: the task is marked done by its migration', async () => {
  const fresh = await ownDatabase('uuidterms_new');
  try {
    const dataSource = await openDataSource(loadConfig(fresh.env).database);
    try {
      const [done] = (await dataSource.query('SELECT name FROM storage_tasks WHERE name = ?', ['uuid-search-terms'])) as { name: string }[];
      expect(done?.name).toBe('uuid-search-terms');
      const seen: SearchTermsProgress[] = [];
      expect(await writeSearchTermsAgain(dataSource, searchTermsOf, { onProgress: (progress) => seen.push(progress) })).toBe(true);
      expect(seen).toEqual([]);
    } finally {
      await dataSource.destroy();
    }
  } finally {
    await fresh.drop();
  }
});
