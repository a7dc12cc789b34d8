import type { MigrationInterface, QueryRunner } from 'typeorm';
import { exactCollation } from './1763700000000-CreateEntries';

/**
 * Series of codes. `sequence_series` holds each series with its numbering and where it stands (`last_index`,
 * `last_entry_id`): an entry is taken by raising them in the transaction that inserts it. `sequence_entries` holds
 * the entries by `(workspace_id, series_id, idx)`, so an index can never be taken twice, and its id is unique in the
 * workspace, so a request repeated never takes a second index. `sequence_quotas` counts each workspace's series
 * (raised under its limit in one statement, as webhook_quotas does). Times are milliseconds since the epoch.
 */
export class AddSequences1764800000000 implements MigrationInterface {
  name = 'AddSequences1764800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    if (queryRunner.connection.options.type === 'mysql') {
      const exact = `CHARACTER SET utf8mb4 COLLATE ${await exactCollation(queryRunner)}`;
      await queryRunner.query(
        'CREATE TABLE sequence_series (' +
          `workspace_id VARCHAR(255) ${exact} NOT NULL, ` +
          `id VARCHAR(36) ${exact} NOT NULL, ` +
          'name VARCHAR(255) NOT NULL, ' +
          'code VARCHAR(255) NULL, ' +
          'description VARCHAR(1024) NULL, ' +
          `prefix VARCHAR(32) ${exact} NOT NULL, ` +
          `suffix VARCHAR(32) ${exact} NOT NULL, ` +
          'padding INT NOT NULL, ' +
          'start BIGINT NOT NULL, ' +
          'last_index BIGINT NULL, ' +
          `last_entry_id VARCHAR(36) ${exact} NULL, ` +
          'created_at BIGINT NOT NULL, ' +
          'updated_at BIGINT NOT NULL, ' +
          'PRIMARY KEY (workspace_id, id)' +
          ') ENGINE=InnoDB',
      );
      await queryRunner.query(
        'CREATE TABLE sequence_entries (' +
          `workspace_id VARCHAR(255) ${exact} NOT NULL, ` +
          `series_id VARCHAR(36) ${exact} NOT NULL, ` +
          'idx BIGINT NOT NULL, ' +
          `id VARCHAR(36) ${exact} NOT NULL, ` +
          `code VARCHAR(128) ${exact} NOT NULL, ` +
          `previous_id VARCHAR(36) ${exact} NULL, ` +
          'meta TEXT NULL, ' +
          'sigs TEXT NOT NULL, ' +
          'created_at BIGINT NOT NULL, ' +
          'updated_at BIGINT NOT NULL, ' +
          'PRIMARY KEY (workspace_id, series_id, idx), ' +
          'UNIQUE KEY sequence_entries_id (workspace_id, id)' +
          ') ENGINE=InnoDB',
      );
      await queryRunner.query(
        `CREATE TABLE sequence_quotas (workspace_id VARCHAR(255) ${exact} NOT NULL, series INT NOT NULL, PRIMARY KEY (workspace_id)) ENGINE=InnoDB`,
      );
      return;
    }
    await queryRunner.query(
      'CREATE TABLE "sequence_series" (' +
        '"workspace_id" varchar(255) NOT NULL, ' +
        '"id" varchar(36) NOT NULL, ' +
        '"name" varchar(255) NOT NULL, ' +
        '"code" varchar(255), ' +
        '"description" varchar(1024), ' +
        '"prefix" varchar(32) NOT NULL, ' +
        '"suffix" varchar(32) NOT NULL, ' +
        '"padding" integer NOT NULL, ' +
        '"start" bigint NOT NULL, ' +
        '"last_index" bigint, ' +
        '"last_entry_id" varchar(36), ' +
        '"created_at" bigint NOT NULL, ' +
        '"updated_at" bigint NOT NULL, ' +
        'PRIMARY KEY ("workspace_id", "id"))',
    );
    await queryRunner.query(
      'CREATE TABLE "sequence_entries" (' +
        '"workspace_id" varchar(255) NOT NULL, ' +
        '"series_id" varchar(36) NOT NULL, ' +
        '"idx" bigint NOT NULL, ' +
        '"id" varchar(36) NOT NULL, ' +
        '"code" varchar(128) NOT NULL, ' +
        '"previous_id" varchar(36), ' +
        '"meta" text, ' +
        '"sigs" text NOT NULL, ' +
        '"created_at" bigint NOT NULL, ' +
        '"updated_at" bigint NOT NULL, ' +
        'PRIMARY KEY ("workspace_id", "series_id", "idx"))',
    );
    await queryRunner.query('CREATE UNIQUE INDEX "sequence_entries_id" ON "sequence_entries" ("workspace_id", "id")');
    await queryRunner.query('CREATE TABLE "sequence_quotas" ("workspace_id" varchar(255) NOT NULL PRIMARY KEY, "series" integer NOT NULL)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE sequence_quotas');
    await queryRunner.query('DROP TABLE sequence_entries');
    await queryRunner.query('DROP TABLE sequence_series');
  }
}
