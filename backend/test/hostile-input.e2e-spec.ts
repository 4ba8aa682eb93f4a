import * as fc from 'fast-check';
import { JSON_DEPTH_LIMIT } from '../src/common/json-depth';
import { databaseFingerprint } from './support/no-writes';
import { type RawRequest, type RawResponse, sendRaw } from './support/raw-http';
import { ADMIN_PASSWORD, startTestApp, type TestApp } from './support/test-app';

/**
 * Generated requests that are invalid by construction (every one breaks a rule, or targets data
 * that does not exist), sent to the public endpoints. Whatever arrives, the API answers in the
 * contract's shape, never with a 5xx, and writes nothing. Rerun a failure with HOSTILE_SEED.
 */
const SEED = Number(process.env.HOSTILE_SEED ?? 20261122);
const MINIMUM_REQUESTS = 500;

type Body = Record<string, unknown>;

/** A request plus how it may be answered; printed shortened when fast-check reports it. */
interface Hostile extends RawRequest {
  /** GET /api/posts without a token may answer 200 with a (necessarily empty) list. */
  mayListPosts?: boolean;
}

function hostile(request: Hostile): Hostile {
  return Object.assign(request, {
    [fc.toStringMethod]: () => {
      const body =
        request.body === undefined ? '' : ` body(${request.body.length}): ${String(request.body).slice(0, 300)}`;
      return `${request.method} ${request.path.slice(0, 300)} ${JSON.stringify(request.headers ?? {})}${body}`;
    },
  });
}

// ---- values ------------------------------------------------------------------------------------

/** Any code points, control characters and NUL included. */
const anyText = (maxLength = 40) => fc.string({ unit: 'binary', maxLength });
const printableAscii = (maxLength = 40) => fc.string({ unit: 'grapheme-ascii', maxLength });

/** Everything JSON can carry that is not a string. */
const notAString = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }),
);

/** At least `min` characters that no trimming can shorten. */
const longerThan = (min: number) =>
  fc
    .tuple(fc.integer({ min: min + 1, max: min + 400 }), fc.constantFrom('x', '가', '😀', '\u0000'))
    .map(([length, unit]) => unit.repeat(length));

/** A string that trims to at most `max` characters. */
const atMost = (max: number) =>
  fc.tuple(anyText(max), fc.constantFrom('', ' ', '\t', '\n  ')).map(([text, pad]) => `${pad}${text}${pad}`);

const notAnEmail = fc.oneof(
  notAString,
  anyText(60).filter((text) => !text.includes('@')),
  fc.constantFrom('', ' ', '@', 'a@', '@b.co', 'a@@b.co', 'a b@c.co', 'a@b', '"a"@', 'a@b..co', 'a@-b.co', '"a"@b.co'),
  longerThan(254).map((local) => `${local.replace(/[^a-z]/g, 'a')}@example.com`),
);

const anEmail = fc.oneof(fc.emailAddress(), anyText(30));

/** Keys no DTO declares, the prototype-polluting ones first. */
const unknownKey = (declared: string[]) =>
  fc
    .oneof(
      fc.constantFrom('__proto__', 'constructor', 'prototype', 'isAdmin', 'id', 'active', 'createdAt', 'published'),
      fc.string({ minLength: 1, maxLength: 12 }),
    )
    .filter((key) => !declared.includes(key));

// ---- bodies ------------------------------------------------------------------------------------

interface BodyRules {
  /** Any body, valid or not: a breaker makes it invalid. */
  base: fc.Arbitrary<Body>;
  declared: string[];
  required: string[];
  /** Values each field must refuse. */
  invalid: Record<string, fc.Arbitrary<unknown>>;
  /** The base itself is refused (a wrong password, a token nobody has): breakers are optional. */
  baseIsRefused?: boolean;
}

/** Sets a key as an own property, `__proto__` included (a plain assignment would set the prototype). */
const withKey = (body: Body, key: string, value: unknown): Body => ({ ...body, [key]: value });

function without(body: Body, key: string): Body {
  const copy = { ...body };
  delete copy[key];
  return copy;
}

