import { randomUUID } from 'node:crypto';
import { EntryImporter } from '../../src/domain/transfer/entry-import';
import { sampleEntries } from '../../src/domain/transfer/sample-entries';
import { EntryRepository } from '../../src/storage/entry.repository';
import {
  DRIVER_PROBE,
  SEARCH_TABLE,
  SEARCH_TERM_TABLE,
  searchRowInserts,
  searchRowWrites,
  walkOrder,
  workspaceToken,
} from '../../src/storage/search-index.repository';
import { searchTermsOf } from '../../src/domain/search/search';
import { entryRecordOf } from '../../src/domain/entries/entry-record';
import { runTransaction, type Step } from '../../src/storage/sql-transaction';
import { MAX_INDEXED_TERMS } from '../../src/domain/entries/model/entry-limits';
import { MAX_SEARCH_RESULTS } from '../../src/domain/entries/model/search-store';
import { invoice } from '../helpers/documents';
import { client, newWorkspace, startServer, testDatabase, tokenFor, type TestServer } from '../helpers/server';

let t: TestServer;
beforeAll(async () => {
  t = await startServer();
});
afterAll(() => t.close());

const collect = async <T>(items: AsyncIterable<T>) => {
  const all: T[] = [];
  for await (const item of items) all.push(item);
  return all;
};
const searchOf =
  (api: ReturnType<typeof client>) =>
  async (q: string, extra = '') =>
    (await api.get(`/silo/v1/search?q=${encodeURIComponent(q)}${extra}`)).body.list.map((e: { id: string }) => e.id);

