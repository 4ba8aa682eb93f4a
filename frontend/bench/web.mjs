// `make bench-web` — the production build served the production way (the deploy nginx config in
// front of the backend, `make run`'s embedded stack), measured twice: this checkout's build and the
// build of a baseline commit (BENCH_WEB_BASELINE, default 7de5d9f; empty to skip it), each in a stack
// of its own, one after the other. The baseline is built once in a git worktree under .bench/builds/
// and kept there for the next run.
//
// Per page (/, /blog, one post, /support, /try, /v/{code} for an unused and for a recorded code):
// Lighthouse's mobile scores, LCP, TBT, CLS and the first-load JavaScript (gzip, as nginx sends it).
// Per interaction (opening the phone menu, a FAQ question on /support, the language switch), in
// Chromium with its CPU slowed 4x once the page has settled: the longest event of the interaction
// as the Event Timing API reports it (the goal is 200 ms at most). Figures only: nothing here fails
// on a number. Beside them, for this checkout only, a one-line static page and the home page without
// its scripts, served by the same nginx: what this machine can reach at best.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium as playwrightChromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startLocalNginx } from '../../deploy/nginx/local-nginx.mjs';

const repo = resolve(import.meta.dirname, '../..');
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
// BENCH_SMOKE=1 (`make test-bench`): one run of / and a recorded /v page, no baseline: it shows the
// benchmark still runs, and its figures mean nothing.
const SMOKE = process.env.BENCH_SMOKE === '1';
const RUNS = Number(process.env.BENCH_WEB_RUNS ?? (SMOKE ? 1 : 3));
// 'simulate' (Lighthouse's default: the phone's timings computed from an unthrottled load) or
// 'devtools' (the browser itself slowed to the phone's network and CPU while the page loads).
const THROTTLING = process.env.BENCH_WEB_THROTTLING ?? 'simulate';
const BASELINE = process.env.BENCH_WEB_BASELINE ?? (SMOKE ? '' : '7de5d9f');
/** The interactions' phone: Chromium's CPU slowed this many times. */
const CPU_SLOWDOWN = 4;
const INTERACTION_GOAL_MS = 200;
/** First-load JavaScript of a public page, gzip. */
const FIRST_LOAD_JS_GOAL_KIB = 160;

const freePort = () =>
  new Promise((done) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => done(port));
    });
  });
const sleep = (ms) => new Promise((done) => setTimeout(done, ms));
const median = (values) => values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)];

async function waitFor(url) {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  throw new Error(`${url} did not answer`);
}

const git = (...args) => execFileSync('git', args, { cwd: repo, encoding: 'utf8' }).trim();

/** Runs a command in `cwd`, its output shown; throws when it fails. */
function run(command, args, cwd) {
  const { status } = spawnSync(command, args, { cwd, stdio: 'inherit' });
  if (status !== 0) throw new Error(`${command} ${args.join(' ')} failed in ${cwd} (status ${status})`);
}

/**
 * The checkout of `commit` under .bench/builds/, installed and built (backend and web app) once: a
 * later run finds it built and uses it as it is.
 */
