import { Table, TableColumn, type MigrationInterface, type QueryRunner, type TableColumnOptions } from 'typeorm';
import { exactCollation } from './1763700000000-CreateEntries';

/**
 * The history of an entry: its versions (each with the envelope it had) and its states. Entries gain a
 * `version` column, empty for the entries stored before it: their one version is derived from their digest
 * when read, so no existing row is rewritten. An entry's versions are written only once it changes; until
 * then its one version is the entry itself.
 */
export class AddEntryHistory1764100000000 implements MigrationInterface {
  name = 'AddEntryHistory1764100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const mysql = queryRunner.connection.options.type === 'mysql';
    const exact = mysql ? { charset: 'utf8mb4', collation: await exactCollation(queryRunner) } : {};
    const unicode = mysql ? { charset: 'utf8mb4', collation: 'utf8mb4_unicode_ci' } : {};
    const id = (name: string, length: number, extra: Partial<TableColumnOptions> = {}): TableColumnOptions => ({
      name,
      type: 'varchar',
      length: String(length),
      ...exact,
      ...extra,
    });
    const varchar = (name: string, length: number, nullable = false): TableColumnOptions => ({
      name,
      type: 'varchar',
      length: String(length),
      isNullable: nullable,
      ...unicode,
    });
    const text = (name: string, nullable = false): TableColumnOptions => ({
      name,
      type: mysql ? 'longtext' : 'text',
      isNullable: nullable,
      ...unicode,
    });

    await queryRunner.addColumn('entries', new TableColumn(id('version', 16, { isNullable: true })));

    await queryRunner.createTable(
      new Table({
        name: 'entry_versions',
        columns: [
          id('workspace_id', 255, { isPrimary: true }),
          id('entry_id', 36, { isPrimary: true }),
          { name: 'seq', type: 'int', isPrimary: true },
          id('version', 16),
          { name: 'at', type: 'bigint' },
          { name: 'invalid', type: 'boolean' },
          { name: 'signed', type: 'boolean' },
          varchar('src', 64),
          text('data'),
        ],
        indices: [{ name: 'entry_versions_version', columnNames: ['workspace_id', 'entry_id', 'version'] }],
      }),
    );

    await queryRunner.createTable(
      new Table({
        name: 'entry_states',
        columns: [
          id('workspace_id', 255, { isPrimary: true }),
          id('entry_id', 36, { isPrimary: true }),
          { name: 'at', type: 'bigint', isPrimary: true },
          id('id', 36),
          id('state_key', 32),
          text('notes', true),
          text('meta', true),
          varchar('src', 64),
          { name: 'created_at', type: 'bigint' },
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('entry_states');
    await queryRunner.dropTable('entry_versions');
    await queryRunner.dropColumn('entries', 'version');
  }
}
