import { randomUUID } from 'node:crypto';
import { expectContractError, validationError } from './support/contract';
import { uniqueEmail } from './support/factories';
import { expectNoWrites } from './support/no-writes';
import type { ReceivedMail } from './support/smtp-sink';
import { PUBLIC_URL, startTestApp, type TestApp } from './support/test-app';

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const PAGE_LINK = new RegExp(`${PUBLIC_URL.replace(/\./g, '\\.')}/unsubscribe\\?token=(${UUID})`, 'g');
const ONE_CLICK_HEADER = new RegExp(
  `^<(${PUBLIC_URL.replace(/\./g, '\\.')}(/api/unsubscribe/one-click\\?token=(${UUID})))>$`,
);
const NOT_FOUND = { statusCode: 404, error: '유효하지 않거나 만료된 구독 해지 링크입니다' };

interface Subscriber {
  email: string;
  active: boolean;
  unsubscribe_token: string;
}

/** The unsubscribe links a welcome mail carries, read from the mail itself. */
interface MailLinks {
  /** The token of the page link, found identically in the text and the html part. */
  token: string;
  /** Path and query of the List-Unsubscribe one-click URL. */
  oneClickPath: string;
}

function linksOf(mail: ReceivedMail): MailLinks {
  const inText = [...(mail.text ?? '').matchAll(PAGE_LINK)].map((m) => m[1]);
  const inHtml = [...(mail.html ?? '').matchAll(PAGE_LINK)].map((m) => m[1]);
  expect(inText.length).toBeGreaterThan(0);
  expect(inHtml.length).toBeGreaterThan(0);
  expect(new Set([...inText, ...inHtml]).size).toBe(1);
  expect(mail.html).toContain(`href="${PUBLIC_URL}/unsubscribe?token=${inText[0]}"`);

  expect(mail.header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
  const header = ONE_CLICK_HEADER.exec((mail.header('list-unsubscribe') ?? '').replace(/\s+/g, ''));
  expect(header).not.toBeNull();
  expect(header![3]).toBe(inText[0]);
  return { token: inText[0], oneClickPath: header![2] };
}

describe('newsletter: /api/subscribe and /api/unsubscribe', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const mailsTo = (address: string) => t.smtp.mails.filter((m) => m.envelopeTo.includes(address));

  function subscribe(email: unknown, language?: string) {
    const request = t.http.post('/api/subscribe');
    if (language) request.set('Accept-Language', language);
    return request.send({ email });
  }

  async function subscriber(email: string): Promise<Subscriber> {
    const rows: Subscriber[] = await t.db.query(
      'SELECT email, active, unsubscribe_token FROM blog_subscribers WHERE email = $1',
      [email],
    );
    expect(rows).toHaveLength(1);
    return rows[0];
  }

  /** Subscribes a fresh address and returns the links of the welcome mail it received. */
  async function subscribed(language?: string): Promise<{ email: string; mail: ReceivedMail; links: MailLinks }> {
    const email = uniqueEmail();
    await subscribe(email, language).expect(201);
    const mail = await t.smtp.waitFor((m) => m.envelopeTo.includes(email));
    return { email, mail, links: linksOf(mail) };
  }

  describe('POST /api/subscribe', () => {
    it('refuses a form-encoded body, as a cross-site HTML form would send it, and writes nothing', async () => {
      const mailsBefore = t.smtp.mails.length;
      const response = await expectNoWrites(t, () =>
        t.http.post('/api/subscribe').type('form').send('email=forged%40example.com'),
      );
      expect(response.status).toBe(400);
      expect(t.smtp.mails).toHaveLength(mailsBefore);
    });

    it('answers 201 {success:true,message} and stores an active subscriber', async () => {
      const email = uniqueEmail();
      const response = await subscribe(email).expect(201);
      expect(response.body).toEqual({ success: true, message: expect.any(String) });
      expect(response.body.message).not.toBe('');
      expect(await subscriber(email)).toMatchObject({ email, active: true });
    });

    it('sends a Korean welcome mail to the address with a working unsubscribe link in text and html', async () => {
      const { email, mail, links } = await subscribed();
      expect(mail.envelopeTo).toEqual([email]);
      expect(mail.subject).toBe('[Giftcast] 구독해주셔서 감사합니다');
      expect(mail.text).toContain('구독을 해지할 수 있습니다');

      const response = await t.http.post('/api/unsubscribe').send({ token: links.token }).expect(200);
      expect(response.body).toEqual({ success: true, message: expect.any(String) });
      expect((await subscriber(email)).active).toBe(false);
    });

    it('carries List-Unsubscribe (one-click URL) and List-Unsubscribe-Post headers', async () => {
      const { email, links } = await subscribed();
      expect(links.oneClickPath).toBe(`/api/unsubscribe/one-click?token=${links.token}`);
      expect((await subscriber(email)).unsubscribe_token).toBe(links.token);
    });

    it('sends the welcome mail in English to a subscriber whose Accept-Language prefers en', async () => {
      const { mail } = await subscribed('en-US,en;q=0.9,ko;q=0.5');
      expect(mail.subject).toBe('[Giftcast] Thanks for subscribing');
      expect(mail.text).toContain('you can unsubscribe at any time');
      expect(mail.text).not.toMatch(/[가-힣]/);
    });

    it('answers in English with Accept-Language: en', async () => {
      const response = await subscribe(uniqueEmail(), 'en').expect(201);
      expect(response.body.message).toBe('Thanks for subscribing! We will email you when new content is published.');
    });

    it('trims and lower-cases the address: one row for "A@x.com" and " a@x.com "', async () => {
      const local = `Reader-${randomUUID().slice(0, 8)}`;
      await subscribe(`${local.toUpperCase()}@Example.COM`).expect(201);
      await subscribe(`  ${local.toLowerCase()}@example.com `).expect(200);
      const rows = await t.db.query('SELECT email FROM blog_subscribers WHERE lower(email) = lower($1)', [
        `${local}@example.com`,
      ]);
      expect(rows).toEqual([{ email: `${local.toLowerCase()}@example.com` }]);
      expect(mailsTo(`${local.toLowerCase()}@example.com`)).toHaveLength(1);
    });

    it('answers 200 to an address that is already active, without a second row or welcome mail', async () => {
      const { email } = await subscribed();
      const response = await expectNoWrites(t, () => subscribe(email));
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ success: true, message: expect.any(String) });
      expect(mailsTo(email)).toHaveLength(1);
    });

    it('reactivates an unsubscribed address (201, active again, a new welcome mail that works)', async () => {
      const { email, links } = await subscribed();
      await t.http.post('/api/unsubscribe').send({ token: links.token }).expect(200);
      expect((await subscriber(email)).active).toBe(false);

      const response = await subscribe(email).expect(201);
      expect(response.body).toEqual({ success: true, message: expect.any(String) });
      expect((await subscriber(email)).active).toBe(true);
      expect(mailsTo(email)).toHaveLength(2);
      expect(await t.db.query('SELECT 1 FROM blog_subscribers WHERE email = $1', [email])).toHaveLength(1);

      const second = linksOf(mailsTo(email)[1]);
      await t.http.post('/api/unsubscribe').send({ token: second.token }).expect(200);
      expect((await subscriber(email)).active).toBe(false);
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

  describe('POST /api/unsubscribe', () => {
    it('answers 200 a second time and the subscriber stays inactive', async () => {
      const { email, links } = await subscribed();
      await t.http.post('/api/unsubscribe').send({ token: links.token }).expect(200);
      const again = await t.http.post('/api/unsubscribe').send({ token: links.token }).expect(200);
      expect(again.body).toEqual({ success: true, message: expect.any(String) });
      expect((await subscriber(email)).active).toBe(false);
    });

    it.each([{}, { token: '' }, { token: '   ' }, { token: null }, { token: 7 }])(
      'answers 400 for a missing token: %p',
      async (body) => {
        const response = await expectNoWrites(t, () => t.http.post('/api/unsubscribe').send(body));
        expect(response.status).toBe(400);
        expect(response.body).toEqual(validationError([{ field: 'token', message: '구독 해지 토큰이 필요합니다' }]));
      },
    );

    it.each([randomUUID(), 'not-a-token', '00000000-0000-0000-0000-000000000000', "' OR 1=1 --"])(
      'answers 404 for the unknown or malformed token %p',
      async (token) => {
        const response = await expectNoWrites(t, () => t.http.post('/api/unsubscribe').send({ token }));
        expect(response.status).toBe(404);
        expect(response.body).toEqual(NOT_FOUND);
      },
    );

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
      expect((await subscriber(second.email)).active).toBe(true);
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
      expect((await subscriber(email)).active).toBe(false);
    });

    it('never unsubscribes on a GET: 303 to the confirm page, the subscriber still active', async () => {
      const { email, links } = await subscribed();
      const response = await t.http.get(links.oneClickPath).redirects(0).expect(303);
      expect(response.headers.location).toBe(`${PUBLIC_URL}/unsubscribe?token=${links.token}`);
      await t.http.head(links.oneClickPath).redirects(0).expect(303);
      expect((await subscriber(email)).active).toBe(true);
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
