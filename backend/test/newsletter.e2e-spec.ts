import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { Clock } from '../src/common/clock';
import { parseConfig } from '../src/config/config.schema';
import { dataSourceOptions, MIGRATIONS, runMigrations } from '../src/database/data-source';
import { AddSubscriberConfirmation1795731200000 } from '../src/database/migrations/1795731200000-AddSubscriberConfirmation';
import { PurgeUnconfirmedJob } from '../src/newsletter/purge-unconfirmed.job';
import { expectContractError, validationError } from './support/contract';
import { uniqueEmail } from './support/factories';
import { confirmLinkOf, mailsTo, subscribeConfirmed } from './support/newsletter';
import { databaseFingerprint, expectNoWrites } from './support/no-writes';
import type { ReceivedMail } from './support/smtp-sink';
import { PUBLIC_URL, startTestApp, type TestApp } from './support/test-app';
import { createTestSchema, type TestSchema } from './support/test-database';
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
// The text part writes `&`, the HTML part `&#38;`.
const PAGE_LINK = new RegExp(
  `${PUBLIC_URL.replace(/\./g, '\\.')}/unsubscribe\\?token=(${UUID})&(?:#38;)?lang=(ko|en)`,
  'g',
);
const ONE_CLICK_HEADER = new RegExp(
  `^<(${PUBLIC_URL.replace(/\./g, '\\.')}(/api/unsubscribe/one-click\\?token=(${UUID})&lang=(ko|en)))>$`,
);
const NOT_FOUND = { statusCode: 404, error: '유효하지 않거나 만료된 구독 해지 링크입니다' };

interface Subscriber {
  email: string;
  status: 'pending' | 'active' | 'unsubscribed';
  language: 'ko' | 'en';
  unsubscribe_token: string;
}

/** The unsubscribe links a welcome mail carries, read from the mail itself. */
interface MailLinks {
  /** The token of the page link, found identically in the text and the html part. */
  token: string;
  /** The language both links open the site in: the mail's own. */
  language: 'ko' | 'en';
  /** Path and query of the List-Unsubscribe one-click URL. */
  oneClickPath: string;
}

