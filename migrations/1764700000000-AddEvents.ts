import type { MigrationInterface, QueryRunner } from 'typeorm';
import { exactCollation } from './1763700000000-CreateEntries';

/**
 * Events, written with each change of an entry in its transaction (an outbox), in the order written (`pk`),
 * without a place in the feed (`seq` NULL) until the sequencer, after their commit, gives them the next places
 * of their workspace's feed. `event_feeds` holds each workspace's last place given (`last_seq`) and the last
 * place retention has deleted (`pruned_through`). The feed is read by place; events without one by `pk`; an
 * entry's events and the oldest events of all workspaces (for retention) by their indexes. The place's index is
 * not unique: the sequencer alone gives places, one after the other, so nothing needs the database to check them,
 * and on a cluster each unique key is one more key that writers and the sequencer are certified against.
 */
export class AddEvents1764700000000 implements MigrationInterface {
  name = 'AddEvents1764700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    if (queryRunner.connection.options.type === 'mysql') {
      const exact = `CHARACTER SET utf8mb4 COLLATE ${await exactCollation(queryRunner)}`;
      await queryRunner.query(
        'CREATE TABLE event_feeds (' +
          `workspace_id VARCHAR(255) ${exact} NOT NULL, ` +
          'last_seq BIGINT NOT NULL, ' +
          'pruned_through BIGINT NOT NULL DEFAULT 0, ' +
          'PRIMARY KEY (workspace_id)' +
          ') ENGINE=InnoDB',
      );
      await queryRunner.query(
        'CREATE TABLE entry_events (' +
          'pk BIGINT UNSIGNED NOT NULL AUTO_INCREMENT, ' +
          `workspace_id VARCHAR(255) ${exact} NOT NULL, ` +
          'seq BIGINT NULL, ' +
          `id VARCHAR(36) ${exact} NOT NULL, ` +
          `event_type VARCHAR(32) ${exact} NOT NULL, ` +
          `entry_id VARCHAR(36) ${exact} NOT NULL, ` +
          `folder VARCHAR(64) ${exact} NOT NULL, ` +
          'created_at BIGINT NOT NULL, ' +
          'data LONGTEXT NOT NULL, ' +
          'PRIMARY KEY (pk), ' +
          'INDEX entry_events_place (workspace_id, seq), ' +
          'INDEX entry_events_unplaced (seq, pk), ' +
          'INDEX entry_events_entry (workspace_id, entry_id, seq), ' +
          'INDEX entry_events_age (created_at)' +
          ') ENGINE=InnoDB',
      );
      return;
    }
    await queryRunner.query(
      'CREATE TABLE "event_feeds" ("workspace_id" varchar(255) NOT NULL PRIMARY KEY, "last_seq" bigint NOT NULL, "pruned_through" bigint NOT NULL DEFAULT 0)',
    );
    await queryRunner.query(
      'CREATE TABLE "entry_events" (' +
        '"pk" integer PRIMARY KEY AUTOINCREMENT, ' +
        '"workspace_id" varchar(255) NOT NULL, ' +
        '"seq" bigint NULL, ' +
        '"id" varchar(36) NOT NULL, ' +
        '"event_type" varchar(32) NOT NULL, ' +
        '"entry_id" varchar(36) NOT NULL, ' +
        '"folder" varchar(64) NOT NULL, ' +
        '"created_at" bigint NOT NULL, ' +
        '"data" text NOT NULL)',
    );
    await queryRunner.query('CREATE INDEX "entry_events_place" ON "entry_events" ("workspace_id", "seq")');
    await queryRunner.query('CREATE INDEX "entry_events_unplaced" ON "entry_events" ("seq", "pk")');
    await queryRunner.query('CREATE INDEX "entry_events_entry" ON "entry_events" ("workspace_id", "entry_id", "seq")');
    await queryRunner.query('CREATE INDEX "entry_events_age" ON "entry_events" ("created_at")');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE entry_events');
    await queryRunner.query('DROP TABLE event_feeds');
  }
}
