import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { affectedRows } from '../database/postgres-errors';

/** Admin tokens ended before their time (logout), shared by every replica through PostgreSQL. */
@Injectable()
export class RevokedTokenRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Refuses the token `id` from now until `expiresAt`, when it would be refused anyway. */
  async revoke(id: string, expiresAt: Date): Promise<void> {
    await this.db.query(
      `INSERT INTO revoked_admin_tokens (token_id, expires_at) VALUES ($1, $2) ON CONFLICT (token_id) DO NOTHING`,
      [id, expiresAt],
    );
  }

  async isRevoked(id: string): Promise<boolean> {
    const rows: unknown[] = await this.db.query('SELECT 1 FROM revoked_admin_tokens WHERE token_id = $1', [id]);
    return rows.length > 0;
  }

  /** Deletes the revocations of tokens that have expired by `now`; returns how many. */
  async forgetExpired(now: Date): Promise<number> {
    return affectedRows(await this.db.query('DELETE FROM revoked_admin_tokens WHERE expires_at <= $1', [now]));
  }
}
