import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateQrCodes1795320687323 implements MigrationInterface {
  name = 'CreateQrCodes1795320687323';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "qr_codes" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "serial_number" text NOT NULL CONSTRAINT "qr_codes_serial_number_key" UNIQUE
          CONSTRAINT "qr_codes_serial_number_check" CHECK ("serial_number" ~ '^[0-9]{4,18}$'),
        "serial_value" bigint GENERATED ALWAYS AS ("serial_number"::bigint) STORED,
        "qr_token" text NOT NULL CONSTRAINT "qr_codes_qr_token_key" UNIQUE,
        "status" text NOT NULL DEFAULT 'unused'
          CONSTRAINT "qr_codes_status_check" CHECK ("status" IN ('unused', 'recorded', 'expired', 'disabled')),
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX "qr_codes_serial_value_idx" ON "qr_codes" ("serial_value")`);
    await queryRunner.query(`CREATE INDEX "qr_codes_status_serial_idx" ON "qr_codes" ("status", "serial_value")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE "qr_codes"');
  }
}