function baselineCheckout(commit) {
  const sha = git('rev-parse', '--verify', `${commit}^{commit}`);
  const dir = join(repo, '.bench', 'builds', sha);
  const built = join(dir, '.bench-built');
  if (existsSync(built)) return { sha, dir };
  console.log(`Building ${commit} (${sha.slice(0, 10)}) in ${dir}: installed and built once, kept for later runs.`);
  // A build cut short earlier: its worktree goes, and --force takes the path back if git still lists it.
  if (existsSync(dir)) {
    try {
      git('worktree', 'remove', '--force', dir);
    } catch {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  git('worktree', 'add', '--detach', '--force', dir, sha);
  run('npm', ['ci', '--no-audit', '--no-fund'], dir);
  run('npm', ['run', 'build'], dir);
  writeFileSync(built, `${new Date().toISOString()}\n`);
  return { sha, dir };
}

/** Where a failing audit failed: the first few elements' selectors. */
function failingNodes(audit) {
  const items = audit.details?.items ?? [];
  return items
    .slice(0, 3)
    .map((item) => item.node?.selector ?? item.node?.snippet ?? item.url ?? '?')
    .join('; ');
}

/** The element Lighthouse took as the largest contentful paint. */
function lcpElement(lhr) {
  const table = lhr.audits['largest-contentful-paint-element']?.details?.items?.[0];
  const node = table?.items?.[0]?.node;
  return node ? `${node.selector ?? ''} "${(node.nodeLabel ?? '').slice(0, 40)}"` : 'unknown';
}

/** A two-second H.264/AAC clip made by ffmpeg: the video of the recorded code. */
function makeClip(dir) {
  const clip = join(dir, 'clip.mp4');
  const generate = '-loglevel error -f lavfi -i testsrc=duration=2:size=320x240:rate=15 -f lavfi -i sine=duration=2';
  execFileSync('ffmpeg', [...generate.split(' '), '-shortest', '-pix_fmt', 'yuv420p', clip], { stdio: 'pipe' });
  return clip;
}

/**
 * A code from /try made a giver's own, as the giver's page does before recording: its fresh token.
 * A build without the take (the baseline) records on the listed token itself.
 */
async function ownCode(site, code) {
  const res = await fetch(`${site}/api/qr/${code.qrToken}/take`, { method: 'POST' });
  if (res.status === 404) return code;
  if (!res.ok) throw new Error(`taking a code answered ${res.status}: ${await res.text()}`);
  return res.json();
}

/** Uploads `clip` on the code with `qrToken` and waits until the backend has transcoded it. */
async function recordMessage(site, qrToken, clip) {
  const form = new FormData();
  form.append('video', new Blob([readFileSync(clip)], { type: 'video/mp4' }), 'clip.mp4');
  const res = await fetch(`${site}/api/messages/${qrToken}/video`, { method: 'POST', body: form });
  if (res.status !== 201) throw new Error(`upload answered ${res.status}: ${await res.text()}`);
  for (let i = 0; i < 1200; i++) {
    const { message } = await (await fetch(`${site}/api/messages/${qrToken}`)).json();
    if (message?.state === 'ready') return;
    await sleep(100);
  }
  throw new Error('the uploaded video was not ready within two minutes');
}

/**
 * One build's stack: its backend (`make run`'s embedded database and storage, demo content) behind
 * this checkout's deploy nginx, serving `root`'s web build. `extraDirectives` go into nginx's server.
 */
async function startStack(root, work, extraDirectives = '') {
  const [backendPort, nginxPort] = [await freePort(), await freePort()];
  const site = `http://127.0.0.1:${nginxPort}`;
  const webRoot = join(root, 'frontend/dist');
  // nginx serves the build's public files; a baseline built before they had a folder of their own
  // has them at the top of its build.
  const publicFiles = existsSync(join(webRoot, 'client')) ? join(webRoot, 'client') : webRoot;
  const backend = spawn(process.execPath, [join(root, 'backend/dist/local/run-local.js')], {
    env: {
      ...process.env,
      PORT: String(backendPort),
      HOST: '127.0.0.1',
      PUBLIC_URL: site,
      DATA_DIR: join(work, 'data'),
      WEB_ROOT: webRoot,
    },
    stdio: 'ignore',
  });
  // Lighthouse and Chromium fail now and then by crashing this process: the backend goes with it.
  const killBackend = () => backend.kill();
  process.once('exit', killBackend);
  let nginx;
  try {
    // nginx starts once the backend answers, so that it logs no refused connections meanwhile.
    await waitFor(`http://127.0.0.1:${backendPort}/api/health`);
    nginx = startLocalNginx(
      { BACKEND_UPSTREAM: `127.0.0.1:${backendPort}`, LISTEN_PORT: `127.0.0.1:${nginxPort}`, WEB_ROOT: publicFiles },
      { serverDirectives: extraDirectives },
    );
    await waitFor(`${site}/api/health`);
  } catch (error) {
    await nginx?.stop();
    backend.kill();
    throw error;
  }
  return {
    site,
    webRoot,
    async stop() {
      await nginx.stop();
      backend.kill();
      process.removeListener('exit', killBackend);
      await sleep(500);
    },
  };
}

/** The measured pages of a stack: a published post, an unused code and one recorded on. */
async function pagesOf(site, clip) {
  const posts = await (await fetch(`${site}/api/posts?published=true`)).json();
  const codes = await (await fetch(`${site}/api/qr/available`)).json();
  const [unused, recorded] = await Promise.all([ownCode(site, codes[0]), ownCode(site, codes.at(-1))]);
  // BENCH_WEB_PAGES=/,/support measures only those ('post' for the post).
  const only = process.env.BENCH_WEB_PAGES?.split(',') ?? (SMOKE ? ['/', '/v/{recorded}'] : undefined);
  const pages = [
    ['/', '/'],
    ['/blog', '/blog'],
    [`/blog/${posts[0].slug}`, `/blog/${posts[0].slug}`],
    ['/support', '/support'],
    ['/try', '/try'],
    ['/v/{unused}', `/v/${unused.qrToken}`],
    ['/v/{recorded}', `/v/${recorded.qrToken}`],
  ].filter(([label]) => !only || only.includes(label) || (only.includes('post') && label.startsWith('/blog/')));
  if (pages.some(([label]) => label === '/v/{recorded}')) await recordMessage(site, recorded.qrToken, clip);
  return pages;
}

// Lighthouse now and then fails to record a trace (NO_NAVSTART, NO_FCP): such a run is repeated.
async function audit(port, url, attempts = 3) {
  const { lhr } = await lighthouse(url, { port, logLevel: 'error', throttlingMethod: THROTTLING });
  if (!lhr.runtimeError) return lhr;
  if (attempts > 1) return audit(port, url, attempts - 1);
  throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
}

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

/** Lighthouse's default: a mid-range phone on a slow 4G link, simulated. Median of RUNS by performance. */
async function lighthouseRow(port, site, build, label, path) {
  const runs = [];
  for (let run = 0; run < RUNS; run++) {
    const lhr = await audit(port, `${site}${path}`);
    const scripts = lhr.audits['network-requests'].details.items.filter((item) => item.resourceType === 'Script');
    runs.push({
      build,
      page: label,
      ...Object.fromEntries(CATEGORIES.map((category) => [category, Math.round(lhr.categories[category].score * 100)])),
      lcpMs: Math.round(lhr.audits['largest-contentful-paint'].numericValue),
      // What this machine's unthrottled browser saw, beside the simulated phone figures.
      seenFcpMs: Math.round(lhr.audits.metrics.details.items[0].observedFirstContentfulPaint),
      seenLcpMs: Math.round(lhr.audits.metrics.details.items[0].observedLargestContentfulPaint),
      tbtMs: Math.round(lhr.audits['total-blocking-time'].numericValue),
      ttiMs: Math.round(lhr.audits.interactive?.numericValue ?? NaN),
      cls: Number(lhr.audits['cumulative-layout-shift'].numericValue.toFixed(3)),
      // Lighthouse's measure of this machine's CPU during the run: its simulated phone slows the
      // tasks it saw fourfold, so a slower or busier machine reports more blocking time.
      cpuIndex: Math.round(lhr.environment.benchmarkIndex),
      firstLoadJsKiB: Number((scripts.reduce((sum, item) => sum + item.transferSize, 0) / 1024).toFixed(1)),
      scriptSizes: scripts
        .toSorted((a, b) => b.transferSize - a.transferSize)
        .map((item) => `${String(item.url).replace(site, '')} ${(item.transferSize / 1024).toFixed(1)}`),
      failing: Object.values(lhr.audits)
        .filter((audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === 'binary')
        .map((audit) => `${audit.id} (${failingNodes(audit)})`),
      lcpElement: lcpElement(lhr),
      longTasks: (lhr.audits['long-tasks'].details?.items ?? []).map(
        (task) => `${Math.round(task.startTime)}+${Math.round(task.duration)}ms ${String(task.url).replace(site, '')}`,
      ),
      metricScores: [
        'first-contentful-paint',
        'speed-index',
        'largest-contentful-paint',
        'total-blocking-time',
        'cumulative-layout-shift',
      ].map((id) => `${id} ${Math.round(lhr.audits[id].numericValue)} (score ${lhr.audits[id].score})`),
      scriptTime: (lhr.audits['bootup-time'].details?.items ?? []).map(
        (item) => `${String(item.url).replace(site, '')} ${Math.round(item.scripting)}ms`,
      ),
      mainThread: (lhr.audits['mainthread-work-breakdown'].details?.items ?? []).map(
        (item) => `${item.groupLabel ?? item.group} ${Math.round(item.duration)}ms`,
      ),
    });
  }
  runs.sort((a, b) => a.performance - b.performance);
  return runs[Math.floor(runs.length / 2)];
}

// What a Korean visitor on a phone does once the page has settled, and what shows that it was done.
const INTERACTIONS = [
  {
    label: 'open the phone menu (/)',
    path: '/',
    control: (page) => page.getByRole('button', { name: '메뉴 열기' }),
    effect: (page) =>
      page.getByRole('navigation', { name: '주 메뉴' }).getByRole('link', { name: '고객센터', exact: true }),
  },
  {
    label: 'open a FAQ question (/support)',
    path: '/support',
    control: (page) => page.getByRole('button', { name: '영상은 얼마 동안 보관되나요?' }),
    effect: (page) => page.getByText('7일 동안 보관되고'),
  },
  {
    label: 'switch the language (/)',
    path: '/',
    control: (page) => page.getByRole('button', { name: 'Switch to English' }),
    effect: (page) => page.getByRole('heading', { level: 1, name: 'Give your gift a voice and a smile' }),
  },
];

/** Records every event the Event Timing API reports (16 ms or longer) from the page's start. */
function observeEventTiming() {
  window.benchEventTimings = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      window.benchEventTimings.push({ name: entry.name, duration: entry.duration, interactionId: entry.interactionId });
  }).observe({ type: 'event', durationThreshold: 16, buffered: true });
}

/** Resolves once the main thread has gone `quietMs` without a long task (at most `capMs`). */
function mainThreadQuiet({ quietMs, capMs }) {
  return new Promise((done) => {
    let last = performance.now();
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) last = Math.max(last, entry.startTime + entry.duration);
    }).observe({ type: 'longtask', buffered: true });
    const started = performance.now();
    const check = () => {
      const now = performance.now();
      if (now - last >= quietMs || now - started >= capMs) done();
      else setTimeout(check, 100);
    };
    check();
  });
}

