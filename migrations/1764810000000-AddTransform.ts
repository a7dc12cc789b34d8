import type { MigrationInterface, QueryRunner } from 'typeorm';
import { exactCollation } from './1763700000000-CreateEntries';

/**
 * Workflows and their jobs. `transform_workflows` holds each workflow with its steps (JSON text) and current
 * version; `transform_workflow_versions` the versions it had. `transform_jobs` holds each job: what it runs (its
 * own copy of the steps), where it stands (`state`: intents, faults, attachments; `next_step_id`, `tries`), when
 * its next step is due (`due_at`, NULL once it has ended) and the lease of the process running it. A job's key is
 * unique in its workspace. Times are milliseconds since the epoch.
 */
export class AddTransform1764810000000 implements MigrationInterface {
  name = 'AddTransform1764810000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const mysql = queryRunner.connection.options.type === 'mysql';
    const exact = mysql ? ` CHARACTER SET utf8mb4 COLLATE ${await exactCollation(queryRunner)}` : '';
    const engine = mysql ? ' ENGINE=InnoDB' : '';
    const text = mysql ? 'LONGTEXT' : 'text';
    await queryRunner.query(
      'CREATE TABLE transform_workflows (' +
        `workspace_id VARCHAR(255)${exact} NOT NULL, ` +
        `id VARCHAR(36)${exact} NOT NULL, ` +
        'name VARCHAR(255) NOT NULL, ' +
        'description VARCHAR(1024) NULL, ' +
        `schema_name VARCHAR(64)${exact} NULL, ` +
        'country VARCHAR(2) NULL, ' +
        'draft INT NOT NULL, ' +
        'disabled INT NOT NULL, ' +
        `steps ${text} NOT NULL, ` +
        'version INT NOT NULL, ' +
        'hash VARCHAR(12) NOT NULL, ' +
        'created_at BIGINT NOT NULL, ' +
        'updated_at BIGINT NOT NULL, ' +
        'PRIMARY KEY (workspace_id, id))' +
        engine,
    );
    await queryRunner.query('CREATE INDEX transform_workflows_created ON transform_workflows (workspace_id, created_at)');
    await queryRunner.query(
      'CREATE TABLE transform_workflow_versions (' +
        `workspace_id VARCHAR(255)${exact} NOT NULL, ` +
        `workflow_id VARCHAR(36)${exact} NOT NULL, ` +
        'version INT NOT NULL, ' +
        'name VARCHAR(255) NOT NULL, ' +
        'hash VARCHAR(12) NOT NULL, ' +
        'created_at BIGINT NOT NULL, ' +
        'PRIMARY KEY (workspace_id, workflow_id, version))' +
        engine,
    );
    await queryRunner.query(
      'CREATE TABLE transform_jobs (' +
        `workspace_id VARCHAR(255)${exact} NOT NULL, ` +
        `id VARCHAR(36)${exact} NOT NULL, ` +
        `job_key VARCHAR(255)${exact} NULL, ` +
        `workflow_id VARCHAR(36)${exact} NOT NULL, ` +
        `silo_entry_id VARCHAR(36)${exact} NULL, ` +
        `status VARCHAR(16)${exact} NOT NULL, ` +
        `state ${text} NOT NULL, ` +
        `next_step_id VARCHAR(36)${exact} NULL, ` +
        'tries INT NOT NULL, ' +
        'due_at BIGINT NULL, ' +
        `lease_owner VARCHAR(128)${exact} NULL, ` +
        'lease_until BIGINT NULL, ' +
        'created_at BIGINT NOT NULL, ' +
        'updated_at BIGINT NOT NULL, ' +
        'completed_at BIGINT NULL, ' +
        'PRIMARY KEY (workspace_id, id))' +
        engine,
    );
    await queryRunner.query('CREATE UNIQUE INDEX transform_jobs_key ON transform_jobs (workspace_id, job_key)');
    await queryRunner.query('CREATE INDEX transform_jobs_due ON transform_jobs (due_at)');
    await queryRunner.query('CREATE INDEX transform_jobs_unfinished ON transform_jobs (workspace_id, due_at)');
    await queryRunner.query('CREATE INDEX transform_jobs_created ON transform_jobs (workspace_id, created_at, id)');
    await queryRunner.query('CREATE INDEX transform_jobs_entry ON transform_jobs (workspace_id, silo_entry_id, created_at)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE transform_jobs');
    await queryRunner.query('DROP TABLE transform_workflow_versions');
    await queryRunner.query('DROP TABLE transform_workflows');
  }
}
