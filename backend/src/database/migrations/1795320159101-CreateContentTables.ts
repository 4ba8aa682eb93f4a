import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateContentTables1795320159101 implements MigrationInterface {
  name = 'CreateContentTables1795320159101';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "contact_submissions" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "name" text NOT NULL,
        "email" text NOT NULL,
        "phone" text,
        "message" text NOT NULL,
        "submission_type" text NOT NULL DEFAULT 'contact'
          CONSTRAINT "contact_submissions_type_check" CHECK ("submission_type" IN ('contact', 'partner')),
        "created_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(
      `CREATE INDEX "contact_submissions_created_at_idx" ON "contact_submissions" ("created_at")`,
    );

    await queryRunner.query(`
      CREATE TABLE "testimonials" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "name" text NOT NULL,
        "name_en" text,
        "role" text NOT NULL,
        "role_en" text,
        "content" text NOT NULL,
        "content_en" text,
        "image_url" text,
        "video_url" text,
        "rating" text NOT NULL DEFAULT '5',
        "featured" boolean NOT NULL DEFAULT false,
        "created_at" timestamptz NOT NULL DEFAULT now()
      )`);

    await queryRunner.query(`
      CREATE TABLE "blog_posts" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "title" text NOT NULL,
        "title_en" text,
        "content" text NOT NULL,
        "content_en" text,
        "excerpt" text NOT NULL,
        "excerpt_en" text,
        "thumbnail_url" text,
        "slug" text NOT NULL CONSTRAINT "blog_posts_slug_key" UNIQUE,
        "published" boolean NOT NULL DEFAULT false,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(
      `CREATE INDEX "blog_posts_published_created_at_idx" ON "blog_posts" ("published", "created_at" DESC)`,
    );

    await queryRunner.query(`
      CREATE TABLE "blog_subscribers" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "email" text NOT NULL CONSTRAINT "blog_subscribers_email_key" UNIQUE,
        "subscribed_at" timestamptz NOT NULL DEFAULT now(),
        "unsubscribe_token" uuid NOT NULL DEFAULT gen_random_uuid() CONSTRAINT "blog_subscribers_unsubscribe_token_key" UNIQUE,
        "active" boolean NOT NULL DEFAULT true,
        "language" text NOT NULL DEFAULT 'ko' CONSTRAINT "blog_subscribers_language_check" CHECK ("language" IN ('ko', 'en'))
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE "blog_subscribers"');
    await queryRunner.query('DROP TABLE "blog_posts"');
    await queryRunner.query('DROP TABLE "testimonials"');
    await queryRunner.query('DROP TABLE "contact_submissions"');
  }
}
