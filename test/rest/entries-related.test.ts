import { client, newWorkspace, party, startServer, tokenFor, type TestServer } from '../helpers/server';
import { invoice } from '../helpers/documents';

let t: TestServer;
beforeAll(async () => {
  t = await startServer();
});
afterAll(() => t.close());

type Api = ReturnType<typeof client>;
const newApi = async (workspace = newWorkspace()) => client(t.url, await tokenFor(workspace));

async function create(api: Api, body: object) {
  const reply = await api.post('/silo/v1/entries', body);
  expect(reply.status).toBe(200);
  return reply.body;
}

/** id → context of a related page, in its order. */
const linksOf = (reply: { status: number; body: any }) => {
  expect(reply.status).toBe(200);
  return reply.body.list.map((e: any) => [e.id, e.context]);
};

/** An invoice, its credit note (previous_id + correct), a plain copy of it, and an unrelated entry. */
async function family(api: Api) {
  const inv = await create(api, { data: invoice({ code: 'R-1' }) });
  const credit = await create(api, { previous_id: inv.id, correct: { credit: true, reason: 'returned goods' } });
  const copy = await create(api, { previous_id: inv.id });
  const other = await create(api, { data: party('Nobody') });
  return { inv, credit, copy, other };
}

describe('related entries', () => {
  test('an invoice is related to its credit note and to its copies, and they to it', async () => {
    const api = await newApi();
    const { inv, credit, copy } = await family(api);
    expect(credit.data.doc.preceding[0].uuid).toBe(inv.data.doc.uuid); // GOBL names the document's own uuid
    expect(inv.data.doc.uuid).not.toBe(inv.id);

    const expected = [
      [copy.id, 'previous'],
      [credit.id, 'preceding'],
    ];
    expect(linksOf(await api.get(`/silo/v1/entries/${inv.id}/related`))).toEqual(expected);
    // By UUID: the entry's id, or its document's uuid, find the same entries.
    expect(linksOf(await api.get(`/silo/v1/entries/related?uuid=${inv.id}`))).toEqual(expected);
    expect(linksOf(await api.get(`/silo/v1/entries/related?uuid=${inv.data.doc.uuid}`))).toEqual(expected);
    expect(linksOf(await api.get(`/silo/v1/entries/related?uuid=${inv.id.toUpperCase()}`))).toEqual(expected);
    // The other way: what the credit note and the copy name.
    expect(linksOf(await api.get(`/silo/v1/entries/${credit.id}/related`))).toEqual([[inv.id, 'uuid']]);
    expect(linksOf(await api.get(`/silo/v1/entries/related?uuid=${credit.data.doc.uuid}`))).toEqual([[inv.id, 'uuid']]);
    expect(linksOf(await api.get(`/silo/v1/entries/${copy.id}/related`))).toEqual([[inv.id, 'uuid']]);
    // A related list has the entries' list fields, and no data.
    const page = await api.get(`/silo/v1/entries/${inv.id}/related`);
    expect(page.body).toMatchObject({ limit: 20 });
    for (const entry of page.body.list) expect(entry).not.toHaveProperty('data');
    // The main list and single fetches carry no context.
    for (const entry of (await api.get('/silo/v1/entries')).body.list) expect(entry).not.toHaveProperty('context');
  });

  test('a credit note uploaded with its preceding reference is found too; context filters', async () => {
    const api = await newApi();
    const { inv, credit, copy } = await family(api);
    const uploaded = await create(api, {
      data: invoice({ type: 'credit-note', code: 'CN-9', preceding: [{ uuid: inv.data.doc.uuid, code: 'R-1', issue_date: '2026-11-20' }] }),
    });
    expect(linksOf(await api.get(`/silo/v1/entries/${inv.id}/related`))).toEqual([
      [uploaded.id, 'preceding'],
      [copy.id, 'previous'],
      [credit.id, 'preceding'],
    ]);
    expect(linksOf(await api.get(`/silo/v1/entries/${inv.id}/related?context=preceding`))).toEqual([
      [uploaded.id, 'preceding'],
      [credit.id, 'preceding'],
    ]);
    // The credit note was made with previous_id as well: it has both links, and is listed under either.
    expect(linksOf(await api.get(`/silo/v1/entries/${inv.id}/related?context=previous`))).toEqual([
      [copy.id, 'previous'],
      [credit.id, 'previous'],
    ]);
    expect(linksOf(await api.get(`/silo/v1/entries/${inv.id}/related?context=uuid`))).toEqual([]);
    expect(linksOf(await api.get(`/silo/v1/entries/${uploaded.id}/related?context=uuid`))).toEqual([[inv.id, 'uuid']]);
    expect(linksOf(await api.get(`/silo/v1/entries/${inv.id}/related?context=line.item`))).toEqual([]);
  });

  test('a copy of a copy: each is related to the one it was made from', async () => {
    const api = await newApi();
    const first = await create(api, { data: party('First') });
    const second = await create(api, {
      previous_id: first.id,
      content_type: 'application/merge-patch+json',
      data: { doc: { name: 'Second' } },
    });
    const third = await create(api, { previous_id: second.id });
    expect(linksOf(await api.get(`/silo/v1/entries/${first.id}/related`))).toEqual([[second.id, 'previous']]);
    expect(linksOf(await api.get(`/silo/v1/entries/${second.id}/related?ascending=true`))).toEqual([
      [first.id, 'uuid'],
      [third.id, 'previous'],
    ]);
    expect(linksOf(await api.get(`/silo/v1/entries/${third.id}/related`))).toEqual([[second.id, 'uuid']]);
  });

  test('pages: cursors in both orders, none missed or repeated; a cursor only continues its own list', async () => {
    const api = await newApi();
    const inv = await create(api, { data: invoice({ code: 'R-2' }) });
    const copies = [];
    for (let i = 0; i < 7; i++) copies.push(await create(api, { previous_id: inv.id }));
    const byTime = (a: any, b: any) => (a.created_at === b.created_at ? (a.id < b.id ? -1 : 1) : a.created_at < b.created_at ? -1 : 1);
    for (const ascending of [false, true]) {
      const seen: string[] = [];
      let cursor: string | undefined;
      let pages = 0;
      do {
        const reply = await api.get(
          `/silo/v1/entries/${inv.id}/related?limit=3${ascending ? '&ascending=true' : ''}${cursor ? `&cursor=${cursor}` : ''}`,
        );
        expect(reply.status).toBe(200);
        seen.push(...reply.body.list.map((e: any) => e.id));
        cursor = reply.body.next_cursor;
        pages++;
      } while (cursor && pages < 10);
      const order = [...copies].sort(byTime).map((e) => e.id);
      expect(seen).toEqual(ascending ? order : order.reverse());
    }
    const related = (await api.get(`/silo/v1/entries/${inv.id}/related?limit=3`)).body.next_cursor;
    const listed = (await api.get('/silo/v1/entries?limit=3')).body.next_cursor;
    const refused = [
      `/silo/v1/entries?cursor=${related}`,
      `/silo/v1/entries/${inv.id}/related?cursor=${listed}`,
      `/silo/v1/entries/${copies[0].id}/related?cursor=${related}`,
      `/silo/v1/entries/${inv.id}/related?cursor=${related}&ascending=true`,
      `/silo/v1/entries/${inv.id}/related?cursor=${related}&context=previous`,
    ];
    for (const path of refused) {
      const reply = await api.get(path);
      expect(reply.status).toBe(400);
      expect(reply.body).toMatchObject({ key: 'input', fields: { cursor: expect.any(String) } });
    }
    // By UUID or by id, the same list: its cursors serve both routes.
    expect((await api.get(`/silo/v1/entries/related?uuid=${inv.id}&limit=3&cursor=${related}`)).status).toBe(200);
  });

  test('another workspace: never listed, its entry is 404, its UUID an empty list', async () => {
    const mine = await newApi();
    const theirs = await newApi();
    const { inv } = await family(mine);
    // Their credit note names my invoice's document: it stays theirs.
    await create(theirs, {
      data: invoice({ type: 'credit-note', code: 'CN-1', preceding: [{ uuid: inv.data.doc.uuid, code: 'R-1', issue_date: '2026-11-20' }] }),
    });
    expect(linksOf(await mine.get(`/silo/v1/entries/${inv.id}/related`))).toHaveLength(2);
    const fetched = await theirs.get(`/silo/v1/entries/${inv.id}/related`);
    expect(fetched.status).toBe(404);
    expect(fetched.body.key).toBe('not-found');
    expect(linksOf(await theirs.get(`/silo/v1/entries/related?uuid=${inv.id}`))).toEqual([]);
    expect(linksOf(await theirs.get(`/silo/v1/entries/related?uuid=${inv.data.doc.uuid}`))).toHaveLength(1); // only their own
  });

  test('errors: a bad uuid or id is 400, an unknown id 404, an unknown uuid an empty list', async () => {
    const api = await newApi();
    const entry = await create(api, { data: party('Solo') });
    const cases: [string, number, string][] = [
      ['/silo/v1/entries/related', 400, 'uuid'],
      ['/silo/v1/entries/related?uuid=not-a-uuid', 400, 'uuid'],
      ['/silo/v1/entries/not-a-uuid/related', 400, 'id'],
      [`/silo/v1/entries/${entry.id}/related?uuid=0190c000-0000-7000-8000-000000000000`, 400, 'uuid'],
      [`/silo/v1/entries/related?uuid=${entry.id}&context=Not%20Valid`, 400, 'context'],
      [`/silo/v1/entries/related?uuid=${entry.id}&limit=0`, 400, 'limit'],
      [`/silo/v1/entries/related?uuid=${entry.id}&ascending=maybe`, 400, 'ascending'],
      [`/silo/v1/entries/related?uuid=${entry.id}&created_at=yesterday`, 400, 'created_at'],
      [`/silo/v1/entries/related?uuid=${entry.id}&uuid=${entry.id}`, 400, 'uuid'],
    ];
    for (const [path, status, field] of cases) {
      const reply = await api.get(path);
      expect([path, reply.status]).toEqual([path, status]);
      expect(reply.body).toMatchObject({ key: 'input', fields: { [field]: expect.any(String) } });
    }
    const unknown = await api.get('/silo/v1/entries/0190c000-0000-7000-8000-000000000000/related');
    expect(unknown.status).toBe(404);
    expect(unknown.body.key).toBe('not-found');
    expect(await api.get('/silo/v1/entries/related?uuid=0190c000-0000-7000-8000-000000000000')).toMatchObject({
      status: 200,
      body: { list: [], limit: 20 },
    });
    expect(linksOf(await api.get(`/silo/v1/entries/${entry.id}/related`))).toEqual([]);
    expect((await api.post('/silo/v1/entries/related', {})).status).toBe(405);
    expect((await api.post(`/silo/v1/entries/${entry.id}/related`, {})).status).toBe(405);
  });
});

