import type { MigrationInterface, QueryRunner } from 'typeorm';
import { exactCollation } from './1763700000000-CreateEntries';
import { termsText, type IndexedEntry } from './support/search-terms';

const SEARCH_TABLE = 'entry_search';
const SEARCH_FTS_TABLE = 'entry_search_fts';

/** Entries read per step of the backfill. */
const BACKFILL_BATCH = 2000;

/**
 * The search index (as src/storage/search-index.repository.ts wrote it then): a row of terms per entry, full-text indexed by FTS5
 * on SQLite and by an InnoDB FULLTEXT index on MySQL and MariaDB, filled here for the entries already stored.
 * Also an index to find meta rows by their reference.
 */
export class AddSearch1764300000000 implements MigrationInterface {
  name = 'AddSearch1764300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const mysql = queryRunner.connection.options.type === 'mysql';
    if (mysql) {
      const exact = `CHARACTER SET utf8mb4 COLLATE ${await exactCollation(queryRunner)}`;
      await queryRunner.query(
        // IF NOT EXISTS: MySQL commits each DDL statement, so a run stopped after this one must be able to run again.
        `CREATE TABLE IF NOT EXISTS ${SEARCH_TABLE} (` +
          'rid BIGINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY, ' +
          `workspace_id VARCHAR(255) ${exact} NOT NULL, entry_id VARCHAR(36) ${exact} NOT NULL, folder VARCHAR(64) ${exact} NOT NULL, ` +
          'created_at BIGINT NOT NULL, term_count INT NOT NULL, terms MEDIUMTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NOT NULL, ' +
          'UNIQUE KEY entry_search_entry (workspace_id, entry_id), FULLTEXT KEY entry_search_terms (terms)' +
          ') ENGINE=InnoDB',
      );
    } else {
      await queryRunner.query(
        `CREATE TABLE ${SEARCH_TABLE} (rid INTEGER PRIMARY KEY, workspace_id VARCHAR(255) NOT NULL, entry_id VARCHAR(36) NOT NULL, ` +
          'folder VARCHAR(64) NOT NULL, created_at BIGINT NOT NULL, term_count INTEGER NOT NULL, terms TEXT NOT NULL)',
      );
      await queryRunner.query(`CREATE UNIQUE INDEX entry_search_entry ON ${SEARCH_TABLE} (workspace_id, entry_id)`);
      // External content: the terms are stored once, in entry_search; FTS5 keeps only its index of them.
      await queryRunner.query(
        `CREATE VIRTUAL TABLE ${SEARCH_FTS_TABLE} USING fts5(terms, content='${SEARCH_TABLE}', content_rowid='rid', detail='none')`,
      );
      await queryRunner.query(
        `CREATE TRIGGER entry_search_ai AFTER INSERT ON ${SEARCH_TABLE} BEGIN ` +
          `INSERT INTO ${SEARCH_FTS_TABLE}(rowid, terms) VALUES (new.rid, new.terms); END`,
      );
      await queryRunner.query(
        `CREATE TRIGGER entry_search_ad AFTER DELETE ON ${SEARCH_TABLE} BEGIN ` +
          `INSERT INTO ${SEARCH_FTS_TABLE}(${SEARCH_FTS_TABLE}, rowid, terms) VALUES ('delete', old.rid, old.terms); END`,
      );
      await queryRunner.query(
        `CREATE TRIGGER entry_search_au AFTER UPDATE ON ${SEARCH_TABLE} BEGIN ` +
          `INSERT INTO ${SEARCH_FTS_TABLE}(${SEARCH_FTS_TABLE}, rowid, terms) VALUES ('delete', old.rid, old.terms); ` +
          `INSERT INTO ${SEARCH_FTS_TABLE}(rowid, terms) VALUES (new.rid, new.terms); END`,
      );
    }
    // On MySQL the index holds the first 100 characters of key and reference: the whole columns exceed its 3072 bytes.
    await queryRunner.query(
      `CREATE INDEX entry_meta_ref ON entry_meta (workspace_id, ${mysql ? 'meta_key(100), ref(100)' : 'meta_key, ref'})`,
    );
    await backfillSearchRows(queryRunner);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      queryRunner.connection.options.type === 'mysql' ? 'DROP INDEX entry_meta_ref ON entry_meta' : 'DROP INDEX entry_meta_ref',
    );
    if (queryRunner.connection.options.type !== 'mysql') {
      for (const trigger of ['entry_search_ai', 'entry_search_ad', 'entry_search_au']) await queryRunner.query(`DROP TRIGGER ${trigger}`);
      await queryRunner.query(`DROP TABLE ${SEARCH_FTS_TABLE}`);
    }
    await queryRunner.query(`DROP TABLE ${SEARCH_TABLE}`);
  }
}

