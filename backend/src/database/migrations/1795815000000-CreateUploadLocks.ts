import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Who is writing to a resumable upload now, whichever replica holds it: a lease the holder renews
 * while its request runs, and the flag by which a newer request for the same upload (a client
 * that reconnected) asks it to let go. A row lives as long as one request.
 */
export class CreateUploadLocks1795815000000 implements MigrationInterface {
  name = 'CreateUploadLocks1795815000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "upload_locks" (
        "upload_id" varchar(255) PRIMARY KEY,
        "holder" uuid NOT NULL,
        "expires_at" timestamptz NOT NULL,
        "release_requested" boolean NOT NULL DEFAULT false
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE "upload_locks"');
  }
}
