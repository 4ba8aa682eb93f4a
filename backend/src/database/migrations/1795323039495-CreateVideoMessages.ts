import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateVideoMessages1795323039495 implements MigrationInterface {
  name = 'CreateVideoMessages1795323039495';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "video_messages" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "qr_code_id" text NOT NULL CONSTRAINT "video_messages_qr_code_id_key" UNIQUE,
        "serial_number" text NOT NULL,
        "state" text NOT NULL DEFAULT 'uploading'
          CONSTRAINT "video_messages_state_check" CHECK ("state" IN ('uploading', 'processing', 'ready')),
        "original_key" text,
        "original_mime_type" text,
        "video_key" text,
        "poster_key" text,
        "size_bytes" bigint,
        "duration_seconds" double precision,
        "owner_key_hash" text NOT NULL,
        "job_lease_until" timestamptz,
        "job_attempts" integer NOT NULL DEFAULT 0,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(
      `CREATE INDEX "video_messages_state_created_at_idx" ON "video_messages" ("state", "created_at")`,
    );
    await queryRunner.query(`CREATE INDEX "video_messages_created_at_idx" ON "video_messages" ("created_at")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE "video_messages"');
  }
}
