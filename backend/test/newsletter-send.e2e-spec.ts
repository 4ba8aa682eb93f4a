import { type BackendProcess, startBackendProcess } from './support/backend-process';
import { expectContractError } from './support/contract';
import { fullPost, type PostBody, uniqueEmail, validPost } from './support/factories';
import { confirmLinkOf } from './support/newsletter';
import { type ReceivedMail, SmtpSink } from './support/smtp-sink';
import { ADMIN_PASSWORD, PUBLIC_URL, startTestApp, type TestApp } from './support/test-app';
import { createTestSchema, type TestSchema } from './support/test-database';
import { Client } from 'pg';
import type { Response } from 'supertest';

// Backends start, mails travel, polls and leases run their course: more than the default 5 s.
jest.setTimeout(90_000);

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const ESCAPED_URL = PUBLIC_URL.replace(/\./g, '\\.');
// The text part writes `&`, the HTML part `&#38;`.
const PAGE_LINK = new RegExp(`${ESCAPED_URL}/unsubscribe\\?token=(${UUID})&(?:#38;)?lang=(ko|en)`, 'g');
const ONE_CLICK_HEADER = new RegExp(`^<${ESCAPED_URL}(/api/unsubscribe/one-click\\?token=(${UUID})&lang=(ko|en))>$`);

type Language = 'ko' | 'en';

interface Progress {
  postId: string;
  slug: string;
  title: string;
  total: number;
  sent: number;
  failed: number;
  skipped: number;
  pending: number;
  startedAt: string;
  finishedAt: string | null;
}

interface Subscriber {
  id: string;
  email: string;
  language: Language;
  active: boolean;
  token: string;
}

