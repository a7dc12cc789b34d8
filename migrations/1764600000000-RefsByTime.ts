import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Related lists paged in the database (src/storage/related-page.ts): each reference row holds the time of the
 * entry it belongs to, and an index gives the entries naming a UUID in one context in (created_at, entry_id)
 * order, so a page reads only its own rows, however many entries name that UUID. The index replaces
 * entry_refs_workspace_ref (workspace_id, ref_uuid, context, entry_id), whose lookups it serves as well.
 */
export class RefsByTime1764600000000 implements MigrationInterface {
  name = 'RefsByTime1764600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const mysql = queryRunner.connection.options.type === 'mysql';
    await queryRunner.query('ALTER TABLE entry_refs ADD COLUMN created_at BIGINT NOT NULL DEFAULT 0');
    // An entry's created_at never changes: copied once here, then written with each reference row.
    await queryRunner.query(
      mysql
        ? 'UPDATE entry_refs r JOIN entries e ON e.workspace_id = r.workspace_id AND e.id = r.entry_id SET r.created_at = e.created_at'
        : 'UPDATE entry_refs SET created_at = COALESCE((SELECT e.created_at FROM entries e WHERE e.workspace_id = entry_refs.workspace_id AND e.id = entry_refs.entry_id), 0)',
    );
    await queryRunner.query('CREATE INDEX entry_refs_ref_time ON entry_refs (workspace_id, ref_uuid, context, created_at, entry_id)');
    await queryRunner.query(mysql ? 'DROP INDEX entry_refs_workspace_ref ON entry_refs' : 'DROP INDEX entry_refs_workspace_ref');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const mysql = queryRunner.connection.options.type === 'mysql';
    await queryRunner.query('CREATE INDEX entry_refs_workspace_ref ON entry_refs (workspace_id, ref_uuid, context, entry_id)');
    await queryRunner.query(mysql ? 'DROP INDEX entry_refs_ref_time ON entry_refs' : 'DROP INDEX entry_refs_ref_time');
    await queryRunner.query('ALTER TABLE entry_refs DROP COLUMN created_at');
  }
}