/**
 * The longest event of one click, in ms: a fresh phone page at 4x CPU, loaded and settled, clicked
 * once, its effect awaited; null when the interaction's events all stayed under 16 ms.
 */
async function interactionDuration(browser, site, interaction) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  try {
    await context.addInitScript(observeEventTiming);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await page.goto(`${site}${interaction.path}`, { waitUntil: 'load' });
    await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => {});
    await page.evaluate(mainThreadQuiet, { quietMs: 1000, capMs: 20_000 });
    await page.evaluate(() => (window.benchEventTimings.length = 0));
    await interaction.control(page).click();
    await interaction.effect(page).waitFor({ state: 'visible', timeout: 10_000 });
    // Entries are reported after the frame that follows the event; a few frames' margin.
    await page.waitForTimeout(500);
    const entries = await page.evaluate(() => window.benchEventTimings.filter((entry) => entry.interactionId > 0));
    return entries.length ? Math.max(...entries.map((entry) => entry.duration)) : null;
  } finally {
    await context.close();
  }
}

async function interactionRows(site, build) {
  const browser = await playwrightChromium.launch({ executablePath: chromium, args: CHROMIUM_FLAGS });
  try {
    const rows = [];
    for (const interaction of INTERACTIONS) {
      const runs = [];
      for (let run = 0; run < RUNS; run++) runs.push((await interactionDuration(browser, site, interaction)) ?? 0);
      const ms = median(runs);
      rows.push({ build, page: `interaction: ${interaction.label}`, interactionMs: ms === 0 ? '<16' : Math.round(ms) });
    }
    return rows;
  } finally {
    await browser.close();
  }
}