function expectNotFound(response: Response): void {
  expectContractError(response, 404);
  expect(response.body.error).toBe('요청한 항목을 찾을 수 없습니다');
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

async function until<T>(
  probe: () => T | undefined | null | false | Promise<T | undefined | null | false>,
  what: string,
  timeoutMs = 20_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

/** Subscribers straight into the table (their welcome mails are not what these tests are about). */
async function addSubscribers(
  query: (sql: string, values: unknown[]) => Promise<unknown[]>,
  specs: { language: Language; active: boolean }[],
): Promise<Subscriber[]> {
  const added: Subscriber[] = [];
  for (const spec of specs) {
    const [row] = (await query(
      `INSERT INTO blog_subscribers (email, language, status) VALUES ($1, $2, $3)
       RETURNING id, email, language, status = 'active' AS active, unsubscribe_token AS token`,
      [uniqueEmail(`nl-${spec.language}`), spec.language, spec.active ? 'active' : 'unsubscribed'],
    )) as Subscriber[];
    added.push(row);
  }
  return added;
}

const mailsOf = (sink: SmtpSink, slug: string) =>
  sink.mails.filter((m) => (m.text ?? '').includes(`/blog/${slug}?lang=`));

/** Checks one newsletter mail from end to end and returns the unsubscribe token and one-click path it carries. */
function expectNewsletterMail(mail: ReceivedMail, post: PostBody, subscriber: Subscriber) {
  const en = subscriber.language === 'en';
  const title = String(en && post.titleEn ? post.titleEn : post.title);
  const excerpt = String(en && post.excerptEn ? post.excerptEn : post.excerpt);
  // Every link opens the site in the reader's language, whatever their device last chose.
  const link = `${PUBLIC_URL}/blog/${String(post.slug)}?lang=${subscriber.language}`;
  expect(mail.envelopeTo).toEqual([subscriber.email]);
  expect(mail.subject).toContain(title);
  expect(mail.subject).toContain(en ? 'New on the blog' : '새 글');
  expect(mail.text).toContain(title);
  expect(mail.text).toContain(excerpt);
  expect(mail.text).toContain(`: ${link}\n`);
  expect(mail.text).toContain(en ? 'Read the post' : '글 읽기');
  expect(mail.html).toContain(`href="${link}"`);
  expect(mail.html).toContain(`lang="${subscriber.language}"`);

  const inText = [...(mail.text ?? '').matchAll(PAGE_LINK)].map((m) => `${m[1]} ${m[2]}`);
  const inHtml = [...(mail.html ?? '').matchAll(PAGE_LINK)].map((m) => `${m[1]} ${m[2]}`);
  expect(new Set([...inText, ...inHtml])).toEqual(new Set([`${subscriber.token} ${subscriber.language}`]));
  expect(mail.html).toContain(
    `href="${PUBLIC_URL}/unsubscribe?token=${subscriber.token}&#38;lang=${subscriber.language}"`,
  );
  expect(mail.header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
  const header = ONE_CLICK_HEADER.exec((mail.header('list-unsubscribe') ?? '').replace(/\s+/g, ''));
  expect([header?.[2], header?.[3]]).toEqual([subscriber.token, subscriber.language]);
  return { token: subscriber.token, oneClickPath: header![1] };
}

describe('newsletter on first publication', () => {
  let t: TestApp;
  let token: string;
  const auth = () => ({ Authorization: `Bearer ${token}` });

  beforeAll(async () => {
    t = await startTestApp({
      NEWSLETTER_POLL_SECONDS: '1',
      NEWSLETTER_RETRY_SECONDS: '1',
      NEWSLETTER_BATCH_SIZE: '3',
      NEWSLETTER_SMTP_CONNECTIONS: '2',
    });
    token = await t.adminToken();
  });
  afterAll(() => t.close());

  const query = (sql: string, values: unknown[] = []) => t.db.query<unknown[]>(sql, values);

  async function activeSubscribers(): Promise<Subscriber[]> {
    return (await query(
      `SELECT id, email, language, true AS active, unsubscribe_token AS token FROM blog_subscribers WHERE status = 'active'`,
    )) as Subscriber[];
  }

  async function progressOf(postId: string): Promise<Progress> {
    const response = await t.http.get(`/api/admin/newsletters/${postId}`).set(auth()).expect(200);
    return response.body as Progress;
  }

  const finished = (postId: string) =>
    until(async () => {
      const progress = await progressOf(postId);
      return progress.finishedAt ? progress : null;
    }, `the newsletter of ${postId} to finish`);

  async function publish(post: PostBody): Promise<string> {
    const response = await t.http.post('/api/posts').set(auth()).send(post).expect(201);
    return response.body.id as string;
  }

  it('records the newsletter of a post published while nobody is subscribed as finished at once, with nothing to send', async () => {
    expect(await activeSubscribers()).toHaveLength(0);
    const post = validPost({ published: true });
    const postId = await publish(post);
    expect(await progressOf(postId)).toMatchObject({ total: 0, sent: 0, pending: 0, finishedAt: expect.any(String) });
  });

  it('mails a newly published post once to every active subscriber, each in their language, with link and unsubscribe', async () => {
    await addSubscribers(query, [
      { language: 'ko', active: true },
      { language: 'ko', active: true },
      { language: 'ko', active: true },
      { language: 'en', active: true },
      { language: 'en', active: true },
      { language: 'ko', active: false },
      { language: 'en', active: false },
    ]);
    const active = await activeSubscribers();
    const post = fullPost({ published: true });
    const postId = await publish(post);

    const progress = await finished(postId);
    const mails = mailsOf(t.smtp, String(post.slug));
    expect(mails.map((m) => m.envelopeTo[0]).sort()).toEqual(active.map((s) => s.email).sort());
    const links = active.map((subscriber) => ({
      subscriber,
      ...expectNewsletterMail(
        mails.find((m) => m.envelopeTo[0] === subscriber.email)!,
        post,
        subscriber,
      ),
    }));
    expect(progress).toEqual({
      postId,
      slug: post.slug,
      title: post.title,
      total: active.length,
      sent: active.length,
      failed: 0,
      skipped: 0,
      pending: 0,
      startedAt: expect.any(String),
      finishedAt: expect.any(String),
    });

    // Both unsubscribe routes of the mail work with what the mail carries, its language included:
    // the page's token from a Korean mail, the List-Unsubscribe URL of an English one.
    const korean = links.find((l) => l.subscriber.language === 'ko')!;
    const english = links.find((l) => l.subscriber.language === 'en')!;
    expect(english.oneClickPath).toBe(`/api/unsubscribe/one-click?token=${english.token}&lang=en`);
    await t.http.post('/api/unsubscribe').send({ token: korean.token }).expect(200);
    await t.http.post(english.oneClickPath).type('form').send('List-Unsubscribe=One-Click').expect(200);
    const rows = (await query(`SELECT status = 'active' AS active FROM blog_subscribers WHERE id = ANY($1::uuid[])`, [
      [korean.subscriber.id, english.subscriber.id],
    ])) as { active: boolean }[];
    expect(rows.map((r) => r.active)).toEqual([false, false]);
  });

  it('mails no newsletter to an address that has not confirmed, and mails it once it has', async () => {
    const pending = [uniqueEmail('pending'), uniqueEmail('pending')];
    for (const email of pending) await t.http.post('/api/subscribe').send({ email }).expect(200);
    const first = validPost({ published: true });
    const firstProgress = await finished(await publish(first));
    expect(firstProgress.total).toBe((await activeSubscribers()).length);
    const recipients = (slug: unknown) => mailsOf(t.smtp, String(slug)).map((m) => m.envelopeTo[0]);
    for (const email of pending) expect(recipients(first.slug)).not.toContain(email);

    const confirmation = t.smtp.mails.find((m) => m.envelopeTo.includes(pending[0]))!;
    await t.http
      .post('/api/subscribe/confirm')
      .send({ token: confirmLinkOf(confirmation).token })
      .expect(200);
    const second = validPost({ published: true });
    await finished(await publish(second));
    expect(recipients(second.slug)).toContain(pending[0]);
    expect(recipients(second.slug)).not.toContain(pending[1]);
  });

  it('gives English subscribers the Korean text of a post that has no English version', async () => {
    const [reader] = await addSubscribers(query, [{ language: 'en', active: true }]);
    const post = validPost({ published: true });
    const postId = await publish(post);
    await finished(postId);
    const mail = mailsOf(t.smtp, String(post.slug)).find((m) => m.envelopeTo[0] === reader.email)!;
    expectNewsletterMail(mail, post, reader);
    expect(mail.subject).toContain(String(post.title));
  });

  it('never mails a post again: not on another save, nor when it is taken back to draft and published again', async () => {
    const post = fullPost({ published: true });
    const postId = await publish(post);
    const first = await finished(postId);
    const count = mailsOf(t.smtp, String(post.slug)).length;
    expect(count).toBe(first.sent);

    await t.http
      .patch(`/api/posts/${postId}`)
      .set(auth())
      .send({ published: true, excerpt: '요약을 조금 고쳐서 다시 저장한 게시물입니다.' })
      .expect(200);
    await t.http.patch(`/api/posts/${postId}`).set(auth()).send({ published: false }).expect(200);
    await t.http.patch(`/api/posts/${postId}`).set(auth()).send({ published: true }).expect(200);
    await sleep(2500); // more than two polls
    expect(mailsOf(t.smtp, String(post.slug))).toHaveLength(count);
    expect(await query('SELECT id FROM newsletter_campaigns WHERE post_id = $1', [postId])).toHaveLength(1);
    expect(await progressOf(postId)).toEqual(first);
  });

  it('sends nothing for a draft, and sends once when the draft is published', async () => {
    const post = validPost({ published: false });
    const postId = await publish(post);
    await sleep(1500);
    expect(mailsOf(t.smtp, String(post.slug))).toHaveLength(0);
    expectNotFound(await t.http.get(`/api/admin/newsletters/${postId}`).set(auth()));

    await t.http.patch(`/api/posts/${postId}`).set(auth()).send({ published: true }).expect(200);
    const progress = await finished(postId);
    expect(progress.sent).toBe((await activeSubscribers()).length);
    expect(mailsOf(t.smtp, String(post.slug))).toHaveLength(progress.sent);
  });

  it('answers the save before any mail is accepted, and skips a subscriber who leaves while the mails go out', async () => {
    await addSubscribers(query, [
      { language: 'ko', active: true },
      { language: 'en', active: true },
      { language: 'ko', active: true },
      { language: 'en', active: true },
    ]);
    const activeBefore = await activeSubscribers();
    t.smtp.holdAfter(t.smtp.mails.length);
    try {
      const post = validPost({ published: true });
      const postId = await publish(post);
      await until(() => t.smtp.heldCount > 0, 'the first newsletter mail to be held');
      expect(mailsOf(t.smtp, String(post.slug))).toHaveLength(0);
      const during = await progressOf(postId);
      expect(during).toMatchObject({ total: activeBefore.length, sent: 0, finishedAt: null });
      expect(during.pending).toBe(activeBefore.length);

      // One whose mail nobody has taken yet unsubscribes now: they get nothing. Records are taken
      // in (next_attempt_at, id) order a batch at a time, and the first batch waits on the server,
      // so the last record in that order is in no batch yet.
      const [leaving] = (await query(
        `SELECT b.unsubscribe_token AS token, b.email FROM newsletter_sends s JOIN blog_subscribers b ON b.id = s.subscriber_id
          WHERE s.post_id = $1 AND s.status = 'pending' ORDER BY s.next_attempt_at DESC, s.id DESC LIMIT 1`,
        [postId],
      )) as { token: string; email: string }[];
      await t.http.post('/api/unsubscribe').send({ token: leaving.token }).expect(200);

      t.smtp.releaseHeld();
      const progress = await finished(postId);
      expect(progress).toMatchObject({
        total: activeBefore.length,
        sent: activeBefore.length - 1,
        skipped: 1,
        pending: 0,
      });
      const recipients = mailsOf(t.smtp, String(post.slug)).map((m) => m.envelopeTo[0]);
      expect(recipients).toHaveLength(activeBefore.length - 1);
      expect(recipients).not.toContain(leaving.email);
    } finally {
      t.smtp.releaseHeld();
    }
  });

  it('retries a temporary refusal and records a permanent one as failed', async () => {
    const [later, never] = await addSubscribers(query, [
      { language: 'ko', active: true },
      { language: 'en', active: true },
    ]);
    t.smtp.refuse(later.email, 451, 1);
    t.smtp.refuse(never.email, 550);
    const post = validPost({ published: true });
    const postId = await publish(post);
    const progress = await finished(postId);
    const active = await activeSubscribers();
    expect(progress).toMatchObject({ total: active.length, sent: active.length - 1, failed: 1, pending: 0 });
    const recipients = mailsOf(t.smtp, String(post.slug)).map((m) => m.envelopeTo[0]);
    expect(recipients.filter((r) => r === later.email)).toHaveLength(1);
    expect(recipients).not.toContain(never.email);
    const rows = (await query(
      `SELECT subscriber_id, status, attempts, last_error FROM newsletter_sends WHERE post_id = $1 AND subscriber_id = ANY($2::uuid[])`,
      [postId, [later.id, never.id]],
    )) as { subscriber_id: string; status: string; attempts: number; last_error: string }[];
    const byId = new Map(rows.map((r) => [r.subscriber_id, r]));
    expect(byId.get(later.id)).toMatchObject({ status: 'sent', attempts: 1 });
    expect(byId.get(never.id)).toMatchObject({ status: 'failed', attempts: 1 });
    expect(byId.get(never.id)!.last_error).toContain('550');
  });

  it('lists every newsletter newest first, paged, in the shape the console reads', async () => {
    const older = await publish(validPost({ published: true }));
    const newer = await publish(validPost({ published: true }));
    await finished(newer);
    const response = await t.http.get('/api/admin/newsletters?page=1&pageSize=2').set(auth()).expect(200);
    expect(response.body).toEqual({ items: expect.any(Array), total: expect.any(Number), page: 1, pageSize: 2 });
    expect(response.body.items.map((i: Progress) => i.postId)).toEqual([newer, older]);
    expect(Object.keys(response.body.items[0]).sort()).toEqual(
      ['postId', 'slug', 'title', 'total', 'sent', 'failed', 'skipped', 'pending', 'startedAt', 'finishedAt'].sort(),
    );
    const campaigns = (await query('SELECT count(*)::int AS n FROM newsletter_campaigns')) as { n: number }[];
    expect(response.body.total).toBe(campaigns[0].n);
    const second = await t.http.get('/api/admin/newsletters?page=2&pageSize=2').set(auth()).expect(200);
    expect(second.body.items.map((i: Progress) => i.postId)).not.toContain(newer);
  });

  it('answers 404 in the contract shape for an unknown post and refuses every call without the admin token', async () => {
    expectNotFound(await t.http.get('/api/admin/newsletters/00000000-0000-4000-8000-000000000000').set(auth()));
    expectNotFound(await t.http.get('/api/admin/newsletters/not-a-uuid').set(auth()));
    for (const path of ['/api/admin/newsletters', '/api/admin/newsletters/00000000-0000-4000-8000-000000000000']) {
      const response = await t.http.get(path);
      expectContractError(response, 401);
    }
  });
});

describe('newsletter across a crash', () => {
  let schema: TestSchema;
  let sink: SmtpSink;
  let backend: BackendProcess | undefined;
  let db: Client;

  const env = () => ({
    DATABASE_URL: schema.url,
    PUBLIC_URL,
    SMTP_URL: sink.url,
    MAIL_FROM: 'Giftcast <no-reply@giftcast.test>',
    ADMIN_PASSWORD,
    JWT_SECRET: 'crash-test-secret-0123456789-abcdefghij',
    NEWSLETTER_POLL_SECONDS: '1',
    NEWSLETTER_LEASE_SECONDS: '2',
    NEWSLETTER_BATCH_SIZE: '4',
    NEWSLETTER_SMTP_CONNECTIONS: '2',
  });

  beforeAll(async () => {
    schema = await createTestSchema();
    sink = await new SmtpSink().start();
    db = new Client({ connectionString: schema.url });
    await db.connect();
  });
  afterAll(async () => {
    await backend?.stop();
    await db.end();
    await sink.stop();
    await schema.drop();
  });

  it('a backend killed while the server holds a mail is replaced by one that sends the rest: each subscriber exactly once', async () => {
    backend = await startBackendProcess(env());
    const query = async (sql: string, values: unknown[] = []) => (await db.query(sql, values)).rows as unknown[];
    const N = 14;
    const K = 5;
    const specs = Array.from({ length: N }, (_, i): { language: Language; active: boolean } => ({
      language: i % 2 ? 'en' : 'ko',
      active: true,
    }));
    await addSubscribers(query, [...specs, { language: 'ko', active: false }, { language: 'en', active: false }]);
    const active = (await query(`SELECT email FROM blog_subscribers WHERE status = 'active'`)) as { email: string }[];
    expect(active).toHaveLength(N);

    const login = await fetch(`${backend.url}/api/admin/verify`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ password: ADMIN_PASSWORD }),
    });
    const { token } = (await login.json()) as { token: string };
    sink.holdAfter(K);
    const post = fullPost({ published: true });
    const created = await fetch(`${backend.url}/api/posts`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify(post),
    });
    expect(created.status).toBe(201);
    const { id: postId } = (await created.json()) as { id: string };

    // K accepted and recorded, the next one waiting for the server's answer to its DATA: kill now.
    await until(() => sink.heldCount > 0 && sink.mails.length === K, 'K accepted mails and one held');
    await until(async () => {
      const [{ n }] = (await query(`SELECT count(*)::int AS n FROM newsletter_sends WHERE status = 'sent'`)) as {
        n: number;
      }[];
      return n === K;
    }, 'K sends recorded');
    backend.child.kill('SIGKILL');
    await new Promise((done) => (backend!.child.exitCode !== null ? done(null) : backend!.child.once('exit', done)));
    expect(sink.dropHeld()).toBeGreaterThan(0);
    expect(sink.mails).toHaveLength(K);

    backend = await startBackendProcess(env());
    await until(
      async () => {
        const [campaign] = (await query('SELECT finished_at FROM newsletter_campaigns WHERE post_id = $1', [
          postId,
        ])) as { finished_at: Date | null }[];
        return campaign?.finished_at;
      },
      'the replacement backend to finish the newsletter',
      // The dead process's job comes back once its heartbeat lapses and the queue's supervisor
      // next runs (about 20 s): a bound on a machine as busy as it gets, not a speed.
      60_000,
    );
    const recipients = mailsOf(sink, String(post.slug)).map((m) => m.envelopeTo[0]);
    expect(recipients).toHaveLength(N);
    expect(recipients.sort()).toEqual(active.map((s) => s.email).sort());
    const statuses = (await query(
      'SELECT status, count(*)::int AS n FROM newsletter_sends WHERE post_id = $1 GROUP BY status',
      [postId],
    )) as { status: string; n: number }[];
    expect(statuses).toEqual([{ status: 'sent', n: N }]);
  }, 120_000);
});
