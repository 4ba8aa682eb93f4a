import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Double opt-in: a subscriber is `pending` until the address confirms by a mailed link (its token
 * kept only as a SHA-256 hash, with an expiry), then `active`, or `unsubscribed`. Who was active
 * stays active; who had left is `unsubscribed`. The status has no default, so nothing is ever
 * subscribed by leaving it out.
 */
export class AddSubscriberConfirmation1795731200000 implements MigrationInterface {
  name = 'AddSubscriberConfirmation1795731200000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE "blog_subscribers"
        ADD COLUMN "status" text CONSTRAINT "blog_subscribers_status_check"
          CHECK ("status" IN ('pending', 'active', 'unsubscribed')),
        ADD COLUMN "confirm_token_hash" bytea CONSTRAINT "blog_subscribers_confirm_token_hash_key" UNIQUE,
        ADD COLUMN "confirm_expires_at" timestamptz`);
    await queryRunner.query(
      `UPDATE "blog_subscribers" SET "status" = CASE WHEN "active" THEN 'active' ELSE 'unsubscribed' END`,
    );
    await queryRunner.query(`ALTER TABLE "blog_subscribers" ALTER COLUMN "status" SET NOT NULL`);
    await queryRunner.query(`ALTER TABLE "blog_subscribers" DROP COLUMN "active"`);
    // The newsletter's recipients, and the sweep of confirmations that ran out.
    await queryRunner.query(
      `CREATE INDEX "blog_subscribers_active_idx" ON "blog_subscribers" ("id") WHERE "status" = 'active'`,
    );
    await queryRunner.query(
      `CREATE INDEX "blog_subscribers_confirm_expires_at_idx" ON "blog_subscribers" ("confirm_expires_at")
         WHERE "confirm_expires_at" IS NOT NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM "blog_subscribers" WHERE "status" = 'pending'`);
    await queryRunner.query(`ALTER TABLE "blog_subscribers" ADD COLUMN "active" boolean NOT NULL DEFAULT true`);
    await queryRunner.query(`UPDATE "blog_subscribers" SET "active" = ("status" = 'active')`);
    await queryRunner.query(`DROP INDEX "blog_subscribers_confirm_expires_at_idx"`);
    await queryRunner.query(`DROP INDEX "blog_subscribers_active_idx"`);
    await queryRunner.query(
      `ALTER TABLE "blog_subscribers" DROP COLUMN "status", DROP COLUMN "confirm_token_hash", DROP COLUMN "confirm_expires_at"`,
    );
  }
}
