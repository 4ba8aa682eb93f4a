// `make bench-web` (alone: `node frontend/bench/shrink.mjs`) — the giver's page shrinking a 60 s 4K
// phone clip in headless Chromium (the page's own shrink module over Mediabunny and WebCodecs, served
// by Vite), against ffmpeg's libx264 making the same 720p on this machine (the baseline of the same
// run). Figures only: the clip's and the result's size, the seconds each took, and their ratio.
// BENCH_SHRINK_SECONDS sets the clip's length (default 60); the clip is kept under .bench/ for the next run.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium } from '@playwright/test';
import { createServer } from 'vite';

const root = resolve(import.meta.dirname, '..');
// BENCH_SMOKE=1 (`make test-bench`): a 2 s clip, to show the benchmark still runs.
const seconds = Number(process.env.BENCH_SHRINK_SECONDS ?? (process.env.BENCH_SMOKE === '1' ? 2 : 60));
const dir = resolve(root, '../.bench/shrink');
const clip = join(dir, `4k-${seconds}s.mp4`);
mkdirSync(dir, { recursive: true });

if (!existsSync(clip)) {
  console.log(`making a ${seconds} s 4K clip at 30 fps (H.264 High, about what a phone records)…`);
  execFileSync('ffmpeg', [
    ...['-loglevel', 'error', '-y', '-f', 'lavfi', '-i', `testsrc2=size=3840x2160:rate=30:duration=${seconds}`],
    ...['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`, '-shortest'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-b:v', '45M', '-pix_fmt', 'yuv420p', '-c:a', 'aac', clip],
  ]);
}
const megabytes = (bytes) => (bytes / 1_048_576).toFixed(1);

// Baseline: ffmpeg on the same cores, to the same 720p and bit rates.
const ffmpegOut = join(dir, 'ffmpeg-720p.mp4');
let started = performance.now();
execFileSync('ffmpeg', [
  ...['-loglevel', 'error', '-y', '-i', clip, '-vf', 'scale=1280:720', '-c:v', 'libx264', '-preset', 'veryfast'],
  ...['-b:v', '2500k', '-c:a', 'aac', '-b:a', '128k', ffmpegOut],
]);
const ffmpegSeconds = (performance.now() - started) / 1000;
const ffmpegBytes = statSync(ffmpegOut).size;
rmSync(ffmpegOut);

const server = await createServer({
  root,
  configFile: false,
  logLevel: 'error',
  server: { port: 0, host: '127.0.0.1', fs: { allow: [root, dir, resolve(root, '../node_modules')] } },
});
await server.listen();
const { port } = server.httpServer.address();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});
try {
  const page = await browser.newPage();
  // localhost: a secure context, as WebCodecs needs.
  await page.goto(`http://localhost:${port}/bench/shrink.mjs`);
  // The page's own modules, as Vite serves them to the browser.
  const modules = {
    video: '/src/features/message/shrink/shrink-video.ts',
    plan: '/src/features/message/shrink/shrink-plan.ts',
  };
  const result = await page.evaluate(
    async ({ clipPath, modules }) => {
      const { inspectVideo, shrinkVideo } = await import(modules.video);
      const { planShrink } = await import(modules.plan);
      const file = await (await fetch(`/@fs${clipPath}`)).blob();
      const facts = await inspectVideo(file);
      const plan = planShrink(facts, { maxBytes: 104_857_600, maxSeconds: 180 });
      const began = performance.now();
      const shrunk = await shrinkVideo(file, plan, () => undefined, new AbortController().signal);
      return {
        facts,
        plan,
        seconds: (performance.now() - began) / 1000,
        bytes: shrunk.video.size,
        type: shrunk.video.type,
      };
    },
    { clipPath: clip, modules },
  );
  console.log(
    JSON.stringify(
      {
        clip: {
          seconds,
          width: result.facts.width,
          height: result.facts.height,
          megabytes: megabytes(statSync(clip).size),
        },
        browser: {
          chromium: browser.version(),
          output: `${result.plan.width}x${result.plan.height} ${result.type}`,
          megabytes: megabytes(result.bytes),
          seconds: result.seconds.toFixed(1),
          realtimeFactor: (seconds / result.seconds).toFixed(2),
        },
        ffmpegBaseline: { megabytes: megabytes(ffmpegBytes), seconds: ffmpegSeconds.toFixed(1) },
        browserVsFfmpegTime: (result.seconds / ffmpegSeconds).toFixed(2),
      },
      null,
      2,
    ),
  );
} finally {
  await browser.close();
  await server.close();
}
