import type { MigrationInterface, QueryRunner } from 'typeorm';

const SEARCH_TABLE = 'entry_search';
export const UUID_TERMS_TASK = 'uuid-search-terms';
/** Where the task stands: the search rows up to `through` were written by the old rule; those up to `at` are done. */
export const UUID_TERMS_AT = 'uuid-search-terms-at';
export const UUID_TERMS_THROUGH = 'uuid-search-terms-through';

/**
 * An entry's id and its document's uuid are no longer indexed by their middle groups and the runs of groups from
 * them (src/domain/search.ts): rows written from now on have the new terms at once. The rows already stored are
 * written again by a storage task (src/storage/search-terms-again.ts), in batches, in the background or by `npm
 * run migrate`; until then such an entry is also found by those groups, and by nothing less than before. Here
 * only what takes no time at any size: where the task starts and ends (`storage_task_positions`, made here on
 * MySQL and MariaDB, where it did not exist yet), or the task marked done when there are no rows.
 */
export class UuidSearchTerms1764760000000 implements MigrationInterface {
  name = 'UuidSearchTerms1764760000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const mysql = queryRunner.connection.options.type === 'mysql';
    const ignore = mysql ? 'INSERT IGNORE' : 'INSERT OR IGNORE';
    await queryRunner.query(
      `CREATE TABLE IF NOT EXISTS storage_task_positions (name VARCHAR(64) NOT NULL PRIMARY KEY, position BIGINT NOT NULL)${mysql ? ' ENGINE=InnoDB' : ''}`,
    );
    await queryRunner.query(
      `CREATE TABLE IF NOT EXISTS storage_tasks (name VARCHAR(64) NOT NULL PRIMARY KEY, finished_at BIGINT NOT NULL)${mysql ? ' ENGINE=InnoDB' : ''}`,
    );
    const [{ through }] = (await queryRunner.query(`SELECT COALESCE(MAX(rid), 0) AS through FROM ${SEARCH_TABLE}`)) as {
      through: number | string;
    }[];
    if (Number(through) === 0) {
      await queryRunner.query(`${ignore} INTO storage_tasks (name, finished_at) VALUES (?, ?)`, [UUID_TERMS_TASK, Date.now()]);
      return;
    }
    await queryRunner.query(`${ignore} INTO storage_task_positions (name, position) VALUES (?, ?), (?, 0)`, [
      UUID_TERMS_THROUGH,
      Number(through),
      UUID_TERMS_AT,
    ]);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DELETE FROM storage_task_positions WHERE name IN (?, ?)', [UUID_TERMS_THROUGH, UUID_TERMS_AT]);
    await queryRunner.query('DELETE FROM storage_tasks WHERE name = ?', [UUID_TERMS_TASK]);
    // MySQL had no positions table before; SQLite's belongs to ContentlessSearch, whose own down drops it.
    if (queryRunner.connection.options.type === 'mysql') await queryRunner.query('DROP TABLE storage_task_positions');
  }
}
