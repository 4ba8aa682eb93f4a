import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * When a /try code was taken: its public token retired and a fresh one given to the taker. A
 * taken code is no longer offered on /try, and its message is readable only through the new token.
 */
export class AddQrCodeTakenAt1795800000000 implements MigrationInterface {
  name = 'AddQrCodeTakenAt1795800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "qr_codes" ADD COLUMN "taken_at" timestamptz');
    // What /try asks for, in the order it shows them: now only the codes nobody has taken.
    await queryRunner.query('DROP INDEX "qr_codes_try_unused_idx"');
    await queryRunner.query(
      `CREATE INDEX "qr_codes_try_unused_idx" ON "qr_codes" ("serial_value")
         WHERE "pool" = 'try' AND "status" = 'unused' AND "taken_at" IS NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX "qr_codes_try_unused_idx"');
    await queryRunner.query(
      `CREATE INDEX "qr_codes_try_unused_idx" ON "qr_codes" ("serial_value") WHERE "pool" = 'try' AND "status" = 'unused'`,
    );
    await queryRunner.query('ALTER TABLE "qr_codes" DROP COLUMN "taken_at"');
  }
}
