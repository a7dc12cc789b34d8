import type { MigrationInterface, QueryRunner } from 'typeorm';

const SEARCH_TABLE = 'entry_search';
const SEARCH_TERM_TABLE = 'entry_search_term';

/** Search rows read per step of the backfill. */
const BACKFILL_BATCH = 1000;

/**
 * On MySQL and MariaDB, the search index moves from InnoDB's FULLTEXT index to a table of its own (as
 * src/storage/search-index.repository.ts wrote it then): a row per term of each entry, filled here from the terms the search
 * rows already hold; then the FULLTEXT index is dropped. SQLite keeps its FTS5 index: nothing changes there.
 */
export class SearchTerms1764500000000 implements MigrationInterface {
  name = 'SearchTerms1764500000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    if (queryRunner.connection.options.type !== 'mysql') return;
    // A term is a workspace token (11 characters) and a word of at most 64. Binary collation: terms are compared
    // as written (they are lower case already), and a prefix's LIKE is a range of the key. One key only: an
    // entry's term rows are deleted by key from the terms its search row lists.
    // IF NOT EXISTS, and the fill's restart below: MySQL commits each DDL statement, so a run stopped half-way
    // must be able to run again.
    await queryRunner.query(
      `CREATE TABLE IF NOT EXISTS ${SEARCH_TERM_TABLE} (` +
        'term VARCHAR(80) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NOT NULL, rid BIGINT UNSIGNED NOT NULL, ' +
        'PRIMARY KEY (term, rid)) ENGINE=InnoDB',
    );
    // Search rows are filled in rid order, so a run stopped half-way wrote every term of the rows before the
    // greatest rid in the term table and perhaps some of that row's: those are deleted (by key, from the terms
    // its search row lists) and the fill goes on from that row.
    const [done] = (await queryRunner.query(`SELECT MAX(rid) AS rid FROM ${SEARCH_TERM_TABLE}`)) as { rid: number | string | null }[];
    let from = Number(done?.rid ?? 0);
    if (from > 0) {
      const [partial] = (await queryRunner.query(`SELECT rid, terms FROM ${SEARCH_TABLE} WHERE rid = ?`, [from])) as TermSource[];
      const terms = partial ? partial.terms.split(' ') : [];
      if (terms.length > 0)
        await queryRunner.query(`DELETE FROM ${SEARCH_TERM_TABLE} WHERE rid = ? AND term IN (${terms.map(() => '?').join(', ')})`, [
          from,
          ...terms,
        ]);
    }
    for (;;) {
      const rows = (await queryRunner.query(`SELECT rid, terms FROM ${SEARCH_TABLE} WHERE rid >= ? ORDER BY rid LIMIT ${BACKFILL_BATCH}`, [
        from,
      ])) as TermSource[];
      if (rows.length === 0) break;
      await insertTermRows(queryRunner, rows);
      from = Number(rows[rows.length - 1].rid) + 1;
    }
    const fulltext = (await queryRunner.query(`SHOW INDEX FROM ${SEARCH_TABLE} WHERE Key_name = 'entry_search_terms'`)) as unknown[];
    if (fulltext.length > 0) await queryRunner.query(`ALTER TABLE ${SEARCH_TABLE} DROP INDEX entry_search_terms`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    if (queryRunner.connection.options.type !== 'mysql') return;
    await queryRunner.query(`ALTER TABLE ${SEARCH_TABLE} ADD FULLTEXT INDEX entry_search_terms (terms)`);
    await queryRunner.query(`DROP TABLE ${SEARCH_TERM_TABLE}`);
  }
}

/** A search row's rid and its terms text, as the term rows are written from it. */
interface TermSource {
  rid: number | string;
  terms: string;
}

const TERM_ROWS_PER_STATEMENT = 5000;

/** The term rows of search rows already stored, in multi-row INSERTs. */
async function insertTermRows(runner: QueryRunner, rows: TermSource[]): Promise<void> {
  const pairs = rows.flatMap((row) => row.terms.split(' ').map((term) => [term, row.rid]));
  for (let start = 0; start < pairs.length; start += TERM_ROWS_PER_STATEMENT) {
    const chunk = pairs.slice(start, start + TERM_ROWS_PER_STATEMENT);
    await runner.query(`INSERT INTO ${SEARCH_TERM_TABLE} (term, rid) VALUES ${chunk.map(() => '(?, ?)').join(', ')}`, chunk.flat());
  }
}
