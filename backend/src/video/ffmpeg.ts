import { spawnSync } from 'node:child_process';
import { stat } from 'node:fs/promises';
import { constants } from 'node:os';
import type { Writable } from 'node:stream';
import { errorMessage } from '../common/error-message';
import { startProcessGroup } from '../common/process-group';
import type { Env } from '../config/config.schema';
import type { Demuxer } from './video-container';

export interface MediaToolPaths {
  ffmpeg: string;
  ffprobe: string;
}

/** Why a video can never be turned into a message; retrying does not help. */
export const UNPLAYABLE_REASONS = ['noVideo', 'tooLong', 'tooDemanding', 'tooSlow', 'unreadable'] as const;
export type UnplayableReason = (typeof UNPLAYABLE_REASONS)[number];

export class UnplayableVideoError extends Error {
  constructor(
    readonly reason: UnplayableReason,
    detail: string,
  ) {
    super(`${reason}: ${detail}`);
  }
}

/** A tool stopped at its wall-clock or CPU-time limit: within the limits a phone's video never gets there. */
export class ToolTimeoutError extends Error {}

/**
 * A tool killed by a signal nobody here sent: a supervisor stopping everything, the kernel's OOM
 * killer, a crash. Not the video's own error, so it never fails the video at once.
 */
export class ToolKilledError extends Error {
  constructor(
    readonly signal: NodeJS.Signals,
    binary: string,
  ) {
    super(`${binary} was killed by ${signal}`);
  }

  /** A request to stop (Ctrl-C, a supervisor's TERM), as opposed to a crash or the OOM killer. */
  get askedToStop(): boolean {
    return this.signal === 'SIGTERM' || this.signal === 'SIGINT' || this.signal === 'SIGHUP';
  }
}

export interface RunLimits {
  /** Wall-clock limit: the tool is killed after it. */
  timeoutMs: number;
  /** Aborting kills the tool (shutdown). */
  signal?: AbortSignal;
  /** CPU seconds the tool may use (ulimit -t): bounds it even should this process die and leave it. */
  cpuSeconds?: number;
  /** Address space of the tool (ulimit -v), where the system enforces it. */
  memoryMb?: number;
}

/** What a tool may print before it is stopped: a probe of the largest video allowed prints a few MB. */
const MAX_STDOUT_BYTES = 16 * 1024 * 1024;
const SHELL = '/bin/sh';
/** A tool that ignores SIGXCPU at its CPU limit is killed this much later. */
const CPU_HARD_MARGIN_SECONDS = 5;

/** Only the search path: the tools never see the backend's secrets. */
function toolEnvironment(): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH ?? '/usr/bin:/bin' };
}

