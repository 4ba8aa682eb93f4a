import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A transcode's lease is the job runner's now (pg-boss, in JOBS_SCHEMA); the message keeps only
 * the count of attempts its video has cost. A message still waiting gets its job from the purge's
 * sweep.
 */
export class DropVideoJobLease1795820000000 implements MigrationInterface {
  name = 'DropVideoJobLease1795820000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "video_messages" DROP COLUMN "job_lease_until"');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "video_messages" ADD COLUMN "job_lease_until" timestamptz');
  }
}
