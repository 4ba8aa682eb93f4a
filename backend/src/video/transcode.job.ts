import { createReadStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { AppConfig } from '../config/app-config';
import { returnedRows } from '../database/postgres-errors';
import { QrStore } from '../qr/qr-store';
import { StorageService } from '../storage/storage.service';
import { extractPoster, findMediaTools, type MediaTools, probeDuration, run, transcodeArgs } from './ffmpeg';
import { VideoMessage } from './video-message.entity';
import { deleteKeys, deleteMessageObjects } from './video-objects';
import { videoKeys } from './video-keys';

const LEASE_SECONDS = 120;
const MAX_ATTEMPTS = 3;
const POLL_MS = 5000;

/**
 * Turns every upload into an MP4 every phone plays, plus a poster and the duration. The queue is
 * the table itself: a message in state 'processing' whose lease has lapsed is work, taken with
 * FOR UPDATE SKIP LOCKED, so jobs survive restarts and replicas never take the same one.
 */
@Injectable()
export class TranscodeJob implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Transcode');
  private tools?: MediaTools;
  private running = 0;
  private timer?: NodeJS.Timeout;
  private stopped = false;
  private readonly idleWaiters: (() => void)[] = [];

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly storage: StorageService,
    private readonly qr: QrStore,
    private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    try {
      this.tools = findMediaTools(this.config.env);
    } catch (error) {
      this.logger.error(`${error instanceof Error ? error.message : error}; uploads will wait unprocessed`);
      return;
    }
    this.timer = setInterval(() => this.kick(), POLL_MS);
    this.timer.unref();
    this.kick();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.idle();
  }

  /** Looks for work now (after an upload) instead of at the next poll; fills one free slot. */
  kick(): void {
    if (!this.tools || this.stopped || this.running >= this.config.env.TRANSCODE_CONCURRENCY) return;
    this.running += 1;
    void this.takeAndProcess().finally(() => {
      this.running -= 1;
      if (this.running === 0) this.idleWaiters.splice(0).forEach((wake) => wake());
    });
  }

  /** Resolves when no job is running (tests and shutdown). */
  idle(): Promise<void> {
    return this.running === 0 ? Promise.resolve() : new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private async takeAndProcess(): Promise<void> {
    let message: VideoMessage | null = null;
    try {
      message = await this.claimNext();
    } catch (error) {
      this.logger.error(`claiming a job failed: ${error instanceof Error ? error.message : error}`);
    }
    if (!message) return;
    this.kick(); // another free slot may take the next job meanwhile
    await this.process(message);
    setImmediate(() => this.kick());
  }

  private async claimNext(): Promise<VideoMessage | null> {
    const result: unknown = await this.db.query(
      `UPDATE video_messages SET job_lease_until = now() + make_interval(secs => $1), job_attempts = job_attempts + 1
        WHERE id = (SELECT id FROM video_messages
                     WHERE state = 'processing' AND (job_lease_until IS NULL OR job_lease_until < now())
                     ORDER BY created_at LIMIT 1 FOR UPDATE SKIP LOCKED)
        RETURNING id`,
      [LEASE_SECONDS],
    );
    const [claimed] = returnedRows<{ id: string }>(result);
    return claimed ? this.db.getRepository(VideoMessage).findOneBy({ id: claimed.id }) : null;
  }

  private async process(message: VideoMessage): Promise<void> {
    const tools = this.tools!;
    const keys = videoKeys(message.id);
    const work = await mkdtemp(join(tmpdir(), 'giftcast-transcode-'));
    const lease = setInterval(
      () => {
        void this.db
          .query(`UPDATE video_messages SET job_lease_until = now() + make_interval(secs => $1) WHERE id = $2`, [
            LEASE_SECONDS,
            message.id,
          ])
          .catch(() => undefined);
      },
      (LEASE_SECONDS / 4) * 1000,
    );
    try {
      // ffmpeg reads the original over HTTP with range requests: nothing is staged on local disk.
      const source = await getSignedUrl(
        this.storage.client,
        new GetObjectCommand({ Bucket: this.storage.bucket, Key: message.originalKey! }),
        { expiresIn: 3600 },
      );
      const video = join(work, 'video.mp4');
      const poster = join(work, 'poster.jpg');
      await run(tools.ffmpeg, transcodeArgs(source, video));
      const duration = await probeDuration(tools.ffprobe, video);
      await extractPoster(tools.ffmpeg, video, poster, Math.min(0.5, duration / 2));
      const { size } = await stat(video);
      await this.put(keys.video, video, 'video/mp4', size);
      await this.put(keys.poster, poster, 'image/jpeg', (await stat(poster)).size);

      const result = await this.db
        .createQueryBuilder()
        .update(VideoMessage)
        .set({
          state: 'ready',
          videoKey: keys.video,
          posterKey: keys.poster,
          sizeBytes: size,
          durationSeconds: Math.round(duration * 100) / 100,
          originalKey: null,
          jobLeaseUntil: null,
        })
        .where("id = :id AND state = 'processing'", { id: message.id })
        .execute();
      if (!result.affected) {
        // Taken back (or purged) while we worked: leave nothing of it behind.
        await deleteMessageObjects(this.storage, [message.id]);
        return;
      }
      await deleteKeys(this.storage, [keys.original]);
      this.logger.log(`message ${message.id}: ${duration.toFixed(1)} s, ${(size / 1e6).toFixed(1)} MB`);
    } catch (error) {
      await this.failed(message, error);
    } finally {
      clearInterval(lease);
      await rm(work, { recursive: true, force: true });
    }
  }

  private async put(key: string, file: string, contentType: string, size: number): Promise<void> {
    await this.storage.client.send(
      new PutObjectCommand({
        Bucket: this.storage.bucket,
        Key: key,
        Body: createReadStream(file),
        ContentType: contentType,
        ContentLength: size,
      }),
    );
  }

  /** Retries a few times; then frees the code so the giver can try again, and keeps nothing. */
  private async failed(message: VideoMessage, error: unknown): Promise<void> {
    const reason = error instanceof Error ? error.message : String(error);
    if (message.jobAttempts < MAX_ATTEMPTS && !this.stopped) {
      this.logger.warn(`message ${message.id} attempt ${message.jobAttempts} failed, will retry: ${reason}`);
      await this.db
        .query(`UPDATE video_messages SET job_lease_until = now() + interval '10 seconds' WHERE id = $1`, [message.id])
        .catch(() => undefined);
      return;
    }
    this.logger.error(`message ${message.id} could not be processed, the code is free again: ${reason}`);
    await deleteMessageObjects(this.storage, [message.id]);
    await this.db.getRepository(VideoMessage).delete({ id: message.id });
    await this.qr.changeStatus(message.qrCodeId, 'unused', ['recorded']);
  }
}
