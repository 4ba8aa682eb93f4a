import type { MigrationInterface, QueryRunner } from 'typeorm';

/** What TRY_SERIAL_FROM defaults to in the app's configuration (and in .env.example). */
const DEFAULT_TRY_SERIAL_FROM = '0500';

/**
 * Gives every code a pool: `try` codes are offered on /try, `print` codes become sold stickers.
 * Until now /try offered every unused code from TRY_SERIAL_FROM on, so existing codes keep what
 * that rule gave them: `try` from that serial on, `print` below it. New rows default to `print`,
 * so a row written without a pool is never offered to strangers.
 *
 * TypeORM builds migrations without arguments and they also run apart from the app (`npm run
 * migration:run`), so the rule's one setting cannot come from the app's parsed configuration: it
 * is read here from the environment, where every entry point (the server's start-up, `make run`,
 * `migration:run` after .env, docker compose) puts the TRY_SERIAL_FROM the app itself reads, with
 * the app's default when unset. A value that is not digits stops the migration instead of guessing.
 */
export class AddQrCodePools1795642959316 implements MigrationInterface {
  name = 'AddQrCodePools1795642959316';

  async up(queryRunner: QueryRunner): Promise<void> {
    const tryFrom = process.env.TRY_SERIAL_FROM || DEFAULT_TRY_SERIAL_FROM;
    if (!/^\d{1,18}$/.test(tryFrom)) throw new Error(`TRY_SERIAL_FROM: must be digits, got "${tryFrom}"`);
    await queryRunner.query(`
      ALTER TABLE "qr_codes" ADD COLUMN "pool" text NOT NULL DEFAULT 'print'
        CONSTRAINT "qr_codes_pool_check" CHECK ("pool" IN ('try', 'print'))`);
    await queryRunner.query(`UPDATE "qr_codes" SET "pool" = 'try' WHERE "serial_value" >= $1::bigint`, [tryFrom]);
    // What /try asks for, in the order it shows them.
    await queryRunner.query(
      `CREATE INDEX "qr_codes_try_unused_idx" ON "qr_codes" ("serial_value") WHERE "pool" = 'try' AND "status" = 'unused'`,
    );
    await queryRunner.query(`CREATE INDEX "qr_codes_pool_serial_idx" ON "qr_codes" ("pool", "serial_value")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX "qr_codes_pool_serial_idx"');
    await queryRunner.query('DROP INDEX "qr_codes_try_unused_idx"');
    await queryRunner.query('ALTER TABLE "qr_codes" DROP COLUMN "pool"');
  }
}
