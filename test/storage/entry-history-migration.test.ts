import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DataSource } from 'typeorm';
import { CreateEntries1763700000000 } from '../../migrations/1763700000000-CreateEntries';
import { AddFiles1764000000000 } from '../../migrations/1764000000000-AddFiles';
import { loadConfig, type Config } from '../../src/config';
import { runDocumentJob } from '../../src/domain/documents/document-pipeline';
import type { Entry } from '../../src/domain/entries/model/entry';
import { dataSourceOptions } from '../../src/storage/data-source';
import { storedJson } from '../../src/storage/packed-json';
import { invoice } from '../helpers/documents';
import { MARIADB_URL, client, newWorkspace, party, startServer, testDatabase, tokenFor, type TestServer } from '../helpers/server';

/**
 * Entries stored before versions and states existed (the schema of 1764000000000) read back unchanged once
 * AddEntryHistory has run, each with its one version; their first update keeps that version readable.
 */
const dir = mkdtempSync(path.join(tmpdir(), 'history-migration-'));
const mysqlUrl = (() => {
  const url = new URL(MARIADB_URL);
  url.pathname = `${url.pathname.replace(/^\//, '')}_history_migration`;
  return url.toString();
})();
const database: Config['database'] =
  testDatabase() === 'mariadb' ? loadConfig({ DATABASE_URL: mysqlUrl }).database : { type: 'sqlite', file: path.join(dir, 'old.sqlite') };

/** A fresh, empty database for this test (on MariaDB, a database of its own beside the test one), or none. */
async function freshDatabase(create = true): Promise<void> {
  if (database.type !== 'mysql') return;
  const server = new DataSource({ type: 'mysql', url: MARIADB_URL });
  await server.initialize();
  const name = new URL(mysqlUrl).pathname.slice(1);
  await server.query(`DROP DATABASE IF EXISTS \`${name}\``);
  if (create) await server.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  await server.destroy();
}

const OLD_COLUMNS = [
  'workspace_id',
  'id',
  'entry_key',
  'folder',
  'doc_schema',
  'env_schema',
  'state',
  'signed',
  'invalid',
  'digest_alg',
  'digest_val',
  'snippet',
  'tags',
  'faults',
  'data',
  'created_at',
  'updated_at',
];

function made(workspaceId: string, body: object, now: Date): Entry {
  const outcome = runDocumentJob({ workspaceId, body: JSON.stringify(body), now }, { newId: () => crypto.randomUUID() });
  if (!('entry' in outcome)) throw new Error('unexpected');
  return outcome.entry;
}

let t: TestServer | undefined;
afterAll(async () => {
  await t?.close();
  await freshDatabase(false);
  rmSync(dir, { recursive: true, force: true });
});

test('entries of the old schema read back unchanged after the migration, with one version each', async () => {
  await freshDatabase();
  const old = new DataSource({
    ...dataSourceOptions(database),
    migrations: [CreateEntries1763700000000, AddFiles1764000000000],
    entities: [],
  });
  await old.initialize();
  await old.runMigrations({ transaction: 'each' });
  const workspace = newWorkspace();
  const entries = [
    made(workspace, { data: party('Old Party'), key: 'old-1' }, new Date('2026-11-01T10:00:00.000Z')),
    made(workspace, { data: invoice(), folder: 'archive' }, new Date('2026-11-02T10:00:00.000Z')),
  ];
  for (const e of entries) {
    const values = [
      e.workspaceId,
      e.id,
      e.key ?? null,
      e.folder,
      e.docSchema,
      e.envSchema,
      e.state ?? null,
      e.signed ? 1 : 0,
      e.invalid ? 1 : 0,
      e.digest.alg,
      e.digest.val,
      JSON.stringify(e.snippet),
      JSON.stringify(e.tags),
      JSON.stringify(e.faults),
      e.dataJson,
      e.createdAt.getTime(),
      e.updatedAt.getTime(),
    ];
    await old.query(`INSERT INTO entries (${OLD_COLUMNS.join(', ')}) VALUES (${OLD_COLUMNS.map(() => '?').join(', ')})`, values);
  }
  const rowsBefore = await old.query(`SELECT ${OLD_COLUMNS.join(', ')} FROM entries ORDER BY id`);
  await old.destroy();

  // The service migrates at start.
  t = await startServer({ DATABASE_URL: database.type === 'mysql' ? database.url : `sqlite:${database.file}` });
  const api = client(t.url, await tokenFor(workspace));
  // The envelope as the row holds it now: packed by the service's background packing, or still text.
  const rowsAfter = (
    await t.server.dataSource.query(`SELECT ${OLD_COLUMNS.join(', ')}, version, data_packed FROM entries ORDER BY id`)
  ).map(({ data_packed: packed, ...row }: any) => ({ ...row, data: storedJson({ data: row.data, dataPacked: packed }) }));
  expect(rowsAfter.map(({ version: _version, ...row }: any) => row)).toEqual(rowsBefore);
  expect(rowsAfter.map((row: any) => row.version)).toEqual([null, null]);

  for (const e of entries) {
    const fetched = (await api.get(`/silo/v1/entries/${e.id}`)).body;
    expect(fetched.key).toBe(e.key);
    expect(fetched).toMatchObject({
      id: e.id,
      folder: e.folder,
      digest: e.digest,
      snippet: e.snippet,
      created_at: e.createdAt.toISOString(),
    });
    expect(fetched.data).toEqual(JSON.parse(e.dataJson!));
    const version = e.digest.val.slice(0, 10);
    expect(fetched.version).toBe(version);
    expect(fetched.versions).toEqual([{ version, at: e.createdAt.toISOString(), invalid: false, signed: false, src: 'api' }]);
    expect((await api.get(`/silo/v1/entries/${e.id}/versions/${version}`)).body).toEqual({ version, data: fetched.data });
  }
  const listed = (await api.get('/silo/v1/entries')).body.list;
  expect(listed.map((e: any) => e.version)).toEqual([entries[1].digest.val.slice(0, 10), entries[0].digest.val.slice(0, 10)]);

  // The first update of an old entry keeps its original version, readable by the id it had.
  const [first] = entries;
  const original = first.digest.val.slice(0, 10);
  const updated = await api.send('PATCH', `/silo/v1/entries/${first.id}`, { data: party('New Party') }, { 'if-match': `"${original}"` });
  expect(updated.status).toBe(200);
  expect(updated.body.versions.map((v: any) => v.version)).toEqual([updated.body.version, original]);
  expect((await api.get(`/silo/v1/entries/${first.id}/versions/${original}`)).body.data).toEqual(JSON.parse(first.dataJson!));
  expect((await api.post(`/silo/v1/entries/${first.id}/states`, { key: 'sent' })).status).toBe(200);
  expect((await api.get(`/silo/v1/entries/${first.id}`)).body.state).toBe('sent');
});
