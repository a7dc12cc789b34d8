import { inflateRawSync } from 'node:zlib';
import type { MigrationInterface, QueryRunner } from 'typeorm';
import { PACKED_JSON_DICTIONARY_V1 } from './support/packed-json-dictionary';

/**
 * Envelopes are stored packed (src/storage/packed-json.ts): `data_packed` in entries and entry_versions, and in
 * entries the envelope's size as text, `data_size`, which the read budget weighs. Nullable columns added at the
 * end: no row is rewritten here, and MariaDB adds them instantly (ALGORITHM=INSTANT refuses rather than copy
 * the table). Existing rows keep their text in `data` until they are packed, in batches, by `npm run migrate` or
 * by the service in the background (src/storage/envelope-packing.ts); reads take either. `storage_tasks` records
 * that packing has finished, so that no later start scans the tables again.
 */
export class PackedEnvelopes1764730000000 implements MigrationInterface {
  name = 'PackedEnvelopes1764730000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const mysql = queryRunner.connection.options.type === 'mysql';
    // IF NOT EXISTS: MySQL commits each DDL statement, so a run stopped half-way must be able to run again.
    await queryRunner.query(
      `CREATE TABLE IF NOT EXISTS storage_tasks (name VARCHAR(64) NOT NULL PRIMARY KEY, finished_at BIGINT NOT NULL)${mysql ? ' ENGINE=InnoDB' : ''}`,
    );
    if (mysql) {
      await queryRunner.query(
        'ALTER TABLE entries ADD COLUMN IF NOT EXISTS data_packed LONGBLOB NULL, ADD COLUMN IF NOT EXISTS data_size BIGINT NULL, ALGORITHM=INSTANT',
      );
      await queryRunner.query('ALTER TABLE entry_versions ADD COLUMN IF NOT EXISTS data_packed LONGBLOB NULL, ALGORITHM=INSTANT');
    } else {
      await queryRunner.query('ALTER TABLE entries ADD COLUMN data_packed BLOB NULL');
      await queryRunner.query('ALTER TABLE entries ADD COLUMN data_size BIGINT NULL');
      await queryRunner.query('ALTER TABLE entry_versions ADD COLUMN data_packed BLOB NULL');
    }
    // A database with no envelope yet has none to pack: the task is done before it starts.
    const [stored] = (await queryRunner.query(
      'SELECT (SELECT COUNT(*) FROM (SELECT 1 FROM entries LIMIT 1) e) + (SELECT COUNT(*) FROM (SELECT 1 FROM entry_versions LIMIT 1) v) AS n',
    )) as { n: number | string }[];
    if (Number(stored.n) === 0) {
      await queryRunner.query(
        `${mysql ? 'INSERT IGNORE' : 'INSERT OR IGNORE'} INTO storage_tasks (name, finished_at) VALUES ('pack-envelopes', ?)`,
        [Date.now()],
      );
    }
  }

  /** Every envelope back to text (packed rows hold theirs in data_packed alone), then the columns go. */
  async down(queryRunner: QueryRunner): Promise<void> {
    const mysql = queryRunner.connection.options.type === 'mysql';
    for (const [table, key] of [
      ['entries', ['workspace_id', 'id']],
      ['entry_versions', ['workspace_id', 'entry_id', 'seq']],
    ] as const) {
      for (;;) {
        const rows = (await queryRunner.query(
          `SELECT ${key.join(', ')}, data_packed FROM ${table} WHERE data_packed IS NOT NULL LIMIT 500`,
        )) as Record<string, unknown>[];
        if (rows.length === 0) break;
        for (const row of rows) {
          await queryRunner.query(
            `UPDATE ${table} SET data = ?, data_packed = NULL WHERE ${key.map((column) => `${column} = ?`).join(' AND ')}`,
            [unpackV1(row.data_packed as Uint8Array), ...key.map((column) => row[column])],
          );
        }
      }
    }
    if (mysql) {
      await queryRunner.query('ALTER TABLE entries DROP COLUMN data_packed, DROP COLUMN data_size');
      await queryRunner.query('ALTER TABLE entry_versions DROP COLUMN data_packed');
    } else {
      await queryRunner.query('ALTER TABLE entries DROP COLUMN data_packed');
      await queryRunner.query('ALTER TABLE entries DROP COLUMN data_size');
      await queryRunner.query('ALTER TABLE entry_versions DROP COLUMN data_packed');
    }
    await queryRunner.query('DROP TABLE storage_tasks');
  }
}

/** Codec 1 of src/storage/packed-json.ts, as it was written: a tag byte, then raw deflate with dictionary 1. */
function unpackV1(packed: Uint8Array): string {
  const bytes = Buffer.from(packed.buffer, packed.byteOffset, packed.byteLength);
  if (bytes[0] !== 1) throw new Error(`packed envelope with codec tag ${bytes[0]}: this migration knows codec 1 only`);
  return inflateRawSync(bytes.subarray(1), { dictionary: PACKED_JSON_DICTIONARY_V1 }).toString('utf8');
}
