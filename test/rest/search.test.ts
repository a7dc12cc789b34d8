import { client, newWorkspace, party, startServer, tokenFor, type TestServer } from '../helpers/server';
import { invoice } from '../helpers/documents';

let t: TestServer;
let api: ReturnType<typeof client>;
let other: ReturnType<typeof client>;
beforeAll(async () => {
  t = await startServer();
  api = client(t.url, await tokenFor(newWorkspace()));
  other = client(t.url, await tokenFor(newWorkspace()));
});
afterAll(() => t.close());

const ids = (reply: { body: { list: { id: string }[] } }) => reply.body.list.map((e) => e.id);
const search = (c: typeof api, params: Record<string, string>) => c.get(`/silo/v1/search?${new URLSearchParams(params)}`);

describe('GET /silo/v1/search', () => {
  let first: { id: string };
  let second: { id: string };
  let acme: { id: string };
  beforeAll(async () => {
    first = (await api.post('/silo/v1/entries', { key: 'order-77', data: invoice({ series: 'F', code: '0001' }) })).body;
    second = (
      await api.post('/silo/v1/entries', {
        folder: 'purchases',
        data: invoice({
          series: 'INV',
          code: '2026-042',
          issue_date: '2026-10-05',
          supplier: { name: 'Ácme Düsseldorf GmbH', tax_id: { country: 'ES', code: 'B12345674' } },
        }),
      })
    ).body;
    acme = (await api.post('/silo/v1/entries', { data: party('The Acme Company') })).body;
    expect([first, second, acme].every((e) => typeof e.id === 'string')).toBe(true);
  });

  test('a created entry is found at once, by its series and code written any way', async () => {
    for (const q of ['F-0001', 'f0001', 'F 0001', '0001']) {
      const reply = await search(api, { q });
      expect(reply.status).toBe(200);
      expect(ids(reply)).toContain(first.id);
      expect(ids(reply)).not.toContain(acme.id);
    }
    const reply = await search(api, { q: 'INV-2026-042' });
    expect(ids(reply)).toEqual([second.id]);
  });

  test("by the entry's id, with or without hyphens, or by its first or last group; not by a run of its middle groups", async () => {
    const groups = (first.id as string).split('-');
    for (const q of [first.id, groups.join(''), groups[4], `${groups[0]}*`]) expect(ids(await search(api, { q }))).toContain(first.id);
    for (const q of [groups.slice(2).join('-'), groups.slice(1).join('')]) expect(ids(await search(api, { q }))).toEqual([]);
  });

  test('the answer echoes the query and paging, entries without data', async () => {
    const reply = await search(api, { q: 'f-0001', limit: '5' });
    expect(reply.body).toMatchObject({ query: 'f-0001', limit: 5, offset: 0 });
    expect(reply.body.folder).toBeUndefined();
    expect(reply.body.list[0]).toMatchObject({ id: first.id, key: 'order-77', folder: 'sales' });
    expect(reply.body.list[0].data).toBeUndefined();
  });

  test('by party names (accents and case ignored; prefixes with *), tax ids with or without country, short words and stopwords', async () => {
    expect(ids(await search(api, { q: 'acme dusseldorf' }))).toEqual([second.id]);
    expect(ids(await search(api, { q: 'ACME' })).sort()).toEqual([second.id, acme.id].sort());
    expect(ids(await search(api, { q: 'the acme' }))).toEqual([acme.id]);
    expect(ids(await search(api, { q: 'B12345674' }))).toEqual([second.id]);
    expect(ids(await search(api, { q: 'ESB12345674' }))).toEqual([second.id]);
    expect(ids(await search(api, { q: 'b98602642' }))).toEqual([first.id]);
    expect(ids(await search(api, { q: 'gmbh' }))).toEqual([second.id]);
    expect(ids(await search(api, { q: 's.l.' }))).toEqual([first.id]);
    // Whole words, unless a word ends in *: then the words it begins.
    expect(ids(await search(api, { q: 'dussel' }))).toEqual([]);
    expect(ids(await search(api, { q: 'DÜSSEL*' }))).toEqual([second.id]);
    expect(ids(await search(api, { q: 'acm* dus*' }))).toEqual([second.id]);
    expect(ids(await search(api, { q: 'INV-2026*' }))).toEqual([second.id]);
  });

  test('by total, issue date, key, folder and document type', async () => {
    // 20 × 90.00 = 1800.00, plus 21% VAT: 2178.00
    expect(ids(await search(api, { q: '2178.00' })).sort()).toEqual([first.id, second.id].sort());
    expect(ids(await search(api, { q: '2178.01' }))).toEqual([]);
    expect(ids(await search(api, { q: '2026-10-05' }))).toEqual([second.id]);
    expect(ids(await search(api, { q: 'order-77' }))).toEqual([first.id]);
    expect(ids(await search(api, { q: 'purchases' }))).toEqual([second.id]);
    expect(ids(await search(api, { q: 'party acme' }))).toEqual([acme.id]);
  });

  test('folder filters; limit and offset page through the ranked matches', async () => {
    expect(ids(await search(api, { q: 'acme', folder: 'purchases' }))).toEqual([second.id]);
    expect(ids(await search(api, { q: 'acme', folder: 'sales' }))).toEqual([]);
    const all = ids(await search(api, { q: '2026' }));
    expect(all.length).toBeGreaterThanOrEqual(2);
    const pages = [...ids(await search(api, { q: '2026', limit: '1' })), ...ids(await search(api, { q: '2026', limit: '1', offset: '1' }))];
    expect(pages).toEqual(all.slice(0, 2));
    expect(ids(await search(api, { q: '2026', offset: '980' }))).toEqual([]);
  });

  test('another workspace never sees these entries, and finds its own', async () => {
    expect(ids(await search(other, { q: 'F-0001' }))).toEqual([]);
    expect(ids(await search(other, { q: 'acme' }))).toEqual([]);
    const mine = (await other.post('/silo/v1/entries', { data: invoice() })).body;
    expect(ids(await search(other, { q: 'F-0001' }))).toEqual([mine.id]);
    expect(ids(await search(api, { q: 'F-0001' }))).not.toContain(mine.id);
  });

  test('a word that matches nothing gives an empty list', async () => {
    const reply = await search(api, { q: 'acme zzzznothing' });
    expect(reply.status).toBe(200);
    expect(reply.body.list).toEqual([]);
  });

  test.each([
    [{}, 'q'],
    [{ q: '' }, 'q'],
    [{ q: '-- !! --' }, 'q'],
    [{ q: 'x'.repeat(257) }, 'q'],
    [{ q: Array.from({ length: 17 }, (_, i) => `w${i}`).join(' ') }, 'q'],
    [{ q: 'acme', limit: '0' }, 'limit'],
    [{ q: 'acme', limit: '101' }, 'limit'],
    [{ q: 'acme', limit: 'ten' }, 'limit'],
    [{ q: 'acme', offset: '-1' }, 'offset'],
    [{ q: 'acme', offset: '1000' }, 'offset'],
    [{ q: 'acme', offset: '990', limit: '20' }, 'offset'],
    [{ q: 'du*' }, 'q'],
    [{ q: 'acme', folder: 'Not A Folder' }, 'folder'],
  ])('bad parameters %j are 400 input naming %s', async (params, field) => {
    const reply = await search(api, params as Record<string, string>);
    expect(reply.status).toBe(400);
    expect(reply.body.key).toBe('input');
    expect(reply.body.fields[field]).toEqual(expect.any(String));
  });

  test('a repeated parameter is 400; another method is 405', async () => {
    expect((await api.get('/silo/v1/search?q=a&q=b')).status).toBe(400);
    expect((await api.post('/silo/v1/search?q=a', {})).status).toBe(405);
  });

  test('without a token: 401', async () => {
    expect((await client(t.url).get('/silo/v1/search?q=acme')).status).toBe(401);
  });
});

