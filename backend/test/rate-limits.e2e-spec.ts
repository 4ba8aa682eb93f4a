import type { Response, Test } from 'supertest';
import { AppConfig } from '../src/config/app-config';
import type { RateBudget } from '../src/config/config.schema';
import { expectContractError } from './support/contract';
import { uniqueEmail, validInquiry } from './support/factories';
import { confirmLinkOf } from './support/newsletter';
import { expectNoWrites } from './support/no-writes';
import { startTestApp, type TestApp } from './support/test-app';
import { makeClip, videoObjectKeys } from './support/video-fixtures';

const TOO_MANY = {
  ko: '요청이 너무 많습니다. 잠시 후 다시 시도해주세요',
  en: 'Too many requests. Please try again shortly',
};

describe('budgets of the public writes per client address, at their defaults', () => {
  let t: TestApp;
  let budgets: Record<'inquiries' | 'subscribe' | 'unsubscribe' | 'uploads' | 'qrTakes', RateBudget>;
  let auth: { Authorization: string };

  beforeAll(async () => {
    t = await startTestApp({}, { limits: 'default' });
    const { env } = t.app.get(AppConfig);
    budgets = {
      inquiries: env.RATE_LIMIT_INQUIRIES,
      subscribe: env.RATE_LIMIT_SUBSCRIBE,
      unsubscribe: env.RATE_LIMIT_UNSUBSCRIBE,
      uploads: env.RATE_LIMIT_UPLOADS,
      qrTakes: env.RATE_LIMIT_QR_TAKES,
    };
    auth = { Authorization: `Bearer ${await t.adminToken()}` };
  });
  afterAll(() => t.close());

  let addresses = 0;
  /** An address of its own for each test, named by X-Forwarded-For as the trusted local proxy would. */
  const newAddress = () => `203.0.113.${++addresses}`;

  function from(address: string, request: Test, language?: string): Test {
    request.set('X-Forwarded-For', address);
    if (language) request.set('Accept-Language', language);
    return request;
  }

  /** The contract's 429: JSON in the request's language, with a Retry-After within the budget's window. */
  function expectTooMany(response: Response, budget: RateBudget, language: 'ko' | 'en' = 'ko'): void {
    expectContractError(response, 429);
    expect(response.body).toEqual({ statusCode: 429, error: TOO_MANY[language] });
    const retryAfter = Number(response.headers['retry-after']);
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(budget.seconds);
  }

  it('has the documented defaults', () => {
    expect(budgets).toEqual({
      inquiries: { points: 10, seconds: 3600 },
      subscribe: { points: 10, seconds: 3600 },
      unsubscribe: { points: 60, seconds: 60 },
      uploads: { points: 20, seconds: 3600 },
      qrTakes: { points: 20, seconds: 3600 },
    });
  });

  it('takes contact and partner inquiries up to the budget they share, then answers 429 and stores and sends nothing', async () => {
    const address = newAddress();
    for (let sent = 1; sent <= budgets.inquiries.points; sent++) {
      const path = sent % 2 ? '/api/contact' : '/api/partner';
      await from(address, t.http.post(path)).send(validInquiry()).expect(201);
    }
    const refused = await expectNoWrites(t, () => from(address, t.http.post('/api/contact')).send(validInquiry()));
    expectTooMany(refused, budgets.inquiries);
    const english = await expectNoWrites(t, () =>
      from(address, t.http.post('/api/partner'), 'en-US,en;q=0.9').send(validInquiry()),
    );
    expectTooMany(english, budgets.inquiries, 'en');

    await from(newAddress(), t.http.post('/api/contact')).send(validInquiry()).expect(201);
  });

  it('takes subscriptions up to the budget, then answers 429 and stores and sends nothing', async () => {
    const address = newAddress();
    for (let sent = 1; sent <= budgets.subscribe.points; sent++) {
      await from(address, t.http.post('/api/subscribe')).send({ email: uniqueEmail() }).expect(200);
    }
    const refused = await expectNoWrites(t, () =>
      from(address, t.http.post('/api/subscribe')).send({ email: uniqueEmail() }),
    );
    expectTooMany(refused, budgets.subscribe);
    const english = await expectNoWrites(t, () =>
      from(address, t.http.post('/api/subscribe'), 'en').send({ email: uniqueEmail() }),
    );
    expectTooMany(english, budgets.subscribe, 'en');
  });

  it('takes the mailed links (confirming, unsubscribing by the page or by one click) up to the budget they share, then answers 429 and changes nothing', async () => {
    const subscribers: { unsubscribe: string; confirm: string }[] = [];
    for (const email of [uniqueEmail(), uniqueEmail()]) {
      await from(newAddress(), t.http.post('/api/subscribe')).send({ email }).expect(200);
      const [{ token }] = await t.db.query('SELECT unsubscribe_token AS token FROM blog_subscribers WHERE email = $1', [
        email,
      ]);
      const confirmation = t.smtp.mails.find((mail) => mail.envelopeTo.includes(email))!;
      subscribers.push({ unsubscribe: token, confirm: confirmLinkOf(confirmation).token });
    }
    const address = newAddress();
    // Up to the last call of the budget: unknown tokens on the three routes (404), then a real one.
    const unknown = '00000000-0000-0000-0000-000000000000';
    for (let sent = 1; sent < budgets.unsubscribe.points; sent++) {
      const request = [
        () => from(address, t.http.post('/api/unsubscribe')).send({ token: unknown }),
        () =>
          from(address, t.http.post(`/api/unsubscribe/one-click?token=${unknown}`))
            .type('form')
            .send('List-Unsubscribe=One-Click'),
        () => from(address, t.http.post('/api/subscribe/confirm')).send({ token: unknown }),
      ][sent % 3];
      await request().expect(404);
    }
    await from(address, t.http.post('/api/unsubscribe')).send({ token: subscribers[0].unsubscribe }).expect(200);

    const oneClick = await expectNoWrites(t, () =>
      from(address, t.http.post(`/api/unsubscribe/one-click?token=${subscribers[1].unsubscribe}`))
        .type('form')
        .send('List-Unsubscribe=One-Click'),
    );
    expectTooMany(oneClick, budgets.unsubscribe);
    const english = await expectNoWrites(t, () =>
      from(address, t.http.post('/api/unsubscribe'), 'en').send({ token: subscribers[1].unsubscribe }),
    );
    expectTooMany(english, budgets.unsubscribe, 'en');
    const confirm = await expectNoWrites(t, () =>
      from(address, t.http.post('/api/subscribe/confirm')).send({ token: subscribers[1].confirm }),
    );
    expectTooMany(confirm, budgets.unsubscribe);
    const [{ status }] = await t.db.query('SELECT status FROM blog_subscribers WHERE unsubscribe_token = $1', [
      subscribers[1].unsubscribe,
    ]);
    expect(status).toBe('pending');
  });

  it('takes uploads up to the budget, then answers 429 before storing anything, and the code stays unused', async () => {
    const codes = (await t.http.post('/api/admin/qr').set(auth).send({ count: 2 }).expect(201)).body.items as {
      qrToken: string;
    }[];
    const clip = makeClip('webm', 1);
    const upload = (address: string, token: string, language?: string) =>
      from(address, t.http.post(`/api/messages/${token}/video`), language).attach('video', clip, {
        filename: 'message.webm',
        contentType: 'video/webm',
      });

    const address = newAddress();
    for (let sent = 1; sent < budgets.uploads.points; sent++) {
      await upload(address, `unknown-token-${sent}`).expect(404);
    }
    await upload(address, codes[0].qrToken).expect(201);
    // Its processing done, so that nothing else writes while the refused uploads are watched.
    const deadline = Date.now() + 60_000;
    while ((await t.http.get(`/api/messages/${codes[0].qrToken}`)).body.message?.state !== 'ready') {
      if (Date.now() > deadline) throw new Error('the accepted upload was not processed');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }

    const objectsBefore = await videoObjectKeys(t);
    const refused = await expectNoWrites(t, () => upload(address, codes[1].qrToken));
    expectTooMany(refused, budgets.uploads);
    const english = await expectNoWrites(t, () => upload(address, codes[1].qrToken, 'en'));
    expectTooMany(english, budgets.uploads, 'en');
    expect(await videoObjectKeys(t)).toEqual(objectsBefore);
    expect((await t.http.get(`/api/messages/${codes[1].qrToken}`).expect(200)).body.status).toBe('unused');
  });

  it('counts resumable upload creations in the same budget, answering 429 before the code is claimed', async () => {
    const codes = (await t.http.post('/api/admin/qr').set(auth).send({ count: 1 }).expect(201)).body.items as {
      qrToken: string;
    }[];
    const create = (address: string, token: string, language?: string) =>
      from(address, t.http.post(`/api/messages/${token}/uploads`), language)
        .set('Tus-Resumable', '1.0.0')
        .set('Upload-Length', '1000');

    // Every creation counts, answered or not: the budget's last one is still heard (here, 404).
    const address = newAddress();
    for (let sent = 1; sent <= budgets.uploads.points; sent++) {
      await create(address, `unknown-token-${sent}`).expect(404);
    }
    const refused = await expectNoWrites(t, () => create(address, codes[0].qrToken));
    expectTooMany(refused, budgets.uploads);
    const english = await expectNoWrites(t, () => create(address, codes[0].qrToken, 'en'));
    expectTooMany(english, budgets.uploads, 'en');
    expect((await t.http.get(`/api/messages/${codes[0].qrToken}`).expect(200)).body.status).toBe('unused');
  });

  it('lets one address take codes from /try up to the budget, then answers 429 and the code stays listed', async () => {
    const codes = (await t.http.post('/api/admin/qr').set(auth).send({ count: 2, pool: 'try' }).expect(201)).body
      .items as { id: string; qrToken: string }[];
    const take = (address: string, token: string, language?: string) =>
      from(address, t.http.post(`/api/qr/${token}/take`), language);

    const address = newAddress();
    for (let sent = 1; sent < budgets.qrTakes.points; sent++) {
      await take(address, `unknown-token-${sent}-0000000000`).expect(404);
    }
    await take(address, codes[0].qrToken).expect(201); // the last one of the budget

    const refused = await expectNoWrites(t, () => take(address, codes[1].qrToken));
    expectTooMany(refused, budgets.qrTakes);
    expectTooMany(await take(address, codes[1].qrToken, 'en'), budgets.qrTakes, 'en');
    const listed = (await t.http.get('/api/qr/available').expect(200)).body as { id: string; qrToken: string }[];
    expect(listed).toContainEqual(expect.objectContaining({ id: codes[1].id, qrToken: codes[1].qrToken }));
    expect(listed.map((code) => code.id)).not.toContain(codes[0].id);

    await take(newAddress(), codes[1].qrToken).expect(201);
  });
});
