import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { type BeforeApplicationShutdown, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { errorMessage } from '../common/error-message';
import { isDatabaseUnavailable, isStorageUnavailable, throughOutage } from '../common/outage';
import { AppConfig } from '../config/app-config';
import { returnedRows } from '../database/postgres-errors';
import { logId } from '../logging/log-id';
import { Metrics } from '../metrics/metrics';
import { StorageService } from '../storage/storage.service';
import {
  asUnplayable,
  extractPoster,
  OUTPUT_MAX_FPS,
  probeDuration,
  probeFile,
  run,
  ToolKilledError,
  transcodeArgs,
  UnplayableVideoError,
  type VideoProbe,
} from './ffmpeg';
import { packetsToRead, refusal } from './media-limits';
import { MediaTools } from './media-tools';
import { MessageLifecycle } from './message-lifecycle';
import { demuxerOf } from './video-container';
import { VideoMessage } from './video-message.entity';
import { deleteKeys, deleteMessageObjects } from './video-objects';
import { videoKeys } from './video-keys';

const LEASE_SECONDS = 120;
/** Attempts per upload; the claim never hands out a job past them (see PurgeExpiredJob). */
export const MAX_ATTEMPTS = 3;
const POLL_MS = 5000;
const OUTAGE_RETRY_SECONDS = 15;

/** Shutdown stopped the job; it is not the video's fault. */
class ShuttingDown extends Error {}

/** The object store stalled or was too slow for a step's deadline: its fault, not the video's. */
class StorageStalled extends Error {}

/** What the SDK throws when a connection, an answer or a body does not come in time. */
function isTimeout(error: unknown): boolean {
  return (error as { name?: unknown } | null)?.name === 'TimeoutError';
}

/** The input's frame rate: as its packets show it, else as its header declares it. */
function inputFps({ packets, declaredFps }: VideoProbe): number | undefined {
  return packets && packets.spanSeconds > 0 ? packets.count / packets.spanSeconds : declaredFps;
}

/**
 * Turns every upload into an MP4 every phone plays, plus a poster and the duration. The queue is
 * the table itself: a message in state 'processing' whose lease has lapsed is work, taken with
 * FOR UPDATE SKIP LOCKED, so jobs survive restarts and replicas never take the same one.
 *
 * ffmpeg only ever reads a local copy of the upload, with the demuxer its bytes were accepted as,
 * no protocol but files, only PATH in its environment, and limits on time, duration and size. A
 * video beyond what a phone records (its headers and packets read, nothing decoded) is refused
 * before ffmpeg starts, so every job is short. Every step has a deadline: a stalled object store
 * hands the job back to the queue instead of holding the slot.
 */
@Injectable()
export class TranscodeJob implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('Transcode');
  private running = 0;
  private timer?: NodeJS.Timeout;
  private stopped = false;
  private readonly shutdown = new AbortController();
  private readonly idleWaiters: (() => void)[] = [];

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly storage: StorageService,
    private readonly lifecycle: MessageLifecycle,
    private readonly config: AppConfig,
    private readonly tools: MediaTools,
    private readonly metrics: Metrics,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.tools.available) {
      this.logger.error('without ffmpeg and ffprobe uploads will wait unprocessed');
      return;
    }
    this.timer = setInterval(() => this.kick(), POLL_MS);
    this.timer.unref();
    this.kick();
  }

  /** Stops ffmpeg and hands running jobs back to the queue, before the database closes. */
  async beforeApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    this.shutdown.abort(new ShuttingDown('the backend is stopping'));
    await this.idle();
  }

  /** True while the media tools are found (health). */
  get available(): boolean {
    return this.tools.available;
  }

  /** Looks for work now (after an upload) instead of at the next poll; fills one free slot. */
  kick(): void {
    if (!this.tools.available || this.stopped || this.running >= this.config.env.TRANSCODE_CONCURRENCY) return;
    this.running += 1;
    this.takeAndProcess()
      .catch((error: unknown) => this.logger.error(`transcode job failed: ${String(error)}`))
      .finally(() => {
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
      this.logger.warn(`claiming a job failed: ${errorMessage(error)}`);
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
                     WHERE state = 'processing' AND job_attempts < $2
                       AND (job_lease_until IS NULL OR job_lease_until < now())
                     ORDER BY created_at LIMIT 1 FOR UPDATE SKIP LOCKED)
        RETURNING id`,
      [LEASE_SECONDS, MAX_ATTEMPTS],
    );
    const [claimed] = returnedRows<{ id: string }>(result);
    return claimed ? this.db.getRepository(VideoMessage).findOneBy({ id: claimed.id }) : null;
  }

  private async process(message: VideoMessage): Promise<void> {
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
    let work: string | undefined;
    const stop = this.metrics.transcodeDuration.startTimer();
    try {
      work = await mkdtemp(join(tmpdir(), 'giftcast-transcode-'));
      await this.transcode(message, work);
      stop({ outcome: 'ready' });
    } catch (error) {
      stop({ outcome: 'not-ready' });
      await this.failed(message, error);
    } finally {
      clearInterval(lease);
      if (work) await rm(work, { recursive: true, force: true }).catch(() => undefined);
    }
  }

  private async transcode(message: VideoMessage, work: string): Promise<void> {
    const { tools } = this;
    const { env } = this.config;
    const limits = tools.limits;
    const signal = this.shutdown.signal;
    const keys = videoKeys(message.id);
    const demuxer = demuxerOf(message.originalMimeType);
    if (!demuxer) throw new UnplayableVideoError('unreadable', `unexpected type ${message.originalMimeType}`);

    const original = join(work, 'original');
    await this.download(message.originalKey!, original);
    const input = await probeFile(tools.ffprobe, original, demuxer, packetsToRead(limits), tools.probeLimits(signal));
    const refused = refusal(input, limits);
    if (refused) throw refused;

    const video = join(work, 'video.mp4');
    const poster = join(work, 'poster.jpg');
    const maxBytes = 2 * env.VIDEO_MAX_BYTES;
    const ffmpegLimits = tools.runLimits(env.TRANSCODE_TIMEOUT_SECONDS * 1000, signal);
    try {
      await run(
        tools.ffmpeg,
        transcodeArgs(original, demuxer, video, {
          maxSeconds: limits.maxSeconds,
          maxBytes,
          threads: env.TRANSCODE_THREADS,
          maxFramePixels: limits.maxFramePixels,
          maxFps: OUTPUT_MAX_FPS,
          inputFps: inputFps(input),
        }),
        ffmpegLimits,
      );
    } catch (error) {
      throw asUnplayable(error, ffmpegLimits);
    }
    const { size } = await stat(video);
    if (size >= maxBytes) throw new UnplayableVideoError('unreadable', `the MP4 reached the ${maxBytes} byte cap`);
    const duration = await probeDuration(tools.ffprobe, video, tools.probeLimits(signal));
    await extractPoster(tools.ffmpeg, video, poster, Math.min(0.5, duration / 2), tools.probeLimits(signal));
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
    this.logger.log(`message ${logId(message.id)}: ${duration.toFixed(1)} s, ${(size / 1e6).toFixed(1)} MB`);
  }

  /**
   * A step that moves a whole object, within TRANSCODE_TIMEOUT_SECONDS (the client's own timeouts
   * end a stalled connection, answer or body sooner): one that stalls or overruns is the store's
   * fault, and the job goes back to the queue.
   */
  private async storageStep(what: string, work: (signal: AbortSignal) => Promise<void>): Promise<void> {
    const deadline = AbortSignal.timeout(this.config.env.TRANSCODE_TIMEOUT_SECONDS * 1000);
    try {
      await work(AbortSignal.any([this.shutdown.signal, deadline]));
    } catch (error) {
      if (this.shutdown.signal.aborted) throw error;
      if (deadline.aborted || isTimeout(error)) throw new StorageStalled(`${what}: ${errorMessage(error)}`);
      throw error;
    }
  }

  /** The upload, copied to local disk for ffmpeg: it never reads from the network. */
  private async download(key: string, file: string): Promise<void> {
    await this.storageStep('downloading the upload', async (signal) => {
      const object = await this.storage.client.send(new GetObjectCommand({ Bucket: this.storage.bucket, Key: key }), {
        abortSignal: signal,
      });
      await pipeline(object.Body as Readable, createWriteStream(file), { signal });
    });
  }

  private async put(key: string, file: string, contentType: string, size: number): Promise<void> {
    await this.storageStep('storing the result', async (signal) => {
      await this.storage.client.send(
        new PutObjectCommand({
          Bucket: this.storage.bucket,
          Key: key,
          Body: createReadStream(file),
          ContentType: contentType,
          ContentLength: size,
        }),
        // The whole file goes out in this one request: the step's deadline, not a call's.
        { abortSignal: signal, requestTimeout: this.config.env.TRANSCODE_TIMEOUT_SECONDS * 1000 },
      );
    });
  }

  /** Back to the queue without using up an attempt, due again in `afterSeconds`. */
  private async giveBack(message: VideoMessage, afterSeconds: number): Promise<void> {
    await this.db.query(
      `UPDATE video_messages
          SET job_lease_until = CASE WHEN $2 > 0 THEN now() + make_interval(secs => $2) END,
              job_attempts = greatest(job_attempts - 1, 0)
        WHERE id = $1`,
      [message.id, afterSeconds],
    );
  }

  /**
   * A video that can never play fails at once (the giver's page says why and the code is free):
   * one beyond a phone's limits, or one ffmpeg could not finish within its limits. A job stopped by
   * shutdown goes back to the queue as it was; an outage or a stalled object store, and a tool
   * stopped by someone else's signal, hand it back without using an attempt. Anything else is
   * retried a few times before it counts as unreadable. Never throws: a failure here is left for the
   * next poll or the purge's sweep, whichever comes first.
   */
  private async failed(message: VideoMessage, error: unknown): Promise<void> {
    const reason = errorMessage(error);
    const id = logId(message.id);
    try {
      if (this.shutdown.signal.aborted) {
        this.logger.log(`message ${id} goes back to the queue: the backend is stopping`);
        this.metrics.transcodeFailures.inc({ reason: 'stopping' });
        await this.giveBack(message, 0);
      } else if (
        isStorageUnavailable(error) ||
        isDatabaseUnavailable(error) ||
        error instanceof StorageStalled ||
        (error instanceof ToolKilledError && error.askedToStop)
      ) {
        // Not the video's fault: the attempt does not count, and the job waits it out.
        this.logger.warn(`message ${id} goes back to the queue for ${OUTAGE_RETRY_SECONDS} s: ${reason}`);
        this.metrics.transcodeFailures.inc({ reason: 'outage' });
        await throughOutage(() => this.giveBack(message, OUTAGE_RETRY_SECONDS), this.shutdown.signal);
      } else if (error instanceof UnplayableVideoError) {
        this.logger.warn(`message ${id} cannot be played, the code is free again: ${reason}`);
        this.metrics.transcodeFailures.inc({ reason: 'unplayable' });
        await throughOutage(() => this.lifecycle.fail(message, error.reason), this.shutdown.signal);
      } else if (message.jobAttempts < MAX_ATTEMPTS) {
        this.logger.warn(`message ${id} attempt ${message.jobAttempts} failed, will retry: ${reason}`);
        this.metrics.transcodeFailures.inc({ reason: 'retry' });
        await this.db.query(`UPDATE video_messages SET job_lease_until = now() + interval '10 seconds' WHERE id = $1`, [
          message.id,
        ]);
      } else {
        this.logger.error(`message ${id} could not be processed, the code is free again: ${reason}`);
        this.metrics.transcodeFailures.inc({ reason: 'failed' });
        await this.lifecycle.fail(message, 'unreadable');
      }
    } catch (cleanup) {
      this.logger.error(`message ${id}: recording its failure failed (${String(cleanup)}); the lease will lapse`);
    }
  }
}
