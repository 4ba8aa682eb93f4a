import { spawn, spawnSync } from 'node:child_process';
import { stat } from 'node:fs/promises';
import type { Env } from '../config/config.schema';

export interface MediaTools {
  ffmpeg: string;
  ffprobe: string;
}

function works(binary: string): boolean {
  return spawnSync(binary, ['-version'], { stdio: 'ignore' }).status === 0;
}

/** Bundled static builds, for `make run` on a machine without ffmpeg; optional at install. */
function bundled(name: 'ffmpeg' | 'ffprobe'): string | undefined {
  try {
    const installer = name === 'ffmpeg' ? '@ffmpeg-installer/ffmpeg' : '@ffprobe-installer/ffprobe';
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

export function run(binary: string, args: string[], timeoutMs = 30 * 60_000): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      if (code === 0) resolve(stdout);
      else reject(new Error(`${binary} exited with ${code}: ${stderr.trim().split('\n').slice(-3).join(' | ')}`));
    });
  });
}

/**
 * H.264/AAC MP4 that plays on every phone: yuv420p, moov atom first, the long side at most 1920
 * and the short side at most 1080 (1080p), dimensions even as H.264 needs.
 */
export function transcodeArgs(input: string, output: string): string[] {
  const fit =
    "scale='min(iw,if(gte(iw,ih),1920,1080))':'min(ih,if(gte(iw,ih),1080,1920))':force_original_aspect_ratio=decrease," +
    'scale=trunc(iw/2)*2:trunc(ih/2)*2';
  return [
    '-hide_banner',
    '-nostdin',
    '-y',
    '-i',
    input,
    '-map',
    '0:v:0',
    '-map',
    '0:a:0?',
    '-vf',
    fit,
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-crf',
    '23',
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
    output,
  ];
}

function posterArgs(input: string, output: string, atSeconds: number): string[] {
  return [
    '-hide_banner',
    '-nostdin',
    '-y',
    '-ss',
    atSeconds.toFixed(2),
    '-i',
    input,
    '-frames:v',
    '1',
    '-q:v',
    '3',
    output,
  ];
}

/**
 * A JPEG of the frame at `atSeconds`, else of the first frame. A recording's video track can end
 * well before its sound (a phone that delivered camera frames late): ffmpeg then finds no frame at
 * the chosen time, writes nothing and still exits 0.
 */
export async function extractPoster(ffmpeg: string, video: string, poster: string, atSeconds: number): Promise<void> {
  for (const at of atSeconds > 0 ? [atSeconds, 0] : [0]) {
    await run(ffmpeg, posterArgs(video, poster, at));
    if (await exists(poster)) return;
  }
  throw new Error(`${video} has no video frame to take a poster from`);
}

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    (info) => info.size > 0,
    () => false,
  );
}

export async function probeDuration(ffprobe: string, file: string): Promise<number> {
  const out = await run(ffprobe, ['-v', 'error', '-show_entries', 'format=duration', '-of', 'default=nw=1:nk=1', file]);
  const seconds = Number.parseFloat(out.trim());
  if (!Number.isFinite(seconds)) throw new Error(`no duration in ${file}`);
  return seconds;
}