/** Rule breaks applied to a body: a required field dropped, an invalid value, an unknown key. */
function brokenBody({ base, declared, required, invalid, baseIsRefused }: BodyRules): fc.Arbitrary<Body> {
  const fields = Object.keys(invalid);
  const breaker = fc.oneof(
    fc.constantFrom(...required).map((key) => (body: Body) => without(body, key)),
    fc.constantFrom(...fields).chain((key) => invalid[key].map((value) => (body: Body) => withKey(body, key, value))),
    fc.tuple(unknownKey(declared), fc.jsonValue({ maxDepth: 2 })).map(
      ([key, value]) =>
        (body: Body) =>
          withKey(body, key, value),
    ),
  );
  const breakers = fc.array(breaker, { minLength: 1, maxLength: 3 });
  return fc
    .tuple(base, baseIsRefused ? fc.oneof(fc.constant([]), breakers) : breakers)
    .map(([body, applied]) => applied.reduce((acc: Body, apply) => apply(acc), body));
}

const inquiryRules: BodyRules = {
  base: fc.record(
    {
      name: anyText(30),
      email: anEmail,
      phone: fc.oneof(fc.constant(''), printableAscii(20)),
      message: anyText(200),
      submissionType: fc.constantFrom('contact', 'partner'),
    },
    { requiredKeys: ['name', 'email', 'message'] },
  ),
  declared: ['name', 'email', 'phone', 'message', 'submissionType'],
  required: ['name', 'email', 'message'],
  invalid: {
    name: fc.oneof(notAString, atMost(1), longerThan(100)),
    email: notAnEmail,
    message: fc.oneof(notAString, atMost(9), longerThan(5000)),
    phone: fc.oneof(
      notAString.filter((value) => value !== null),
      longerThan(30),
    ),
    submissionType: fc.oneof(
      notAString,
      anyText(12).filter((type) => type !== 'contact' && type !== 'partner'),
    ),
  },
};

const subscribeRules: BodyRules = {
  base: fc.record({ email: fc.emailAddress() }),
  declared: ['email'],
  required: ['email'],
  invalid: { email: notAnEmail },
};

/** No subscriber exists, so even a well-formed token is unknown. */
const unsubscribeRules: BodyRules = {
  base: fc.record({ token: fc.oneof(fc.uuid(), anyText(80)) }),
  declared: ['token'],
  required: ['token'],
  invalid: { token: fc.oneof(notAString, atMost(0), longerThan(200)) },
  baseIsRefused: true,
};

/** Nobody has subscribed, so any token is unknown. */
const confirmRules: BodyRules = {
  base: fc.record({ token: fc.oneof(fc.base64String({ minLength: 40, maxLength: 44 }), anyText(80)) }),
  declared: ['token'],
  required: ['token'],
  invalid: { token: fc.oneof(notAString, atMost(0), longerThan(200)) },
  baseIsRefused: true,
};

const wrongPassword = fc.oneof(anyText(60), printableAscii(60)).filter((password) => password !== ADMIN_PASSWORD);

const verifyRules: BodyRules = {
  base: fc.record({ password: wrongPassword }),
  declared: ['password'],
  required: ['password'],
  invalid: { password: fc.oneof(notAString, fc.constant(''), longerThan(1024)) },
  baseIsRefused: true,
};

// ---- how a body travels --------------------------------------------------------------------------

/** JSON that no parser accepts: a proper prefix of an object, or a stray character after it. */
const malformedJson = (json: string) =>
  fc.oneof(
    fc.integer({ min: 0, max: Math.max(0, json.length - 1) }).map((end) => json.slice(0, end)),
    fc.constantFrom('x', '}', ',', ']', '"', '\u0000').map((garbage) => `${json}${garbage}`),
    fc.constantFrom(
      "{'name': 'x'}",
      '{name: 1}',
      '{"a":1,}',
      '[1,',
      'nul',
      'undefined',
      '{"a":NaN}',
      '\u00ef\u00bb\u00bf{',
    ),
  );