function works(binary: string, args: string[]): boolean {
  return spawnSync(binary, args, { stdio: 'ignore', env: toolEnvironment() }).status === 0;
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
export function findMediaTools(env: Pick<Env, 'FFMPEG_PATH' | 'FFPROBE_PATH'>): MediaToolPaths {
  const pick = (name: 'ffmpeg' | 'ffprobe', configured?: string): string => {
    for (const candidate of [configured, name, bundled(name)]) {
      if (candidate && works(candidate, ['-version'])) return candidate;
    }
    throw new Error(`${name} not found: install it (apt-get install ffmpeg) or set ${name.toUpperCase()}_PATH`);
  };
  return { ffmpeg: pick('ffmpeg', env.FFMPEG_PATH), ffprobe: pick('ffprobe', env.FFPROBE_PATH) };
}

export interface OsLimitSupport {
  /** `ulimit -t` (CPU seconds): Linux and macOS. */
  cpu: boolean;
  /** `ulimit -v` (address space): Linux; macOS refuses it. */
  memory: boolean;
}

let osLimits: OsLimitSupport | undefined;

/**
 * Which OS limits the shell can put on a tool, checked once. The tools run under `/bin/sh`'s
 * `ulimit`, which Debian's dash (the node:24-bookworm-slim image), busybox and macOS all have,
 * rather than util-linux's prlimit, which macOS lacks; a limit the system refuses is left out.
 */
export function osLimitSupport(): OsLimitSupport {
  osLimits ??= {
    cpu: works(SHELL, ['-c', 'ulimit -S -t 60 && ulimit -H -t 65']),
    memory: works(SHELL, ['-c', 'ulimit -v 1048576']),
  };
  return osLimits;
}

/** The command that runs `binary` under the OS limits of `limits` the system supports. */
export function limitedCommand(binary: string, args: string[], limits: RunLimits): [string, string[]] {
  const support = osLimitSupport();
  const settings: string[] = [];
  if (limits.cpuSeconds && support.cpu) {
    // SIGXCPU at the soft limit, which tells it from other deaths; SIGKILL at the hard one, later.
    const cpu = Math.ceil(limits.cpuSeconds);
    settings.push(`ulimit -S -t ${cpu}`, `ulimit -H -t ${cpu + CPU_HARD_MARGIN_SECONDS}`);
  }
  if (limits.memoryMb && support.memory) settings.push(`ulimit -v ${Math.ceil(limits.memoryMb * 1024)}`);
  if (settings.length === 0) return [binary, args];
  // The tool's own name and arguments are positional parameters, never part of the script.
  return [SHELL, ['-c', `${settings.join(' && ')} && exec "$@"`, 'giftcast-media', binary, ...args]];
}

export interface RunningTool {
  /** The tool's standard input, where it reads one (`pipe:0`). */
  stdin: Writable | null;
  /** Its standard output once it exits 0; rejects on any other end (see run). */
  done: Promise<string>;
  /** Stops it now; `done` rejects with `reason`. */
  stop(reason: Error): void;
}

/**
 * Starts a tool in a process group of its own (common/process-group.ts), killed whole at its limits.
 * `done` rejects with ToolTimeoutError past the wall-clock or CPU limit, with the abort reason when
 * `limits.signal` aborts, with ToolKilledError when a signal from elsewhere killed or stopped it,
 * and with the tool's own error when it exits non-zero: only the last is about the video.
 */
export function startTool(binary: string, args: string[], limits: RunLimits, { stdin = false } = {}): RunningTool {
  const [command, argv] = limitedCommand(binary, args, limits);
  const tool = startProcessGroup(command, argv, {
    name: binary,
    env: toolEnvironment(),
    timeoutMs: limits.timeoutMs,
    timeoutReason: () => new ToolTimeoutError(`${binary} ran longer than ${limits.timeoutMs / 1000} s`),
    signal: limits.signal,
    stopWith: 'SIGKILL',
    stdin,
    maxStdoutBytes: MAX_STDOUT_BYTES,
    stderrTail: 4000,
  });
  const done = tool.ended.then(({ code, signal, stdout, stderr, stopped }) => {
    if (stopped) throw stopped;
    if (code === 0) return stdout;
    if (signal === 'SIGXCPU') throw new ToolTimeoutError(`${binary} used up its ${limits.cpuSeconds} s of CPU time`);
    if (signal) throw new ToolKilledError(signal, binary);
    const stoppedWith = stoppedBy(stderr);
    if (stoppedWith) throw new ToolKilledError(stoppedWith, binary);
    throw new Error(`${binary} exited with ${code}: ${stderr.trim().split('\n').slice(-3).join(' | ')}`);
  });
  return { stdin: tool.stdin, done, stop: tool.stop };
}

/**
 * The signal ffmpeg says it stopped for: it catches SIGINT and SIGTERM, finishes cleanly and exits
 * 255 with this as its last line. Only the last line counts: what it prints of a file (its
 * metadata) comes before, indented.
 */
function stoppedBy(stderr: string): NodeJS.Signals | undefined {
  const number = /^Exiting normally, received signal (\d+)\.$/.exec(stderr.trim().split('\n').at(-1) ?? '')?.[1];
  const named = Object.entries(constants.signals).find(([, value]) => value === Number(number));
  return named?.[0] as NodeJS.Signals | undefined;
}

/** Runs a tool to completion; see startTool for how it can fail. */
export function run(binary: string, args: string[], limits: RunLimits): Promise<string> {
  return startTool(binary, args, limits).done;
}

/**
 * A tool's failure on an upload: the upload's fault when the tool said so (its own error) or when
 * it went past its limits; not when it was stopped or killed from outside.
 */
export function asUnplayable(error: unknown, limits: RunLimits): unknown {
  if (limits.signal?.aborted || error instanceof ToolKilledError || error instanceof UnplayableVideoError) {
    return error;
  }
  if (error instanceof ToolTimeoutError) return new UnplayableVideoError('tooSlow', error.message);
  return new UnplayableVideoError('unreadable', errorMessage(error));
}

/**
 * Input options that keep ffmpeg inside the one local file it is given: the demuxer is named
 * rather than guessed from the bytes (a file that looks like a playlist, a DASH manifest or a
 * concat list is never read as one), no other demuxer may be opened, and no protocol but files.
 */
function confinedInput(file: string, demuxer: Demuxer): string[] {
  return ['-protocol_whitelist', 'file', '-format_whitelist', demuxer, '-f', demuxer, '-i', `file:${file}`];
}

/** Where a probe reads: a local file, or standard input while an upload streams in. */
export type ProbeSource = { file: string } | 'stdin';

/**
 * ffprobe's arguments for what a video declares (`headers`) and, for a file, what its video
 * packets really hold (`packets`, at most that many): stream headers and packets only, nothing
 * decoded (no stream-info search, which decodes frames), read with the same confinement as the
 * transcode.
 */
export function probeArgs(source: ProbeSource, demuxer: Demuxer, { packets }: { packets?: number } = {}): string[] {
  const input = source === 'stdin' ? ['pipe', 'pipe:0'] : ['file', `file:${source.file}`];
  const entries = ['format=duration', 'stream=codec_type,width,height,avg_frame_rate,nb_frames,duration'];
  if (packets) entries.push('packet=pts_time,duration_time');
  return [
    '-v',
    'error',
    '-nofind_stream_info',
    '-protocol_whitelist',
    input[0],
    '-format_whitelist',
    demuxer,
    '-f',
    demuxer,
    ...(packets ? ['-select_streams', 'v:0', '-read_intervals', `%+#${packets}`] : []),
    '-show_entries',
    entries.join(':'),
    '-of',
    'json',
    input[1],
  ];
}

/** What a video declares and, where its packets were read, what they hold. */
export interface VideoProbe {
  hasVideo: boolean;
  width?: number;
  height?: number;
  /** The frame rate its header declares. */
  declaredFps?: number;
  /** The frames its header declares (MP4's sample table). */
  declaredFrames?: number;
  /** The longest duration it declares or its packets span; NaN when nothing tells. */
  durationSeconds: number;
  /** Its video packets (frames) as read, when they were. */
  packets?: { count: number; spanSeconds: number };
  /** Its size in bytes, where known. */
  sizeBytes?: number;
}

interface ProbeOutput {
  streams?: {
    codec_type?: string;
    width?: number;
    height?: number;
    avg_frame_rate?: string;
    nb_frames?: string;
    duration?: string;
  }[];
  format?: { duration?: string };
  packets?: { pts_time?: string; duration_time?: string }[];
}

const positive = (value: number | undefined): number | undefined =>
  value !== undefined && Number.isFinite(value) && value > 0 ? value : undefined;

function rate(fraction: string | undefined): number | undefined {
  const [numerator, denominator] = (fraction ?? '').split('/').map(Number);
  return positive(numerator / denominator);
}

/** ffprobe's JSON (from probeArgs) as a VideoProbe. */
export function parseProbe(json: string): VideoProbe {
  const parsed = JSON.parse(json) as ProbeOutput;
  const streams = parsed.streams ?? [];
  const video = streams.find((s) => s.codec_type === 'video');
  const durations = [parsed.format?.duration, ...streams.map((s) => s.duration)]
    .map((d) => Number.parseFloat(d ?? ''))
    .filter(Number.isFinite);
  const probe: VideoProbe = {
    hasVideo: video !== undefined,
    width: positive(video?.width),
    height: positive(video?.height),
    declaredFps: rate(video?.avg_frame_rate),
    declaredFrames: positive(Number(video?.nb_frames)),
    durationSeconds: durations.length ? Math.max(...durations) : Number.NaN,
  };
  if (parsed.packets) {
    let first = Infinity;
    let last = -Infinity;
    for (const packet of parsed.packets) {
      const pts = Number.parseFloat(packet.pts_time ?? '');
      if (!Number.isFinite(pts)) continue;
      first = Math.min(first, pts);
      last = Math.max(last, pts + (Number.parseFloat(packet.duration_time ?? '') || 0));
    }
    const spanSeconds = last >= first ? last - first : 0;
    probe.packets = { count: parsed.packets.length, spanSeconds };
    probe.durationSeconds = Number.isNaN(probe.durationSeconds)
      ? spanSeconds
      : Math.max(probe.durationSeconds, spanSeconds);
  }
  return probe;
}

/**
 * What a stored upload holds: its headers, and its video packets up to `maxPackets` (one more than
 * any allowed video has), read with the same confinement as the transcode.
 */
export async function probeFile(
  ffprobe: string,
  file: string,
  demuxer: Demuxer,
  maxPackets: number,
  limits: RunLimits,
): Promise<VideoProbe> {
  let out: string;
  try {
    out = await run(ffprobe, probeArgs({ file }, demuxer, { packets: maxPackets }), limits);
  } catch (error) {
    throw asUnplayable(error, limits);
  }
  return { ...parseProbe(out), sizeBytes: (await stat(file)).size };
}

export interface OutputLimits {
  /** Nothing past this point of the input is written. */
  maxSeconds: number;
  /** ffmpeg stops writing at this size. */
  maxBytes: number;
  /** Threads for decoding, filtering and encoding each. */
  threads: number;
  /** The decoder refuses a frame larger than this, whatever the headers said. */
  maxFramePixels: number;
  /** Frames a second written at most: a faster input is thinned to it. */
  maxFps: number;
  /** The input's frame rate as probed: an input within maxFps keeps its timing as it is. */
  inputFps?: number;
}

/** The frame rate output is thinned to; a phone plays no more. */
export const OUTPUT_MAX_FPS = 60;

/**
 * H.264/AAC MP4 that plays on every phone: yuv420p, moov atom first, the long side at most 1920
 * and the short side at most 1080 (1080p), dimensions even as H.264 needs, a bounded bit rate and
 * frame rate. The threads are bounded, and the decoder refuses oversized frames on its own.
 */
export function transcodeArgs(input: string, demuxer: Demuxer, output: string, limits: OutputLimits): string[] {
  const fit =
    "scale='min(iw,if(gte(iw,ih),1920,1080))':'min(ih,if(gte(iw,ih),1080,1920))':force_original_aspect_ratio=decrease," +
    'scale=trunc(iw/2)*2:trunc(ih/2)*2';
  const threads = String(limits.threads);
  const thinned = limits.inputFps !== undefined && limits.inputFps > limits.maxFps;
  return [
    '-hide_banner',
    '-nostdin',
    '-y',
    '-filter_threads',
    threads,
    '-threads',
    threads,
    '-max_pixels',
    String(Math.floor(limits.maxFramePixels)),
    ...confinedInput(input, demuxer),
    '-map',
    '0:v:0',
    '-map',
    '0:a:0?',
    '-t',
    String(limits.maxSeconds),
    '-vf',
    fit,
    ...(thinned ? ['-r', String(limits.maxFps)] : []),
    '-c:v',
    'libx264',
    '-threads',
    threads,
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
    '-threads',
    '1',
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
  const { durationSeconds } = parseProbe(await run(ffprobe, probeArgs({ file }, 'mov'), limits));
  if (!Number.isFinite(durationSeconds)) throw new Error(`no duration in ${file}`);
  return durationSeconds;
}