/** Writes the search rows of the entries already stored, a batch at a time, in key order. */
export async function backfillSearchRows(queryRunner: QueryRunner): Promise<void> {
  let after: { workspace: string; id: string } | undefined;
  for (;;) {
    const rows = (await queryRunner.query(
      `SELECT ${ENTRY_SEARCH_COLUMNS} FROM entries ` +
        (after ? 'WHERE workspace_id > ? OR (workspace_id = ? AND id > ?) ' : '') +
        `ORDER BY workspace_id, id LIMIT ${BACKFILL_BATCH}`,
      after ? [after.workspace, after.workspace, after.id] : [],
    )) as EntrySearchRow[];
    if (rows.length === 0) return;
    const metas = await indexedMetaOf(queryRunner, rows);
    const key = (workspace: string, id: string) => `${workspace}\u0000${id}`;
    // The term rows come with the next migration (1764500000000), which fills them from these rows.
    await insertSearchRows(
      queryRunner,
      rows.map((row) => indexedEntryOf(row, metas.get(key(row.workspace_id, row.id)) ?? [])),
    );
    const last = rows[rows.length - 1];
    after = { workspace: last.workspace_id, id: last.id };
  }

  /** The indexed meta rows of a batch of entries (a batch holds one workspace, or the end of one and the start of the next). */
  async function indexedMetaOf(runner: QueryRunner, rows: EntrySearchRow[]): Promise<Map<string, MetaSearchRow[]>> {
    const found = new Map<string, MetaSearchRow[]>();
    for (const workspace of new Set(rows.map((row) => row.workspace_id))) {
      const ids = rows.filter((row) => row.workspace_id === workspace).map((row) => row.id);
      const metas = (await runner.query(
        `SELECT entry_id, ${META_SEARCH_COLUMNS} FROM entry_meta WHERE workspace_id = ? AND indexed = 1 AND entry_id IN (${ids.map(() => '?').join(', ')})`,
        [workspace, ...ids],
      )) as (MetaSearchRow & { entry_id: string })[];
      for (const meta of metas) {
        const k = `${workspace}\u0000${meta.entry_id}`;
        found.set(k, [...(found.get(k) ?? []), meta]);
      }
    }
    return found;
  }
}

/** An entry's row as the backfill reads it (snake_case columns, as raw SQL returns them). */
interface EntrySearchRow {
  workspace_id: string;
  id: string;
  entry_key: string | null;
  folder: string;
  doc_schema: string;
  state: string | null;
  snippet: string;
  tags: string;
  created_at: number | string;
}

/** A meta row as the backfill reads it. */
interface MetaSearchRow {
  meta_key: string;
  ref: string | null;
  value: string | null;
  indexed: number | boolean;
  secure: number | boolean;
}

const ENTRY_SEARCH_COLUMNS = 'workspace_id, id, entry_key, folder, doc_schema, state, snippet, tags, created_at';
const META_SEARCH_COLUMNS = 'meta_key, ref, value, indexed, secure';

/** The entry the index is written from, out of its row and its meta rows. */
function indexedEntryOf(row: EntrySearchRow, metas: MetaSearchRow[]): IndexedEntry {
  return {
    workspaceId: row.workspace_id,
    id: row.id,
    key: row.entry_key ?? undefined,
    folder: row.folder,
    docSchema: row.doc_schema,
    state: row.state ?? undefined,
    snippet: JSON.parse(row.snippet),
    tags: JSON.parse(row.tags),
    createdAt: new Date(Number(row.created_at)),
    meta: metas.map((m) => ({
      key: m.meta_key,
      ref: m.ref ?? undefined,
      value: m.value ? JSON.parse(m.value) : undefined,
      indexed: Boolean(m.indexed),
      secure: Boolean(m.secure),
    })),
  };
}

const ROWS_PER_STATEMENT = 500;

/** Search rows of a batch of entries, with multi-row INSERTs. */
async function insertSearchRows(runner: QueryRunner, entries: IndexedEntry[]): Promise<void> {
  for (let start = 0; start < entries.length; start += ROWS_PER_STATEMENT) {
    const chunk = entries.slice(start, start + ROWS_PER_STATEMENT);
    await runner.query(
      `INSERT INTO ${SEARCH_TABLE} (workspace_id, entry_id, folder, created_at, term_count, terms) VALUES ${chunk.map(() => '(?, ?, ?, ?, ?, ?)').join(', ')}`,
      chunk.flatMap((entry) => {
        const terms = termsText(entry);
        return [entry.workspaceId, entry.id, entry.folder, entry.createdAt.getTime(), terms.split(' ').length, terms];
      }),
    );
  }
}