describe('the search index', () => {
  test('each create, answered, is found by the very next search, even with many creates at once', async () => {
    const api = client(t.url, await tokenFor(newWorkspace()));
    const search = searchOf(api);
    const found = await Promise.all(
      Array.from({ length: 30 }, async (_, i) => {
        const id = (await api.post('/silo/v1/entries', { data: invoice({ series: 'RACE', code: `${i}-X${i}` }) })).body.id;
        return { id, hits: await search(`RACE-${i}-X${i}`) };
      }),
    );
    for (const { id, hits } of found) expect(hits).toEqual([id]);
  });

  test('bulk import (npm run seed) fills the index in its transactions', async () => {
    const workspace = newWorkspace();
    const repository = new EntryRepository(t.server.dataSource);
    const entries = await collect(sampleEntries(new EntryImporter(repository), workspace, 1200, { templates: 20 }));
    await repository.insert(entries.map(entryRecordOf));
    const search = searchOf(client(t.url, await tokenFor(workspace)));
    const target = entries[444];
    expect(await search(`SAMPLE-${target.snippet.code as string}`)).toEqual([target.id]);
    const parties = entries.filter((e) => e.docSchema.endsWith('/org/party')).map((e) => e.id);
    const partyHits = [...(await search('sample party', '&limit=100')), ...(await search('sample party', '&limit=100&offset=100'))];
    expect(partyHits.sort()).toEqual(parties.sort());
    // The same matches whichever word is rarer or written first, and with prefixes, which may begin several of
    // an entry's terms ("sam*": "sample", "sampleparty"...) and still count the entry once.
    for (const q of ['party sample', 'part* sample', 'samp* party', 'sam* par*']) {
      const hits = [...(await search(q, '&limit=100')), ...(await search(q, '&limit=100&offset=100'))];
      expect({ q, hits: hits.sort() }).toEqual({ q, hits: parties.sort() });
    }
    expect(await search('sample', '&folder=purchases&limit=3')).toHaveLength(3);
    // A word held by all 1,200: relevance ranks the newest 1,000, and pages reach that far, each one once.
    const pages = [];
    for (let offset = 0; offset < 1000; offset += 100) pages.push(...(await search('sample', `&limit=100&offset=${offset}`)));
    expect(new Set(pages).size).toBe(1000);
    expect(new Set(pages)).toEqual(new Set(entries.slice(-1000).map((e) => e.id)));
    // The folder filter is part of what the index matches: purchases beyond the newest 1,000 matches are reached too.
    const purchases = entries.filter((e) => e.folder === 'purchases').map((e) => e.id);
    const inFolder = [];
    for (let offset = 0; offset < purchases.length; offset += 100)
      inFolder.push(...(await search('sample', `&folder=purchases&limit=100&offset=${offset}`)));
    expect(inFolder.sort()).toEqual(purchases.sort());
  });

  test("searchRowWrites replace an entry's row: what it is found by follows the entry it was given", async () => {
    const workspace = newWorkspace();
    const api = client(t.url, await tokenFor(workspace));
    const search = searchOf(api);
    const created = (await api.post('/silo/v1/entries', { data: invoice({ code: 'BEFORE-1' }) })).body;
    const repository = new EntryRepository(t.server.dataSource);
    const entry = (await repository.findById(workspace, created.id, { withData: false }))!;
    const changed = { ...entry, snippet: { ...entry.snippet, title: 'F-AFTER-2', code: 'AFTER-2' }, state: 'sent' };
    await runTransaction(t.server.dataSource, function* (mysql) {
      yield* searchRowWrites({ ...changed, terms: searchTermsOf(changed) }, { mysql });
    });
    expect(await search('F-BEFORE-1')).toEqual([]);
    expect(await search('F-AFTER-2 sent')).toEqual([created.id]);
    const rows = (await t.server.dataSource.query('SELECT COUNT(*) AS n FROM entry_search WHERE workspace_id = ?', [workspace])) as {
      n: number | string;
    }[];
    expect(Number(rows[0].n)).toBe(1);
  });

  test('an entry of more terms than the index keeps: its first MAX_INDEXED_TERMS, written and rewritten a slice at a time', async () => {
    // 60,000 tags, each a term of its own: more than any one statement of either engine could bind.
    const tags = Array.from({ length: 60_000 }, (_, i) => `tag${String(i).padStart(5, '0')}`);
    const entry = {
      workspaceId: newWorkspace(),
      id: randomUUID(),
      folder: 'sales',
      docSchema: 'https://gobl.org/draft-0/bill/invoice',
      snippet: { title: 'Tagged' },
      tags,
      createdAt: new Date(),
    };
    const bound: number[] = [];
    const counted = (steps: Generator<Step, void, any>) =>
      function* (): Generator<Step, void, any> {
        let next = steps.next();
        while (!next.done) {
          bound.push(next.value.parameters.length);
          next = steps.next(yield next.value);
        }
      };
    await runTransaction(t.server.dataSource, (mysql) =>
      counted(searchRowInserts([{ ...entry, terms: searchTermsOf(entry) }], { termRows: mysql }))(),
    );
    const rewritten = { ...entry, tags: tags.slice(1) };
    await runTransaction(t.server.dataSource, (mysql) =>
      counted(searchRowWrites({ ...rewritten, terms: searchTermsOf(rewritten) }, { mysql }))(),
    );
    expect(Math.max(...bound)).toBeLessThanOrEqual(1001);
    const [row] = (await t.server.dataSource.query('SELECT rid, term_count FROM entry_search WHERE workspace_id = ? AND entry_id = ?', [
      entry.workspaceId,
      entry.id,
    ])) as {
      rid: number | string;
      term_count: number | string;
    }[];
    expect(Number(row.term_count)).toBe(MAX_INDEXED_TERMS + 1); // and the folder's term
    if (testDatabase() === 'mariadb') {
      const [terms] = (await t.server.dataSource.query('SELECT COUNT(*) AS n FROM entry_search_term WHERE rid = ?', [row.rid])) as {
        n: number | string;
      }[];
      expect(Number(terms.n)).toBe(MAX_INDEXED_TERMS + 1);
    }
  });
});

