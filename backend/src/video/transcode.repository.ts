import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { returnedRows } from '../database/postgres-errors';
import { VideoMessage } from './video-message.entity';

/** What a finished transcode stored. */
export interface TranscodeResult {
  videoKey: string;
  posterKey: string;
  sizeBytes: number;
  durationSeconds: number;
}

/**
 * The transcoder's reads and writes of video_messages. A message's row counts the attempts its
 * video has cost (job_attempts): one is counted as an attempt starts, so that a process dying on
 * it counts too, and given back where the attempt ended through no fault of the video.
 */
@Injectable()
export class TranscodeRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Counts an attempt on a message still waiting for its MP4; null when it waits no more. */
  async startAttempt(id: string): Promise<VideoMessage | null> {
    const [started] = returnedRows<{ id: string }>(
      await this.db.query(
        `UPDATE video_messages SET job_attempts = job_attempts + 1
          WHERE id = $1 AND state = 'processing' RETURNING id`,
        [id],
      ),
    );
    return started ? this.db.getRepository(VideoMessage).findOneBy({ id }) : null;
  }

  /** The attempt did not count: it ended through no fault of the video. */
  async giveBack(id: string): Promise<void> {
    await this.db.query(
      `UPDATE video_messages SET job_attempts = greatest(job_attempts - 1, 0) WHERE id = $1 AND state = 'processing'`,
      [id],
    );
  }

  /** The message is ready to play; false when it was no longer waiting (taken back, purged, done). */
  async finish(id: string, result: TranscodeResult): Promise<boolean> {
    const update = await this.db
      .createQueryBuilder()
      .update(VideoMessage)
      .set({ ...result, state: 'ready', originalKey: null })
      .where("id = :id AND state = 'processing'", { id })
      .execute();
    return Boolean(update.affected);
  }

  /** Whether the message is ready (another attempt finished it). */
  async isReady(id: string): Promise<boolean> {
    return this.db.getRepository(VideoMessage).existsBy({ id, state: 'ready' });
  }

  /** Messages waiting for their MP4, oldest first (the purge's sweep queues each one's job again). */
  async waiting(limit: number): Promise<string[]> {
    const rows: { id: string }[] = await this.db.query(
      `SELECT id FROM video_messages WHERE state = 'processing' ORDER BY created_at LIMIT $1`,
      [limit],
    );
    return rows.map((row) => row.id);
  }
}
