import { Table, type MigrationInterface, type QueryRunner, type TableColumnOptions } from 'typeorm';

/**
 * The entries, attachments and meta tables. One migration for both engines. On MySQL and MariaDB every
 * text column is utf8mb4 whatever the server's default; identifiers and keys use a binary, no-pad collation
 * so that uniqueness is exact (case and trailing spaces count); documents go in LONGTEXT.
 */
export class CreateEntries1763700000000 implements MigrationInterface {
  name = 'CreateEntries1763700000000';

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
    const text = (name: string, nullable = false): TableColumnOptions => ({
      name,
      type: mysql ? 'longtext' : 'text',
      isNullable: nullable,
      ...unicode,
    });
    const varchar = (name: string, length: number, nullable = false): TableColumnOptions => ({
      name,
      type: 'varchar',
      length: String(length),
      isNullable: nullable,
      ...unicode,
    });
    const flag = (name: string): TableColumnOptions => ({ name, type: 'boolean' });
    const millis = (name: string): TableColumnOptions => ({ name, type: 'bigint' });

    await queryRunner.createTable(
      new Table({
        name: 'entries',
        columns: [
          id('workspace_id', 255, { isPrimary: true }),
          id('id', 36, { isPrimary: true }),
          id('entry_key', 255, { isNullable: true }),
          id('folder', 64),
          varchar('doc_schema', 255),
          varchar('env_schema', 255),
          varchar('state', 32, true),
          flag('signed'),
          flag('invalid'),
          varchar('digest_alg', 16),
          varchar('digest_val', 128),
          text('snippet'),
          text('tags'),
          text('faults'),
          text('data'),
          millis('created_at'),
          millis('updated_at'),
        ],
        indices: [
          { name: 'entries_workspace_key', columnNames: ['workspace_id', 'entry_key'], isUnique: true },
          { name: 'entries_workspace_created', columnNames: ['workspace_id', 'created_at', 'id'] },
          { name: 'entries_workspace_folder_created', columnNames: ['workspace_id', 'folder', 'created_at', 'id'] },
        ],
      }),
    );

    await queryRunner.createTable(
      new Table({
        name: 'entry_attachments',
        columns: [
          id('workspace_id', 255, { isPrimary: true }),
          id('entry_id', 36, { isPrimary: true }),
          id('id', 64, { isPrimary: true }),
          varchar('name', 255),
          text('description', true),
          varchar('mime', 255),
          millis('size'),
          varchar('hash', 128),
          flag('stored'),
          text('url', true),
          text('meta', true),
          millis('created_at'),
        ],
      }),
    );

    await queryRunner.createTable(
      new Table({
        name: 'entry_meta',
        columns: [
          id('workspace_id', 255, { isPrimary: true }),
          id('entry_id', 36, { isPrimary: true }),
          id('src', 64, { isPrimary: true }),
          id('meta_key', 255, { isPrimary: true }),
          text('value', true),
          varchar('ref', 255, true),
          varchar('owner_id', 255, true),
          flag('owned'),
          flag('indexed'),
          flag('secure'),
          flag('shared'),
          varchar('link_scope', 64, true),
          text('link_url', true),
          millis('created_at'),
          millis('updated_at'),
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('entry_meta');
    await queryRunner.dropTable('entry_attachments');
    await queryRunner.dropTable('entries');
  }
}

/**
 * A binary collation that does not ignore trailing spaces: MySQL 8 calls it utf8mb4_0900_bin, MariaDB
 * utf8mb4_nopad_bin. Plain utf8mb4_bin pads, so "a" and "a " would collide.
 */
export async function exactCollation(queryRunner: QueryRunner): Promise<string> {
  for (const name of ['utf8mb4_0900_bin', 'utf8mb4_nopad_bin']) {
    const rows: unknown[] = await queryRunner.query('SHOW COLLATION WHERE Collation = ?', [name]);
    if (rows.length > 0) return name;
  }
  return 'utf8mb4_bin';
}