/** Every figure of one build: its stack started, its pages audited, its interactions timed, stopped. */
async function measureBuild({ build, root, clip, work, chromePort, withStaticPages }) {
  const staticRoot = join(work, 'static');
  if (withStaticPages) {
    mkdirSync(staticRoot);
    writeFileSync(
      join(staticRoot, 'index.html'),
      '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="description" content="A one-line page: the best this machine and browser can score."><title>Static page</title></head><body><h1>Static page</h1><p>A one-line static page.</p></body></html>',
    );
    // The home page exactly as prerendered, without its scripts. Between it and `/` lies what the
    // JavaScript costs the simulated phone.
    writeFileSync(
      join(staticRoot, 'home-without-scripts.html'),
      readFileSync(join(root, 'frontend/dist/server/prerender/ko/index.html'), 'utf8').replace(
        /<script[^>]* src="\/assets\/[^"]*"[^>]*><\/script>/g,
        '',
      ),
    );
  }
  const stack = await startStack(
    root,
    work,
    withStaticPages ? `location /__static/ { alias ${staticRoot}/; index index.html; }` : '',
  );
  try {
    const pages = [
      ...(withStaticPages
        ? [
            ['static one-liner', '/__static/'],
            ['/ without its scripts', '/__static/home-without-scripts.html'],
          ]
        : []),
      ...(await pagesOf(stack.site, clip)),
    ];
    const rows = [];
    for (const [label, path] of pages) {
      console.error(`${build}: Lighthouse on ${label}`);
      rows.push(await lighthouseRow(chromePort, stack.site, build, label, path));
    }
    console.error(`${build}: interactions`);
    return { rows, interactions: await interactionRows(stack.site, build) };
  } finally {
    await stack.stop();
  }
}