/** Each header present half the time, with a value that may make no sense. */
const noisyHeaders: fc.Arbitrary<Record<string, string>> = fc
  .tuple(
    fc.option(
      fc.oneof(
        fc.constantFrom('en', 'ko', 'en-US,en;q=0.9', '*', 'zz', ';;;', 'en;q=abc', 'ko;q=-1,en;q=2'),
        printableAscii(30),
      ),
      { nil: undefined, freq: 2 },
    ),
    fc.option(fc.oneof(fc.constantFrom('Bearer x', 'Basic Og==', 'Bearer a.b.c', ''), printableAscii(60)), {
      nil: undefined,
      freq: 2,
    }),
    // A few recurring addresses, so that failed logins pile up to the 429 of a login flood.
    fc.option(fc.oneof(fc.constantFrom('198.51.100.7', '2001:db8::7'), fc.ipV4(), fc.ipV6(), printableAscii(30)), {
      nil: undefined,
      freq: 2,
    }),
  )
  .map(([language, authorization, forwardedFor]) => ({
    ...(language === undefined ? {} : { 'Accept-Language': language }),
    ...(authorization === undefined ? {} : { Authorization: authorization }),
    ...(forwardedFor === undefined ? {} : { 'X-Forwarded-For': forwardedFor }),
  }));

/** The content type the body is sent with; a body that is parsed stays invalid whatever this is. */
interface Encoded {
  headers: Record<string, string>;
  body: string;
}

function encodedBody(body: Body, required: string[]): fc.Arbitrary<Encoded> {
  const json = JSON.stringify(body);
  // A form carries only strings, which could turn a wrong type into a valid value: drop a required field.
  const form = new URLSearchParams(
    Object.entries(without(body, required[0])).map(([key, value]): [string, string] => [
      key,
      typeof value === 'string' ? value : JSON.stringify(value),
    ]),
  ).toString();
  return fc.oneof(
    {
      weight: 6,
      arbitrary: fc
        .constantFrom('application/json', 'application/json; charset=utf-8')
        .map((type): Encoded => ({ headers: { 'Content-Type': type }, body: json })),
    },
    {
      weight: 2,
      arbitrary: malformedJson(json).map((text): Encoded => ({
        headers: { 'Content-Type': 'application/json' },
        body: text,
      })),
    },
    {
      weight: 2,
      arbitrary: fc
        .constantFrom(
          'text/plain',
          'application/xml',
          'application/octet-stream',
          'multipart/form-data; boundary=----x',
          'application/json; charset=utf-16',
          'application/json; charset=latin1',
          'application/vnd.api+json',
          '',
        )
        .map((type): Encoded => ({ headers: type ? { 'Content-Type': type } : {}, body: json })),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom('gzip', 'deflate', 'br', 'compress', 'x-unknown').map((encoding): Encoded => ({
        headers: { 'Content-Type': 'application/json', 'Content-Encoding': encoding },
        body: json,
      })),
    },
    {
      weight: 1,
      arbitrary: fc.constant<Encoded>({ headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: form }),
    },
    {
      weight: 1,
      // Past the 100 kB JSON limit (and the 16 kB form limit): 413.
      arbitrary: fc
        .tuple(fc.integer({ min: 100_001, max: 400_000 }), fc.constantFrom('x', '가', '\u0000'), fc.boolean())
        .map(([size, unit, asForm]): Encoded =>
          asForm
            ? {
                headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
                body: `${form}&pad=${unit.repeat(size)}`,
              }
            : {
                headers: { 'Content-Type': 'application/json' },
                body: JSON.stringify({ ...body, pad: unit.repeat(size) }),
              },
        ),
    },
  );
}

function postOf(path: string, rules: BodyRules): fc.Arbitrary<Hostile> {
  return fc
    .tuple(
      brokenBody(rules).chain((body) => encodedBody(body, rules.required)),
      noisyHeaders,
    )
    .map(([{ headers, body }, noise]) => hostile({ method: 'POST', path, headers: { ...noise, ...headers }, body }));
}

// ---- paths and queries -----------------------------------------------------------------------

