import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A resumable upload's length as the client declared it (Upload-Length): a finished upload's HEAD
 * still answers it once the transcoder has put the MP4's size in `size_bytes`.
 */
export class AddUploadLength1795825000000 implements MigrationInterface {
  name = 'AddUploadLength1795825000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "video_messages" ADD "upload_length" bigint`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "video_messages" DROP COLUMN "upload_length"`);
  }
}