function linksOf(mail: ReceivedMail): MailLinks {
  const inText = [...(mail.text ?? '').matchAll(PAGE_LINK)].map((m) => `${m[1]} ${m[2]}`);
  const inHtml = [...(mail.html ?? '').matchAll(PAGE_LINK)].map((m) => `${m[1]} ${m[2]}`);
  expect(inText.length).toBeGreaterThan(0);
  expect(inHtml.length).toBeGreaterThan(0);
  expect(new Set([...inText, ...inHtml]).size).toBe(1);
  const [token, language] = inText[0].split(' ') as [string, 'ko' | 'en'];
  expect(mail.html).toContain(`<html lang="${language}">`);
  expect(mail.html).toContain(`href="${PUBLIC_URL}/unsubscribe?token=${token}&#38;lang=${language}"`);

  expect(mail.header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
  const header = ONE_CLICK_HEADER.exec((mail.header('list-unsubscribe') ?? '').replace(/\s+/g, ''));
  expect(header).not.toBeNull();
  expect([header![3], header![4]]).toEqual([token, language]);
  return { token, language, oneClickPath: header![2] };
}

const HOUR_MS = 3600 * 1000;
const CHECK_INBOX = {
  ko: '메일함을 확인해주세요. 보내드린 메일의 링크를 누르시면 구독이 완료됩니다.',
  en: 'Please check your inbox: follow the link in the email we sent you to confirm your subscription.',
};
const CONFIRM_INVALID = {
  ko: { statusCode: 404, error: '이미 사용했거나 만료된 구독 확인 링크입니다. 다시 구독해주세요' },
  en: { statusCode: 404, error: 'This confirmation link has expired or was already used. Please subscribe again' },
};
const SUBJECTS = {
  confirm: { ko: '[Giftcast] 구독을 확인해주세요', en: '[Giftcast] Please confirm your subscription' },
  already: { ko: '[Giftcast] 이미 구독 중입니다', en: '[Giftcast] You are already subscribed' },
  welcome: { ko: '[Giftcast] 구독해주셔서 감사합니다', en: '[Giftcast] Thanks for subscribing' },
};

describe('newsletter: /api/subscribe, /api/subscribe/confirm and /api/unsubscribe', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  afterEach(() => jest.restoreAllMocks());

  function subscribe(email: unknown, language?: string) {
    const request = t.http.post('/api/subscribe');
    if (language) request.set('Accept-Language', language);
    return request.send({ email });
  }

  function confirm(token: unknown, language?: string) {
    const request = t.http.post('/api/subscribe/confirm');
    if (language) request.set('Accept-Language', language);
    return request.send({ token });
  }

  async function subscriber(email: string): Promise<Subscriber> {
    const rows: Subscriber[] = await t.db.query(
      'SELECT email, status, language, unsubscribe_token FROM blog_subscribers WHERE email = $1',
      [email],
    );
    expect(rows).toHaveLength(1);
    return rows[0];
  }

  /** Subscribes and confirms a fresh address; returns the links of the welcome mail it received. */
  async function subscribed(language?: string): Promise<{ email: string; mail: ReceivedMail; links: MailLinks }> {
    const email = uniqueEmail();
    const mail = await subscribeConfirmed(t, email, language);
    return { email, mail, links: linksOf(mail) };
  }

  /** Moves the application's clock to `at` until the test ends. */
  const clockAt = (at: Date) => jest.spyOn(t.app.get(Clock), 'now').mockReturnValue(at);

  describe('POST /api/subscribe', () => {
    it('refuses a form-encoded body, as a cross-site HTML form would send it, and writes nothing', async () => {
      const mailsBefore = t.smtp.mails.length;
      const response = await expectNoWrites(t, () =>
        t.http.post('/api/subscribe').type('form').send('email=forged%40example.com'),
      );
      expect(response.status).toBe(400);
      expect(t.smtp.mails).toHaveLength(mailsBefore);
    });

    it('answers 200 "check your inbox", stores the address as pending and mails it only a confirmation link', async () => {
      const email = uniqueEmail();
      const response = await subscribe(email).expect(200);
      expect(response.body).toEqual({ success: true, message: CHECK_INBOX.ko });
      expect(await subscriber(email)).toMatchObject({ email, status: 'pending', language: 'ko' });

      const mails = mailsTo(t, email);
      expect(mails).toHaveLength(1);
      expect(mails[0].subject).toBe(SUBJECTS.confirm.ko);
      expect(mails[0].text).toContain('48시간 동안 유효합니다');
      expect(confirmLinkOf(mails[0])).toEqual({ token: expect.stringMatching(/^[\w-]{43}$/), language: 'ko' });
      expect(mails[0].text).not.toContain('/unsubscribe');
      expect(mails[0].header('list-unsubscribe')).toBeUndefined();
    });

    it('stores only a hash of the confirmation token, never the token itself', async () => {
      const email = uniqueEmail();
      await subscribe(email).expect(200);
      const { token } = confirmLinkOf(mailsTo(t, email)[0]);
      const [row] = await t.db.query(
        `SELECT encode(confirm_token_hash, 'hex') AS hash, row_to_json(s)::text AS whole
           FROM blog_subscribers s WHERE email = $1`,
        [email],
      );
      expect(row.hash).toMatch(/^[0-9a-f]{64}$/);
      expect(row.whole).not.toContain(token);
    });

    it('answers a new, a pending, an active and an unsubscribed address alike, each mailed once, none changing state', async () => {
      const pending = uniqueEmail('pending');
      await subscribe(pending).expect(200);
      const active = await subscribed();
      const unsubscribed = await subscribed();
      await t.http.post('/api/unsubscribe').send({ token: unsubscribed.links.token }).expect(200);
      const states = { new: uniqueEmail('new'), pending, active: active.email, unsubscribed: unsubscribed.email };
      const mailsBefore = Object.fromEntries(
        Object.entries(states).map(([state, email]) => [state, mailsTo(t, email).length]),
      );

      const answers: Record<string, unknown> = {};
      for (const [state, email] of Object.entries(states)) {
        const response = await subscribe(email);
        answers[state] = { status: response.status, body: response.body as unknown };
      }
      const same = { status: 200, body: { success: true, message: CHECK_INBOX.ko } };
      expect(answers).toEqual({ new: same, pending: same, active: same, unsubscribed: same });

      const mailed = (state: keyof typeof states) => mailsTo(t, states[state]).slice(mailsBefore[state]);
      for (const state of ['new', 'pending', 'active', 'unsubscribed'] as const) expect(mailed(state)).toHaveLength(1);
      expect(mailed('new')[0].subject).toBe(SUBJECTS.confirm.ko);
      expect(mailed('pending')[0].subject).toBe(SUBJECTS.confirm.ko);
      expect(mailed('unsubscribed')[0].subject).toBe(SUBJECTS.confirm.ko);
      expect(mailed('active')[0].subject).toBe(SUBJECTS.already.ko);
      expect((await subscriber(states.new)).status).toBe('pending');
      expect((await subscriber(states.pending)).status).toBe('pending');
      expect((await subscriber(states.active)).status).toBe('active');
      expect((await subscriber(states.unsubscribed)).status).toBe('unsubscribed');
    });

    it('tells an active address it is already subscribed, with its unsubscribe link, and changes nothing', async () => {
      const { email, links } = await subscribed('en');
      const response = await expectNoWritesButMail(() => subscribe(email, 'ko'));
      expect(response.status).toBe(200);
      const note = mailsTo(t, email).at(-1)!;
      expect(note.subject).toBe(SUBJECTS.already.ko);
      expect(note.text).not.toContain('/subscribe/confirm');
      // The note's links open the site in the note's language, as the confirmation's link does.
      expect(linksOf(note)).toMatchObject({ token: links.token, language: 'ko' });
      expect(await subscriber(email)).toMatchObject({ status: 'active', language: 'en' });
    });

    it('answers and mails in English with Accept-Language: en, the link opening the page in English', async () => {
      const email = uniqueEmail();
      const response = await subscribe(email, 'en-US,en;q=0.9,ko;q=0.5').expect(200);
      expect(response.body).toEqual({ success: true, message: CHECK_INBOX.en });
      const [mail] = mailsTo(t, email);
      expect(mail.subject).toBe(SUBJECTS.confirm.en);
      expect(mail.text).toContain('The link works for 48 hours');
      expect(mail.text).not.toMatch(/[가-힣]/);
      expect(confirmLinkOf(mail).language).toBe('en');
      expect((await subscriber(email)).language).toBe('en');
    });

    it('trims and lower-cases the address: one row for "A@x.com" and " a@x.com "', async () => {
      const local = `Reader-${randomUUID().slice(0, 8)}`;
      await subscribe(`${local.toUpperCase()}@Example.COM`).expect(200);
      await subscribe(`  ${local.toLowerCase()}@example.com `).expect(200);
      const rows = await t.db.query('SELECT email FROM blog_subscribers WHERE lower(email) = lower($1)', [
        `${local}@example.com`,
      ]);
      expect(rows).toEqual([{ email: `${local.toLowerCase()}@example.com` }]);
      expect(mailsTo(t, `${local.toLowerCase()}@example.com`)).toHaveLength(2);
    });

    it.each(['not-an-email', 'reader@', '@example.com', 'two words@example.com', '', '   ', 42, null, ['a@b.co']])(
      'rejects %p with 400 유효한 이메일 주소를 입력해주세요, storing and sending nothing',
      async (email) => {
        const response = await expectNoWrites(t, () => subscribe(email));
        expect(response.status).toBe(400);
        expect(response.body).toEqual(
          validationError([{ field: 'email', message: '유효한 이메일 주소를 입력해주세요' }]),
        );
      },
    );

    it('rejects an invalid address in English with Accept-Language: en', async () => {
      const response = await expectNoWrites(t, () => subscribe('nope', 'en'));
      expect(response.status).toBe(400);
      expect(response.body).toEqual(
        validationError([{ field: 'email', message: 'Please enter a valid email address' }], 'en'),
      );
    });

    it('rejects a body without an email', async () => {
      const response = await expectNoWrites(t, () => t.http.post('/api/subscribe').send({}));
      expect(response.body).toEqual(
        validationError([{ field: 'email', message: '유효한 이메일 주소를 입력해주세요' }]),
      );
    });
  });

  describe('POST /api/subscribe/confirm', () => {
    it('activates the address by the mailed link and sends the welcome mail with a working unsubscribe link', async () => {
      const email = uniqueEmail();
      await subscribe(email).expect(200);
      const { token } = confirmLinkOf(mailsTo(t, email)[0]);

      const response = await confirm(token).expect(200);
      expect(response.body).toEqual({
        success: true,
        message: '구독이 확인되었습니다! 새 글이 올라오면 이메일로 알려드릴게요.',
      });
      expect((await subscriber(email)).status).toBe('active');
      const welcome = mailsTo(t, email)[1];
      expect(welcome.subject).toBe(SUBJECTS.welcome.ko);
      expect(welcome.text).toContain('구독을 해지할 수 있습니다');

      const { token: unsubscribeToken } = linksOf(welcome);
      await t.http.post('/api/unsubscribe').send({ token: unsubscribeToken }).expect(200);
      expect((await subscriber(email)).status).toBe('unsubscribed');
    });

    it('welcomes in the language the address subscribed in, and answers in the language of the request', async () => {
      const email = uniqueEmail();
      await subscribe(email, 'en').expect(200);
      const response = await confirm(confirmLinkOf(mailsTo(t, email)[0]).token, 'ko').expect(200);
      expect(response.body.message).toBe('구독이 확인되었습니다! 새 글이 올라오면 이메일로 알려드릴게요.');
      const welcome = mailsTo(t, email)[1];
      expect(welcome.subject).toBe(SUBJECTS.welcome.en);
      expect(welcome.text).toContain('you can unsubscribe at any time');
      expect(welcome.text).not.toMatch(/[가-힣]/);
      const english = await subscribed('en');
      expect(english.mail.subject).toBe(SUBJECTS.welcome.en);
    });

    it('works once: the same link again answers 404 and sends no second welcome', async () => {
      const email = uniqueEmail();
      await subscribe(email).expect(200);
      const { token } = confirmLinkOf(mailsTo(t, email)[0]);
      await confirm(token).expect(200);
      const again = await expectNoWrites(t, () => confirm(token));
      expect(again.status).toBe(404);
      expect(again.body).toEqual(CONFIRM_INVALID.ko);
      expect(mailsTo(t, email)).toHaveLength(2);
    });

    it('takes only the latest link: subscribing again while pending voids the earlier one', async () => {
      const email = uniqueEmail();
      await subscribe(email).expect(200);
      await subscribe(email).expect(200);
      const [first, second] = mailsTo(t, email).map((mail) => confirmLinkOf(mail).token);
      expect(first).not.toBe(second);
      await confirm(first).expect(404);
      expect((await subscriber(email)).status).toBe('pending');
      await confirm(second).expect(200);
      expect((await subscriber(email)).status).toBe('active');
    });

    it('works until NEWSLETTER_CONFIRM_HOURS have passed, and not from then: 404 in both languages, nothing activated', async () => {
      const subscribedAt = new Date(Date.now() + HOUR_MS);
      clockAt(subscribedAt);
      const [early, late] = [uniqueEmail('early'), uniqueEmail('late')];
      await subscribe(early).expect(200);
      await subscribe(late).expect(200);
      const tokenOf = (email: string) => confirmLinkOf(mailsTo(t, email)[0]).token;

      clockAt(new Date(subscribedAt.getTime() + 48 * HOUR_MS - 1000));
      await confirm(tokenOf(early)).expect(200);
      expect((await subscriber(early)).status).toBe('active');

      clockAt(new Date(subscribedAt.getTime() + 48 * HOUR_MS));
      const expired = await expectNoWrites(t, () => confirm(tokenOf(late)));
      expect(expired.status).toBe(404);
      expect(expired.body).toEqual(CONFIRM_INVALID.ko);
      const english = await expectNoWrites(t, () => confirm(tokenOf(late), 'en'));
      expect(english.body).toEqual(CONFIRM_INVALID.en);
      expect((await subscriber(late)).status).toBe('pending');
      expect(mailsTo(t, late)).toHaveLength(1);
    });

    it('asks an unsubscribed address to confirm again: no welcome and still unsubscribed until it does', async () => {
      const { email, links } = await subscribed();
      await t.http.post('/api/unsubscribe').send({ token: links.token }).expect(200);

      const before = mailsTo(t, email).length;
      await subscribe(email).expect(200);
      const mails = mailsTo(t, email).slice(before);
      expect(mails.map((mail) => mail.subject)).toEqual([SUBJECTS.confirm.ko]);
      expect((await subscriber(email)).status).toBe('unsubscribed');

      await confirm(confirmLinkOf(mails[0]).token).expect(200);
      expect((await subscriber(email)).status).toBe('active');
      const welcome = mailsTo(t, email)[before + 1];
      expect(welcome.subject).toBe(SUBJECTS.welcome.ko);
      expect(linksOf(welcome).token).toBe(links.token);
      expect(await t.db.query('SELECT 1 FROM blog_subscribers WHERE email = $1', [email])).toHaveLength(1);
    });

    it('voids a pending confirmation when the address unsubscribes by its older link', async () => {
      const { email, links } = await subscribed();
      await t.http.post('/api/unsubscribe').send({ token: links.token }).expect(200);
      await subscribe(email).expect(200);
      const { token } = confirmLinkOf(mailsTo(t, email).at(-1)!);
      await t.http.post('/api/unsubscribe').send({ token: links.token }).expect(200);
      await confirm(token).expect(404);
      expect((await subscriber(email)).status).toBe('unsubscribed');
    });

    it.each([{}, { token: '' }, { token: '   ' }, { token: null }, { token: 7 }])(
      'answers 400 for a missing token: %p',
      async (body) => {
        const response = await expectNoWrites(t, () => t.http.post('/api/subscribe/confirm').send(body));
        expect(response.status).toBe(400);
        expect(response.body).toEqual(validationError([{ field: 'token', message: '구독 확인 토큰이 필요합니다' }]));
      },
    );

    it.each([randomUUID(), 'A'.repeat(43), "' OR 1=1 --", 'x'.repeat(200)])(
      'answers 404 for the unknown token %p',
      async (token) => {
        const response = await expectNoWrites(t, () => confirm(token));
        expect(response.status).toBe(404);
        expect(response.body).toEqual(CONFIRM_INVALID.ko);
      },
    );

    it('never confirms on a GET, which mail scanners send', async () => {
      const email = uniqueEmail();
      await subscribe(email).expect(200);
      const { token } = confirmLinkOf(mailsTo(t, email)[0]);
      const response = await t.http.get(`/api/subscribe/confirm?token=${token}`);
      expectContractError(response, 404);
      expect((await subscriber(email)).status).toBe('pending');
    });
  });

  describe('the sweep of unconfirmed subscriptions', () => {
    it('deletes addresses unconfirmed for NEWSLETTER_CONFIRM_HOURS, on several replicas at once, and keeps every other', async () => {
      const job = t.app.get(PurgeUnconfirmedJob);
      // What the tests before left pending is swept first, so that the counts are this test's.
      await job.run(new Date(Date.now() + 1000 * HOUR_MS));
      const subscribedAt = new Date(Date.now() + 2 * HOUR_MS);
      clockAt(subscribedAt);
      const stale = [uniqueEmail('stale'), uniqueEmail('stale')];
      for (const email of stale) await subscribe(email).expect(200);
      const returning = await subscribed();
      await t.http.post('/api/unsubscribe').send({ token: returning.links.token }).expect(200);
      await subscribe(returning.email).expect(200);
      const returningToken = confirmLinkOf(mailsTo(t, returning.email).at(-1)!).token;
      const active = await subscribed();
      clockAt(new Date(subscribedAt.getTime() + HOUR_MS));
      const fresh = uniqueEmail('fresh');
      await subscribe(fresh).expect(200);

      const deadline = subscribedAt.getTime() + 48 * HOUR_MS;
      expect(await job.run(new Date(deadline - 1000))).toEqual({ deleted: 0, lapsed: 0 });
      for (const email of stale) expect((await subscriber(email)).status).toBe('pending');

      // Two replicas' runs together remove each row once, and neither fails.
      const reports = await Promise.all([job.run(new Date(deadline)), job.run(new Date(deadline))]);
      expect(reports.reduce((sum, r) => sum + r.deleted, 0)).toBe(stale.length);
      expect(reports.reduce((sum, r) => sum + r.lapsed, 0)).toBe(1);
      for (const email of stale) {
        expect(await t.db.query('SELECT 1 FROM blog_subscribers WHERE email = $1', [email])).toHaveLength(0);
      }
      expect((await subscriber(fresh)).status).toBe('pending');
      expect((await subscriber(active.email)).status).toBe('active');
      expect((await subscriber(returning.email)).status).toBe('unsubscribed');
      clockAt(new Date(deadline - 2000));
      await confirm(returningToken).expect(404);
      expect(await job.run(new Date(deadline))).toEqual({ deleted: 0, lapsed: 0 });
    });

    it('catches a failed run, and the next run sweeps', async () => {
      const job = t.app.get(PurgeUnconfirmedJob);
      jest.spyOn(job, 'run').mockRejectedValueOnce(new Error('database away'));
      await expect(job.scheduled()).resolves.toBeUndefined();
      jest.restoreAllMocks();
      const email = uniqueEmail();
      await subscribe(email).expect(200);
      clockAt(new Date(Date.now() + 49 * HOUR_MS));
      await job.scheduled();
      expect(await t.db.query('SELECT 1 FROM blog_subscribers WHERE email = $1', [email])).toHaveLength(0);
    });
  });

  /** A request that must change no row and send exactly one mail. */
  async function expectNoWritesButMail<T>(send: () => Promise<T>): Promise<T> {
    const mailsBefore = t.smtp.mails.length;
    const fingerprint = await databaseFingerprint(t);
    const response = await send();
    expect(await databaseFingerprint(t)).toEqual(fingerprint);
    expect(t.smtp.mails).toHaveLength(mailsBefore + 1);
    return response;
  }

  describe('POST /api/unsubscribe', () => {
    it('answers 200 a second time and the subscriber stays unsubscribed', async () => {
      const { email, links } = await subscribed();
      await t.http.post('/api/unsubscribe').send({ token: links.token }).expect(200);
      const again = await t.http.post('/api/unsubscribe').send({ token: links.token }).expect(200);
      expect(again.body).toEqual({ success: true, message: expect.any(String) });
      expect((await subscriber(email)).status).toBe('unsubscribed');
    });

    it.each([{}, { token: '' }, { token: '   ' }, { token: null }, { token: 7 }])(
      'answers 400 for a missing token: %p',
      async (body) => {
        const response = await expectNoWrites(t, () => t.http.post('/api/unsubscribe').send(body));
        expect(response.status).toBe(400);
        expect(response.body).toEqual(validationError([{ field: 'token', message: '구독 해지 토큰이 필요합니다' }]));
      },
    );

    it.each([
      randomUUID(),
      'not-a-token',
      '00000000-0000-0000-0000-000000000000',
      "' OR 1=1 --",
      'x'.repeat(200),
      'x'.repeat(201),
      'x'.repeat(10_000),
    ])('answers 404 for the unknown or malformed token %p', async (token) => {
      const response = await expectNoWrites(t, () => t.http.post('/api/unsubscribe').send({ token }));
      expect(response.status).toBe(404);
      expect(response.body).toEqual(NOT_FOUND);
    });

    it('answers 404 in English with Accept-Language: en', async () => {
      const response = await t.http
        .post('/api/unsubscribe')
        .set('Accept-Language', 'en')
        .send({ token: randomUUID() })
        .expect(404);
      expect(response.body).toEqual({ statusCode: 404, error: 'This unsubscribe link is not valid' });
    });

    it('leaves every other subscriber active', async () => {
      const first = await subscribed();
      const second = await subscribed();
      await t.http.post('/api/unsubscribe').send({ token: first.links.token }).expect(200);
      expect((await subscriber(second.email)).status).toBe('active');
    });
  });

  describe('one-click unsubscribe (RFC 8058) at the List-Unsubscribe URL', () => {
    it('unsubscribes on the POST a mail client sends: body List-Unsubscribe=One-Click, form-encoded', async () => {
      const { email, links } = await subscribed();
      const response = await t.http
        .post(links.oneClickPath)
        .set('Content-Type', 'application/x-www-form-urlencoded')
        .send('List-Unsubscribe=One-Click')
        .expect(200);
      expect(response.body).toEqual({ success: true, message: expect.any(String) });
      expect((await subscriber(email)).status).toBe('unsubscribed');
    });

    it('never unsubscribes on a GET: 303 to the confirm page, the subscriber still active', async () => {
      const { email, links } = await subscribed();
      const response = await t.http.get(links.oneClickPath).redirects(0).expect(303);
      expect(response.headers.location).toBe(`${PUBLIC_URL}/unsubscribe?token=${links.token}&lang=ko`);
      await t.http.head(links.oneClickPath).redirects(0).expect(303);
      expect((await subscriber(email)).status).toBe('active');
    });

    it("unsubscribes by an English mail's one-click URL, whose GET leads to the page in English", async () => {
      const { email, links } = await subscribed('en');
      expect(links).toMatchObject({
        language: 'en',
        oneClickPath: `/api/unsubscribe/one-click?token=${links.token}&lang=en`,
      });
      const page = await t.http.get(links.oneClickPath).redirects(0).expect(303);
      expect(page.headers.location).toBe(`${PUBLIC_URL}/unsubscribe?token=${links.token}&lang=en`);
      expect((await subscriber(email)).status).toBe('active');
      await t.http.post(links.oneClickPath).type('form').send('List-Unsubscribe=One-Click').expect(200);
      expect((await subscriber(email)).status).toBe('unsubscribed');
    });

    it.each([
      ['without a language, as mailed before the links carried one', ''],
      ['with a language the site does not have', '&lang=fr'],
      ['with the language twice', '&lang=en&lang=ko'],
    ])('unsubscribes by a one-click URL %s, whose GET leads to the page without one', async (_, lang) => {
      const { email, links } = await subscribed();
      const path = `/api/unsubscribe/one-click?token=${links.token}${lang}`;
      const page = await t.http.get(path).redirects(0).expect(303);
      expect(page.headers.location).toBe(`${PUBLIC_URL}/unsubscribe?token=${links.token}`);
      await t.http.post(path).type('form').send('List-Unsubscribe=One-Click').expect(200);
      expect((await subscriber(email)).status).toBe('unsubscribed');
    });

    it('answers 404 to a one-click POST with an unknown token and 400 without one', async () => {
      const unknown = await t.http
        .post(`/api/unsubscribe/one-click?token=${randomUUID()}`)
        .type('form')
        .send('List-Unsubscribe=One-Click')
        .expect(404);
      expect(unknown.body).toEqual(NOT_FOUND);
      const missing = await t.http
        .post('/api/unsubscribe/one-click')
        .type('form')
        .send('List-Unsubscribe=One-Click')
        .expect(400);
      expectContractError(missing, 400);
    });
  });
});