describe('a search that keeps the database busy too long', () => {
  const onMariadb = testDatabase() === 'mariadb' ? test : test.skip;
  onMariadb('is stopped at SEARCH_TIME_LIMIT_MS and answered 400 naming q; the same search within the limit is answered', async () => {
    const bounded = await startServer({ SEARCH_TIME_LIMIT_MS: '1' });
    try {
      const workspace = newWorkspace();
      const repository = new EntryRepository(bounded.server.dataSource);
      const importer = new EntryImporter(repository);
      await importer.store(await collect(sampleEntries(importer, workspace, 4000, { templates: 20 })));
      const token = await tokenFor(workspace);
      const unbounded = client(t.url, token);
      // A word all 4,000 entries hold: reading and ranking its newest 1,000 matches takes well over a millisecond,
      // nearly always; a few tries make sure the limit is met once. Each answer is a 400 naming q, or a 200.
      let refused: Awaited<ReturnType<typeof unbounded.get>> | undefined;
      for (let attempt = 0; attempt < 5 && refused === undefined; attempt++) {
        const reply = await client(bounded.url, token).get('/silo/v1/search?q=sample');
        expect([200, 400]).toContain(reply.status);
        if (reply.status === 400) refused = reply;
      }
      expect(refused?.body).toMatchObject({ key: 'input', fields: { q: expect.stringMatching(/too many entries/) } });
      // Within the limit the same search is answered.
      const answered = await unbounded.get('/silo/v1/search?q=sample');
      expect(answered.status).toBe(200);
      expect(answered.body.list).toHaveLength(20);
    } finally {
      await bounded.close();
    }
  });
});

describe('the order a MySQL search walks its words in', () => {
  const word = (text: string, prefix = false) => ({ text, prefix });
  test('fewest matches first; past the bound, the word whose newest matches spread widest; a common prefix last', () => {
    const order = walkOrder(
      [
        { word: word('sample'), count: 100, top: 9000, edge: 8900 },
        { word: word('cust', true), count: 100 },
        { word: word('customer'), count: 100, top: 9000, edge: 8000 },
        { word: word('six'), count: 40, top: 8990, edge: undefined },
        { word: word('six', true), count: 40 },
      ],
      100,
    );
    expect(order.map((w) => `${w.text}${w.prefix ? '*' : ''}`)).toEqual(['six', 'six*', 'customer', 'sample', 'cust*']);
  });

  const onMariadb = testDatabase() === 'mariadb' ? test : test.skip;
  onMariadb("words that each pass the bound: the page is the one every word's matches give, ranked", async () => {
    const workspace = newWorkspace();
    const repository = new EntryRepository(t.server.dataSource);
    const importer = new EntryImporter(repository);
    // Of every ten sample entries, eight invoices hold "customer": both words are past the bound.
    const count = Math.ceil((DRIVER_PROBE * 10) / 8) + 500;
    await importer.store(await collect(sampleEntries(importer, workspace, count, { templates: 20 })));
    const api = client(t.url, await tokenFor(workspace));
    const prefix = workspaceToken(workspace);
    const [{ n }] = await t.server.dataSource.query(`SELECT COUNT(*) AS n FROM ${SEARCH_TERM_TABLE} WHERE term = ?`, [`${prefix}customer`]);
    expect(Number(n)).toBeGreaterThan(DRIVER_PROBE);
    // The newest MAX_SEARCH_RESULTS entries holding both words, ranked as the index ranks (fewer terms, then
    // newer), read entry by entry without the walk.
    const expected = async (offset: number) =>
      (
        (await t.server.dataSource.query(
          `SELECT m.entry_id FROM (SELECT s.entry_id, s.term_count, s.created_at FROM ${SEARCH_TABLE} s WHERE s.workspace_id = ? AND ` +
            `(SELECT COUNT(*) FROM ${SEARCH_TERM_TABLE} w WHERE w.rid = s.rid AND w.term IN (?, ?)) = 2 ORDER BY s.rid DESC LIMIT ${MAX_SEARCH_RESULTS}) m ` +
            'ORDER BY m.term_count, m.created_at DESC, m.entry_id DESC LIMIT 20 OFFSET ?',
          [workspace, `${prefix}sample`, `${prefix}customer`, offset],
        )) as { entry_id: string }[]
      ).map((row) => row.entry_id);
    for (const offset of [0, 40]) {
      const found = (await api.get(`/silo/v1/search?q=${encodeURIComponent('sample customer')}&offset=${offset}`)).body.list.map(
        (e: { id: string }) => e.id,
      );
      expect(found).toHaveLength(20);
      expect(found).toEqual(await expected(offset));
    }
  });
});
