import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Two more reasons a video can never become a message: beyond what a phone records (its picture,
 * frame rate, frame count or bit rate, refused from its headers and packets), and too slow to
 * convert within the transcoder's limits.
 */
export class AddVideoFailureReasons1795708684820 implements MigrationInterface {
  name = 'AddVideoFailureReasons1795708684820';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "video_messages" DROP CONSTRAINT "video_messages_failure_reason_check"`);
    await queryRunner.query(
      `ALTER TABLE "video_messages" ADD CONSTRAINT "video_messages_failure_reason_check"
         CHECK ("failure_reason" IN ('noVideo', 'tooLong', 'tooDemanding', 'tooSlow', 'unreadable'))`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `UPDATE "video_messages" SET "failure_reason" = 'unreadable' WHERE "failure_reason" IN ('tooDemanding', 'tooSlow')`,
    );
    await queryRunner.query(`ALTER TABLE "video_messages" DROP CONSTRAINT "video_messages_failure_reason_check"`);
    await queryRunner.query(
      `ALTER TABLE "video_messages" ADD CONSTRAINT "video_messages_failure_reason_check"
         CHECK ("failure_reason" IN ('noVideo', 'tooLong', 'unreadable'))`,
    );
  }
}