describe('related entries after an update', () => {
  test('an update that adds or drops a preceding reference changes the related lists; the previous link stays', async () => {
    const api = await newApi();
    const first = await create(api, { data: invoice({ code: 'U-1' }) });
    const second = await create(api, { data: invoice({ code: 'U-2' }) });
    const copy = await create(api, { previous_id: second.id });
    expect(linksOf(await api.get(`/silo/v1/entries/${first.id}/related`))).toEqual([]);

    const preceding = [{ uuid: first.data.doc.uuid, series: 'SAMPLE', code: 'U-1', issue_date: first.data.doc.issue_date }];
    const update = (data: object) =>
      api.send('PATCH', `/silo/v1/entries/${copy.id}`, { content_type: 'application/merge-patch+json', data });
    const added = await update({ doc: { preceding } });
    expect(added.status).toBe(200);
    expect(linksOf(await api.get(`/silo/v1/entries/${first.id}/related`))).toEqual([[copy.id, 'preceding']]);
    expect(linksOf(await api.get(`/silo/v1/entries/${second.id}/related`))).toEqual([[copy.id, 'previous']]);

    const dropped = await update({ doc: { preceding: null } });
    expect(dropped.status).toBe(200);
    expect(linksOf(await api.get(`/silo/v1/entries/${first.id}/related`))).toEqual([]);
    expect(linksOf(await api.get(`/silo/v1/entries/${second.id}/related`))).toEqual([[copy.id, 'previous']]);
  });
});
