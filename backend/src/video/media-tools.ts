import { Injectable, Logger } from '@nestjs/common';
import { errorMessage } from '../common/error-message';
import { HTTP_TIMEOUTS } from '../common/http-timeouts';
import { AppConfig } from '../config/app-config';
import { findMediaTools, type MediaToolPaths, osLimitSupport, type RunLimits } from './ffmpeg';
import { type MediaLimits, mediaLimits } from './media-limits';
import { UploadProbe } from './upload-probe';
import type { Demuxer } from './video-container';

/** A probe reads headers and packets, decoding nothing: seconds even for the largest upload. */
export const PROBE_TIMEOUT_MS = 60_000;
const PROBE_CPU_SECONDS = 30;

/**
 * ffmpeg and ffprobe as this process runs them, with the limits of every run: wall clock, CPU
 * time and memory (OS limits where the system has them), and what a video may be at most. Found
 * in every role: the transcoder uses them, and so does the upload, to refuse from its headers a
 * video beyond a phone's limits.
 */
@Injectable()
export class MediaTools {
  private readonly logger = new Logger('MediaTools');
  private paths?: MediaToolPaths;
  readonly limits: MediaLimits;

  constructor(private readonly config: AppConfig) {
    this.limits = mediaLimits(config.env);
    // At construction: the jobs that need the tools declare their queues as the app starts.
    this.find();
  }

  private find(): void {
    const { env } = this.config;
    try {
      this.paths = findMediaTools(env);
    } catch (error) {
      this.logger.warn(`${errorMessage(error)}; uploads are neither probed nor transcoded here`);
      return;
    }
    const os = osLimitSupport();
    const bounds = [`${env.TRANSCODE_THREADS} threads`, os.cpu ? 'CPU time' : null];
    if (os.memory) bounds.push(`${env.TRANSCODE_MEMORY_MB} MiB of memory`);
    this.logger.log(`ffmpeg and ffprobe run with limits on ${bounds.filter(Boolean).join(', ')}`);
    if (!os.memory) {
      this.logger.warn(
        "this system's ulimit -v does not work (macOS): ffmpeg's memory is bounded only by its threads and the frame size limits",
      );
    }
  }

  get available(): boolean {
    return this.paths !== undefined;
  }

  get ffmpeg(): string {
    return this.require().ffmpeg;
  }

  get ffprobe(): string {
    return this.require().ffprobe;
  }

  /**
   * A run of at most `timeoutMs`, with CPU time for as long on every thread it may use (decoding,
   * filtering and encoding each get TRANSCODE_THREADS): a backstop that ends a run left behind by
   * a process that died.
   */
  runLimits(timeoutMs: number, signal?: AbortSignal): RunLimits {
    const { TRANSCODE_THREADS: threads, TRANSCODE_MEMORY_MB: memoryMb } = this.config.env;
    return { timeoutMs, signal, cpuSeconds: (timeoutMs / 1000) * (3 * threads + 1), memoryMb };
  }

  /** A probe of a stored file. */
  probeLimits(signal?: AbortSignal): RunLimits {
    return { timeoutMs: PROBE_TIMEOUT_MS, signal, cpuSeconds: PROBE_CPU_SECONDS, memoryMb: this.memoryMb };
  }

  /**
   * ffprobe on an upload's bytes as they pass, or null without ffprobe: from the request as they
   * stream in (it lasts as long as the request may), or read back from storage once a resumable
   * upload is whole (a stored file's probe time: a store that trickles the bytes does not hold the
   * upload's last answer, and what ffprobe could not tell is left to the transcoder's own probe).
   */
  probeUpload(demuxer: Demuxer, from: 'request' | 'storage'): UploadProbe | null {
    if (!this.paths) return null;
    return new UploadProbe(this.paths.ffprobe, demuxer, {
      timeoutMs: from === 'request' ? HTTP_TIMEOUTS.requestMs : PROBE_TIMEOUT_MS,
      cpuSeconds: PROBE_CPU_SECONDS,
      memoryMb: this.memoryMb,
    });
  }

  private get memoryMb(): number {
    return this.config.env.TRANSCODE_MEMORY_MB;
  }

  private require(): MediaToolPaths {
    if (!this.paths) throw new Error('ffmpeg and ffprobe were not found');
    return this.paths;
  }
}
