import { spawn, spawnSync } from 'node:child_process';
import { stat } from 'node:fs/promises';
import { errorMessage } from '../common/error-message';
import type { Env } from '../config/config.schema';
import type { Demuxer } from './video-container';

export interface MediaTools {
  ffmpeg: string;
  ffprobe: string;
}

/** Why a video can never be turned into a message; retrying does not help. */
export const UNPLAYABLE_REASONS = ['noVideo', 'tooLong', 'unreadable'] as const;
export type UnplayableReason = (typeof UNPLAYABLE_REASONS)[number];

export class UnplayableVideoError extends Error {
  constructor(
    readonly reason: UnplayableReason,
    detail: string,
  ) {
    super(`${reason}: ${detail}`);
  }
}

/** A tool stopped at its wall-clock limit: the machine may just have been busy, so it is retried. */
export class ToolTimeoutError extends Error {}

export interface RunLimits {
  /** Wall-clock limit: the tool is killed after it. */
  timeoutMs: number;
  /** Aborting kills the tool (shutdown). */
  signal?: AbortSignal;
}

/** Only the search path: the tools never see the backend's secrets. */
function toolEnvironment(): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH ?? '/usr/bin:/bin' };
}

function works(binary: string): boolean {
  return spawnSync(binary, ['-version'], { stdio: 'ignore', env: toolEnvironment() }).status === 0;
}

/** Bundled static builds, for `make run` on a machine without ffmpeg; optional at install. */
function bundled(name: 'ffmpeg' | 'ffprobe'): string | undefined {
  try {
    const installer = name === 'ffmpeg' ? '@ffmpeg-installer/ffmpeg' : '@ffprobe-installer/ffprobe';
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- development dependencies, used where installed; the tools are found synchronously
    return (require(installer) as { path: string }).path;
  } catch {
    return undefined;
  }
}

/** FFMPEG_PATH / FFPROBE_PATH, else the system's, else the bundled static builds. */
export function findMediaTools(env: Pick<Env, 'FFMPEG_PATH' | 'FFPROBE_PATH'>): MediaTools {
  const pick = (name: 'ffmpeg' | 'ffprobe', configured?: string): string => {
    for (const candidate of [configured, name, bundled(name)]) {
      if (candidate && works(candidate)) return candidate;
    }
    throw new Error(`${name} not found: install it (apt-get install ffmpeg) or set ${name.toUpperCase()}_PATH`);
  };
  return { ffmpeg: pick('ffmpeg', env.FFMPEG_PATH), ffprobe: pick('ffprobe', env.FFPROBE_PATH) };
}

/** Runs a tool to completion; rejects on a non-zero exit, the time limit or an abort. */
export function run(binary: string, args: string[], { timeoutMs, signal }: RunLimits): Promise<string> {
  return new Promise((resolve, reject) => {
    signal?.throwIfAborted();
    const child = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'], env: toolEnvironment() });
    let stdout = '';
    let stderr = '';
    let stopped: Error | undefined;
    const stop = (reason: Error) => {
      stopped ??= reason;
      child.kill('SIGKILL');
    };
    const timer = setTimeout(
      () => stop(new ToolTimeoutError(`${binary} ran longer than ${timeoutMs / 1000} s`)),
      timeoutMs,
    );
    const onAbort = () => stop(signal!.reason instanceof Error ? signal!.reason : new Error('aborted'));
    signal?.addEventListener('abort', onAbort, { once: true });
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
    child.on('error', (error) => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      reject(error);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      if (stopped) reject(stopped);
      else if (code === 0) resolve(stdout);
      else reject(new Error(`${binary} exited with ${code}: ${stderr.trim().split('\n').slice(-3).join(' | ')}`));
    });
  });
}

/**
 * Input options that keep ffmpeg inside the one local file it is given: the demuxer is named
 * rather than guessed from the bytes (a file that looks like a playlist, a DASH manifest or a
 * concat list is never read as one), no other demuxer may be opened, and no protocol but files.
 */
function confinedInput(file: string, demuxer: Demuxer): string[] {
  return ['-protocol_whitelist', 'file', '-format_whitelist', demuxer, '-f', demuxer, '-i', `file:${file}`];
}

export interface InputProbe {
  durationSeconds: number;
  hasVideo: boolean;
}

