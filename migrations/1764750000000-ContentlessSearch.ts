import type { MigrationInterface, QueryRunner } from 'typeorm';
import { backfillSearchRows } from './1764300000000-AddSearch';

const SEARCH_TABLE = 'entry_search';
const FTS_TABLE = 'entry_search_fts';
/** The contentless index while it is being filled, beside the old one that searches use meanwhile. */
export const NEW_FTS_TABLE = 'entry_search_words';
/** The old index once the new one has taken its name, until it is emptied and dropped. */
export const OLD_FTS_TABLE = 'entry_search_fts_old';
export const CONTENTLESS_TASK = 'contentless-search';

/**
 * The statements that put the filled contentless index in the old one's place, in one transaction (names and
 * triggers only, however many entries there are). The old index stays, renamed, for the storage task to empty
 * in batches (`keepOld`), or is dropped at once when it holds nothing. From then on a search row's terms go into
 * the index as it is inserted, and are cleared from the row: the row keeps their digest (`terms_digest`).
 */
export function contentlessSwitch(keepOld: boolean): string[] {
  return [
    ...['entry_search_ai', 'entry_search_ad', 'entry_search_au', 'entry_search_words_ai', 'entry_search_words_ad'].map(
      (trigger) => `DROP TRIGGER IF EXISTS ${trigger}`,
    ),
    keepOld ? `ALTER TABLE ${FTS_TABLE} RENAME TO ${OLD_FTS_TABLE}` : `DROP TABLE ${FTS_TABLE}`,
    `ALTER TABLE ${NEW_FTS_TABLE} RENAME TO ${FTS_TABLE}`,
    `CREATE TRIGGER entry_search_fts_ai AFTER INSERT ON ${SEARCH_TABLE} BEGIN ` +
      `INSERT INTO ${FTS_TABLE}(rowid, terms) VALUES (new.rid, new.terms); UPDATE ${SEARCH_TABLE} SET terms = '' WHERE rid = new.rid; END`,
    `CREATE TRIGGER entry_search_fts_ad AFTER DELETE ON ${SEARCH_TABLE} BEGIN DELETE FROM ${FTS_TABLE} WHERE rowid = old.rid; END`,
  ];
}

/**
 * SQLite's search index without a second copy of every entry's terms: an external-content FTS5 index needs the
 * terms text of each row it deletes (about 1 KB an entry in `entry_search`), a contentless one with
 * `contentless_delete=1` deletes by rowid. Here only what takes no time at any size: the digest column (which
 * tells a rewrite whether the terms changed, once the text is gone), the new index, empty, and triggers that keep
 * it in step with every write from now on. The rows already stored are put in it in batches, and the indexes
 * swapped, by the storage task (src/storage/contentless-search.ts), in the background or by `npm run migrate`;
 * searches use the old index until then. A database without search rows is switched here. On MySQL and
 * MariaDB only the digest column is added (instantly): their term table deletes by key.
 */
