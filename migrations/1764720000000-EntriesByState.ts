import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The list filtered by state (`state=paid`) walks an index of its own, (workspace_id, state, created_at, id),
 * as the folder filter does: a page costs the same whether one entry in ten or one in a million has that
 * state. On MariaDB the index is built online, so writes go on while it is made.
 */
export class EntriesByState1764720000000 implements MigrationInterface {
  name = 'EntriesByState1764720000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const mysql = queryRunner.connection.options.type === 'mysql';
    await queryRunner.query(
      `CREATE INDEX entries_workspace_state_created ON entries (workspace_id, state, created_at, id)${mysql ? ' ALGORITHM=INPLACE LOCK=NONE' : ''}`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const mysql = queryRunner.connection.options.type === 'mysql';
    await queryRunner.query(mysql ? 'DROP INDEX entries_workspace_state_created ON entries' : 'DROP INDEX entries_workspace_state_created');
  }
}
