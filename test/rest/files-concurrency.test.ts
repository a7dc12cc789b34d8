import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { client, newWorkspace, party, startServer, tokenFor, type TestServer } from '../helpers/server';

/**
 * Writes of one entry's files at the same time: on MySQL/MariaDB they run on separate connections, and each
 * must see what the one before it wrote. No 500, no lost version, one stored copy of a placeholder's bytes.
 */
let t: TestServer;
let token: string;
let api: ReturnType<typeof client>;
let entryId: string;
let workspace: string;

beforeAll(async () => {
  t = await startServer();
});
beforeEach(async () => {
  workspace = newWorkspace();
  token = await tokenFor(workspace);
  api = client(t.url, token);
  const entry = await api.post('/silo/v1/entries', { data: party('Races Ltd') });
  expect(entry.status).toBe(200);
  entryId = entry.body.id;
});
afterAll(() => t.close());

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const RACERS = 6;

/** Rows of a table for this test's workspace: what is stored, whatever the answers said. */
async function countRows(table: 'file_contents' | 'file_content_chunks' | 'entry_attachments'): Promise<number> {
  const [row] = await t.server.dataSource.query(`SELECT COUNT(*) AS n FROM ${table} WHERE workspace_id = ?`, [workspace]);
  return Number(row.n);
}

/** A JSON upload of `bytes`, two chunks' worth so that each write takes a while. */
const upload = (bytes: Buffer, name: string) => ({ name, mime: 'application/octet-stream', data: bytes.toString('base64') });

describe('concurrent writes of files', () => {
  test('six PUTs of one new id: each is 200 or 409, never 500; every 200 is a version of the one file', async () => {
    const id = randomUUID();
    const bodies = Array.from({ length: RACERS }, (_, i) => randomBytes(64 * 1024 + i));
    const answers = await Promise.all(
      bodies.map((bytes, i) => api.put(`/silo/v1/entries/${entryId}/files/${id}`, upload(bytes, `race-${i}.bin`))),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.every((s) => s === 200 || s === 409)).toBe(true);
    const stored = answers.filter((a) => a.status === 200).length;
    expect(stored).toBeGreaterThanOrEqual(1);

    const file = (await api.get(`/silo/v1/entries/${entryId}/files/${id}/meta`)).body;
    // Every accepted write is the current content or one of the versions, none lost.
    expect(file.previous).toHaveLength(stored - 1);
    const kept = new Set([file.hash, ...file.previous.map((v: { hash: string }) => v.hash)]);
    for (const [i, answer] of answers.entries()) if (answer.status === 200) expect(kept.has(sha256(bodies[i]))).toBe(true);
    expect(await countRows('entry_attachments')).toBe(1);
    expect(await countRows('file_contents')).toBe(stored);
  });

  test('six replacements of one file at once keep all six earlier contents (or the losers are 409 and store nothing)', async () => {
    const id = randomUUID();
    const first = randomBytes(1000);
    expect((await api.put(`/silo/v1/entries/${entryId}/files/${id}`, upload(first, 'first.bin'))).status).toBe(200);
    const bodies = Array.from({ length: RACERS }, () => randomBytes(1024 * 1024 + 17));
    const answers = await Promise.all(
      bodies.map((bytes, i) => api.put(`/silo/v1/entries/${entryId}/files/${id}`, upload(bytes, `v${i}.bin`))),
    );
    expect(answers.map((a) => a.status).every((s) => s === 200 || s === 409)).toBe(true);
    const stored = answers.filter((a) => a.status === 200).length;

    const file = (await api.get(`/silo/v1/entries/${entryId}/files/${id}/meta`)).body;
    expect(file.previous).toHaveLength(stored);
    const hashes = [file.hash, ...file.previous.map((v: { hash: string }) => v.hash)];
    expect(new Set(hashes).size).toBe(stored + 1);
    expect(hashes).toContain(sha256(first));
    for (const [i, answer] of answers.entries()) if (answer.status === 200) expect(hashes).toContain(sha256(bodies[i]));
    // Every content stored is one the file refers to: nothing orphaned.
    expect(await countRows('file_contents')).toBe(stored + 1);
    expect(await countRows('file_content_chunks')).toBe(1 + stored * 2);
    for (const version of file.previous) {
      const download = await fetch(`${t.url}/silo/v1/entries/${entryId}/files/${version.id}/download`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(download.status).toBe(200);
      expect(sha256(Buffer.from(await download.arrayBuffer()))).toBe(version.hash);
    }
  });

  test("six uploads of a placeholder's bytes at once: one stores them, the others are 409, one stored copy", async () => {
    const bytes = randomBytes(1024 * 1024 + 5);
    const placeholder = await api.post(`/silo/v1/entries/${entryId}/files`, {
      name: 'later.bin',
      mime: 'application/octet-stream',
      sha256: sha256(bytes),
      size: bytes.length,
    });
    expect(placeholder.status).toBe(200);
    const url = placeholder.body.url;
    const answers = await Promise.all(
      Array.from({ length: RACERS }, () =>
        fetch(url, {
          method: 'PUT',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' },
          body: bytes,
        }),
      ),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([200, ...Array(RACERS - 1).fill(409)]);
    for (const answer of answers) if (answer.status === 409) expect(await answer.json()).toMatchObject({ key: 'conflict' });
    expect(await countRows('file_contents')).toBe(1);
    expect(await countRows('file_content_chunks')).toBe(2);
    const file = (await api.get(`/silo/v1/entries/${entryId}/files/${placeholder.body.id}/meta`)).body;
    expect(file).toMatchObject({ stored: true, hash: sha256(bytes), previous: [] });
  });
});
