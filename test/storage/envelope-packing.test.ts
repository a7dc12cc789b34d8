import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DataSource } from 'typeorm';
import { loadConfig, type Config } from '../../src/config';
import { MIGRATIONS, dataSourceOptions, openDataSource } from '../../src/storage/data-source';
import { EntryRepository } from '../../src/storage/entry.repository';
import { packEnvelopes, type PackingProgress } from '../../src/storage/envelope-packing';
import { unpackJson } from '../../src/storage/packed-json';
import { invoice, invoiceOfLines, message } from '../helpers/documents';
import { freshMysqlDatabase } from '../helpers/database-check';
import { runMigrateCli } from '../helpers/migrate-command';
import { ownDatabase } from '../helpers/own-database';
import { client, MARIADB_URL, startServer, testDatabase, tokenFor, newWorkspace, party, type TestServer } from '../helpers/server';

/**
 * Envelopes are stored packed, and a database written before that has its text envelopes packed in place, in
 * batches that can stop anywhere and go on: every answer reads back byte for byte the same, digests included.
 */
describe('packed envelopes', () => {
  let database: Config['database'];
  let databaseEnv: Record<string, string>;
  let cleanup: () => Promise<void>;

  beforeAll(async () => {
    const own = await ownDatabase('packing');
    databaseEnv = own.env;
    cleanup = own.drop;
    database = loadConfig(databaseEnv).database;
  });
  afterAll(() => cleanup());

  /** The raw text of every answer that shows an envelope: each entry, each of its versions, and a list page. */
  async function answers(t: TestServer, token: string, ids: string[]): Promise<string[]> {
    const read = async (p: string) => {
      const response = await fetch(`${t.url}${p}`, { headers: { authorization: `Bearer ${token}` } });
      expect(response.status).toBe(200);
      return response.text();
    };
    const texts = [await read('/silo/v1/entries?limit=100')];
    for (const id of ids) {
      const entry = await read(`/silo/v1/entries/${id}`);
      texts.push(entry);
      for (const version of JSON.parse(entry).versions ?? [])
        texts.push(await read(`/silo/v1/entries/${id}/versions/${version.version ?? version}`));
    }
    return texts;
  }

  test('new entries and versions are stored packed, their size beside them, and read back as they were sent', async () => {
    const t = await startServer(databaseEnv);
    try {
      const token = await tokenFor(newWorkspace());
      const api = client(t.url, token);
      const created = await api.post('/silo/v1/entries', { data: invoice({ notes: [{ text: 'Ünïcødé ✓ — 日本語 🧾' }] }) });
      expect(created.status).toBe(200);
      const changed = await api.send('PATCH', `/silo/v1/entries/${created.body.id}`, {
        content_type: 'application/merge-patch+json',
        data: { doc: { code: '0002' } },
      });
      expect(changed.status).toBe(200);

      const [row] = await t.server.dataSource.query('SELECT data, data_packed, data_size FROM entries WHERE id = ?', [created.body.id]);
      expect(row.data).toBe('');
      const text = unpackJson(row.data_packed);
      expect(JSON.parse(text)).toEqual(changed.body.data);
      expect(Number(row.data_size)).toBe(Buffer.byteLength(text));
      // A seed-like invoice packs to well under half its text.
      expect(row.data_packed.length).toBeLessThan(Buffer.byteLength(text) / 2);

      // A large envelope (over 64 KiB) is stored as text, and the packing of old rows leaves it so.
      const large = await api.post('/silo/v1/entries', { data: invoiceOfLines(600) });
      expect(large.status).toBe(200);
      const largeText = await (
        await fetch(`${t.url}/silo/v1/entries/${large.body.id}`, { headers: { authorization: `Bearer ${token}` } })
      ).text();
      const [largeRow] = await t.server.dataSource.query('SELECT data, data_packed, data_size FROM entries WHERE id = ?', [large.body.id]);
      expect(largeRow.data_packed).toBeNull();
      expect(Number(largeRow.data_size)).toBe(Buffer.byteLength(largeRow.data));
      expect(Buffer.byteLength(largeRow.data)).toBeGreaterThan(64 * 1024);
      expect(JSON.parse(largeRow.data)).toEqual(large.body.data);
      await t.server.dataSource.query("DELETE FROM storage_tasks WHERE name = 'pack-envelopes'");
      expect(await packEnvelopes(t.server.dataSource)).toBe(0);
      expect(
        await (await fetch(`${t.url}/silo/v1/entries/${large.body.id}`, { headers: { authorization: `Bearer ${token}` } })).text(),
      ).toBe(largeText);

      const versions = await t.server.dataSource.query(
        'SELECT seq, data, data_packed FROM entry_versions WHERE entry_id = ? ORDER BY seq',
        [created.body.id],
      );
      expect(versions.map((v: { data: string }) => v.data)).toEqual(['', '']);
      expect(JSON.parse(unpackJson(versions[0].data_packed))).toEqual(created.body.data);
      expect(JSON.parse(unpackJson(versions[1].data_packed))).toEqual(changed.body.data);
    } finally {
      await t.close();
    }
  });

  test('a database of text envelopes is packed in batches, resumably, and every answer and digest stays the same', async () => {
    const t = await startServer(databaseEnv);
    const token = await tokenFor(newWorkspace());
    let before: string[];
    let ids: string[];
    try {
      const api = client(t.url, token);
      const documents = [
        invoice(),
        invoiceOfLines(300),
        party('Packed Party'),
        message('Packed'),
        invoice({ notes: [{ text: 'Ünïcødé 🧾' }] }),
      ];
      ids = [];
      for (const data of documents) {
        const reply = await api.post('/silo/v1/entries', { data });
        expect(reply.status).toBe(200);
        ids.push(reply.body.id);
      }
      // Versions: the first entry changed twice.
      for (const code of ['0002', '0003']) {
        expect(
          (await api.send('PATCH', `/silo/v1/entries/${ids[0]}`, { content_type: 'application/merge-patch+json', data: { doc: { code } } }))
            .status,
        ).toBe(200);
      }
      before = await answers(t, token, ids);
      expect(before).toHaveLength(1 + 5 + 3 + 4); // the list, five entries, the first one's three versions, the others' one each
    } finally {
      await t.close();
    }

    // As an older version of the service left them: text in `data`, nothing packed, the packing not finished.
    const old = await openDataSource(database);
    const texts = new Map<string, string>();
    try {
      for (const table of ['entries', 'entry_versions']) {
        const rows = await old.query(`SELECT * FROM ${table} WHERE data_packed IS NOT NULL`);
        for (const row of rows) {
          const key =
            table === 'entries'
              ? ['workspace_id = ? AND id = ?', [row.workspace_id, row.id]]
              : ['workspace_id = ? AND entry_id = ? AND seq = ?', [row.workspace_id, row.entry_id, row.seq]];
          const sizeColumn = table === 'entries' ? ', data_size = NULL' : '';
          const text = unpackJson(row.data_packed);
          if (table === 'entries') texts.set(row.id, text);
          await old.query(`UPDATE ${table} SET data = ?, data_packed = NULL${sizeColumn} WHERE ${key[0]}`, [
            text,
            ...(key[1] as unknown[]),
          ]);
        }
      }
      await old.query("DELETE FROM storage_tasks WHERE name = 'pack-envelopes'");
      // Every row of both tables (the first test's too) but a large envelope's, text already: 5 entries and 3 versions here.
      const rowCount = async (table: string) =>
        Number((await old.query(`SELECT COUNT(*) AS n FROM ${table} WHERE OCTET_LENGTH(data) <= 65536`))[0].n);
      expect(await unpacked(old)).toEqual({ entries: await rowCount('entries'), entry_versions: await rowCount('entry_versions') });
      expect(texts.size).toBeGreaterThanOrEqual(5);
      // Rows as text read as they did.
      const workspace = (await old.query('SELECT workspace_id FROM entries WHERE id = ?', [ids[0]]))[0].workspace_id;
      const repository = new EntryRepository(old);
      for (const id of ids) expect((await repository.findById(workspace, id, { withData: true }))!.dataJson).toBe(texts.get(id));
    } finally {
      await old.destroy();
    }

    const dataSource = await openDataSource(database);
    try {
      // Stopped after the first batch of two, then run again to the end: `npm run migrate` after an interruption.
      const stopper = new AbortController();
      const progress: PackingProgress[] = [];
      await packEnvelopes(dataSource, { batch: 2, signal: stopper.signal, onProgress: (p) => (progress.push(p), stopper.abort()) });
      expect(progress).toEqual([{ table: 'entries', packed: expect.any(Number), total: expect.any(Number) }]);
      const left = await unpacked(dataSource);
      expect(left.entries + left.entry_versions).toBeGreaterThan(0);
      expect(await finished(dataSource)).toBe(false);

      // `npm run migrate` packs the rest and shows its progress.
      const cliDir = mkdtempSync(path.join(tmpdir(), 'entries-packing-cli-'));
      const output = await runMigrateCli({ ...databaseEnv, DATA_DIR: cliDir }).finally(() =>
        rmSync(cliDir, { recursive: true, force: true }),
      );
      expect(output).toContain(`packing envelopes in entries: ${left.entries} of ${left.entries} rows (100.0 %)`);
      expect(output).toContain(`packing envelopes in entry_versions: ${left.entry_versions} of ${left.entry_versions} rows (100.0 %)`);
      expect(output).toContain(`envelopes packed: ${left.entries + left.entry_versions} rows`);
      expect(await unpacked(dataSource)).toEqual({ entries: 0, entry_versions: 0 });
      expect(await finished(dataSource)).toBe(true);
      // Finished: a later run reads nothing.
      expect(await packEnvelopes(dataSource, { batch: 2 })).toBe(0);
    } finally {
      await dataSource.destroy();
    }

    const after = await startServer(databaseEnv);
    try {
      expect(await answers(after, token, ids)).toEqual(before);
    } finally {
      await after.close();
    }
  });

  test('the service packs what an upgrade left as text, in the background', async () => {
    // A database made by the migrations before packing, with one entry written then.
    const dir = mkdtempSync(path.join(tmpdir(), 'entries-packing-old-'));
    let oldEnv: Record<string, string>;
    let drop: () => Promise<void>;
    if (testDatabase() === 'mariadb') {
      const db = await freshMysqlDatabase(MARIADB_URL, `packold_${randomUUID().slice(0, 8)}`);
      oldEnv = { DATABASE_URL: db.url };
      drop = db.drop;
    } else {
      oldEnv = { DATABASE_URL: `sqlite:${path.join(dir, 'old.sqlite')}` };
      drop = async () => undefined;
    }
    const oldDatabase = loadConfig(oldEnv).database;
    try {
      const before = MIGRATIONS.filter((migration) => migration.name !== 'PackedEnvelopes1764730000000');
      expect(before).toHaveLength(MIGRATIONS.length - 1);
      const old = new DataSource({ ...dataSourceOptions(oldDatabase), migrations: before } as never);
      await old.initialize();
      await old.runMigrations({ transaction: 'each' });
      const id = randomUUID();
      const data = JSON.stringify({
        $schema: 'https://gobl.org/draft-0/envelope',
        head: { uuid: id, dig: { alg: 'sha256', val: 'b'.repeat(64) } },
        doc: { $schema: 'https://gobl.org/draft-0/org/party', name: 'Öld' },
      });
      await old.query(
        `INSERT INTO entries (workspace_id, id, entry_key, key_slot, folder, doc_schema, env_schema, state, signed, invalid, digest_alg, digest_val, snippet, tags, faults, data, created_at, updated_at, version)
         VALUES ('old-ws', ?, NULL, ?, 'parties', 'https://gobl.org/draft-0/org/party', 'https://gobl.org/draft-0/envelope', NULL, 0, 0, 'sha256', ?, '{"title":"Öld"}', '[]', '[]', ?, 1000, 1000, 'v1')`,
        [id, `\u0001${id}`, 'b'.repeat(64), data],
      );
      await old.destroy();

      const t = await startServer(oldEnv);
      try {
        const ds = t.server.dataSource;
        for (let i = 0; i < 100 && !(await finished(ds)); i += 1) await new Promise((resolve) => setTimeout(resolve, 50));
        expect(await finished(ds)).toBe(true);
        const [row] = await ds.query('SELECT data, data_packed, data_size FROM entries WHERE id = ?', [id]);
        expect([row.data, unpackJson(row.data_packed), Number(row.data_size)]).toEqual(['', data, Buffer.byteLength(data)]);
        const reply = await fetch(`${t.url}/silo/v1/entries/${id}`, { headers: { authorization: `Bearer ${await tokenFor('old-ws')}` } });
        const body = (await reply.json()) as { data: unknown; digest: unknown };
        expect(body.data).toEqual(JSON.parse(data));
        expect(body.digest).toEqual({ alg: 'sha256', val: 'b'.repeat(64) });
      } finally {
        await t.close();
      }
    } finally {
      await drop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** Rows whose envelope is text and could be packed (a large one stays text). */
async function unpacked(dataSource: DataSource): Promise<{ entries: number; entry_versions: number }> {
  const count = async (table: string) =>
    Number((await dataSource.query(`SELECT COUNT(*) AS n FROM ${table} WHERE data_packed IS NULL AND OCTET_LENGTH(data) <= 65536`))[0].n);
  return { entries: await count('entries'), entry_versions: await count('entry_versions') };
}

async function finished(dataSource: DataSource): Promise<boolean> {
  return (await dataSource.query("SELECT name FROM storage_tasks WHERE name = 'pack-envelopes'")).length > 0;
}
