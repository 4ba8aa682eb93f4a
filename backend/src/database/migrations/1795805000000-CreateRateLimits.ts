import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The counts of the public-write budgets and the login throttle, shared by every replica and kept
 * across restarts: the table rate-limiter-flexible's PostgreSQL store reads and writes (its own
 * layout, one row per budget and client, `key` prefixed by the budget's name), made here rather than
 * by the library at start-up, so that it exists before the first request and the application needs
 * no right to create tables. The index serves the library's periodic delete of expired rows.
 */
export class CreateRateLimits1795805000000 implements MigrationInterface {
  name = 'CreateRateLimits1795805000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "rate_limits" (
        "key" varchar(255) PRIMARY KEY,
        "points" integer NOT NULL DEFAULT 0,
        "expire" bigint
      )`);
    await queryRunner.query(`CREATE INDEX "rate_limits_expire_idx" ON "rate_limits" ("expire")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE "rate_limits"');
  }
}
