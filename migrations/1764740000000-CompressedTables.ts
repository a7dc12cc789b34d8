import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The tables that grow with the entries, as src/storage/table-compression.ts lists them when this was written. */
const TABLES = [
  'entries',
  'entry_versions',
  'entry_search',
  'entry_search_term',
  'entry_refs',
  'entry_events',
  'entry_meta',
  'entry_attachments',
  'entry_states',
];

/**
 * On MariaDB, the tables that grow with the entries use InnoDB page compression (see
 * src/storage/table-compression.ts). Here only the empty ones are changed, a new database's: that costs nothing.
 * A table that holds rows is rebuilt online later, by the service in the background or by `npm run migrate`,
 * because at ten million entries a rebuild takes longer than a start may. Nothing changes on SQLite, on MySQL
 * (which has no PAGE_COMPRESSED) or on a server without a file per table.
 */
export class CompressedTables1764740000000 implements MigrationInterface {
  name = 'CompressedTables1764740000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    if (queryRunner.connection.options.type !== 'mysql') return;
    const [server] = (await queryRunner.query('SELECT VERSION() AS version, @@innodb_file_per_table AS perTable')) as {
      version: string;
      perTable: number | string;
    }[];
    if (!/mariadb/i.test(server.version) || Number(server.perTable) !== 1) return;
    for (const table of await present(queryRunner)) {
      const rows = (await queryRunner.query(`SELECT 1 FROM ${table} LIMIT 1`)) as unknown[];
      if (rows.length === 0) await queryRunner.query(`ALTER TABLE ${table} PAGE_COMPRESSED=1`);
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    if (queryRunner.connection.options.type !== 'mysql') return;
    const [server] = (await queryRunner.query('SELECT VERSION() AS version')) as { version: string }[];
    if (!/mariadb/i.test(server.version)) return;
    for (const table of await present(queryRunner)) await queryRunner.query(`ALTER TABLE ${table} PAGE_COMPRESSED=0`);
  }
}

/** The tables of TABLES this database has (a test may run this beside a choice of the earlier migrations). */
async function present(queryRunner: QueryRunner): Promise<string[]> {
  const rows = (await queryRunner.query('SELECT table_name AS name FROM information_schema.TABLES WHERE table_schema = DATABASE()')) as {
    name: string;
  }[];
  const names = new Set(rows.map((row) => row.name));
  return TABLES.filter((table) => names.has(table));
}
