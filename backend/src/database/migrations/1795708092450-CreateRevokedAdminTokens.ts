import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Admin tokens ended by logging out, each until its own expiry (later it is refused anyway), so
 * that every replica refuses them.
 */
export class CreateRevokedAdminTokens1795708092450 implements MigrationInterface {
  name = 'CreateRevokedAdminTokens1795708092450';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "revoked_admin_tokens" (
        "token_id" uuid PRIMARY KEY,
        "expires_at" timestamptz NOT NULL
      )`);
    await queryRunner.query(
      `CREATE INDEX "revoked_admin_tokens_expires_at_idx" ON "revoked_admin_tokens" ("expires_at")`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE "revoked_admin_tokens"');
  }
}
