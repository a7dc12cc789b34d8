import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createConnection } from 'mysql2/promise';
import { DataSource } from 'typeorm';
import { loadConfig, type Config } from '../../src/config';
import { MIGRATIONS, dataSourceOptions } from '../../src/storage/data-source';
import { unpackJson } from '../../src/storage/packed-json';
import { invoice } from '../helpers/documents';
import { MARIADB_URL, client, newWorkspace, party, startServer, testDatabase, tokenFor, type TestServer } from '../helpers/server';

/**
 * Entries stored before the entry_refs migration are found as related once it has run: it reads their envelopes
 * (and 1764600000000, which extends that table, gives the references their entries' times). Those envelopes are
 * text, as they were then: packing came later (1764730000000).
 * The old schema is made in a database of its own (a temporary SQLite file, or a scratch MariaDB database).
 */
const BEFORE_REFS = MIGRATIONS.filter(
  (migration) => !['AddEntryRefs1764200000000', 'RefsByTime1764600000000', 'PackedEnvelopes1764730000000'].includes(migration.name),
);

let source: TestServer;
let scratch: { database: Config['database']; env: Record<string, string>; drop(): Promise<void> };

async function scratchDatabase(): Promise<typeof scratch> {
  if (testDatabase() === 'sqlite') {
    const dir = mkdtempSync(path.join(tmpdir(), 'entries-refs-migration-'));
    const file = path.join(dir, 'old.sqlite');
    return {
      database: { type: 'sqlite', file },
      env: { DATABASE_URL: `sqlite:${file}` },
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const url = new URL(MARIADB_URL);
  const name = `${url.pathname.slice(1)}_refs_migration`;
  const admin = async (sql: string) => {
    const connection = await createConnection({
      host: url.hostname,
      port: Number(url.port || 3306),
      user: decodeURIComponent(url.username),
      password: decodeURIComponent(url.password),
    });
    try {
      await connection.query(sql);
    } finally {
      await connection.end();
    }
  };
  await admin(`DROP DATABASE IF EXISTS \`${name}\``);
  await admin(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4`);
  url.pathname = `/${name}`;
  return {
    database: loadConfig({ DATABASE_URL: url.toString() }).database,
    env: { DATABASE_URL: url.toString() },
    drop: () => admin(`DROP DATABASE IF EXISTS \`${name}\``),
  };
}

beforeAll(async () => {
  source = await startServer();
  scratch = await scratchDatabase();
});
afterAll(async () => {
  await source.close();
  await scratch.drop();
});

test('entries stored on the schema before entry_refs are related after the migration', async () => {
  // Entries made by the service, then copied as rows into a database at the older schema.
  const workspace = newWorkspace();
  const api = client(source.url, await tokenFor(workspace));
  const create = async (body: object) => (await api.post('/silo/v1/entries', body)).body;
  const inv = await create({ data: invoice({ code: 'M-1' }) });
  const credit = await create({ previous_id: inv.id, correct: { credit: true, reason: 'returned goods' } });
  const uploaded = await create({
    data: invoice({ type: 'credit-note', code: 'CN-2', preceding: [{ uuid: inv.data.doc.uuid, code: 'M-1', issue_date: '2026-11-20' }] }),
  });
  const other = await create({ data: party('Other') });
  expect([inv, credit, uploaded, other].every((entry) => typeof entry.id === 'string')).toBe(true);
  const rows: Record<string, unknown>[] = await source.server.dataSource.query('SELECT * FROM entries WHERE workspace_id = ?', [workspace]);
  expect(rows).toHaveLength(4);

  const old = new DataSource({ ...dataSourceOptions(scratch.database), migrations: BEFORE_REFS });
  await old.initialize();
  try {
    await old.runMigrations({ transaction: 'each' });
    // As the older service stored them: the envelope as text, no packed columns.
    for (const stored of rows) {
      const row: Record<string, unknown> = { ...stored, data: unpackJson(stored.data_packed as Buffer) };
      delete row.data_packed;
      delete row.data_size;
      const columns = Object.keys(row);
      const escape = (name: string) => old.driver.escape(name);
      await old.query(
        `INSERT INTO entries (${columns.map(escape).join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`,
        columns.map((c) => row[c]),
      );
    }
  } finally {
    await old.destroy();
  }

  // The service starts on that database: the migration runs and fills in the references.
  const migrated = await startServer(scratch.env);
  try {
    const mine = client(migrated.url, await tokenFor(workspace));
    const links = async (path: string) => {
      const reply = await mine.get(path);
      expect(reply.status).toBe(200);
      return reply.body.list.map((e: any) => [e.id, e.context]);
    };
    expect(await links(`/silo/v1/entries/${inv.id}/related`)).toEqual([
      [uploaded.id, 'preceding'],
      [credit.id, 'preceding'],
    ]);
    expect(await links(`/silo/v1/entries/related?uuid=${inv.data.doc.uuid}`)).toEqual([
      [uploaded.id, 'preceding'],
      [credit.id, 'preceding'],
    ]);
    expect(await links(`/silo/v1/entries/${credit.id}/related`)).toEqual([[inv.id, 'uuid']]);
    expect(await links(`/silo/v1/entries/${other.id}/related`)).toEqual([]);
    // Every reference carries its entry's time (the order of related pages).
    const refs: { entry_id: string; created_at: number | string }[] = await migrated.server.dataSource.query(
      'SELECT entry_id, created_at FROM entry_refs WHERE workspace_id = ?',
      [workspace],
    );
    expect(refs.length).toBeGreaterThan(0);
    for (const ref of refs) expect(Number(ref.created_at)).toBe(Number(rows.find((row) => row.id === ref.entry_id)!.created_at));
    // Another workspace sees none of it.
    const theirs = client(migrated.url, await tokenFor(newWorkspace()));
    expect((await theirs.get(`/silo/v1/entries/related?uuid=${inv.data.doc.uuid}`)).body.list).toEqual([]);
    // New entries on the migrated database are related as they are stored.
    const copy = (await mine.post('/silo/v1/entries', { previous_id: inv.id })).body;
    expect(await links(`/silo/v1/entries/${inv.id}/related?context=previous`)).toEqual([[copy.id, 'previous']]);
  } finally {
    await migrated.close();
  }
});