export class ContentlessSearch1764750000000 implements MigrationInterface {
  name = 'ContentlessSearch1764750000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    if (queryRunner.connection.options.type === 'mysql') {
      const add = `ALTER TABLE ${SEARCH_TABLE} ADD COLUMN IF NOT EXISTS terms_digest VARBINARY(16) NULL`;
      // Instantly where the server can; else online, reads and writes going on while the table is rebuilt (a table
      // that still has its FULLTEXT index cannot take a column instantly).
      await queryRunner.query(`${add}, ALGORITHM=INSTANT`).catch(() => queryRunner.query(`${add}, ALGORITHM=INPLACE, LOCK=NONE`));
      return;
    }
    await queryRunner.query(`ALTER TABLE ${SEARCH_TABLE} ADD COLUMN terms_digest BLOB NULL`);
    await queryRunner.query(`CREATE VIRTUAL TABLE ${NEW_FTS_TABLE} USING fts5(terms, content='', contentless_delete=1, detail='none')`);
    await queryRunner.query(
      `CREATE TRIGGER entry_search_words_ai AFTER INSERT ON ${SEARCH_TABLE} BEGIN INSERT INTO ${NEW_FTS_TABLE}(rowid, terms) VALUES (new.rid, new.terms); END`,
    );
    await queryRunner.query(
      `CREATE TRIGGER entry_search_words_ad AFTER DELETE ON ${SEARCH_TABLE} BEGIN DELETE FROM ${NEW_FTS_TABLE} WHERE rowid = old.rid; END`,
    );
    // Where the task stands: the rows up to `through` were there before the triggers, and are filled up to `at`.
    await queryRunner.query('CREATE TABLE storage_task_positions (name VARCHAR(64) NOT NULL PRIMARY KEY, position BIGINT NOT NULL)');
    const [{ through }] = (await queryRunner.query(`SELECT COALESCE(MAX(rid), 0) AS through FROM ${SEARCH_TABLE}`)) as {
      through: number;
    }[];
    await queryRunner.query(
      "INSERT INTO storage_task_positions (name, position) VALUES ('contentless-search-through', ?), ('contentless-search-at', 0)",
      [through],
    );
    if (Number(through) === 0) {
      for (const statement of contentlessSwitch(false)) await queryRunner.query(statement);
      // (Made by PackedEnvelopes; here too for a database migrated without it, as a test's may be.)
      await queryRunner.query(
        'CREATE TABLE IF NOT EXISTS storage_tasks (name VARCHAR(64) NOT NULL PRIMARY KEY, finished_at BIGINT NOT NULL)',
      );
      await queryRunner.query('INSERT OR IGNORE INTO storage_tasks (name, finished_at) VALUES (?, ?)', [CONTENTLESS_TASK, Date.now()]);
    }
  }

  /** Back to the external-content index: its terms written again from the entries, as AddSearch first wrote them. */
  async down(queryRunner: QueryRunner): Promise<void> {
    if (queryRunner.connection.options.type === 'mysql') {
      await queryRunner.query(`ALTER TABLE ${SEARCH_TABLE} DROP COLUMN terms_digest`);
      return;
    }
    for (const trigger of [
      'entry_search_words_ai',
      'entry_search_words_ad',
      'entry_search_fts_ai',
      'entry_search_fts_ad',
      'entry_search_ai',
      'entry_search_ad',
      'entry_search_au',
    ]) {
      await queryRunner.query(`DROP TRIGGER IF EXISTS ${trigger}`);
    }
    for (const table of [NEW_FTS_TABLE, OLD_FTS_TABLE, FTS_TABLE]) await queryRunner.query(`DROP TABLE IF EXISTS ${table}`);
    await queryRunner.query(`DELETE FROM ${SEARCH_TABLE}`);
    await queryRunner.query(`ALTER TABLE ${SEARCH_TABLE} DROP COLUMN terms_digest`);
    await queryRunner.query(
      `CREATE VIRTUAL TABLE ${FTS_TABLE} USING fts5(terms, content='${SEARCH_TABLE}', content_rowid='rid', detail='none')`,
    );
    await queryRunner.query(
      `CREATE TRIGGER entry_search_ai AFTER INSERT ON ${SEARCH_TABLE} BEGIN INSERT INTO ${FTS_TABLE}(rowid, terms) VALUES (new.rid, new.terms); END`,
    );
    await queryRunner.query(
      `CREATE TRIGGER entry_search_ad AFTER DELETE ON ${SEARCH_TABLE} BEGIN INSERT INTO ${FTS_TABLE}(${FTS_TABLE}, rowid, terms) VALUES ('delete', old.rid, old.terms); END`,
    );
    await queryRunner.query(
      `CREATE TRIGGER entry_search_au AFTER UPDATE ON ${SEARCH_TABLE} BEGIN ` +
        `INSERT INTO ${FTS_TABLE}(${FTS_TABLE}, rowid, terms) VALUES ('delete', old.rid, old.terms); INSERT INTO ${FTS_TABLE}(rowid, terms) VALUES (new.rid, new.terms); END`,
    );
    await backfillSearchRows(queryRunner);
    await queryRunner.query('DROP TABLE storage_task_positions');
    await queryRunner.query('DELETE FROM storage_tasks WHERE name = ?', [CONTENTLESS_TASK]);
  }
}
