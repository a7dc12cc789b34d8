import { randomUUID } from 'node:crypto';
import { client, newWorkspace, party, startServer, tokenFor, type TestServer } from '../helpers/server';

/**
 * Identifiers the database stores or compares must be well-formed Unicode. A lone surrogate (a JSON
 * `\ud83d` escape, which JSON.parse keeps) has no UTF-8 form: MariaDB stored U+FFFD in its place, so
 * `tenant-\ud83d` and `tenant-\udc00` were one workspace there, and two keys one key. Both databases now
 * refuse them alike: a workspace claim with 401, a key or folder with 400 naming the field, nothing stored.
 */
let t: TestServer;
beforeAll(async () => {
  t = await startServer();
});
afterAll(() => t.close());

const rowsOf = async (where: string, value: string): Promise<number> => {
  const [row] = await t.server.dataSource.query(`SELECT COUNT(*) AS n FROM entries WHERE ${where} LIKE ?`, [`${value}%`]);
  return Number(row.n);
};

const expectInput = (reply: { status: number; body: any }, field: string) => {
  expect(reply.status).toBe(400);
  expect(reply.body).toEqual({
    key: 'input',
    code: 'input',
    message: expect.stringContaining(`${field}:`),
    fields: { [field]: expect.any(String) },
  });
};

describe('workspace claims', () => {
  test('two tenants that differ only by lone surrogates stay apart: each is refused with 401, nothing stored', async () => {
    const prefix = `tenant-${randomUUID()}-`;
    const first = client(t.url, await tokenFor(`${prefix}\ud83d`));
    const second = client(t.url, await tokenFor(`${prefix}\udc00`));
    for (const reply of [
      await first.post('/silo/v1/entries', { data: party('First'), key: 'shared' }),
      await second.get('/silo/v1/entries/key/shared'),
      await second.get('/silo/v1/entries'),
    ]) {
      expect(reply.status).toBe(401);
      expect(reply.headers.get('www-authenticate')).toBe('Bearer');
      expect(reply.body).toEqual({
        key: 'unauthorized',
        code: 'unauthorized',
        message: 'the workspace_id claim must be well-formed Unicode',
      });
    }
    expect(await rowsOf('workspace_id', prefix)).toBe(0);
    // A workspace named with the replacement character itself is well-formed, and its own.
    const replacement = client(t.url, await tokenFor(`${prefix}\ufffd`));
    expect((await replacement.post('/silo/v1/entries', { data: party('Replacement'), key: 'shared' })).status).toBe(200);
    expect((await replacement.get('/silo/v1/entries')).body.list).toHaveLength(1);
  });

  test('a surrogate pair is one character, and a workspace like any other', async () => {
    const api = client(t.url, await tokenFor(`tenant-${randomUUID()}-\ud83d\ude00`));
    expect((await api.post('/silo/v1/entries', { data: party('Smile'), key: 'smile-\ud83d\ude00' })).status).toBe(200);
    expect((await api.get(`/silo/v1/entries/key/${encodeURIComponent('smile-\ud83d\ude00')}`)).body.key).toBe('smile-\ud83d\ude00');
  });
});

describe('keys and folders', () => {
  test('a key with a lone surrogate is 400 on create (POST and PUT), and nothing is stored', async () => {
    const workspace = newWorkspace();
    const api = client(t.url, await tokenFor(workspace));
    for (const key of ['inv-\ud83d', 'inv-\udc00', '\ude00inv']) {
      expectInput(await api.post('/silo/v1/entries', { data: party('Keyed'), key }), 'key');
      expectInput(await api.put(`/silo/v1/entries/${randomUUID()}`, { data: party('Keyed'), key }), 'key');
    }
    // The JSON escape as the client wrote it, not as JSON.stringify would.
    expectInput(
      await api.post(
        '/silo/v1/entries',
        '{"data": {"$schema": "https://gobl.org/draft-0/org/party", "name": "Raw"}, "key": "inv-\\ud83d"}',
      ),
      'key',
    );
    expect(await rowsOf('workspace_id', workspace)).toBe(0);
    expect((await api.get('/silo/v1/entries')).body.list).toEqual([]);
  });

  test('GET by key: a percent-encoded lone surrogate is 400 naming the key; another workspace key stays unreachable', async () => {
    const api = client(t.url, await tokenFor(newWorkspace()));
    expect((await api.post('/silo/v1/entries', { data: party('Kept'), key: 'inv-\ufffd' })).status).toBe(200);
    expectInput(await api.get('/silo/v1/entries/key/inv-%ED%A0%BD'), 'key');
    expectInput(await api.get('/silo/v1/entries/key/inv-%ED%B0%80'), 'key');
    expect((await api.get(`/silo/v1/entries/key/${encodeURIComponent('inv-\ufffd')}`)).status).toBe(200);
  });

  test('a folder with a lone surrogate is 400, in the create body and in the list filter', async () => {
    const workspace = newWorkspace();
    const api = client(t.url, await tokenFor(workspace));
    expectInput(await api.post('/silo/v1/entries', { data: party('Filed'), folder: 'sales\ud83d' }), 'folder');
    expectInput(await api.get('/silo/v1/entries?folder=sales%ED%A0%BD'), 'folder');
    expect(await rowsOf('workspace_id', workspace)).toBe(0);
  });

  test('previous_id with a lone surrogate is 400', async () => {
    const api = client(t.url, await tokenFor(newWorkspace()));
    expectInput(
      await api.post('/silo/v1/entries', {
        previous_id: `${randomUUID().slice(0, 35)}\ud83d`,
        content_type: 'application/merge-patch+json',
        data: {},
      }),
      'previous_id',
    );
  });
});
