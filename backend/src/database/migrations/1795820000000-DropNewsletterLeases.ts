import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The newsletter runs on the job queue, whose heartbeat is its lease: the campaigns and send records
 * no longer name a holder. Unfinished campaigns are queued again by the sender's sweep.
 */
export class DropNewsletterLeases1795820000000 implements MigrationInterface {
  name = 'DropNewsletterLeases1795820000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "newsletter_sends" DROP COLUMN "lease_owner", DROP COLUMN "lease_until"`);
    await queryRunner.query(`ALTER TABLE "newsletter_campaigns" DROP COLUMN "lease_owner", DROP COLUMN "lease_until"`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "newsletter_campaigns" ADD COLUMN "lease_owner" text, ADD COLUMN "lease_until" timestamptz`,
    );
    await queryRunner.query(
      `ALTER TABLE "newsletter_sends" ADD COLUMN "lease_owner" text, ADD COLUMN "lease_until" timestamptz`,
    );
  }
}
