import type { MigrationInterface, QueryRunner } from 'typeorm';

/** A message still uploading through the resumable (tus) route keeps its code until this time. */
export class AddResumableUploads1795810000000 implements MigrationInterface {
  name = 'AddResumableUploads1795810000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "video_messages" ADD "upload_expires_at" timestamptz`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "video_messages" DROP COLUMN "upload_expires_at"`);
  }
}
