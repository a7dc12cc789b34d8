import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A version or state of an entry names, beside the service that made it (`src`), the object of that service
 * that did (`src_id`): the intent of the job step that changed the entry, NULL for the API's own changes. A job
 * step tried again after a crash finds there the change it made before and does not make it twice. Nullable
 * columns added at the end: no existing row is rewritten (MariaDB adds them in place).
 */
export class ChangeSources1764820000000 implements MigrationInterface {
  name = 'ChangeSources1764820000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE entry_versions ADD COLUMN src_id VARCHAR(36) NULL');
    await queryRunner.query('ALTER TABLE entry_states ADD COLUMN src_id VARCHAR(36) NULL');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE entry_states DROP COLUMN src_id');
    await queryRunner.query('ALTER TABLE entry_versions DROP COLUMN src_id');
  }
}
