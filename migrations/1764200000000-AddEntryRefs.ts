import { Table, type MigrationInterface, type QueryRunner, type TableColumnOptions } from 'typeorm';
import { exactCollation } from './1763700000000-CreateEntries';
import { referencesOf } from '../src/domain/entry-refs';

/** Entries read per batch while the references of the entries stored before are filled in. */
const BACKFILL_BATCH = 50;

/**
 * The UUIDs entries' documents are known by and name, for related lists (see src/domain/entry-refs.ts): a row
 * per entry, context and UUID, found by the entry (the primary key) or by the UUID (an index). The entries already stored
 * get theirs here, read from their envelopes; which entry an older copy was made from (`previous_id`) was not
 * kept before, so only what their documents name is found for them.
 */
export class AddEntryRefs1764200000000 implements MigrationInterface {
  name = 'AddEntryRefs1764200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const mysql = queryRunner.connection.options.type === 'mysql';
    const exact = mysql ? { charset: 'utf8mb4', collation: await exactCollation(queryRunner) } : {};
    const id = (name: string, length: number): TableColumnOptions => ({ name, type: 'varchar', length: String(length), isPrimary: true, ...exact });
    await queryRunner.createTable(
      new Table({
        name: 'entry_refs',
        columns: [id('workspace_id', 255), id('entry_id', 36), id('context', 32), id('ref_uuid', 36)],
        indices: [{ name: 'entry_refs_workspace_ref', columnNames: ['workspace_id', 'ref_uuid', 'context', 'entry_id'] }],
      }),
    );
    await backfill(queryRunner);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('entry_refs');
  }
}

/** Reads the stored envelopes in batches (keyset on the primary key) and writes their references. */
async function backfill(queryRunner: QueryRunner): Promise<void> {
  let after: { workspace: string; id: string } | undefined;
  for (;;) {
    const rows: { workspace_id: string; id: string; data: string }[] = await queryRunner.query(
      'SELECT workspace_id, id, data FROM entries' +
        (after ? ' WHERE workspace_id > ? OR (workspace_id = ? AND id > ?)' : '') +
        ` ORDER BY workspace_id, id LIMIT ${BACKFILL_BATCH}`,
      after ? [after.workspace, after.workspace, after.id] : [],
    );
    if (rows.length === 0) return;
    const values: string[] = [];
    for (const row of rows) {
      let envelope;
      try {
        envelope = JSON.parse(row.data);
      } catch {
        continue; // not JSON: it names nothing
      }
      for (const ref of referencesOf(envelope)) values.push(row.workspace_id, row.id, ref.context, ref.uuid);
    }
    if (values.length > 0) {
      const tuples = Array.from({ length: values.length / 4 }, () => '(?, ?, ?, ?)').join(', ');
      await queryRunner.query(`INSERT INTO entry_refs (workspace_id, entry_id, context, ref_uuid) VALUES ${tuples}`, values);
    }
    const last = rows[rows.length - 1];
    after = { workspace: last.workspace_id, id: last.id };
  }
}
