import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A message whose video could never be processed stays as `failed`, with the reason, for the
 * giver's page to explain (its code is free again); the purge removes it a day later.
 */
export class AddVideoMessageFailures1795643615000 implements MigrationInterface {
  name = 'AddVideoMessageFailures1795643615000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "video_messages" DROP CONSTRAINT "video_messages_state_check"`);
    await queryRunner.query(
      `ALTER TABLE "video_messages" ADD CONSTRAINT "video_messages_state_check"
         CHECK ("state" IN ('uploading', 'processing', 'ready', 'failed'))`,
    );
    await queryRunner.query(
      `ALTER TABLE "video_messages" ADD COLUMN "failure_reason" text
         CONSTRAINT "video_messages_failure_reason_check" CHECK ("failure_reason" IN ('noVideo', 'tooLong', 'unreadable'))`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM "video_messages" WHERE "state" = 'failed'`);
    await queryRunner.query(`ALTER TABLE "video_messages" DROP COLUMN "failure_reason"`);
    await queryRunner.query(`ALTER TABLE "video_messages" DROP CONSTRAINT "video_messages_state_check"`);
    await queryRunner.query(
      `ALTER TABLE "video_messages" ADD CONSTRAINT "video_messages_state_check"
         CHECK ("state" IN ('uploading', 'processing', 'ready'))`,
    );
  }
}
