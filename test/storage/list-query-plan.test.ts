import { randomUUID } from 'node:crypto';
import { EntryRepository } from '../../src/storage/entry.repository';
import { newWorkspace, party, startServer, testDatabase, type TestServer } from '../helpers/server';
import { entryRecordOf } from '../../src/domain/entries/entry-record';

/**
 * The list query must be served by an index in its order: no sort in memory, whatever the filters,
 * so that a page costs the same at any depth.
 */
let t: TestServer;
beforeAll(async () => {
  t = await startServer();
});
afterAll(() => t.close());

type PlanFilters = {
  folder?: string;
  state?: string;
  createdAt?: Date;
  ascending?: boolean;
  orderBy?: 'amount';
  after?: { createdAt: number; id: string; amount?: number | null };
};

/** Runs the repository's own list queries under EXPLAIN and returns their plans as text (by amount: the entries with one, then those without). */
async function plansOf(filters: PlanFilters, workspace = 'plan-workspace') {
  const dataSource = t.server.dataSource;
  const original = dataSource.driver.createQueryRunner.bind(dataSource.driver);
  const repository = new EntryRepository(dataSource);
  // Capture the SQL the repository sends, then explain it with the same parameters.
  const captured: { sql: string; parameters: unknown[] }[] = [];
  const restore: (() => void)[] = [];
  const seen = new WeakSet<object>();
  dataSource.driver.createQueryRunner = (mode) => {
    const runner = original(mode);
    if (seen.has(runner)) return runner; // SQLite's one runner, handed out again
    seen.add(runner);
    const query = runner.query;
    restore.push(() => (runner.query = query));
    runner.query = (sql: string, parameters?: unknown[], ...rest: unknown[]) => {
      if (/^\s*SELECT/i.test(sql) && /FROM [`"]entries[`"]/.test(sql)) captured.push({ sql, parameters: parameters ?? [] });
      return (query as any).call(runner, sql, parameters, ...rest);
    };
    return runner;
  };
  try {
    await repository.list(workspace, { ...filters, limit: 21 });
  } finally {
    dataSource.driver.createQueryRunner = original;
    for (const undo of restore) undo();
  }
  const plans: string[] = [];
  for (const { sql, parameters } of captured) {
    const explain = testDatabase() === 'sqlite' ? `EXPLAIN QUERY PLAN ${sql}` : `EXPLAIN ${sql}`;
    const rows: Record<string, unknown>[] = await dataSource.query(explain, parameters);
    plans.push(rows.map((r) => Object.values(r).join(' ')).join('\n'));
  }
  return plans;
}

describe('list query plan', () => {
  beforeAll(async () => {
    // A few rows so the optimiser has statistics to look at.
    const repository = new EntryRepository(t.server.dataSource);
    const workspace = newWorkspace();
    for (let i = 0; i < 30; i++) {
      const id = randomUUID();
      await repository.insert([
        entryRecordOf({
          workspaceId: workspace,
          id,
          folder: i % 2 ? 'sales' : 'parties',
          docSchema: party('x').$schema,
          envSchema: 'https://gobl.org/draft-0/envelope',
          signed: false,
          invalid: false,
          digest: { alg: 'sha256', val: 'x' },
          snippet: { title: 'x' },
          tags: [],
          attachments: [],
          meta: [],
          faults: [],
          createdAt: new Date(Date.now() - i * 1000),
          updatedAt: new Date(),
          data: undefined,
        }),
      ]);
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
    ['state', { state: 'paid' }],
    ['state and cursor', { state: 'paid', after: { createdAt: Date.now(), id: randomUUID() } }],
    ['ascending, state and created_at', { ascending: true, state: 'paid', createdAt: new Date(0) }],
    [
      'ascending, folder, created_at and cursor',
      { ascending: true, folder: 'sales', createdAt: new Date(0), after: { createdAt: 0, id: randomUUID() } },
    ],
    ['by amount', { orderBy: 'amount' }],
    ['by amount, ascending', { orderBy: 'amount', ascending: true }],
    ['by amount, cursor', { orderBy: 'amount', after: { createdAt: 0, id: randomUUID(), amount: 1_000_000 } }],
    ['by amount, cursor among those without', { orderBy: 'amount', after: { createdAt: 0, id: randomUUID(), amount: null } }],
    ['by amount, folder and cursor', { orderBy: 'amount', folder: 'sales', after: { createdAt: 0, id: randomUUID(), amount: 1_000_000 } }],
    ['by amount, ascending, folder', { orderBy: 'amount', ascending: true, folder: 'sales' }],
    ['by amount, state and cursor', { orderBy: 'amount', state: 'paid', after: { createdAt: 0, id: randomUUID(), amount: -5 } }],
  ] as [string, PlanFilters][])('%s: an index serves the order, no sort in memory', async (_name, filters) => {
    // By amount, a page short of entries with one goes on to those without: each query is served by an index.
    const plans = await plansOf(filters);
    expect(plans).toHaveLength(filters.orderBy && filters.after?.amount !== null ? 2 : 1);
    for (const plan of plans) {
      if (testDatabase() === 'sqlite') {
        expect(plan).not.toMatch(/TEMP B-TREE/i);
        expect(plan).toMatch(
          filters.orderBy
            ? /USING (COVERING )?INDEX entries_workspace_(folder_|state_)?amount/i
            : /USING (COVERING )?INDEX entries_workspace_/i,
        );
      } else {
        expect(plan).not.toMatch(/filesort/i);
        expect(plan).toMatch(filters.orderBy ? /entries_workspace_(folder_|state_)?amount/ : /entries_workspace_/);
      }
    }
  });
});

describe('related list query plan', () => {
  const workspace = newWorkspace();
  const named = randomUUID();
  beforeAll(async () => {
    // Many entries naming one document: a page must walk their references in list order, not read and sort them all.
    const repository = new EntryRepository(t.server.dataSource);
    const entries = Array.from({ length: 2000 }, (_, i) => ({
      workspaceId: workspace,
      id: randomUUID(),
      folder: 'sales',
      docSchema: party('x').$schema,
      envSchema: 'https://gobl.org/draft-0/envelope',
      signed: false,
      invalid: false,
      digest: { alg: 'sha256', val: 'x' },
      snippet: { title: 'x' },
      tags: [],
      attachments: [],
      meta: [],
      faults: [],
      createdAt: new Date(Date.now() - i * 1000),
      updatedAt: new Date(),
      dataJson: '{}',
      refs: [{ uuid: named, context: i % 2 ? 'preceding' : 'previous' }],
    }));
    await repository.insert(entries.map(entryRecordOf));
    await t.server.dataSource.query(testDatabase() === 'sqlite' ? 'ANALYZE' : 'ANALYZE TABLE entry_refs');
  });

  /** The plan of the page query (the one that unites the sources) as the repository sends it. */
  async function relatedPlanOf(slice: {
    context?: string;
    ascending?: boolean;
    createdAt?: Date;
    after?: { createdAt: number; id: string };
  }) {
    const dataSource = t.server.dataSource;
    const original = dataSource.driver.createQueryRunner.bind(dataSource.driver);
    const captured: { sql: string; parameters: unknown[] }[] = [];
    const restore: (() => void)[] = [];
    const seen = new WeakSet<object>();
    dataSource.driver.createQueryRunner = (mode) => {
      const runner = original(mode);
      if (seen.has(runner)) return runner; // SQLite's one runner, handed out again
      seen.add(runner);
      const query = runner.query;
      restore.push(() => (runner.query = query));
      runner.query = (sql: string, parameters?: unknown[], ...rest: unknown[]) => {
        if (/UNION ALL|GROUP BY id/.test(sql)) captured.push({ sql, parameters: parameters ?? [] });
        return (query as any).call(runner, sql, parameters, ...rest);
      };
      return runner;
    };
    let page;
    try {
      page = await new EntryRepository(dataSource).listRelated(workspace, { related: named, limit: 21, ...slice });
    } finally {
      dataSource.driver.createQueryRunner = original;
      for (const undo of restore.reverse()) undo();
    }
    expect(page).toHaveLength(slice.after ? 0 : 21);
    expect(captured).toHaveLength(1);
    const { sql, parameters } = captured[0];
    return (await dataSource.query(`${testDatabase() === 'sqlite' ? 'EXPLAIN QUERY PLAN' : 'EXPLAIN'} ${sql}`, parameters)) as Record<
      string,
      unknown
    >[];
  }

  test.each([
    ['any context', {}],
    ['one context', { context: 'preceding' }],
    ['ascending, created_at', { ascending: true, createdAt: new Date(0) }],
    ['a cursor past the end', { after: { createdAt: 0, id: randomUUID() } }],
  ])('%s: each source walks entry_refs_ref_time in list order, no sort of every link', async (_name, slice) => {
    const plan = await relatedPlanOf(slice);
    if (testDatabase() === 'sqlite') {
      const text = plan.map((row) => String(row.detail)).join('\n');
      expect(text).toMatch(/SEARCH r USING (COVERING )?INDEX entry_refs_ref_time \(workspace_id=\? AND ref_uuid=\? AND context=\?/);
      // The only sorts are of the union (at most a page from each source): none under a source that reads entry_refs r.
      const sorted = plan.filter((row) => /TEMP B-TREE/.test(String(row.detail))).map((row) => row.parent);
      const readsRefs = new Set(plan.filter((row) => /^SEARCH r /.test(String(row.detail))).map((row) => row.parent));
      expect(readsRefs.size).toBeGreaterThan(0);
      for (const parent of sorted) expect(readsRefs.has(parent)).toBe(false);
    } else {
      const refs = plan.filter((row) => row.table === 'r');
      expect(refs.length).toBeGreaterThan(0);
      for (const row of refs) {
        expect(row.key).toBe('entry_refs_ref_time');
        expect(String(row.Extra ?? '')).not.toMatch(/filesort/);
      }
    }
  });
});
