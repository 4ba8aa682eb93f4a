import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { errorMessage } from '../common/error-message';
import { isDatabaseUnavailable, isStorageUnavailable, throughOutage } from '../common/outage';
import { AppConfig } from '../config/app-config';
import { JobHandedBack, JobRunner } from '../jobs/job-runner';
import { logId } from '../logging/log-id';
import { Metrics } from '../metrics/metrics';
import { pipeStored } from '../storage/stored-body';
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
import { MAX_ATTEMPTS, type TranscodeJobData, TranscodeQueue } from './transcode-queue';
import { TranscodeRepository } from './transcode.repository';
import type { VideoMessage } from './video-message.entity';
import { videoKeys } from './video-keys';
import { VideoStorage } from './video-storage';

const OUTAGE_RETRY_SECONDS = 15;

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
 * Turns every upload into an MP4 every phone plays, plus a poster and the duration: the handler of
 * the transcode queue (TranscodeQueue), whose runner brings each job to one worker, takes it back
 * past its deadline or when its process stops beating, retries it with back-off and hands it back
 * at shutdown. The message's row counts the attempts its video has cost.
 *
 * ffmpeg only ever reads a local copy of the upload, with the demuxer its bytes were accepted as,
 * no protocol but files, only PATH in its environment, and limits on time, duration and size. A
 * video beyond what a phone records (its headers and packets read, nothing decoded) is refused
 * before ffmpeg starts, so every job is short. Every step has a deadline: a stalled object store
 * hands the job back to the queue instead of holding the worker.
 */
@Injectable()
export class TranscodeJob implements OnModuleInit {
  private readonly logger = new Logger('Transcode');

  constructor(
    private readonly messages: TranscodeRepository,
    private readonly objects: VideoStorage,
    private readonly lifecycle: MessageLifecycle,
    private readonly config: AppConfig,
    private readonly tools: MediaTools,
    private readonly metrics: Metrics,
    private readonly jobs: JobRunner,
    private readonly queue: TranscodeQueue,
  ) {}

  onModuleInit(): void {
    if (!this.tools.available) {
      this.logger.error('without ffmpeg and ffprobe uploads will wait unprocessed');
      return;
    }
    this.jobs.define<TranscodeJobData>({
      ...this.queue.rules,
      concurrency: this.config.env.TRANSCODE_CONCURRENCY,
      // An upload wakes its own process's worker at once; the others look every 5 s.
      pollSeconds: 5,
      handler: ({ messageId }, signal) => this.process(messageId, signal),
    });
  }

  /** True while the media tools are found (health). */
  get available(): boolean {
    return this.tools.available;
  }

  /** Looks for work now instead of at the next poll (tests). */
  kick(): void {
    this.queue.wake();
  }

  /** Resolves when no transcode runs in this process (tests). */
  idle(): Promise<void> {
    return this.jobs.idle(TranscodeQueue.NAME);
  }

  private async process(messageId: string, signal: AbortSignal): Promise<void> {
    const message = await this.messages.startAttempt(messageId);
    if (!message) return; // done, taken back or purged since it was queued
    if (message.jobAttempts > MAX_ATTEMPTS) {
      this.logger.error(
        `message ${logId(message.id)}: ${MAX_ATTEMPTS} attempts ended without an answer (a process stopped on it, or ran past the deadline), the code is free again`,
      );
      this.metrics.transcodeFailures.inc({ reason: 'failed' });
      await this.lifecycle.fail(message, 'unreadable');
      return;
    }
    let work: string | undefined;
    const stop = this.metrics.transcodeDuration.startTimer();
    try {
      work = await mkdtemp(join(tmpdir(), 'giftcast-transcode-'));
      await this.transcode(message, work, signal);
      stop({ outcome: 'ready' });
    } catch (error) {
      stop({ outcome: 'not-ready' });
      await this.failed(message, error, signal);
    } finally {
      if (work) await rm(work, { recursive: true, force: true }).catch(() => undefined);
    }
  }

  private async transcode(message: VideoMessage, work: string, signal: AbortSignal): Promise<void> {
    const { tools } = this;
    const { env } = this.config;
    const limits = tools.limits;
    const keys = videoKeys(message.id);
    const demuxer = demuxerOf(message.originalMimeType);
    if (!demuxer) throw new UnplayableVideoError('unreadable', `unexpected type ${message.originalMimeType}`);

    const original = join(work, 'original');
    await this.download(message.originalKey!, original, signal);
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
    await this.put(keys.video, video, 'video/mp4', size, signal);
    await this.put(keys.poster, poster, 'image/jpeg', (await stat(poster)).size, signal);

    const finished = await this.messages.finish(message.id, {
      videoKey: keys.video,
      posterKey: keys.poster,
      sizeBytes: size,
      durationSeconds: Math.round(duration * 100) / 100,
    });
    if (!finished) {
      // Taken back or purged while we worked: leave nothing of it behind, unless another attempt
      // finished it (its objects are these keys).
      if (!(await this.messages.isReady(message.id))) await this.objects.deleteMessageObjects([message.id]);
      return;
    }
    await this.objects.deleteKeys([keys.original]);
    this.logger.log(`message ${logId(message.id)}: ${duration.toFixed(1)} s, ${(size / 1e6).toFixed(1)} MB`);
  }

