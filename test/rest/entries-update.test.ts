import { client, newWorkspace, party, startServer, tokenFor, type TestServer } from '../helpers/server';
import { invoice, invoiceWithoutSupplier } from '../helpers/documents';

let t: TestServer;
let api: ReturnType<typeof client>;

beforeAll(async () => {
  t = await startServer();
});
beforeEach(async () => {
  api = client(t.url, await tokenFor(newWorkspace()));
});
afterAll(() => t.close());

const patch = (id: string, body: unknown, headers: Record<string, string> = {}) =>
  api.send('PATCH', `/silo/v1/entries/${id}`, body, headers);

async function stored(data: object, extra: object = {}) {
  const reply = await api.post('/silo/v1/entries', { data, ...extra });
  expect(reply.status).toBe(200);
  return reply.body;
}

describe('PATCH /silo/v1/entries/{id}', () => {
  test('a new document replaces the envelope: same id, a new version, the first one kept', async () => {
    const entry = await stored(party('Old Name'), { key: 'p-1' });
    expect(entry.version).toMatch(/^[0-9a-f]{10}$/);
    expect(entry.versions).toEqual([{ version: entry.version, at: entry.created_at, invalid: false, signed: false, src: 'api' }]);

    const reply = await patch(entry.id, { data: party('New Name') });
    expect(reply.status).toBe(200);
    expect(reply.headers.get('etag')).toBe(`"${reply.body.version}"`);
    const updated = reply.body;
    expect(updated.id).toBe(entry.id);
    expect(updated.key).toBe('p-1');
    expect(updated.data.head.uuid).toBe(entry.id);
    expect(updated.data.doc.name).toBe('New Name');
    expect(updated.snippet.title).toBe('New Name');
    expect(updated.version).not.toBe(entry.version);
    expect(updated.versions.map((v: any) => v.version)).toEqual([updated.version, entry.version]);
    expect(updated.created_at).toBe(entry.created_at);

    const old = await api.get(`/silo/v1/entries/${entry.id}/versions/${entry.version}`);
    expect(old.status).toBe(200);
    expect(old.body).toEqual({ version: entry.version, data: entry.data });
    const current = await api.get(`/silo/v1/entries/${entry.id}/versions/${updated.version}`);
    expect(current.body.data).toEqual(updated.data);
    expect((await api.get(`/silo/v1/entries/${entry.id}`)).body).toEqual(updated);
    const listed = (await api.get('/silo/v1/entries')).body.list[0];
    expect(listed.version).toBe(updated.version);
    expect(listed.versions).toHaveLength(2);
  });

  test('a merge patch and a JSON patch apply to the current envelope', async () => {
    const entry = await stored(invoice());
    const merged = await patch(entry.id, { content_type: 'application/merge-patch+json', data: { doc: { code: '0002' } } });
    expect(merged.status).toBe(200);
    expect(merged.body.data.doc.code).toBe('0002');
    expect(merged.body.data.head.uuid).toBe(entry.id);
    const patched = await patch(entry.id, {
      content_type: 'application/json-patch+json',
      data: [{ op: 'replace', path: '/doc/code', value: '0003' }],
    });
    expect(patched.status).toBe(200);
    expect(patched.body.snippet.code).toBe('0003');
    expect(patched.body.versions).toHaveLength(3);
    expect(patched.body.digest).not.toEqual(merged.body.digest);
  });

  test('an envelope naming another uuid is 400; a bad patch is 422; nothing changes', async () => {
    const entry = await stored(party('Same'));
    const other = await api.post('/silo/v1/gobl/build', { data: party('Other'), envelop: true });
    const wrong = await patch(entry.id, {
      data: { ...other.body.data, head: { ...other.body.data.head, uuid: '0190c000-0000-7000-8000-000000000001' } },
    });
    expect(wrong.status).toBe(400);
    const bad = await patch(entry.id, { content_type: 'application/json-patch+json', data: [{ op: 'remove', path: '/doc/nothing' }] });
    expect(bad.status).toBe(422);
    expect(bad.body.key).toBe('patch');
    const invalid = await patch(entry.id, { data: invoiceWithoutSupplier() });
    expect(invalid.status).toBe(422);
    expect(invalid.body.key).toBe('validation');
    expect((await api.get(`/silo/v1/entries/${entry.id}`)).body).toEqual(entry);
  });

  test('allow_invalid stores an invalid version, state invalid; a valid one clears it', async () => {
    const entry = await stored(invoice());
    const invalid = await patch(entry.id, { data: invoiceWithoutSupplier(), allow_invalid: true });
    expect(invalid.status).toBe(200);
    expect(invalid.body).toMatchObject({ invalid: true, state: 'invalid' });
    expect(invalid.body.versions[0]).toMatchObject({ invalid: true });
    const valid = await patch(entry.id, { data: invoice() });
    expect(valid.body.invalid).toBe(false);
    expect(valid.body.state).toBeUndefined();
  });

  test('a folder alone moves the entry without a new version', async () => {
    const entry = await stored(party('Mover'));
    const moved = await patch(entry.id, { folder: 'archive' });
    expect(moved.status).toBe(200);
    expect(moved.body.folder).toBe('archive');
    expect(moved.body.version).toBe(entry.version);
    expect(moved.body.versions).toHaveLength(1);
    expect((await api.get('/silo/v1/entries?folder=archive')).body.list.map((e: any) => e.id)).toEqual([entry.id]);
    expect((await patch(entry.id, { folder: 'Not A Folder' })).status).toBe(400);
  });

  test('sign makes a signed version; then data is refused 409 entry-signed, the folder may change', async () => {
    const entry = await stored(party('Signer'));
    const signed = await patch(entry.id, { sign: true });
    expect(signed.status).toBe(200);
    expect(signed.body.signed).toBe(true);
    expect(signed.body.data.sigs).toHaveLength(1);
    expect(signed.body.versions.map((v: any) => v.signed)).toEqual([true, false]);
    const changed = await patch(entry.id, { data: party('Changed') });
    expect(changed.status).toBe(409);
    expect(changed.body.key).toBe('entry-signed');
    const merged = await patch(entry.id, { content_type: 'application/merge-patch+json', data: { doc: { name: 'X' } } });
    expect(merged.body.key).toBe('entry-signed');
    const moved = await patch(entry.id, { folder: 'signed-ones', sign: true });
    expect(moved.status).toBe(200);
    expect(moved.body.folder).toBe('signed-ones');
    expect(moved.body.version).toBe(signed.body.version);
  });

  test('If-Match: the current version updates, another is 409 conflict', async () => {
    const entry = await stored(party('Guarded'));
    const stale = await patch(entry.id, { data: party('A') }, { 'if-match': '"0000000000"' });
    expect(stale.status).toBe(409);
    expect(stale.body.key).toBe('conflict');
    const fresh = await patch(entry.id, { data: party('B') }, { 'if-match': `"${entry.version}"` });
    expect(fresh.status).toBe(200);
    const again = await patch(entry.id, { data: party('C') }, { 'if-match': `"${entry.version}"` });
    expect(again.status).toBe(409);
  });

  test('concurrent updates of one version: one wins, the others are 409, none is lost', async () => {
    const entry = await stored(party('Race 0'));
    let version = entry.version;
    let names = ['Race 0'];
    for (let round = 1; round <= 8; round++) {
      const replies = await Promise.all(
        [1, 2, 3].map((n) => patch(entry.id, { data: party(`Race ${round}.${n}`) }, { 'if-match': `"${version}"` })),
      );
      const won = replies.filter((r) => r.status === 200);
      expect(won).toHaveLength(1);
      expect(replies.filter((r) => r.status === 409)).toHaveLength(2);
      version = won[0].body.version;
      names = [won[0].body.data.doc.name, ...names];
    }
    const final = (await api.get(`/silo/v1/entries/${entry.id}`)).body;
    expect(final.version).toBe(version);
    expect(final.versions).toHaveLength(9);
    for (const [i, v] of final.versions.entries()) {
      const data = (await api.get(`/silo/v1/entries/${entry.id}/versions/${v.version}`)).body.data;
      expect(data.doc.name).toBe(names[i]);
    }
  });

  test('concurrent patches without If-Match: each applies or is 409, never lost', async () => {
    const entry = await stored(invoice({ notes: [{ text: 'first' }] }));
    const replies = await Promise.all(
      Array.from({ length: 6 }, (_, n) =>
        patch(entry.id, {
          content_type: 'application/json-patch+json',
          data: [{ op: 'add', path: '/doc/notes/-', value: { text: `note ${n}` } }],
        }),
      ),
    );
    const won = replies.filter((r) => r.status === 200);
    expect(replies.filter((r) => ![200, 409].includes(r.status))).toEqual([]);
    expect(won.length).toBeGreaterThanOrEqual(1);
    expect(won.length + replies.filter((r) => r.status === 409).length).toBe(6);
    const final = (await api.get(`/silo/v1/entries/${entry.id}`)).body;
    expect(final.data.doc.notes).toHaveLength(won.length + 1);
    expect(final.versions).toHaveLength(won.length + 1);
  });

  test('two patches at once, many times over: every answered 200 is in the final envelope', async () => {
    const entry = await stored(invoice({ notes: [{ text: 'first' }] }));
    let applied = 0;
    for (let round = 0; round < 15; round++) {
      const replies = await Promise.all(
        ['a', 'b'].map((side) =>
          patch(entry.id, {
            content_type: 'application/json-patch+json',
            data: [{ op: 'add', path: '/doc/notes/-', value: { text: `${round}${side}` } }],
          }),
        ),
      );
      expect(replies.every((r) => r.status === 200 || (r.status === 409 && r.body.key === 'conflict'))).toBe(true);
      expect(replies.some((r) => r.status === 200)).toBe(true);
      applied += replies.filter((r) => r.status === 200).length;
    }
    const final = (await api.get(`/silo/v1/entries/${entry.id}`)).body;
    expect(final.data.doc.notes).toHaveLength(1 + applied);
    expect(final.versions).toHaveLength(1 + applied);
    expect(new Set(final.versions.map((v: any) => v.version)).size).toBe(1 + applied);
  });

  test('bad requests: unknown entry 404, bad id 400, bad body 400, another workspace 404', async () => {
    expect((await patch('0190c000-0000-7000-8000-000000000000', { folder: 'x' })).status).toBe(404);
    expect((await patch('not-a-uuid', { folder: 'x' })).status).toBe(400);
    const entry = await stored(party('Mine'));
    expect((await patch(entry.id, [1, 2])).status).toBe(400);
    const wrong = await patch(entry.id, { data: 'text', sign: 'yes' });
    expect(wrong.status).toBe(400);
    expect(Object.keys(wrong.body.fields).sort()).toEqual(['data', 'sign']);
    expect((await patch(entry.id, { content_type: 'application/merge-patch+json' })).status).toBe(400);
    const theirs = client(t.url, await tokenFor(newWorkspace()));
    expect((await theirs.send('PATCH', `/silo/v1/entries/${entry.id}`, { folder: 'x' })).status).toBe(404);
    expect((await theirs.get(`/silo/v1/entries/${entry.id}/versions/${entry.version}`)).status).toBe(404);
    expect((await api.get(`/silo/v1/entries/${entry.id}/versions/ffffffffff`)).status).toBe(404);
    expect((await api.send('DELETE', `/silo/v1/entries/${entry.id}`)).status).toBe(405);
  });
});