describe('the migration to confirmed subscriptions', () => {
  let schema: TestSchema;
  const env = () => parseConfig({ NODE_ENV: 'test', DATABASE_URL: schema.url }).env;

  beforeEach(async () => {
    schema = await createTestSchema();
    // The schema as it was before confirmation, with an active and an unsubscribed reader.
    const before = new DataSource({
      ...dataSourceOptions(env()),
      migrations: MIGRATIONS.slice(0, MIGRATIONS.indexOf(AddSubscriberConfirmation1795731200000)),
    });
    await before.initialize();
    await before.runMigrations();
    await before.query(`
      INSERT INTO blog_subscribers (email, language, active) VALUES
        ('kept@example.com', 'en', true), ('left@example.com', 'ko', false)`);
    await before.destroy();
  });
  afterEach(() => schema.drop());

  it('keeps every active subscriber active and makes those who had left unsubscribed', async () => {
    const t = await startTestApp({}, { schema }); // migrates on start
    try {
      const auth = { Authorization: `Bearer ${await t.adminToken()}` };
      const { body } = await t.http.get('/api/admin/subscribers').set(auth).expect(200);
      expect(body.counts).toEqual({ pending: 0, active: 1, unsubscribed: 1 });
      const statuses = Object.fromEntries(
        (body.items as { email: string; status: string }[]).map((s) => [s.email, s.status]),
      );
      expect(statuses).toEqual({ 'kept@example.com': 'active', 'left@example.com': 'unsubscribed' });
      await t.http.post('/api/subscribe').send({ email: 'kept@example.com' }).expect(200);
      expect(mailsTo(t, 'kept@example.com').map((m) => m.subject)).toEqual([SUBJECTS.already.ko]);
    } finally {
      await t.close();
    }
  });

  it('can be undone: active again as before, and addresses never confirmed are gone', async () => {
    expect(await runMigrations(env())).toContain('AddSubscriberConfirmation1795731200000');
    const db = await new DataSource(dataSourceOptions(env())).initialize();
    try {
      await db.query(`INSERT INTO blog_subscribers (email, status) VALUES ('waiting@example.com', 'pending')`);
      for (let i = MIGRATIONS.indexOf(AddSubscriberConfirmation1795731200000); i < MIGRATIONS.length; i += 1) {
        await db.undoLastMigration();
      }
      expect(await db.query('SELECT email, active FROM blog_subscribers ORDER BY email')).toEqual([
        { email: 'kept@example.com', active: true },
        { email: 'left@example.com', active: false },
      ]);
    } finally {
      await db.destroy();
    }
  });
});
