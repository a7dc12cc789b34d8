import { createHash } from 'node:crypto';
import { client, newWorkspace, party, startServer, tokenFor, type TestServer } from '../helpers/server';

/**
 * ENTRY_PARTS_LIMIT: an entry's files and meta rows together weigh at most this many bytes as its answers show them,
 * so that the entry always fits one request's PAGE_DATA_BUDGET and can be read. A write past it is 413 and stores
 * nothing; a write that makes the entry lighter is always taken.
 */
const LIMIT = 300 * 1024;
let t: TestServer;
let api: ReturnType<typeof client>;
beforeAll(async () => {
  t = await startServer({ ENTRY_PARTS_LIMIT: '300kb' });
  api = client(t.url, await tokenFor(newWorkspace()));
});
afterAll(() => t.close());

const newEntry = async (name: string) => (await api.post('/silo/v1/entries', { data: party(name) })).body.id as string;
const metaPath = (entry: string, key: string) => `/silo/v1/entries/${entry}/meta/${key}`;
/** About 60 KiB of JSON. */
const heavy = (tag: string) => ({ note: `${tag}:${'x'.repeat(60 * 1024)}` });
const placeholder = (name: string, meta: object) => ({
  name,
  mime: 'application/pdf',
  size: 5,
  sha256: createHash('sha256').update('hello').digest('hex'),
  meta,
});

test('files and meta rows up to the limit are taken and the entry reads whole; the next is 413 and stores nothing', async () => {
  const entry = await newEntry('Weighed');
  for (const key of ['a', 'b']) expect((await api.put(metaPath(entry, key), { value: heavy(key) })).status).toBe(200);
  for (const name of ['one.pdf', 'two.pdf'])
    expect((await api.post(`/silo/v1/entries/${entry}/files`, placeholder(name, heavy(name)))).status).toBe(200);

  const tooMuchMeta = await api.put(metaPath(entry, 'c'), { value: heavy('c') });
  expect(tooMuchMeta.status).toBe(413);
  expect(tooMuchMeta.body).toMatchObject({ key: 'payload-too-large', message: expect.stringContaining('ENTRY_PARTS_LIMIT') });
  expect((await api.get(metaPath(entry, 'c'))).status).toBe(404);

  const tooMuchFile = await api.post(`/silo/v1/entries/${entry}/files`, placeholder('three.pdf', heavy('three')));
  expect(tooMuchFile.status).toBe(413);
  expect(tooMuchFile.body.message).toContain('ENTRY_PARTS_LIMIT');

  // A light row still fits, and the entry is read with every part, over REST and GraphQL alike.
  expect((await api.put(metaPath(entry, 'small'), { value: { ok: true } })).status).toBe(200);
  const read = await api.get(`/silo/v1/entries/${entry}`);
  expect(read.status).toBe(200);
  expect(read.body.attachments.map((a: { name: string }) => a.name)).toEqual(['one.pdf', 'two.pdf']);
  expect(read.body.meta.map((m: { key: string }) => m.key).sort()).toEqual(['a', 'b', 'small']);
  const graphql = await api.post('/graphql', { query: `{ entry(id: "${entry}") { attachments { name } meta { key } } }` });
  expect(graphql.body.errors).toBeUndefined();
  expect(graphql.body.data.entry.attachments).toHaveLength(2);
});

test('a heavy row replaced by a lighter one is taken, and makes room again', async () => {
  const entry = await newEntry('Lighter');
  for (const key of ['a', 'b', 'c', 'd']) expect((await api.put(metaPath(entry, key), { value: heavy(key) })).status).toBe(200);
  expect((await api.put(metaPath(entry, 'e'), { value: heavy('e') })).status).toBe(413);
  expect((await api.put(metaPath(entry, 'a'), { value: { light: true } })).status).toBe(200);
  expect((await api.put(metaPath(entry, 'e'), { value: heavy('e') })).status).toBe(200);
});

test('writes at once never take the entry past the limit, and none is a 500', async () => {
  const entry = await newEntry('Racing');
  const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => api.put(metaPath(entry, `k${i}`), { value: heavy(`k${i}`) })));
  for (const answer of answers) expect([200, 413]).toContain(answer.status);
  const taken = answers.filter((a) => a.status === 200).length;
  // Each row weighs a little over 60 KiB: four fit under 300 KiB, a fifth does not.
  expect(taken).toBe(4);
  const read = await api.get(`/silo/v1/entries/${entry}`);
  expect(read.body.meta).toHaveLength(4);
  expect(JSON.stringify(read.body.meta).length).toBeLessThan(LIMIT);
});