  /**
   * A step that moves a whole object, within TRANSCODE_TIMEOUT_SECONDS (the client's own timeouts
   * end a stalled connection, answer or body sooner): one that stalls or overruns is the store's
   * fault, and the job goes back to the queue.
   */
  private async storageStep(
    what: string,
    job: AbortSignal,
    work: (signal: AbortSignal) => Promise<void>,
  ): Promise<void> {
    const deadline = AbortSignal.timeout(this.config.env.TRANSCODE_TIMEOUT_SECONDS * 1000);
    try {
      await work(AbortSignal.any([job, deadline]));
    } catch (error) {
      if (job.aborted) throw error;
      if (deadline.aborted || isTimeout(error)) throw new StorageStalled(`${what}: ${errorMessage(error)}`);
      throw error;
    }
  }

  /** The upload, copied to local disk for ffmpeg: it never reads from the network. */
  private async download(key: string, file: string, job: AbortSignal): Promise<void> {
    await this.storageStep('downloading the upload', job, async (signal) => {
      const object = await this.objects.read(key, { signal });
      await pipeStored(object.body, [createWriteStream(file)], { signal });
    });
  }

  private async put(key: string, file: string, contentType: string, size: number, job: AbortSignal): Promise<void> {
    await this.storageStep('storing the result', job, async (signal) => {
      await this.objects.storeFile(
        key,
        file,
        { contentType, size },
        // The whole file goes out in this one request: the step's deadline, not a call's.
        { signal, requestTimeoutMs: this.config.env.TRANSCODE_TIMEOUT_SECONDS * 1000 },
      );
    });
  }

  /**
   * A video that can never play fails at once (the giver's page says why and the code is free):
   * one beyond a phone's limits, or one ffmpeg could not finish within its limits. A job stopped by
   * shutdown, an outage, a stalled object store or a tool stopped by someone else's signal goes back
   * to the queue without using an attempt (it throws JobHandedBack); a job past its deadline or taken
   * back by the runner counts. Anything else is retried by the runner (it throws) until the attempts
   * are used up, then counts as unreadable.
   */
  private async failed(message: VideoMessage, error: unknown, signal: AbortSignal): Promise<void> {
    const reason = errorMessage(error);
    const id = logId(message.id);
    if (signal.aborted) {
      if (signal.reason instanceof JobHandedBack) {
        this.logger.log(`message ${id} goes back to the queue: ${signal.reason.message}`);
        this.metrics.transcodeFailures.inc({ reason: 'stopping' });
        await this.messages.giveBack(message.id);
        throw signal.reason;
      }
      this.logger.warn(`message ${id} attempt ${message.jobAttempts} stopped: ${reason}`);
      this.metrics.transcodeFailures.inc({ reason: 'retry' });
      throw error;
    }
    if (
      isStorageUnavailable(error) ||
      isDatabaseUnavailable(error) ||
      error instanceof StorageStalled ||
      (error instanceof ToolKilledError && error.askedToStop)
    ) {
      this.logger.warn(`message ${id} goes back to the queue for ${OUTAGE_RETRY_SECONDS} s: ${reason}`);
      this.metrics.transcodeFailures.inc({ reason: 'outage' });
      await throughOutage(() => this.messages.giveBack(message.id), signal);
      throw new JobHandedBack(reason, OUTAGE_RETRY_SECONDS);
    }
    if (error instanceof UnplayableVideoError) {
      this.logger.warn(`message ${id} cannot be played, the code is free again: ${reason}`);
      this.metrics.transcodeFailures.inc({ reason: 'unplayable' });
      await throughOutage(() => this.lifecycle.fail(message, error.reason), signal);
    } else if (message.jobAttempts < MAX_ATTEMPTS) {
      this.logger.warn(`message ${id} attempt ${message.jobAttempts} failed, will retry: ${reason}`);
      this.metrics.transcodeFailures.inc({ reason: 'retry' });
      throw error;
    } else {
      this.logger.error(`message ${id} could not be processed, the code is free again: ${reason}`);
      this.metrics.transcodeFailures.inc({ reason: 'failed' });
      await this.lifecycle.fail(message, 'unreadable');
    }
  }
}
