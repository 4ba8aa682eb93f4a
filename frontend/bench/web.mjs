// `make bench-web` — Lighthouse (mobile, Debian's Chromium) on the production build served the
// production way: the deploy nginx config in front of the backend (`make run`'s embedded stack).
// Prints the four category scores and the first-load JavaScript (gzip, as nginx sends it) of
// /, /blog, one post and /support, and the same for a one-line static page served by the same
// nginx: the baseline this machine can reach at best.
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startLocalNginx } from '../../deploy/nginx/local-nginx.mjs';

const repo = resolve(import.meta.dirname, '../..');
const webRoot = join(repo, 'frontend/dist');
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 3);
// 'simulate' (Lighthouse's default: the phone's timings computed from an unthrottled load) or
// 'devtools' (the browser itself slowed to the phone's network and CPU while the page loads).
const THROTTLING = process.env.BENCH_WEB_THROTTLING ?? 'simulate';

const freePort = () =>
  new Promise((done) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => done(port));
    });
  });
const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

async function waitFor(url) {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await sleep(100);
  }
  throw new Error(`${url} did not answer`);
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

// Every phone has a Korean font; without one, Chromium's font fallback costs layout time no visitor pays.
const koreanFonts = spawnSync('fc-list', [':lang=ko'], { encoding: 'utf8' }).stdout ?? '';
if (!koreanFonts.trim())
  console.warn('No Korean font installed (Debian: fonts-noto-cjk): the pages will measure slower than on a phone.');

const work = mkdtempSync(join(tmpdir(), 'giftcast-bench-web-'));
chmodSync(work, 0o755); // nginx's workers, which serve the baseline pages from here, run as another user
const [backendPort, nginxPort] = [await freePort(), await freePort()];
const site = `http://127.0.0.1:${nginxPort}`;

const backend = spawn(process.execPath, [join(repo, 'backend/dist/local/run-local.js')], {
  env: { ...process.env, PORT: String(backendPort), HOST: '127.0.0.1', PUBLIC_URL: site, DATA_DIR: join(work, 'data') },
  stdio: 'ignore',
});
// Lighthouse and Chromium fail now and then by crashing this process: the backend goes with it.
process.once('exit', () => backend.kill());

const baselineRoot = join(work, 'baseline');
mkdirSync(baselineRoot);
writeFileSync(
  join(baselineRoot, 'index.html'),
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="description" content="A one-line page: the best this machine and browser can score."><title>Baseline</title></head><body><h1>Baseline</h1><p>A one-line static page.</p></body></html>',
);
// The second baseline: the home page exactly as prerendered, without its scripts. Between it and
// `/` lies what the JavaScript costs the simulated phone.
writeFileSync(
  join(baselineRoot, 'home-without-scripts.html'),
  readFileSync(join(webRoot, 'prerender/ko/index.html'), 'utf8').replace(
    /<script[^>]* src="\/assets\/[^"]*"[^>]*><\/script>/g,
    '',
  ),
);
let nginx;
let chrome;
try {
  nginx = startLocalNginx(
    { BACKEND_UPSTREAM: `127.0.0.1:${backendPort}`, LISTEN_PORT: `127.0.0.1:${nginxPort}`, WEB_ROOT: webRoot },
    { serverDirectives: `location /__baseline/ { alias ${baselineRoot}/; index index.html; }` },
  );
  await waitFor(`${site}/api/health`);
  const posts = await (await fetch(`${site}/api/posts?published=true`)).json();
  // BENCH_WEB_PAGES=/,/support measures only those (beside the two baselines).
  const only = process.env.BENCH_WEB_PAGES?.split(',');
  const pages = [
    ['baseline (static one-liner)', '/__baseline/'],
    ['/ without its scripts', '/__baseline/home-without-scripts.html'],
    ...[
      ['/', '/'],
      ['/blog', '/blog'],
      [`/blog/${posts[0].slug}`, `/blog/${posts[0].slug}`],
      ['/support', '/support'],
    ].filter(([label]) => !only || only.includes(label) || (only.includes('post') && label.startsWith('/blog/'))),
  ];

  chrome = await chromeLauncher.launch({
    chromePath: chromium,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  // Lighthouse now and then fails to record a trace (NO_NAVSTART, NO_FCP): such a run is repeated.
  const audit = async (url, attempts = 3) => {
    const { lhr } = await lighthouse(url, { port: chrome.port, logLevel: 'error', throttlingMethod: THROTTLING });
    if (!lhr.runtimeError) return lhr;
    if (attempts > 1) return audit(url, attempts - 1);
    throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  };
  const categories = ['performance', 'accessibility', 'best-practices', 'seo'];
  const rows = [];
  for (const [label, path] of pages) {
    // Lighthouse's default: a mid-range phone on a slow 4G link, simulated. Median of RUNS by performance.
    const runs = [];
    for (let run = 0; run < RUNS; run++) {
      const lhr = await audit(`${site}${path}`);
      const scripts = lhr.audits['network-requests'].details.items.filter((item) => item.resourceType === 'Script');
      runs.push({
        label,
        ...Object.fromEntries(
          categories.map((category) => [category, Math.round(lhr.categories[category].score * 100)]),
        ),
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
          (task) =>
            `${Math.round(task.startTime)}+${Math.round(task.duration)}ms ${String(task.url).replace(site, '')}`,
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
    rows.push(runs[Math.floor(runs.length / 2)]);
  }
  console.table(
    rows.map(({ failing, lcpElement, longTasks, mainThread, scriptTime, metricScores, scriptSizes, ...row }) => row),
  );
  for (const row of rows) {
    console.log(`${row.label}: LCP element ${row.lcpElement}`);
    if (row.failing.length) console.log(`${row.label}: failing binary audits: ${row.failing.join(', ')}`);
    if (process.env.BENCH_WEB_DETAIL) {
      console.log(`${row.label}: long tasks (simulated) ${row.longTasks.join(', ') || 'none'}`);
      console.log(`${row.label}: main thread ${row.mainThread.join(', ')}`);
      console.log(`${row.label}: script time by file ${row.scriptTime.join(', ')}`);
      console.log(`${row.label}: metrics ${row.metricScores.join(', ')}`);
      console.log(`${row.label}: scripts (KiB sent) ${row.scriptSizes.join(', ') || 'none'}`);
    }
  }
  const [base, withoutScripts] = rows;
  console.log(`${withoutScripts.label}: LCP x${(withoutScripts.lcpMs / base.lcpMs).toFixed(2)} of the baseline`);
  for (const row of rows.slice(2)) {
    console.log(
      `${row.label}: LCP x${(row.lcpMs / base.lcpMs).toFixed(2)} of the baseline, ` +
        `x${(row.lcpMs / withoutScripts.lcpMs).toFixed(2)} of the page without scripts, ` +
        `first-load JS ${row.firstLoadJsKiB} KiB (target <= 120)`,
    );
  }
} finally {
  await chrome?.kill();
  await nginx?.stop();
  backend.kill();
  await sleep(500);
  rmSync(work, { recursive: true, force: true });
}
