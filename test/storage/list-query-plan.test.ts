import { randomUUID } from 'node:crypto';
import { EntryRepository } from '../../src/storage/entry.repository';
import { newWorkspace, party, startServer, testDatabase, type TestServer } from '../helpers/server';

/**
 * The list query must be served by an index in its order: no sort in memory, whatever the filters,
 * so that a page costs the same at any depth.
 */
let t: TestServer;
beforeAll(async () => {
  t = await startServer();
});
afterAll(() => t.close());

/** Runs the repository's own list query under EXPLAIN and returns the plan as text. */
async function planOf(filters: { folder?: string; createdAt?: Date; ascending?: boolean; after?: { createdAt: number; id: string } }, workspace = 'plan-workspace') {
  const dataSource = t.server.dataSource;
  const queries: string[] = [];
  const original = dataSource.driver.createQueryRunner.bind(dataSource.driver);
  const repository = new EntryRepository(dataSource);
  // Capture the SQL the repository sends, then explain it with the same parameters.
  const captured: { sql: string; parameters: unknown[] }[] = [];
  dataSource.driver.createQueryRunner = (mode) => {
    const runner = original(mode);
    const query = runner.query.bind(runner);
    runner.query = (sql: string, parameters?: unknown[], ...rest: unknown[]) => {
      if (/^\s*SELECT/i.test(sql) && /FROM [`"]entries[`"]/.test(sql)) captured.push({ sql, parameters: parameters ?? [] });
      return (query as any)(sql, parameters, ...rest);
    };
    return runner;
  };
  try {
    await repository.list(workspace, { ...filters, limit: 21 });
  } finally {
    dataSource.driver.createQueryRunner = original;
  }
  expect(captured).toHaveLength(1);
  const { sql, parameters } = captured[0];
  const explain = testDatabase() === 'sqlite' ? `EXPLAIN QUERY PLAN ${sql}` : `EXPLAIN ${sql}`;
  const rows: Record<string, unknown>[] = await dataSource.query(explain, parameters);
  queries.push(sql);
  return rows.map((r) => Object.values(r).join(' ')).join('\n');
}

describe('list query plan', () => {
  beforeAll(async () => {
    // A few rows so the optimiser has statistics to look at.
    const repository = new EntryRepository(t.server.dataSource);
    const workspace = newWorkspace();
    for (let i = 0; i < 30; i++) {
      const id = randomUUID();
      await repository.insert({
        workspaceId: workspace, id, folder: i % 2 ? 'sales' : 'parties', docSchema: party('x').$schema, envSchema: 'https://gobl.org/draft-0/envelope',
        signed: false, invalid: false, digest: { alg: 'sha256', val: 'x' }, snippet: { title: 'x' }, tags: [], attachments: [], meta: [], faults: [],
        createdAt: new Date(Date.now() - i * 1000), updatedAt: new Date(), data: undefined,
      });
    }
  });

  test.each([
    ['no filter', {}],
    ['folder', { folder: 'sales' }],
    ['created_at', { createdAt: new Date() }],
    ['folder and created_at', { folder: 'sales', createdAt: new Date() }],
    ['cursor', { after: { createdAt: Date.now(), id: randomUUID() } }],
    ['folder and cursor', { folder: 'sales', after: { createdAt: Date.now(), id: randomUUID() } }],
    ['ascending', { ascending: true }],
    ['ascending, created_at', { ascending: true, createdAt: new Date(0) }],
    ['ascending, folder and cursor', { ascending: true, folder: 'sales', after: { createdAt: 0, id: randomUUID() } }],
    ['ascending, folder, created_at and cursor', { ascending: true, folder: 'sales', createdAt: new Date(0), after: { createdAt: 0, id: randomUUID() } }],
  ])('%s: an index serves the order, no sort in memory', async (_name, filters) => {
    const plan = await planOf(filters);
    if (testDatabase() === 'sqlite') {
      expect(plan).not.toMatch(/TEMP B-TREE/i);
      expect(plan).toMatch(/USING (COVERING )?INDEX entries_workspace_/i);
    } else {
      expect(plan).not.toMatch(/filesort/i);
      expect(plan).toMatch(/entries_workspace_/);
    }
  });

});
