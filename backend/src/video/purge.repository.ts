import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { affectedRows } from '../database/postgres-errors';

const PURGE_LOCK_ID = 0x7075_7267;

/** A message's row and the code it holds. */
export interface MessageRow {
  id: string;
  qr_code_id: string;
}

export interface ExpiredMessage extends MessageRow {
  /** The object keys the row records. */
  keys: string[];
}

export interface StaleUpload extends MessageRow {
  /** A tus upload, with an S3 multipart upload of its own. */
  resumable: boolean;
}

/** The purge lock, held by a connection of its own: release() unlocks it there and gives the connection back. */
export interface PurgeLock {
  release(): Promise<void>;
}

/** The purge's reads and deletions of video_messages, and the lock that lets one purge run at a time. */
@Injectable()
export class PurgeRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /**
   * Takes the purge lock (a session advisory lock, so the connection that took it must unlock it);
   * null where another process holds it.
   */
  async lockPurge(): Promise<PurgeLock | null> {
    const runner = this.db.createQueryRunner();
    let locked: boolean;
    try {
      await runner.connect();
      [{ locked }] = (await runner.query('SELECT pg_try_advisory_lock($1) AS locked', [PURGE_LOCK_ID])) as [
        { locked: boolean },
      ];
    } catch (error) {
      await runner.release().catch(() => undefined);
      throw error;
    }
    if (!locked) {
      await runner.release();
      return null;
    }
    return {
      release: async () => {
        await runner.query('SELECT pg_advisory_unlock($1)', [PURGE_LOCK_ID]).catch(() => undefined);
        await runner.release().catch(() => undefined);
      },
    };
  }

  /** Messages created by `createdBy` whose upload ended, oldest first. */
  async expired(createdBy: Date, limit: number): Promise<ExpiredMessage[]> {
    return this.db.query(
      `SELECT id, qr_code_id, array_remove(ARRAY[original_key, video_key, poster_key], NULL) AS keys
         FROM video_messages WHERE created_at <= $1 AND state <> 'uploading'
        ORDER BY created_at LIMIT $2`,
      [createdBy, limit],
    );
  }

  /**
   * Uploads still under way that will not finish: a resumable one expired by `now`, or a single
   * request started by `startedBy`.
   */
  async staleUploads(now: Date, startedBy: Date, limit: number): Promise<StaleUpload[]> {
    return this.db.query(
      `SELECT id, qr_code_id, upload_expires_at IS NOT NULL AS resumable FROM video_messages
        WHERE state = 'uploading'
          AND (upload_expires_at <= $1 OR (upload_expires_at IS NULL AND created_at <= $2))
        LIMIT $3`,
      [now, startedBy, limit],
    );
  }

  /** Deletes the failed attempts last changed by `updatedBy`; returns how many. */
  async deleteFailed(updatedBy: Date): Promise<number> {
    return affectedRows(
      await this.db.query(`DELETE FROM video_messages WHERE state = 'failed' AND updated_at <= $1`, [updatedBy]),
    );
  }

  /** Those of `codeIds` that a live (not failed) message holds. */
  async heldCodes(codeIds: string[]): Promise<Set<string>> {
    const rows: { qr_code_id: string }[] = await this.db.query(
      `SELECT qr_code_id FROM video_messages WHERE qr_code_id = ANY($1::text[]) AND state <> 'failed'`,
      [codeIds],
    );
    return new Set(rows.map((row) => row.qr_code_id));
  }

  /** Those of `ids` that have a message. */
  async existing(ids: string[]): Promise<Set<string>> {
    const rows: { id: string }[] = await this.db.query('SELECT id FROM video_messages WHERE id = ANY($1::uuid[])', [
      ids,
    ]);
    return new Set(rows.map((row) => row.id));
  }

  async delete(ids: string[]): Promise<void> {
    await this.db.query('DELETE FROM video_messages WHERE id = ANY($1::uuid[])', [ids]);
  }
}