// Every phone has a Korean font; without one, Chromium's font fallback costs layout time no visitor pays.
const koreanFonts = spawnSync('fc-list', [':lang=ko'], { encoding: 'utf8' }).stdout ?? '';
if (!koreanFonts.trim())
  console.warn('No Korean font installed (Debian: fonts-noto-cjk): the pages will measure slower than on a phone.');

const builds = [{ build: `HEAD ${git('rev-parse', '--short=7', 'HEAD')}`, root: repo, withStaticPages: true }];
if (BASELINE) {
  const { sha, dir } = baselineCheckout(BASELINE);
  builds.push({ build: `base ${sha.slice(0, 7)}`, root: dir, withStaticPages: false });
}

const work = mkdtempSync(join(tmpdir(), 'giftcast-bench-web-'));
chmodSync(work, 0o755); // nginx's workers, which serve the static pages from here, run as another user
let chrome;
try {
  const clip = makeClip(work);
  chrome = await chromeLauncher.launch({ chromePath: chromium, chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS] });
  const results = [];
  for (const [index, build] of builds.entries()) {
    const buildWork = join(work, `build-${index}`);
    mkdirSync(buildWork);
    chmodSync(buildWork, 0o755);
    results.push({ ...build, ...(await measureBuild({ ...build, clip, work: buildWork, chromePort: chrome.port })) });
  }

  // One table: each page's rows side by side (this checkout, then the baseline), then the interactions.
  const byPage = new Map();
  for (const { rows } of results) for (const row of rows) byPage.set(row.page, [...(byPage.get(row.page) ?? []), row]);
  const table = [...byPage.values()].flat();
  const interactions = INTERACTIONS.flatMap((_, i) => results.map((result) => result.interactions[i]));
  console.table(
    [...table, ...interactions].map((row) =>
      // A page's row has no interaction, an interaction's row no page figures: blank cells.
      Object.fromEntries(
        Object.entries({
          build: row.build,
          page: row.page,
          perf: row.performance,
          a11y: row.accessibility,
          bp: row['best-practices'],
          seo: row.seo,
          lcpMs: row.lcpMs,
          tbtMs: row.tbtMs,
          cls: row.cls,
          jsKiB: row.firstLoadJsKiB,
          cpuIndex: row.cpuIndex,
          interactionMs: row.interactionMs,
        }).filter(([, value]) => value !== undefined),
      ),
    ),
  );
  console.log(
    `perf, a11y, bp, seo: Lighthouse's mobile scores; lcpMs, tbtMs, cls: its simulated phone; jsKiB: first-load ` +
      `JavaScript (gzip); interactionMs: the longest event of the click (Event Timing, CPU slowed ${CPU_SLOWDOWN}x, ` +
      `median of ${RUNS}), goal <= ${INTERACTION_GOAL_MS}.`,
  );

  for (const row of table) {
    const name = `${row.build} ${row.page}`;
    console.log(`${name}: LCP element ${row.lcpElement}`);
    if (row.failing.length) console.log(`${name}: failing binary audits: ${row.failing.join(', ')}`);
    if (process.env.BENCH_WEB_DETAIL) {
      console.log(
        `${name}: seen FCP ${row.seenFcpMs} ms, seen LCP ${row.seenLcpMs} ms (this machine, unthrottled), TTI ${row.ttiMs} ms`,
      );
      console.log(`${name}: long tasks (simulated) ${row.longTasks.join(', ') || 'none'}`);
      console.log(`${name}: main thread ${row.mainThread.join(', ')}`);
      console.log(`${name}: script time by file ${row.scriptTime.join(', ')}`);
      console.log(`${name}: metrics ${row.metricScores.join(', ')}`);
      console.log(`${name}: scripts (KiB sent) ${row.scriptSizes.join(', ') || 'none'}`);
    }
  }
  const [staticPage, withoutScripts] = results[0].rows;
  console.log(
    `${withoutScripts.page}: LCP x${(withoutScripts.lcpMs / staticPage.lcpMs).toFixed(2)} of the static page`,
  );
  for (const row of table.filter((row) => !row.page.startsWith('static') && row !== withoutScripts)) {
    console.log(
      `${row.build} ${row.page}: LCP x${(row.lcpMs / staticPage.lcpMs).toFixed(2)} of the static page, ` +
        `x${(row.lcpMs / withoutScripts.lcpMs).toFixed(2)} of / without scripts, ` +
        `first-load JS ${row.firstLoadJsKiB} KiB (goal <= ${FIRST_LOAD_JS_GOAL_KIB})`,
    );
  }
} finally {
  await chrome?.kill();
  rmSync(work, { recursive: true, force: true });
}
