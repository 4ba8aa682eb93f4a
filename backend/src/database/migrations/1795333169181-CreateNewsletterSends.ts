import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The newsletter that goes out when a post is published for the first time: one campaign per post
 * and one send record per subscriber, so a crash and restart neither skips nor repeats anyone.
 */
export class CreateNewsletterSends1795333169181 implements MigrationInterface {
  name = 'CreateNewsletterSends1795333169181';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "blog_posts" ADD COLUMN "first_published_at" timestamptz`);
    // Posts already out before this migration were announced (or not) by hand: never mail them now.
    await queryRunner.query(`UPDATE "blog_posts" SET "first_published_at" = "created_at" WHERE "published"`);

    await queryRunner.query(`
      CREATE TABLE "newsletter_campaigns" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "post_id" uuid NOT NULL CONSTRAINT "newsletter_campaigns_post_id_key" UNIQUE
          CONSTRAINT "newsletter_campaigns_post_id_fkey" REFERENCES "blog_posts" ("id") ON DELETE CASCADE,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "materialized_at" timestamptz,
        "finished_at" timestamptz,
        "lease_owner" text,
        "lease_until" timestamptz
      )`);
    await queryRunner.query(
      `CREATE INDEX "newsletter_campaigns_unfinished_idx" ON "newsletter_campaigns" ("created_at") WHERE "finished_at" IS NULL`,
    );
    await queryRunner.query(
      `CREATE INDEX "newsletter_campaigns_created_at_idx" ON "newsletter_campaigns" ("created_at" DESC)`,
    );

    await queryRunner.query(`
      CREATE TABLE "newsletter_sends" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "campaign_id" uuid NOT NULL
          CONSTRAINT "newsletter_sends_campaign_id_fkey" REFERENCES "newsletter_campaigns" ("id") ON DELETE CASCADE,
        "post_id" uuid NOT NULL
          CONSTRAINT "newsletter_sends_post_id_fkey" REFERENCES "blog_posts" ("id") ON DELETE CASCADE,
        "subscriber_id" uuid NOT NULL
          CONSTRAINT "newsletter_sends_subscriber_id_fkey" REFERENCES "blog_subscribers" ("id") ON DELETE CASCADE,
        "email" text NOT NULL,
        "language" text NOT NULL CONSTRAINT "newsletter_sends_language_check" CHECK ("language" IN ('ko', 'en')),
        "status" text NOT NULL DEFAULT 'pending'
          CONSTRAINT "newsletter_sends_status_check" CHECK ("status" IN ('pending', 'sent', 'failed', 'skipped')),
        "attempts" integer NOT NULL DEFAULT 0,
        "next_attempt_at" timestamptz NOT NULL DEFAULT now(),
        "lease_owner" text,
        "lease_until" timestamptz,
        "last_error" text,
        "sent_at" timestamptz,
        CONSTRAINT "newsletter_sends_post_id_subscriber_id_key" UNIQUE ("post_id", "subscriber_id")
      )`);
    await queryRunner.query(
      `CREATE INDEX "newsletter_sends_pending_idx" ON "newsletter_sends" ("campaign_id", "next_attempt_at") WHERE "status" = 'pending'`,
    );
    await queryRunner.query(
      `CREATE INDEX "newsletter_sends_campaign_id_status_idx" ON "newsletter_sends" ("campaign_id", "status")`,
    );
    await queryRunner.query(
      `CREATE INDEX "newsletter_sends_subscriber_id_idx" ON "newsletter_sends" ("subscriber_id")`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE "newsletter_sends"');
    await queryRunner.query('DROP TABLE "newsletter_campaigns"');
    await queryRunner.query('ALTER TABLE "blog_posts" DROP COLUMN "first_published_at"');
  }
}