describe('search after an update, a folder move and a new state', () => {
  test('finds the entry by its new data, folder and state, and no longer by the old ones', async () => {
    const mine = client(t.url, await tokenFor(newWorkspace()));
    const entry = (await mine.post('/silo/v1/entries', { data: party('Zebulon Quartermaine') })).body;
    expect(ids(await search(mine, { q: 'Zebulon' }))).toEqual([entry.id]);

    const renamed = await mine.send('PATCH', `/silo/v1/entries/${entry.id}`, {
      content_type: 'application/merge-patch+json',
      data: { doc: { name: 'Xanthippe Oldcastle' } },
    });
    expect(renamed.status).toBe(200);
    expect(ids(await search(mine, { q: 'Zebulon' }))).toEqual([]);
    expect(ids(await search(mine, { q: 'Xanthippe' }))).toEqual([entry.id]);

    expect((await mine.send('PATCH', `/silo/v1/entries/${entry.id}`, { folder: 'archive_2026' })).status).toBe(200);
    expect(ids(await search(mine, { q: 'Xanthippe', folder: 'archive_2026' }))).toEqual([entry.id]);
    expect(ids(await search(mine, { q: 'Xanthippe', folder: 'parties' }))).toEqual([]);

    expect((await mine.post(`/silo/v1/entries/${entry.id}/states`, { key: 'rejected' })).status).toBe(200);
    expect(ids(await search(mine, { q: 'rejected' }))).toEqual([entry.id]);
  });
});