/** Path or query text that is broken, strange or hostile, but sendable byte for byte. */
const weirdSegment = fc.oneof(
  anyText(60).map(encodeURIComponent),
  fc.constantFrom(
    '%',
    '%zz',
    '%E0%A4%A',
    '%C0%AF',
    '%ED%A0%80',
    '%FF',
    'a%',
    '%%',
    '%00',
    '%0A%0D',
    '%u0041',
    '..%2F..%2Fetc%2Fpasswd',
    '%2e%2e',
    '..',
    '.',
  ),
  fc
    .tuple(printableAscii(20), fc.constantFrom('%', '%zz', '%E0%A4%A', '%00'), printableAscii(20))
    .map((parts) => parts.join('').replace(/[ #?]/g, '_')),
  fc.integer({ min: 500, max: 4000 }).map((length) => 'a'.repeat(length)),
  printableAscii(40).map((text) => text.replace(/[ #?]/g, '-')),
);

const weirdQuery = fc
  .array(
    fc.oneof(
      weirdSegment.map((value) => `published=${value}`),
      fc.constantFrom(
        'published[]=true',
        'published[a]=b',
        '__proto__[x]=1',
        'constructor[prototype][x]=1',
        'published',
        '&&',
        '=',
      ),
      fc.tuple(weirdSegment, weirdSegment).map(([key, value]) => `${key}=${value}`),
    ),
    { minLength: 1, maxLength: 4 },
  )
  .map((parts) => parts.join('&'));

const listPosts = fc.tuple(weirdQuery, noisyHeaders).map(([query, noise]) =>
  hostile({
    method: 'GET',
    path: `/api/posts?${query}`,
    headers: noise,
    mayListPosts: noise.Authorization === undefined,
  }),
);

const postBySlug = fc
  .tuple(weirdSegment, fc.option(weirdQuery, { nil: undefined }), noisyHeaders)
  .map(([slug, query, noise]) => {
    // An Authorization header turns the anonymous read into an admin one, which a bad token fails.
    const { Authorization: _, ...headers } = noise;
    return hostile({ method: 'GET', path: `/api/posts/slug/${slug}${query ? `?${query}` : ''}`, headers });
  });

const oneClick = fc
  .tuple(
    fc.oneof(
      weirdSegment.map((token) => `token=${token}`),
      fc.uuid().map((token) => `token=${token}`),
      fc.uuid().map((token) => `token=${token}&token=${token}`),
      fc.constantFrom('', 'token', 'token=', 'token[a]=1', '__proto__[token]=x', `token=${'0'.repeat(300)}`),
      weirdQuery,
    ),
    fc.oneof(
      fc.constant({
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      }),
      malformedJson('{"List-Unsubscribe":"One-Click"}').map((body) => ({
        headers: { 'Content-Type': 'application/json' },
        body,
      })),
      anyText(100).map((body) => ({ headers: { 'Content-Type': 'text/plain' }, body })),
      fc.integer({ min: 16_001, max: 60_000 }).map((size) => ({
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: `List-Unsubscribe=One-Click&pad=${'x'.repeat(size)}`,
      })),
    ),
    noisyHeaders,
  )
  .map(([query, { headers, body }, noise]) =>
    hostile({ method: 'POST', path: `/api/unsubscribe/one-click?${query}`, headers: { ...noise, ...headers }, body }),
  );

const qrImage = fc
  .tuple(weirdSegment, fc.option(weirdSegment, { nil: undefined }))
  .map(([token, size]) => hostile({ method: 'GET', path: `/api/qr/${token}/image.png${size ? `?size=${size}` : ''}` }));

const wrongMethod = fc
  .tuple(
    fc.constantFrom('PUT', 'DELETE', 'PATCH'),
    fc.constantFrom(
      '/api/contact',
      '/api/partner',
      '/api/subscribe',
      '/api/subscribe/confirm',
      '/api/unsubscribe',
      '/api/admin/verify',
    ),
  )
  .map(([method, path]) => hostile({ method, path, headers: { 'Content-Type': 'application/json' }, body: '{}' }));

// ---- the run -----------------------------------------------------------------------------------

const PLAN: [string, fc.Arbitrary<Hostile>, number][] = [
  ['POST /api/contact', postOf('/api/contact', inquiryRules), 100],
  ['POST /api/partner', postOf('/api/partner', inquiryRules), 70],
  ['POST /api/subscribe', postOf('/api/subscribe', subscribeRules), 80],
  ['POST /api/subscribe/confirm', postOf('/api/subscribe/confirm', confirmRules), 60],
  ['POST /api/unsubscribe', postOf('/api/unsubscribe', unsubscribeRules), 60],
  ['POST /api/unsubscribe/one-click', oneClick, 60],
  ['POST /api/admin/verify (wrong passwords)', postOf('/api/admin/verify', verifyRules), 80],
  ['GET /api/posts/slug/<weird>', postBySlug, 60],
  ['GET /api/posts?published=<weird>', listPosts, 60],
  ['GET /api/qr/<weird>/image.png', qrImage, 30],
  ['wrong methods on the public POST routes', wrongMethod, 20],
];

describe(`hostile input (fast-check seed ${SEED})`, () => {
  let t: TestApp;
  let countAllRows: string;
  let sent = 0;

  beforeAll(async () => {
    console.log(`hostile input: fast-check seed ${SEED} (set HOSTILE_SEED to change it)`);
    t = await startTestApp();
    const tables = Object.keys(await databaseFingerprint(t));
    countAllRows = `SELECT ${tables.map((table) => `(SELECT count(*) FROM "${table}")`).join(' + ')} AS total`;
  });
  afterAll(() => t.close());

  function expectContractAnswer(request: Hostile, response: RawResponse): void {
    const where = `${request.method} ${request.path.slice(0, 120)} -> ${response.status}`;
    const json = expect.stringMatching(/^application\/json/);
    let body: unknown;
    try {
      body = JSON.parse(response.text);
    } catch {
      body = { notJson: response.text.slice(0, 200) };
    }
    if (request.mayListPosts && response.status === 200) {
      expect({ where, contentType: response.headers['content-type'], body }).toEqual({
        where,
        contentType: json,
        body: [],
      });
      return;
    }
    // A refused request is the client's error: never a 5xx, never a success.
    expect({ where, clientError: response.status >= 400 && response.status < 500 }).toEqual({
      where,
      clientError: true,
    });
    const { details, ...rest } = typeof body === 'object' && body !== null ? (body as { details?: unknown }) : { body };
    expect({ where, contentType: response.headers['content-type'], body: rest }).toEqual({
      where,
      contentType: json,
      body: { statusCode: response.status, error: expect.stringMatching(/\S/) },
    });
    if (details !== undefined) {
      expect({ where, details }).toEqual({ where, details: expect.any(Array) });
      for (const detail of details as unknown[]) {
        expect({ where, detail }).toEqual({
          where,
          detail: { field: expect.any(String), message: expect.any(String) },
        });
      }
    }
  }

  it.each(PLAN)('answers %s in the contract shape, never 5xx, writing nothing', async (_, requests, numRuns) => {
    await fc.assert(
      fc.asyncProperty(requests, async (request) => {
        const response = await sendRaw(t.url, request);
        sent += 1;
        expectContractAnswer(request, response);
        const [{ total }] = await t.db.query(countAllRows);
        expect({ request: `${request.method} ${request.path.slice(0, 120)}`, rowsWritten: Number(total) }).toEqual({
          request: `${request.method} ${request.path.slice(0, 120)}`,
          rowsWritten: 0,
        });
        expect(t.smtp.mails).toHaveLength(0);
      }),
      { seed: SEED, numRuns },
    );
  });

  it("never lets a route's success headers onto its error: no image type, no year-long caching", async () => {
    const response = await sendRaw(t.url, { method: 'GET', path: '/api/qr/no-such-token/image.png' });
    expect(response.status).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it.each(['/api/%ZZ', '/api/posts/slug/%E0%A4%A', '/api/posts/slug/%ZZ', '/api/qr/%/image.png'])(
    "answers %s, whose path does not decode, with the API's JSON 404 in the request's language",
    async (path) => {
      for (const [language, error] of [
        [undefined, '존재하지 않는 API 경로입니다'],
        ['en-US,en;q=0.9', 'No such API route'],
      ]) {
        const response = await sendRaw(t.url, {
          method: 'GET',
          path,
          headers: language ? { 'Accept-Language': language } : {},
        });
        expect(response.headers['content-type']).toMatch(/^application\/json/);
        expect({ status: response.status, body: JSON.parse(response.text) }).toEqual({
          status: 404,
          body: { statusCode: 404, error },
        });
      }
    },
  );

  it('refuses a subscription whose address has a quoted local part, with the invalid-email message', async () => {
    const response = await sendRaw(t.url, {
      method: 'POST',
      path: '/api/subscribe',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: '"x?cc=someone@evil.example&subject=Hello"@example.com' }),
    });
    expect({ status: response.status, body: JSON.parse(response.text) as unknown }).toEqual({
      status: 400,
      body: {
        statusCode: 400,
        error: '입력값을 확인해주세요',
        details: [{ field: 'email', message: '유효한 이메일 주소를 입력해주세요' }],
      },
    });
  });

  it(`sent at least ${MINIMUM_REQUESTS} hostile requests and left every table empty and the mailbox too`, async () => {
    expect(sent).toBeGreaterThanOrEqual(MINIMUM_REQUESTS);
    expect(await t.rowCounts()).toEqual({
      contact_submissions: 0,
      testimonials: 0,
      blog_posts: 0,
      blog_subscribers: 0,
    });
    for (const [table, state] of Object.entries(await databaseFingerprint(t))) {
      expect({ table, state }).toEqual({ table, state: '0 rows -' });
    }
    expect(t.smtp.mails).toHaveLength(0);
  });
});

/** `{"name":[[…]]}` nested `depth` levels deep, the object itself being the first. */
const nestedBody = (depth: number) => `{"name":${'['.repeat(depth - 1)}${']'.repeat(depth - 1)}}`;

const TOO_DEEP = {
  ko: { statusCode: 400, error: '요청 본문의 중첩이 너무 깊습니다' },
  en: { statusCode: 400, error: 'The request body is nested too deeply' },
};

describe(`JSON bodies nested past ${JSON_DEPTH_LIMIT} levels`, () => {
  let t: TestApp;
  let adminToken: string;

  beforeAll(async () => {
    t = await startTestApp();
    adminToken = await t.adminToken();
  });
  afterAll(() => t.close());

  const routes = [
    { route: 'POST /api/contact (public)', path: '/api/contact', admin: false },
    { route: 'POST /api/posts (admin)', path: '/api/posts', admin: true },
  ];

  async function send(path: string, admin: boolean, body: string, language?: string): Promise<RawResponse> {
    const headers: Record<string, string> = { 'Content-Type': 'application/json' };
    if (admin) headers.Authorization = `Bearer ${adminToken}`;
    if (language) headers['Accept-Language'] = language;
    return sendRaw(t.url, { method: 'POST', path, headers, body });
  }

  it.each(routes)('$route: a body nested exactly to the limit reaches validation', async ({ path, admin }) => {
    const response = await send(path, admin, nestedBody(JSON_DEPTH_LIMIT));
    expect(response.status).toBe(400);
    expect(JSON.parse(response.text)).toMatchObject({ statusCode: 400, error: '입력값을 확인해주세요' });
  });

  it.each(routes)(
    '$route: a body one level past the limit is refused as too deep, in the request language',
    async ({ path, admin }) => {
      const korean = await send(path, admin, nestedBody(JSON_DEPTH_LIMIT + 1));
      expect(korean.headers['content-type']).toMatch(/^application\/json/);
      expect({ status: korean.status, body: JSON.parse(korean.text) }).toEqual({ status: 400, body: TOO_DEEP.ko });
      const english = await send(path, admin, nestedBody(JSON_DEPTH_LIMIT + 1), 'en-US,en;q=0.9');
      expect({ status: english.status, body: JSON.parse(english.text) }).toEqual({ status: 400, body: TOO_DEEP.en });
    },
  );

  it.each(routes)('$route: 98 kB of nesting answers 400, not a stack overflow', async ({ path, admin }) => {
    const body = nestedBody(49_000);
    expect(body.length).toBeGreaterThan(97_000);
    const response = await send(path, admin, body);
    expect({ status: response.status, body: JSON.parse(response.text) }).toEqual({ status: 400, body: TOO_DEEP.ko });
  });

  it('stored nothing and sent no mail', async () => {
    expect(await t.rowCounts()).toEqual({
      contact_submissions: 0,
      testimonials: 0,
      blog_posts: 0,
      blog_subscribers: 0,
    });
    expect(t.smtp.mails).toHaveLength(0);
  });
});
