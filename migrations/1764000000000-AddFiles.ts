import { Table, TableColumn, type MigrationInterface, type QueryRunner, type TableColumnOptions } from 'typeorm';
import { exactCollation } from './1763700000000-CreateEntries';

/**
 * Files on entries: the attachment rows gain the fields of a file (key, category, flags, earlier versions, the
 * content they point at), and the contents go in the database too, so that they are transactional with their
 * entry and backed up with it. A content is its metadata row and its bytes in chunks of at most
 * FILE_CHUNK_BYTES, so neither a write nor a read holds more than a chunk per row.
 */
export class AddFiles1764000000000 implements MigrationInterface {
  name = 'AddFiles1764000000000';

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
    const varchar = (name: string, length: number): TableColumnOptions => ({
      name,
      type: 'varchar',
      length: String(length),
      isNullable: true,
      ...unicode,
    });

    await queryRunner.addColumns('entry_attachments', [
      new TableColumn(varchar('file_key', 255)),
      new TableColumn(varchar('category', 64)),
      new TableColumn({ name: 'embeddable', type: 'boolean', default: false }),
      new TableColumn({ name: 'private', type: 'boolean', default: false }),
      new TableColumn({ name: 'previous', type: mysql ? 'longtext' : 'text', isNullable: true, ...unicode }),
      new TableColumn(id('content_id', 36, { isNullable: true })),
    ]);

    await queryRunner.createTable(
      new Table({
        name: 'file_contents',
        columns: [
          id('workspace_id', 255, { isPrimary: true }),
          id('id', 36, { isPrimary: true }),
          id('entry_id', 36),
          id('file_id', 64),
          { name: 'size', type: 'bigint' },
          { name: 'hash', type: 'varchar', length: '64' },
          { name: 'created_at', type: 'bigint' },
        ],
        indices: [{ name: 'file_contents_file', columnNames: ['workspace_id', 'entry_id', 'file_id'] }],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'file_content_chunks',
        columns: [
          id('workspace_id', 255, { isPrimary: true }),
          id('content_id', 36, { isPrimary: true }),
          { name: 'seq', type: 'int', isPrimary: true },
          { name: 'bytes', type: mysql ? 'longblob' : 'blob' },
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('file_content_chunks');
    await queryRunner.dropTable('file_contents');
    for (const column of ['content_id', 'previous', 'private', 'embeddable', 'category', 'file_key'])
      await queryRunner.dropColumn('entry_attachments', column);
  }
}