/** What an upload holds, read with the same confinement as the transcode. */
export async function probeInput(
  ffprobe: string,
  file: string,
  demuxer: Demuxer,
  limits: RunLimits,
): Promise<InputProbe> {
  let out: string;
  try {
    out = await run(
      ffprobe,
      [
        '-v',
        'error',
        '-protocol_whitelist',
        'file',
        '-format_whitelist',
        demuxer,
        '-f',
        demuxer,
        '-show_entries',
        'format=duration:stream=codec_type,duration',
        '-of',
        'json',
        `file:${file}`,
      ],
      limits,
    );
  } catch (error) {
    throw asUnplayable(error, limits);
  }
  const parsed = JSON.parse(out) as {
    streams?: { codec_type?: string; duration?: string }[];
    format?: { duration?: string };
  };
  const streams = parsed.streams ?? [];
  const durations = [parsed.format?.duration, ...streams.map((s) => s.duration)]
    .map((d) => Number.parseFloat(d ?? ''))
    .filter(Number.isFinite);
  return {
    durationSeconds: durations.length ? Math.max(...durations) : Number.NaN,
    hasVideo: streams.some((s) => s.codec_type === 'video'),
  };
}

/** A tool's failure on an upload: the upload's fault, unless the tool was stopped or timed out. */
export function asUnplayable(error: unknown, limits: RunLimits): unknown {
  if (limits.signal?.aborted || error instanceof ToolTimeoutError) return error;
  return new UnplayableVideoError('unreadable', errorMessage(error));
}

export interface OutputLimits {
  /** Nothing past this point of the input is written. */
  maxSeconds: number;
  /** ffmpeg stops writing at this size. */
  maxBytes: number;
}

/**
 * H.264/AAC MP4 that plays on every phone: yuv420p, moov atom first, the long side at most 1920
 * and the short side at most 1080 (1080p), dimensions even as H.264 needs, a bounded bit rate.
 */
export function transcodeArgs(input: string, demuxer: Demuxer, output: string, limits: OutputLimits): string[] {
  const fit =
    "scale='min(iw,if(gte(iw,ih),1920,1080))':'min(ih,if(gte(iw,ih),1080,1920))':force_original_aspect_ratio=decrease," +
    'scale=trunc(iw/2)*2:trunc(ih/2)*2';
  return [
    '-hide_banner',
    '-nostdin',
    '-y',
    ...confinedInput(input, demuxer),
    '-map',
    '0:v:0',
    '-map',
    '0:a:0?',
    '-t',
    String(limits.maxSeconds),
    '-vf',
    fit,
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-crf',
    '23',
    '-maxrate',
    '4M',
    '-bufsize',
    '8M',
    '-pix_fmt',
    'yuv420p',
    '-profile:v',
    'high',
    '-c:a',
    'aac',
    '-b:a',
    '128k',
    '-ac',
    '2',
    '-movflags',
    '+faststart',
    '-fs',
    String(limits.maxBytes),
    '-f',
    'mp4',
    `file:${output}`,
  ];
}

function posterArgs(input: string, output: string, atSeconds: number): string[] {
  return [
    '-hide_banner',
    '-nostdin',
    '-y',
    '-ss',
    atSeconds.toFixed(2),
    ...confinedInput(input, 'mov'),
    '-frames:v',
    '1',
    '-q:v',
    '3',
    '-f',
    'image2',
    `file:${output}`,
  ];
}

/**
 * A JPEG of the frame at `atSeconds`, else of the first frame. A recording's video track can end
 * well before its sound (a phone that delivered camera frames late): ffmpeg then finds no frame at
 * the chosen time, writes nothing and still exits 0.
 */
export async function extractPoster(
  ffmpeg: string,
  video: string,
  poster: string,
  atSeconds: number,
  limits: RunLimits,
): Promise<void> {
  for (const at of atSeconds > 0 ? [atSeconds, 0] : [0]) {
    await run(ffmpeg, posterArgs(video, poster, at), limits);
    if (await exists(poster)) return;
  }
  throw new UnplayableVideoError('noVideo', `${video} has no video frame to take a poster from`);
}

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    (info) => info.size > 0,
    () => false,
  );
}

/** The duration of an MP4 this backend wrote. */
export async function probeDuration(ffprobe: string, file: string, limits: RunLimits): Promise<number> {
  const { durationSeconds } = await probeInput(ffprobe, file, 'mov', limits);
  if (!Number.isFinite(durationSeconds)) throw new Error(`no duration in ${file}`);
  return durationSeconds;
}
