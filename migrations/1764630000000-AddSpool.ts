import type { MigrationInterface, QueryRunner } from 'typeorm';
import { exactCollation } from './1763700000000-CreateEntries';

/**
 * The spool: temporary files of a workspace, found by a key given at upload, gone once they expire. A row says
 * what the file is; its bytes are chunks in file_content_chunks under the row's content_id, as files' are.
 * `(workspace_id, expires_at)` counts a workspace's live files against its limit; `expires_at` alone lets the
 * sweep find the expired ones of every workspace.
 */
export class AddSpool1764630000000 implements MigrationInterface {
  name = 'AddSpool1764630000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    if (queryRunner.connection.options.type === 'mysql') {
      const exact = `CHARACTER SET utf8mb4 COLLATE ${await exactCollation(queryRunner)}`;
      await queryRunner.query(
        'CREATE TABLE spool_items (' +
          `workspace_id VARCHAR(255) ${exact} NOT NULL, ` +
          `spool_key VARCHAR(160) ${exact} NOT NULL, ` +
          'name VARCHAR(255) CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci NOT NULL, ' +
          `mime VARCHAR(255) ${exact} NOT NULL, ` +
          'size BIGINT NOT NULL, ' +
          'hash VARCHAR(64) NOT NULL, ' +
          `content_id VARCHAR(36) ${exact} NOT NULL, ` +
          'created_at BIGINT NOT NULL, ' +
          'expires_at BIGINT NOT NULL, ' +
          'PRIMARY KEY (workspace_id, spool_key), ' +
          'INDEX spool_items_workspace_expiry (workspace_id, expires_at), ' +
          'INDEX spool_items_expiry (expires_at)' +
          ') ENGINE=InnoDB',
      );
      return;
    }
    await queryRunner.query(
      'CREATE TABLE "spool_items" (' +
        '"workspace_id" varchar(255) NOT NULL, ' +
        '"spool_key" varchar(160) NOT NULL, ' +
        '"name" varchar(255) NOT NULL, ' +
        '"mime" varchar(255) NOT NULL, ' +
        '"size" bigint NOT NULL, ' +
        '"hash" varchar(64) NOT NULL, ' +
        '"content_id" varchar(36) NOT NULL, ' +
        '"created_at" bigint NOT NULL, ' +
        '"expires_at" bigint NOT NULL, ' +
        'PRIMARY KEY ("workspace_id", "spool_key"))',
    );
    await queryRunner.query('CREATE INDEX "spool_items_workspace_expiry" ON "spool_items" ("workspace_id", "expires_at")');
    await queryRunner.query('CREATE INDEX "spool_items_expiry" ON "spool_items" ("expires_at")');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    // The spooled bytes go with their rows.
    await queryRunner.query(
      'DELETE FROM file_content_chunks WHERE EXISTS (SELECT 1 FROM spool_items s WHERE s.workspace_id = file_content_chunks.workspace_id AND s.content_id = file_content_chunks.content_id)',
    );
    await queryRunner.query('DROP TABLE spool_items');
  }
}
