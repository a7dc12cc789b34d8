import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Entries keep what was verified of a signed envelope's signatures (`signature`, JSON text): by whom each was
 * made, as far as the service could tell, and whether it verified. NULL for an unsigned entry, and for one
 * signed before this column: those were stored only when every signature verified. A nullable column added
 * at the end: no existing row is rewritten (MariaDB adds it in place).
 */
export class EntrySignature1764640000000 implements MigrationInterface {
  name = 'EntrySignature1764640000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE entries ADD COLUMN signature TEXT NULL');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE entries DROP COLUMN signature');
  }
}
