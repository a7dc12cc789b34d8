import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The storage task that fills `sort_amount` for the rows stored before it (src/storage/sort-amount-backfill.ts). */
export const SORT_AMOUNT_TASK = 'fill-sort-amounts';

/**
 * Entries keep the amount the list sorts by (`sort_amount`: the document's payable total in ten-thousandths, an
 * exact BIGINT on both engines), walked by indexes of their own as the list by time is: the whole workspace, a
 * folder, a state, each with the id to break ties, so a page by amount costs what a page by time does at any
 * depth. The column is nullable and added at the end: no row is rewritten here (MariaDB adds it instantly, and
 * builds the indexes online, writes going on). Rows stored before it sort as NULL, last, until the service fills
 * them in the background, or `npm run migrate` does; a database with no entry yet has nothing to fill.
 */
export class EntriesByAmount1764790000000 implements MigrationInterface {
  name = 'EntriesByAmount1764790000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const mysql = queryRunner.connection.options.type === 'mysql';
    // IF NOT EXISTS: MySQL commits each DDL statement, so a run stopped half-way must be able to run again.
    if (mysql) {
      // Instantly where the server can; else online, writes going on (never a copy of the table under a lock).
      const add = 'ALTER TABLE entries ADD COLUMN IF NOT EXISTS sort_amount BIGINT NULL';
      await queryRunner.query(`${add}, ALGORITHM=INSTANT`).catch(() => queryRunner.query(`${add}, ALGORITHM=INPLACE, LOCK=NONE`));
    } else {
      await queryRunner.query('ALTER TABLE entries ADD COLUMN sort_amount BIGINT NULL');
    }
    const online = mysql ? ' ALGORITHM=INPLACE LOCK=NONE' : '';
    const exists = mysql ? 'IF NOT EXISTS ' : '';
    await queryRunner.query(`CREATE INDEX ${exists}entries_workspace_amount ON entries (workspace_id, sort_amount, id)${online}`);
    await queryRunner.query(
      `CREATE INDEX ${exists}entries_workspace_folder_amount ON entries (workspace_id, folder, sort_amount, id)${online}`,
    );
    await queryRunner.query(
      `CREATE INDEX ${exists}entries_workspace_state_amount ON entries (workspace_id, state, sort_amount, id)${online}`,
    );
    const [stored] = (await queryRunner.query('SELECT COUNT(*) AS n FROM (SELECT 1 FROM entries LIMIT 1) e')) as { n: number | string }[];
    if (Number(stored.n) === 0) {
      await queryRunner.query(`${mysql ? 'INSERT IGNORE' : 'INSERT OR IGNORE'} INTO storage_tasks (name, finished_at) VALUES (?, ?)`, [
        SORT_AMOUNT_TASK,
        Date.now(),
      ]);
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const mysql = queryRunner.connection.options.type === 'mysql';
    for (const index of ['entries_workspace_amount', 'entries_workspace_folder_amount', 'entries_workspace_state_amount']) {
      await queryRunner.query(mysql ? `DROP INDEX ${index} ON entries` : `DROP INDEX ${index}`);
    }
    await queryRunner.query('ALTER TABLE entries DROP COLUMN sort_amount');
    await queryRunner.query('DELETE FROM storage_tasks WHERE name = ?', [SORT_AMOUNT_TASK]);
  }
}
