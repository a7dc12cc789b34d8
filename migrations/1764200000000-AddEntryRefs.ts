import { Table, type MigrationInterface, type QueryRunner, type TableColumnOptions } from 'typeorm';
import { exactCollation } from './1763700000000-CreateEntries';

/** Entries read per batch while the references of the entries stored before are filled in. */
const BACKFILL_BATCH = 50;

/**
 * The UUIDs entries' documents are known by and name, for related lists (as src/domain/entry-refs.ts found them then): a row
 * per entry, context and UUID, found by the entry (the primary key) or by the UUID (an index). The entries already stored
 * get theirs here, read from their envelopes; which entry an older copy was made from (`previous_id`) was not
 * kept before, so only what their documents name is found for them.
 */
export class AddEntryRefs1764200000000 implements MigrationInterface {
  name = 'AddEntryRefs1764200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const mysql = queryRunner.connection.options.type === 'mysql';
    const exact = mysql ? { charset: 'utf8mb4', collation: await exactCollation(queryRunner) } : {};
    const id = (name: string, length: number): TableColumnOptions => ({
      name,
      type: 'varchar',
      length: String(length),
      isPrimary: true,
      ...exact,
    });
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

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const objects = (value: unknown): Record<string, unknown>[] =>
  Array.isArray(value)
    ? value.filter((item): item is Record<string, unknown> => typeof item === 'object' && item !== null && !Array.isArray(item))
    : [];

const uuidOf = (value: unknown): string | undefined =>
  typeof value === 'string' && UUID_PATTERN.test(value) ? value.toLowerCase() : undefined;

/**
 * The UUIDs a stored envelope's document is known by and names, each (uuid, context) once, never the envelope's
 * own uuid: a frozen copy of what the service found when this migration was written, so that a later change to
 * how it finds references does not change what this migration wrote.
 */
function referencesOf(envelope: { head?: { uuid?: unknown }; doc?: unknown } | undefined): { uuid: string; context: string }[] {
  const own = uuidOf(envelope?.head?.uuid);
  const refs = new Map<string, { uuid: string; context: string }>();
  const add = (value: unknown, context: string) => {
    const uuid = uuidOf(value);
    if (uuid && uuid !== own) refs.set(`${context} ${uuid}`, { uuid, context });
  };
  const doc = envelope?.doc as Record<string, unknown> | undefined;
  if (doc && typeof doc === 'object') {
    add(doc.uuid, 'uuid');
    for (const ref of objects(doc.preceding)) add(ref.uuid, 'preceding');
    for (const line of objects(doc.lines)) {
      const document = line.document as Record<string, unknown> | undefined;
      if (document && typeof document === 'object') add(document.uuid, 'lines.document');
    }
  }
  return [...refs.values()];
}
