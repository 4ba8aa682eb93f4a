import { validationError } from './support/contract';
import { type InquiryBody, uniqueEmail, validInquiry } from './support/factories';
import { expectNoWrites } from './support/no-writes';
import { startTestApp, type TestApp } from './support/test-app';

const NOTIFY_TO = 'team@giftcast.test';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const MESSAGES = {
  name: { ko: '이름을 2자 이상 입력해주세요', en: 'Please enter at least 2 characters for the name' },
  message: { ko: '메시지를 10자 이상 입력해주세요', en: 'Please enter at least 10 characters for the message' },
  email: { ko: '유효한 이메일 주소를 입력해주세요', en: 'Please enter a valid email address' },
  submissionType: {
    ko: '문의 유형은 contact 또는 partner여야 합니다',
    en: 'The inquiry type must be contact or partner',
  },
};

interface StoredInquiry {
  name: string;
  email: string;
  phone: string | null;
  message: string;
  submission_type: string;
}

describe('inquiries: POST /api/contact and POST /api/partner', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  async function storedInquiry(id: string): Promise<StoredInquiry> {
    const rows: StoredInquiry[] = await t.db.query(
      'SELECT name, email, phone, message, submission_type FROM contact_submissions WHERE id = $1',
      [id],
    );
    expect(rows).toHaveLength(1);
    return rows[0];
  }

  describe.each([
    { path: '/api/contact', storedAs: 'contact' },
    { path: '/api/partner', storedAs: 'partner' },
  ])('$path', ({ path, storedAs }) => {
    function submit(body: InquiryBody, language?: string) {
      const request = t.http.post(path);
      if (language !== undefined) request.set('Accept-Language', language);
      return request.send(body);
    }

    /** Submits a body that must be refused with exactly one field error, and nothing stored or sent. */
    async function expectRejected(body: InquiryBody, field: keyof typeof MESSAGES, language?: string) {
      const response = await expectNoWrites(t, () => submit(body, language));
      const lang = language?.startsWith('en') ? 'en' : 'ko';
      expect(response.status).toBe(400);
      expect(response.body).toEqual(validationError([{ field, message: MESSAGES[field][lang] }], lang));
    }

    it(`stores the inquiry with submissionType '${storedAs}' and answers 201 {success:true,id}`, async () => {
      const body = validInquiry();
      const response = await submit(body).expect(201);
      expect(response.body).toEqual({ success: true, id: expect.stringMatching(UUID) });
      expect(await storedInquiry(response.body.id)).toEqual({
        name: body.name,
        email: body.email,
        phone: body.phone,
        message: body.message,
        submission_type: storedAs,
      });
    });

    it('notifies INQUIRY_NOTIFY_TO by mail, with reply-to set to the sender', async () => {
      const body = validInquiry({ name: '박서준 플라워', message: '매장 세 곳에서 QR 스티커를 쓰고 싶습니다.' });
      const response = await submit(body).expect(201);
      const mail = await t.smtp.waitFor((m) => m.text?.includes(response.body.id) ?? false);
      expect(mail.envelopeTo).toEqual([NOTIFY_TO]);
      expect(mail.header('reply-to')).toContain(body.email as string);
      expect(mail.subject).toContain('박서준 플라워');
      expect(mail.text).toContain(body.message as string);
      expect(mail.text).toContain(body.email as string);
    });

    it('accepts an inquiry without a phone and stores the phone as null', async () => {
      const { phone: _, ...withoutPhone } = validInquiry();
      const response = await submit(withoutPhone).expect(201);
      expect((await storedInquiry(response.body.id)).phone).toBeNull();
    });

    it("stores an empty phone ('') as null", async () => {
      const response = await submit(validInquiry({ phone: '' })).expect(201);
      expect((await storedInquiry(response.body.id)).phone).toBeNull();
    });

    it('stores trimmed text', async () => {
      const email = uniqueEmail();
      const response = await submit(
        validInquiry({ name: '  김지은  ', email: ` ${email} `, message: '  열 글자가 넘는 문의입니다  ' }),
      ).expect(201);
      expect(await storedInquiry(response.body.id)).toMatchObject({
        name: '김지은',
        email,
        message: '열 글자가 넘는 문의입니다',
      });
    });

    it('accepts a name of exactly 2 characters', async () => {
      await submit(validInquiry({ name: '김이' })).expect(201);
    });

    it('rejects a name of 1 character: 이름을 2자 이상 입력해주세요', async () => {
      await expectRejected(validInquiry({ name: '김' }), 'name');
    });

    it('rejects a name that is 1 character once trimmed', async () => {
      await expectRejected(validInquiry({ name: '  김  ' }), 'name');
    });

    it('rejects a missing name', async () => {
      await expectRejected(validInquiry({ name: undefined }), 'name');
    });

    it('accepts a message of exactly 10 characters', async () => {
      await submit(validInquiry({ message: '가'.repeat(10) })).expect(201);
    });

    it('rejects a message of 9 characters: 메시지를 10자 이상 입력해주세요', async () => {
      await expectRejected(validInquiry({ message: '가'.repeat(9) }), 'message');
    });

    it('rejects a missing message', async () => {
      await expectRejected(validInquiry({ message: undefined }), 'message');
    });

    it.each(['not-an-email', 'kim@', '@example.com', 'kim jieun@example.com', 'kim@example', ''])(
      'rejects the email %p: 유효한 이메일 주소를 입력해주세요',
      async (email) => {
        await expectRejected(validInquiry({ email }), 'email');
      },
    );

    it.each([
      '"x?cc=someone@evil.example&subject=Hello"@example.com',
      '"kim jieun"@example.com',
      '"kim"@example.com',
      '"kim@home"@example.com',
    ])('rejects the quoted local part of %p: 유효한 이메일 주소를 입력해주세요, in English too', async (email) => {
      await expectRejected(validInquiry({ email }), 'email');
      await expectRejected(validInquiry({ email }), 'email', 'en');
    });

    it("accepts an unquoted local part with the characters RFC 5322 allows, '?' and '&' among them", async () => {
      await submit(validInquiry({ email: `o'brien+gift&more?${Date.now()}@example.com` })).expect(201);
    });

    it('rejects a missing email', async () => {
      await expectRejected(validInquiry({ email: undefined }), 'email');
    });

    it.each(['contact', 'partner'])("accepts submissionType '%s'", async (submissionType) => {
      await submit(validInquiry({ submissionType })).expect(201);
    });

    it.each(['support', 'CONTACT', '', null, 1, ['contact']])('rejects submissionType %p', async (submissionType) => {
      await expectRejected(validInquiry({ submissionType }), 'submissionType');
    });

    it('reports every invalid field of an empty body at once', async () => {
      const response = await expectNoWrites(t, () => submit({}));
      expect(response.status).toBe(400);
      expect(response.body.error).toBe('입력값을 확인해주세요');
      expect(response.body.details).toHaveLength(3);
      expect(response.body.details).toEqual(
        expect.arrayContaining([
          { field: 'name', message: MESSAGES.name.ko },
          { field: 'email', message: MESSAGES.email.ko },
          { field: 'message', message: MESSAGES.message.ko },
        ]),
      );
    });

    it.each(['name', 'message'])(
      'answers 400 to a NUL character in the %s, storing and sending nothing',
      async (field) => {
        const response = await expectNoWrites(t, () => submit(validInquiry({ [field]: 'ab\u0000cdefghijk' })));
        expect(response.status).toBe(400);
        expect(response.body).toEqual({ statusCode: 400, error: '잘못된 요청입니다' });
      },
    );

    it.each(['__proto__', 'constructor', 'prototype'])(
      'rejects the reserved key %p as an unknown field',
      async (key) => {
        const body = `{${JSON.stringify(key)}: {"isAdmin": true}, ${JSON.stringify(validInquiry()).slice(1)}`;
        const response = await expectNoWrites(t, () =>
          t.http.post(path).set('Content-Type', 'application/json').send(body),
        );
        expect(response.status).toBe(400);
        expect(response.body).toEqual(validationError([{ field: key, message: '허용되지 않는 항목입니다' }]));
      },
    );

    it('rejects an unknown field', async () => {
      const response = await expectNoWrites(t, () => submit(validInquiry({ isAdmin: true })));
      expect(response.status).toBe(400);
      expect(response.body.details).toEqual([{ field: 'isAdmin', message: '허용되지 않는 항목입니다' }]);
    });

    it.each([
      ['en', 'en'],
      ['en-US,en;q=0.9', 'en'],
      ['ko;q=0.1,en;q=0.9', 'en'],
      ['ko-KR', 'ko'],
      ['ko-KR,ko;q=0.9,en-US;q=0.8,en;q=0.7', 'ko'],
      ['fr-FR', 'ko'],
    ] as const)('answers Accept-Language %p in %s', async (acceptLanguage, lang) => {
      const response = await expectNoWrites(t, () => submit(validInquiry({ name: 'K' }), acceptLanguage));
      expect(response.status).toBe(400);
      expect(response.body).toEqual(validationError([{ field: 'name', message: MESSAGES.name[lang] }], lang));
    });

    it('answers in Korean without Accept-Language', async () => {
      await expectRejected(validInquiry({ message: 'short' }), 'message');
    });

    it.each([
      ['name', { name: 'K' }],
      ['message', { message: 'too short' }],
      ['email', { email: 'nobody' }],
      ['submissionType', { submissionType: 'other' }],
    ] as const)('gives the English %s message with Accept-Language: en', async (field, overrides) => {
      await expectRejected(validInquiry(overrides), field, 'en');
    });
  });

  it("stores submissionType 'partner' when the contact endpoint is asked for it", async () => {
    const response = await t.http
      .post('/api/contact')
      .send(validInquiry({ submissionType: 'partner' }))
      .expect(201);
    expect((await storedInquiry(response.body.id)).submission_type).toBe('partner');
  });

  it("stores 'partner' for the partner endpoint whatever submissionType says", async () => {
    const response = await t.http
      .post('/api/partner')
      .send(validInquiry({ submissionType: 'contact' }))
      .expect(201);
    expect((await storedInquiry(response.body.id)).submission_type).toBe('partner');
  });
});
