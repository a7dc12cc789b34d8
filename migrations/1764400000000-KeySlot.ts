import type { MigrationInterface, QueryRunner } from 'typeorm';
import { exactCollation } from './1763700000000-CreateEntries';

/** Rows filled per statement on MySQL, so that a cluster never has to replicate one huge transaction. */
const BATCH = 5000;

/**
 * The unique index that makes keys unique per workspace moves from `entry_key`, NULL for an entry created
 * without a key, to `key_slot`: the key, or for a keyless entry its id behind a control character (which no
 * key may hold). A cluster that certifies writes between nodes (Galera) counts two NULLs in a unique index as
 * the same value, so keyless creates on two nodes at once conflicted; with a value per entry they cannot.
 * Existing rows are filled in place (plain ALTER and UPDATE, never a copy of the table); their keys, ids and
 * documents are not touched.
 */
export class KeySlot1764400000000 implements MigrationInterface {
  name = 'KeySlot1764400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    if (queryRunner.connection.options.type === 'mysql') {
      const collation = await exactCollation(queryRunner);
      await queryRunner.query(
        `ALTER TABLE entries ADD COLUMN key_slot VARCHAR(255) CHARACTER SET utf8mb4 COLLATE ${collation} NOT NULL DEFAULT ''`,
      );
      for (;;) {
        const result = (await queryRunner.query(
          `UPDATE entries SET key_slot = COALESCE(entry_key, CONCAT(CHAR(1 USING utf8mb4), id)) WHERE key_slot = '' LIMIT ${BATCH}`,
        )) as { affectedRows?: number };
        if (!result.affectedRows) break;
      }
      await queryRunner.query(
        'ALTER TABLE entries DROP INDEX entries_workspace_key, ADD UNIQUE INDEX entries_workspace_key (workspace_id, key_slot)',
      );
      return;
    }
    await queryRunner.query("ALTER TABLE entries ADD COLUMN key_slot varchar(255) NOT NULL DEFAULT ''");
    await queryRunner.query('UPDATE entries SET key_slot = COALESCE(entry_key, char(1) || id)');
    await queryRunner.query('DROP INDEX entries_workspace_key');
    await queryRunner.query('CREATE UNIQUE INDEX entries_workspace_key ON entries (workspace_id, key_slot)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    if (queryRunner.connection.options.type === 'mysql') {
      await queryRunner.query(
        'ALTER TABLE entries DROP INDEX entries_workspace_key, ADD UNIQUE INDEX entries_workspace_key (workspace_id, entry_key)',
      );
      await queryRunner.query('ALTER TABLE entries DROP COLUMN key_slot');
      return;
    }
    await queryRunner.query('DROP INDEX entries_workspace_key');
    await queryRunner.query('CREATE UNIQUE INDEX entries_workspace_key ON entries (workspace_id, entry_key)');
    await queryRunner.query('ALTER TABLE entries DROP COLUMN key_slot');
  }
}
