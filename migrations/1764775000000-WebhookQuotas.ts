import type { MigrationInterface, QueryRunner } from 'typeorm';
import { exactCollation } from './1763700000000-CreateEntries';

/**
 * `webhook_quotas` counts each workspace's endpoints: a registration raises the count only while it is under the
 * limit, in the same transaction as its insert. Every registration of a workspace writes that one row, so
 * concurrent ones are serialised by its lock on one server and certified against each other on a cluster (a count
 * read beside an insert was neither). `webhook_deliveries_scheduled` finds the attempts asked for by hand
 * (`status = 'scheduled'`) that are due, for the dispatcher that sends them.
 */
export class WebhookQuotas1764775000000 implements MigrationInterface {
  name = 'WebhookQuotas1764775000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const mysql = queryRunner.connection.options.type === 'mysql';
    const exact = mysql ? ` CHARACTER SET utf8mb4 COLLATE ${await exactCollation(queryRunner)}` : '';
    await queryRunner.query(
      `CREATE TABLE webhook_quotas (workspace_id VARCHAR(255)${exact} NOT NULL PRIMARY KEY, endpoints INT NOT NULL)${mysql ? ' ENGINE=InnoDB' : ''}`,
    );
    await queryRunner.query(
      'INSERT INTO webhook_quotas (workspace_id, endpoints) SELECT workspace_id, COUNT(*) FROM webhook_endpoints GROUP BY workspace_id',
    );
    await queryRunner.query('CREATE INDEX webhook_deliveries_scheduled ON webhook_deliveries (status, next_attempt_at)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      queryRunner.connection.options.type === 'mysql'
        ? 'DROP INDEX webhook_deliveries_scheduled ON webhook_deliveries'
        : 'DROP INDEX webhook_deliveries_scheduled',
    );
    await queryRunner.query('DROP TABLE webhook_quotas');
  }
}
