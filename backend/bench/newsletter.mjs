// `make bench` — newsletter throughput: 10,000 active subscribers, one post published through the
// API, time until the local SMTP sink has accepted all 10,000 mails (mails/s), and the backend's
// resident memory. Baseline in the same run: the same 10,000 messages sent by a separate Node
// process straight through a pooled nodemailer transport (same connection count) to the same sink,
// without the database.
import { spawn } from 'node:child_process';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { dist, rssMiB, sized, sleep, startBackend, withSchema } from './support.mjs';

const SUBSCRIBERS = Number(process.env.BENCH_NEWSLETTER_SUBSCRIBERS ?? sized(10_000, 50));
const CONNECTIONS = Number(process.env.BENCH_NEWSLETTER_CONNECTIONS ?? 3);
const PUBLIC_URL = 'http://giftcast.bench';

const POST = {
  title: '선물에 영상 편지 더하기',
  titleEn: 'Adding a video letter to a gift',
  content: '꽃다발과 케이크에 QR 스티커를 붙이면 받는 분이 휴대폰으로 영상 메시지를 바로 볼 수 있습니다.',
  contentEn: 'Stick a QR code on a bouquet or a cake and the recipient watches your video message on their phone.',
  excerpt: 'QR 스티커 하나로 선물에 목소리와 표정을 담아보세요.',
  excerptEn: 'One QR sticker puts your voice and smile into a gift.',
};

// --- The baseline sender, run as a child process of this script ---------------------------------
if (process.argv[2] === '--baseline-sender') {
  const require = (await import('node:module')).createRequire(import.meta.url);
  const { createTransport } = require('nodemailer');
  const { newPostMail, unsubscribeLinks } = require(`${dist}/newsletter/newsletter-mail.js`);
  const [, , , smtpUrl, count, connections] = process.argv;
  const transport = createTransport({ url: smtpUrl, pool: true, maxConnections: Number(connections) });
  const post = { ...POST, slug: 'baseline' };
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: Number(connections) }, async () => {
      while (next < Number(count)) {
        const i = next++;
        const language = i % 2 ? 'en' : 'ko';
        const links = unsubscribeLinks(PUBLIC_URL, crypto.randomUUID());
        const mail = newPostMail(`reader-${i}@bench.example`, language, post, links, PUBLIC_URL);
        await transport.sendMail({ from: 'Giftcast <no-reply@giftcast.bench>', ...mail });
      }
    }),
  );
  transport.close();
  process.stdout.write(String((performance.now() - started) / 1000));
  process.exit(0);
}

/** A local SMTP server that accepts everything and counts distinct recipients. */
async function startSink() {
  const recipients = new Map();
  let accepted = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      stream.on('data', () => undefined);
      stream.on('end', () => {
        for (const { address } of session.envelope.rcptTo) recipients.set(address, (recipients.get(address) ?? 0) + 1);
        accepted += 1;
        callback();
      });
    },
  });
  server.on('error', () => undefined);
  await new Promise((done) => server.listen(0, '127.0.0.1', done));
  return {
    url: `smtp://127.0.0.1:${server.server.address().port}`,
    get accepted() {
      return accepted;
    },
    recipients,
    reset() {
      accepted = 0;
      recipients.clear();
    },
    stop: () => new Promise((done) => server.close(done)),
  };
}

async function throughBackend(sink) {
  return withSchema('bench_newsletter', async (databaseUrl) => {
    const backend = await startBackend(databaseUrl, {
      PUBLIC_URL,
      SMTP_URL: sink.url,
      MAIL_FROM: 'Giftcast <no-reply@giftcast.bench>',
      NEWSLETTER_SMTP_CONNECTIONS: String(CONNECTIONS),
    });
    const { token } = backend;
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    try {
      await db.query(
        `INSERT INTO blog_subscribers (email, language, status)
         SELECT 'reader-' || i || '@bench.example', CASE WHEN i % 2 = 0 THEN 'ko' ELSE 'en' END, 'active'
           FROM generate_series(0, $1 - 1) AS i`,
        [SUBSCRIBERS],
      );
      sink.reset();
      const rssBefore = rssMiB(backend.child.pid);
      let rssPeak = rssBefore;
      const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, rssMiB(backend.child.pid))), 50);
      const started = performance.now();
      const created = await fetch(`${backend.url}/api/posts`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
        body: JSON.stringify({ ...POST, slug: 'bench-post', published: true }),
      });
      const answeredMs = performance.now() - started;
      if (created.status !== 201) throw new Error(`publish answered ${created.status}`);
      while (sink.accepted < SUBSCRIBERS) {
        if (performance.now() - started > 600_000) throw new Error(`only ${sink.accepted} mails in 10 minutes`);
        await sleep(10);
      }
      const seconds = (performance.now() - started) / 1000;
      clearInterval(sampler);
      const { id } = await created.json();
      let progress;
      for (let i = 0; i < 100; i++) {
        const response = await fetch(`${backend.url}/api/admin/newsletters/${id}`, {
          headers: { Authorization: `Bearer ${token}` },
        });
        progress = await response.json();
        if (progress.finishedAt) break;
        await sleep(100);
      }
      return { seconds, answeredMs, rssBefore, rssPeak, progress };
    } finally {
      await db.end();
      await backend.stop();
    }
  });
}

function baseline(sink) {
  sink.reset();
  return new Promise((done, fail) => {
    const child = spawn(
      process.execPath,
      [import.meta.filename, '--baseline-sender', sink.url, String(SUBSCRIBERS), String(CONNECTIONS)],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.on('exit', (code) => (code === 0 ? done(Number(out)) : fail(new Error(`baseline sender exited ${code}`))));
  });
}

const sink = await startSink();
try {
  const direct = await baseline(sink);
  const directDistinct = sink.recipients.size;
  const backend = await throughBackend(sink);
  const duplicates = [...sink.recipients.values()].filter((n) => n > 1).length;
  const rate = (seconds) => (SUBSCRIBERS / seconds).toFixed(0);
  console.log(
    `Newsletter, ${SUBSCRIBERS.toLocaleString('en')} active subscribers, ${CONNECTIONS} pooled SMTP connections`,
  );
  console.log(
    `  direct pooled nodemailer: ${direct.toFixed(2)} s  (${rate(direct)} mails/s, ${directDistinct} recipients)`,
  );
  console.log(
    `  through the backend:      ${backend.seconds.toFixed(2)} s  (${rate(backend.seconds)} mails/s, ${sink.recipients.size} recipients, ${duplicates} duplicates)`,
  );
  console.log(`  ratio backend/direct:     ${(direct / backend.seconds).toFixed(2)}`);
  console.log(`  publish answered in:      ${backend.answeredMs.toFixed(0)} ms`);
  console.log(
    `  progress: sent ${backend.progress.sent}, failed ${backend.progress.failed}, pending ${backend.progress.pending}`,
  );
  console.log(
    `  backend RSS: ${backend.rssBefore.toFixed(0)} MiB before, ${backend.rssPeak.toFixed(0)} MiB peak, growth ${(backend.rssPeak - backend.rssBefore).toFixed(0)} MiB`,
  );
} finally {
  await sink.stop();
}
