import type { MigrationInterface, QueryRunner } from 'typeorm';
import { exactCollation } from './1763700000000-CreateEntries';

/**
 * Webhooks. `webhook_endpoints` holds each endpoint with where it stands in its workspace's feed
 * (`delivered_seq`), its retry state for the event it is on (`attempts`, `attempt_started_at`, `next_attempt_at`),
 * since when it has failed everything (`failing_since`), and the lease of the process delivering to it.
 * `webhook_deliveries` holds each attempt, newest found by `(endpoint_id, id)` (ids are UUIDv7, in time order).
 * Times are milliseconds since the epoch, as in `entry_events`.
 */
export class AddWebhooks1764710000000 implements MigrationInterface {
  name = 'AddWebhooks1764710000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    if (queryRunner.connection.options.type === 'mysql') {
      const exact = `CHARACTER SET utf8mb4 COLLATE ${await exactCollation(queryRunner)}`;
      await queryRunner.query(
        'CREATE TABLE webhook_endpoints (' +
          `workspace_id VARCHAR(255) ${exact} NOT NULL, ` +
          `id VARCHAR(36) ${exact} NOT NULL, ` +
          'url VARCHAR(2048) NOT NULL, ' +
          'description VARCHAR(512) NULL, ' +
          'event_types TEXT NULL, ' +
          'enabled TINYINT NOT NULL, ' +
          'disabled_reason VARCHAR(512) NULL, ' +
          `secret VARCHAR(128) ${exact} NOT NULL, ` +
          `previous_secret VARCHAR(128) ${exact} NULL, ` +
          'previous_secret_until BIGINT NULL, ' +
          'delivered_seq BIGINT NOT NULL, ' +
          'next_attempt_at BIGINT NULL, ' +
          'attempts INT NOT NULL DEFAULT 0, ' +
          'attempt_started_at BIGINT NULL, ' +
          'failing_since BIGINT NULL, ' +
          `lease_owner VARCHAR(64) ${exact} NULL, ` +
          'lease_until BIGINT NULL, ' +
          'created_at BIGINT NOT NULL, ' +
          'updated_at BIGINT NOT NULL, ' +
          'PRIMARY KEY (workspace_id, id), ' +
          'INDEX webhook_endpoints_due (enabled, next_attempt_at)' +
          ') ENGINE=InnoDB',
      );
      await queryRunner.query(
        'CREATE TABLE webhook_deliveries (' +
          `id VARCHAR(36) ${exact} NOT NULL, ` +
          `workspace_id VARCHAR(255) ${exact} NOT NULL, ` +
          `endpoint_id VARCHAR(36) ${exact} NOT NULL, ` +
          `event_id VARCHAR(36) ${exact} NOT NULL, ` +
          'event_seq BIGINT NOT NULL, ' +
          `event_type VARCHAR(32) ${exact} NOT NULL, ` +
          `status VARCHAR(16) ${exact} NOT NULL, ` +
          'response_code INT NULL, ' +
          'duration_ms INT NOT NULL, ' +
          'response_excerpt TEXT NULL, ' +
          'error VARCHAR(255) NULL, ' +
          'attempt INT NOT NULL, ' +
          'next_attempt_at BIGINT NULL, ' +
          'created_at BIGINT NOT NULL, ' +
          'PRIMARY KEY (id), ' +
          'INDEX webhook_deliveries_endpoint (endpoint_id, id)' +
          ') ENGINE=InnoDB',
      );
      return;
    }
    await queryRunner.query(
      'CREATE TABLE "webhook_endpoints" (' +
        '"workspace_id" varchar(255) NOT NULL, ' +
        '"id" varchar(36) NOT NULL, ' +
        '"url" varchar(2048) NOT NULL, ' +
        '"description" varchar(512), ' +
        '"event_types" text, ' +
        '"enabled" integer NOT NULL, ' +
        '"disabled_reason" varchar(512), ' +
        '"secret" varchar(128) NOT NULL, ' +
        '"previous_secret" varchar(128), ' +
        '"previous_secret_until" bigint, ' +
        '"delivered_seq" bigint NOT NULL, ' +
        '"next_attempt_at" bigint, ' +
        '"attempts" integer NOT NULL DEFAULT 0, ' +
        '"attempt_started_at" bigint, ' +
        '"failing_since" bigint, ' +
        '"lease_owner" varchar(64), ' +
        '"lease_until" bigint, ' +
        '"created_at" bigint NOT NULL, ' +
        '"updated_at" bigint NOT NULL, ' +
        'PRIMARY KEY ("workspace_id", "id"))',
    );
    await queryRunner.query('CREATE INDEX "webhook_endpoints_due" ON "webhook_endpoints" ("enabled", "next_attempt_at")');
    await queryRunner.query(
      'CREATE TABLE "webhook_deliveries" (' +
        '"id" varchar(36) NOT NULL PRIMARY KEY, ' +
        '"workspace_id" varchar(255) NOT NULL, ' +
        '"endpoint_id" varchar(36) NOT NULL, ' +
        '"event_id" varchar(36) NOT NULL, ' +
        '"event_seq" bigint NOT NULL, ' +
        '"event_type" varchar(32) NOT NULL, ' +
        '"status" varchar(16) NOT NULL, ' +
        '"response_code" integer, ' +
        '"duration_ms" integer NOT NULL, ' +
        '"response_excerpt" text, ' +
        '"error" varchar(255), ' +
        '"attempt" integer NOT NULL, ' +
        '"next_attempt_at" bigint, ' +
        '"created_at" bigint NOT NULL)',
    );
    await queryRunner.query('CREATE INDEX "webhook_deliveries_endpoint" ON "webhook_deliveries" ("endpoint_id", "id")');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE webhook_deliveries');
    await queryRunner.query('DROP TABLE webhook_endpoints');
  }
}
