import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { DiscoveryService, MetadataScanner, ModulesContainer } from '@nestjs/core';
import { JwtService } from '@nestjs/jwt';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { parseSetCookie, type SetCookie } from 'cookie';
import { parse } from 'yaml';
import { ADMIN_ACCESS, type AdminAccess } from '../src/common/admin-access.decorators';
import { hashAdminPassword } from '../src/admin-auth/admin-auth.service';
import { DEVICE_COOKIE, DeviceCookies } from '../src/admin-auth/device-cookie';
import { startBackendProcess } from './support/backend-process';
import { validationError } from './support/contract';
import { eventually } from './support/eventually';
import { validInquiry, validPost } from './support/factories';
import { expectNoWrites } from './support/no-writes';
import { ADMIN_PASSWORD, startTestApp, type TestApp } from './support/test-app';
import { createTestSchema } from './support/test-database';

const JWT_SECRET = 'test-jwt-secret-that-is-long-enough-0123456789';
const DEFAULT_JWT_TTL_SECONDS = 12 * 3600;

/**
 * The routes anyone may call without a token, reviewed one by one. A new public route has to
 * be added here on purpose; anything else must demand an admin token.
 */
const REVIEWED_PUBLIC_ROUTES = [
  'GET /api/health',
  // Liveness and readiness for orchestrators; through nginx only the bare status.
  'GET /api/health/live',
  'GET /api/health/ready',
  'GET /api/testimonials/featured',
  'POST /api/contact',
  'POST /api/partner',
  'POST /api/subscribe',
  'POST /api/subscribe/confirm',
  'POST /api/unsubscribe',
  'POST /api/unsubscribe/one-click',
  'GET /api/unsubscribe/one-click',
  'POST /api/admin/verify',
  'GET /api/qr/available',
  'GET /api/qr/available/stream',
  'GET /api/qr/:qrToken/image.png',
  // Video messages: a scanned code's page needs no account; the owner key guards take-back.
  'GET /api/messages/:qrToken',
  'POST /api/messages/:qrToken/video',
  'DELETE /api/messages/:qrToken/video',
  'GET /api/videos/:id',
  'GET /api/videos/:id/poster.jpg',
];

/** Routes that serve anonymous visitors and give more (drafts) to a valid token. */
const VALID_TESTIMONIAL = { name: '김민지', role: '꽃집 운영', content: '손님들이 정말 좋아하세요. 감사합니다!' };

const REVIEWED_OPTIONAL_ROUTES = ['GET /api/posts', 'GET /api/posts/slug/:slug'];

interface Route {
  method: string;
  path: string;
  access: AdminAccess | 'admin';
}
const routeName = (route: Route) => `${route.method} ${route.path}`;

/** Every route of the running application, read from Nest's own controller metadata. */
function discoverRoutes(app: NestExpressApplication): Route[] {
  const discovery = new DiscoveryService(app.get(ModulesContainer));
  const scanner = new MetadataScanner();
  const routes: Route[] = [];
  for (const wrapper of discovery.getControllers()) {
    const controller = wrapper.metatype as { prototype: Record<string, unknown> } | null;
    if (!controller) continue;
    const prefixes = [Reflect.getMetadata(PATH_METADATA, controller) ?? ''].flat() as string[];
    for (const name of scanner.getAllMethodNames(controller.prototype)) {
      const handler = controller.prototype[name] as object;
      const paths = Reflect.getMetadata(PATH_METADATA, handler) as string | string[] | undefined;
      const method = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
      if (paths === undefined || method === undefined) continue;
      // The guard's rule: the handler's marking wins, then the controller's, else admin only.
      const access: AdminAccess | 'admin' =
        Reflect.getMetadata(ADMIN_ACCESS, handler) ?? Reflect.getMetadata(ADMIN_ACCESS, controller) ?? 'admin';
      for (const prefix of prefixes) {
        for (const path of [paths].flat()) {
          const full = `/api/${prefix}/${path}`.replace(/\/+/g, '/').replace(/(.)\/$/, '$1');
          routes.push({ method: RequestMethod[method], path: full, access });
        }
      }
    }
  }
  return routes;
}

function signed(payload: object, secret = JWT_SECRET, algorithm: 'HS256' | 'HS512' = 'HS256'): string {
  return new JwtService({ secret, signOptions: { algorithm } }).sign(payload);
}

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** Authorization headers that must never open an admin route. */
const BAD_AUTHORIZATIONS: [string, () => string][] = [
  ["'Bearer abc'", () => 'Bearer abc'],
  ["'Basic xyz'", () => 'Basic xyz'],
  ["'Bearer a.b'", () => 'Bearer a.b'],
  ["'Bearer a.b.c'", () => 'Bearer a.b.c'],
  ['an empty header', () => ''],
  ["'Bearer ' alone", () => 'Bearer '],
  [
    'a token signed with another secret',
    () => `Bearer ${signed({ sub: 'admin' }, 'another-secret-that-is-long-enough-0000')}`,
  ],
  [
    'an expired token signed with the right secret',
    () => `Bearer ${signed({ sub: 'admin', exp: Math.floor(Date.now() / 1000) - 60 })}`,
  ],
  ['a token for another subject', () => `Bearer ${signed({ sub: 'visitor' })}`],
  ['a token of the old format, without an id or a password fingerprint', () => `Bearer ${signed({ sub: 'admin' })}`],
  [
    "a token carrying another password's fingerprint",
    () => `Bearer ${signed({ sub: 'admin', jti: randomUUID(), pwf: 'AAAAAAAAAAAAAAAAAAAAAA' })}`,
  ],
  ['a token signed with HS512 instead of HS256', () => `Bearer ${signed({ sub: 'admin' }, JWT_SECRET, 'HS512')}`],
  [
    "an unsigned token (alg 'none')",
    () => `Bearer ${base64url({ alg: 'none', typ: 'JWT' })}.${base64url({ sub: 'admin' })}.`,
  ],
  [
    "an 'alg none' token with a made-up signature",
    () => `Bearer ${base64url({ alg: 'none', typ: 'JWT' })}.${base64url({ sub: 'admin' })}.c2lnbmF0dXJl`,
  ],
];

describe('admin authentication', () => {
  let t: TestApp;
  let token: string;
  let routes: Route[];
  /** Existing rows whose ids fill the path parameters: a route that let a bad token through would change them. */
  let fixtures: Fixtures;

  interface Fixtures {
    post: { id: string; slug: string };
    qrCode: { id: string };
    inquiry: { id: string };
    testimonial: { id: string };
  }

  async function createFixtures(): Promise<Fixtures> {
    const auth = { Authorization: `Bearer ${token}` };
    const post = await t.http
      .post('/api/posts')
      .set(auth)
      .send(validPost({ published: true }))
      .expect(201);
    const qr = await t.http.post('/api/admin/qr').set(auth).send({ count: 1 }).expect(201);
    const inquiry = await t.http.post('/api/contact').send(validInquiry()).expect(201);
    const testimonial = await t.http.post('/api/admin/testimonials').set(auth).send(VALID_TESTIMONIAL).expect(201);
    return { post: post.body, qrCode: qr.body.items[0], inquiry: inquiry.body, testimonial: testimonial.body };
  }

  /** The path with its parameters filled from the fixtures (a random id for a route this test does not know). */
  function pathOf(route: Route, { post, qrCode, inquiry, testimonial }: Fixtures): string {
    const byPrefix: [string, Record<string, string>][] = [
      ['/api/posts/', { id: post.id, slug: post.slug }],
      ['/api/admin/qr/', { id: qrCode.id }],
      ['/api/admin/inquiries/', { id: inquiry.id }],
      ['/api/admin/testimonials/', { id: testimonial.id }],
      ['/api/admin/newsletters/', { postId: post.id }],
    ];
    const params = byPrefix.find(([prefix]) => route.path.startsWith(prefix))?.[1] ?? {};
    return route.path.replace(/:(\w+)/g, (_, name: string) => params[name] ?? randomUUID());
  }

  /** A body the route would accept, so that only the token stands between the request and a write. */
  const BODIES: Record<string, () => object> = {
    'POST /api/posts': () => validPost({ published: true }),
    'PATCH /api/posts/:id': () => ({ title: '토큰 없이 바꾼 제목', published: false }),
    'POST /api/admin/qr': () => ({ count: 2 }),
    'PATCH /api/admin/qr/:id': () => ({ status: 'disabled' }),
    'POST /api/admin/testimonials': () => VALID_TESTIMONIAL,
    'PATCH /api/admin/testimonials/:id': () => ({ featured: true }),
  };

  function call(route: Route, authorization?: string, params = fixtures) {
    const method = route.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
    const request = t.http[method](pathOf(route, params));
    if (authorization !== undefined) request.set('Authorization', authorization);
    const body = BODIES[routeName(route)];
    return body ? request.send(body()) : request;
  }

  beforeAll(async () => {
    t = await startTestApp();
    token = await t.adminToken();
    routes = discoverRoutes(t.app);
    fixtures = await createFixtures();
  });
  afterAll(() => t.close());

  function verify(password: unknown, clientAddress?: string, language?: string) {
    const request = t.http.post('/api/admin/verify');
    if (clientAddress) request.set('X-Forwarded-For', clientAddress);
    if (language) request.set('Accept-Language', language);
    return request.send({ password });
  }

  describe('POST /api/admin/verify', () => {
    it('exchanges the right password for {token, expiresAt} with expiresAt an ISO time in the future', async () => {
      const before = Date.now();
      const response = await verify(ADMIN_PASSWORD).expect(200);
      expect(Object.keys(response.body).sort()).toEqual(['expiresAt', 'token']);
      expect(response.body.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
      const { expiresAt } = response.body;
      expect(new Date(expiresAt).toISOString()).toBe(expiresAt);
      expect(Date.parse(expiresAt)).toBeGreaterThan(Date.now());
      expect(Date.parse(expiresAt) - before).toBeGreaterThanOrEqual(DEFAULT_JWT_TTL_SECONDS * 1000 - 1000);
      expect(Date.parse(expiresAt) - before).toBeLessThanOrEqual(DEFAULT_JWT_TTL_SECONDS * 1000 + 60_000);
    });

    it('gives a token that opens the admin routes', async () => {
      const { body } = await verify(ADMIN_PASSWORD).expect(200);
      await t.http.get('/api/posts').set('Authorization', `Bearer ${body.token}`).expect(200);
    });

    it('answers 401 비밀번호가 올바르지 않습니다 to a wrong password', async () => {
      const response = await verify('wrong-password', '198.51.100.1').expect(401);
      expect(response.body).toEqual({ statusCode: 401, error: '비밀번호가 올바르지 않습니다' });
    });

    it("answers 401 'The password is incorrect' with Accept-Language: en", async () => {
      const response = await verify('wrong-password', '198.51.100.2', 'en').expect(401);
      expect(response.body).toEqual({ statusCode: 401, error: 'The password is incorrect' });
    });

    it('rejects the password with different case or surrounding spaces', async () => {
      await verify(ADMIN_PASSWORD.toUpperCase(), '198.51.100.3').expect(401);
      await verify(` ${ADMIN_PASSWORD} `, '198.51.100.3').expect(401);
    });

    it.each([undefined, '', 12345, null, ['x']])(
      'answers 400 비밀번호를 입력해주세요 to the password %p',
      async (password) => {
        const response = await verify(password, '198.51.100.4').expect(400);
        expect(response.body).toEqual(validationError([{ field: 'password', message: '비밀번호를 입력해주세요' }]));
      },
    );

    it('answers 429 after 5 failed attempts from one address within a minute, even to the right password', async () => {
      const address = '203.0.113.10';
      for (let attempt = 1; attempt <= 5; attempt++) {
        await verify(`wrong-${attempt}`, address).expect(401);
      }
      const response = await verify(ADMIN_PASSWORD, address).expect(429);
      expect(response.body).toEqual({
        statusCode: 429,
        error: '로그인 시도가 너무 많습니다. 1분 후 다시 시도해주세요',
      });
      const retryAfter = Number(response.headers['retry-after']);
      expect(Number.isInteger(retryAfter)).toBe(true);
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);

      const english = await verify('wrong-again', address, 'en').expect(429);
      expect(english.body).toEqual({
        statusCode: 429,
        error: 'Too many login attempts. Please wait a minute and try again',
      });
    });

    it('keeps the lock to the flooding address: another address still logs in', async () => {
      const flooder = '203.0.113.20';
      for (let attempt = 1; attempt <= 5; attempt++) await verify('wrong', flooder).expect(401);
      await verify(ADMIN_PASSWORD, flooder).expect(429);
      await verify(ADMIN_PASSWORD, '203.0.113.21').expect(200);
    });

    it('forgets earlier failures after a successful login', async () => {
      const address = '203.0.113.30';
      for (let attempt = 1; attempt <= 4; attempt++) await verify('wrong', address).expect(401);
      await verify(ADMIN_PASSWORD, address).expect(200);
      for (let attempt = 1; attempt <= 4; attempt++) await verify('wrong', address).expect(401);
      await verify(ADMIN_PASSWORD, address).expect(200);
    });
  });

  describe('every route, enumerated from Nest metadata', () => {
    it('finds the routes the OpenAPI document lists, and no others', async () => {
      const { body } = await t.http.get('/api/docs/openapi.json').expect(200);
      const documented = Object.entries(body.paths as Record<string, object>).flatMap(([path, operations]) =>
        Object.keys(operations).map((method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
      );
      expect(routes.map(routeName).sort()).toEqual(documented.sort());
      expect(routes.map(routeName)).toEqual(
        expect.arrayContaining(['POST /api/posts', 'DELETE /api/posts/:id', 'GET /api/admin/posts']),
      );
    });

    it('marks exactly the reviewed routes @Public()', () => {
      const publicRoutes = routes.filter((r) => r.access === 'public').map(routeName);
      expect(publicRoutes.sort()).toEqual([...REVIEWED_PUBLIC_ROUTES].sort());
    });

    it('marks exactly the reviewed routes @AdminOptional()', () => {
      const optionalRoutes = routes.filter((r) => r.access === 'optional').map(routeName);
      expect(optionalRoutes.sort()).toEqual([...REVIEWED_OPTIONAL_ROUTES].sort());
    });

    it('rejects a request without a token on every admin-only route with 401, writing nothing', async () => {
      const adminOnly = routes.filter((r) => r.access === 'admin');
      expect(adminOnly.length).toBeGreaterThan(0);
      for (const route of adminOnly) {
        const response = await expectNoWrites(t, () => call(route));
        expect({ route: routeName(route), status: response.status, body: response.body }).toEqual({
          route: routeName(route),
          status: 401,
          body: { statusCode: 401, error: '관리자 로그인이 필요합니다' },
        });
      }
    });

    it('serves anonymous requests on every optional route', async () => {
      for (const route of routes.filter((r) => r.access === 'optional')) {
        const response = await call(route);
        expect({ route: routeName(route), status: response.status }).toEqual({ route: routeName(route), status: 200 });
      }
    });

    it.each(BAD_AUTHORIZATIONS)(
      'rejects %s on every route that is not public with 401, writing nothing',
      async (_, authorization) => {
        const guarded = routes.filter((r) => r.access !== 'public');
        expect(guarded.length).toBeGreaterThan(0);
        for (const route of guarded) {
          const response = await expectNoWrites(t, () => call(route, authorization()));
          expect({ route: routeName(route), status: response.status, body: response.body }).toEqual({
            route: routeName(route),
            status: 401,
            body: {
              statusCode: 401,
              error: '로그인이 만료되었거나 유효하지 않습니다. 다시 로그인해주세요',
            },
          });
        }
      },
    );

    it('lets a valid token through the guard of every route that is not public', async () => {
      for (const route of routes.filter((r) => r.access !== 'public')) {
        // Rows of its own, so that a DELETE or PATCH acts on something no other test needs, and a
        // token of its own, which logging out ends.
        const response = await call(route, `Bearer ${await t.adminToken()}`, await createFixtures());
        expect(`${routeName(route)} -> ${response.status}`).toMatch(/ -> 20[014]$/);
      }
    });
  });
});

/** The backend's TRUST_PROXY as docker compose sets it, behind the compose nginx. */
function composeTrustProxy(): string {
  const compose = parse(readFileSync(join(__dirname, '../../docker-compose.yml'), 'utf8'));
  return String(compose.services.backend.environment.TRUST_PROXY);
}

const TOO_MANY_ATTEMPTS = {
  ko: '로그인 시도가 너무 많습니다. 1분 후 다시 시도해주세요',
  en: 'Too many login attempts. Please wait a minute and try again',
};
const SLOWED_DOWN = {
  ko: '로그인 시도가 많아 확인을 잠시 늦추고 있습니다. 몇 초 후 다시 시도해주세요',
  en: 'There have been many login attempts, so checks are slowed down. Please try again in a few seconds',
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** How many times this process's event loop (the server's as well) turns while `work` runs. */
async function eventLoopTurnsDuring(work: PromiseLike<unknown>): Promise<number> {
  let turns = 0;
  let running = true;
  const turn = () => {
    if (!running) return;
    turns += 1;
    setImmediate(turn);
  };
  setImmediate(turn);
  try {
    await work;
  } finally {
    running = false;
  }
  return turns;
}

describe('admin login behind the one proxy docker compose puts in front, with a scrypt hash and the default limits', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(
      {
        TRUST_PROXY: composeTrustProxy(),
        ADMIN_PASSWORD: '',
        ADMIN_PASSWORD_HASH: hashAdminPassword(ADMIN_PASSWORD, randomBytes(16)),
      },
      { limits: 'default' },
    );
  });
  afterAll(() => t.close());

  /**
   * A login as nginx passes it on: whatever X-Forwarded-For the visitor wrote (`spoofed`), the
   * proxy's own entry, the visitor's real address, comes last.
   */
  function verifyVia(visitor: string, password: string, spoofed?: string, language?: string) {
    const request = t.http
      .post('/api/admin/verify')
      .set('X-Forwarded-For', spoofed ? `${spoofed}, ${visitor}` : visitor);
    if (language) request.set('Accept-Language', language);
    return request.send({ password });
  }

  it('trusts exactly one proxy hop', () => {
    expect(composeTrustProxy()).toBe('1');
  });

  it('checks the password against a real scrypt hash: the right one logs in, any other is 401', async () => {
    await verifyVia('192.0.2.1', ADMIN_PASSWORD).expect(200);
    await verifyVia('192.0.2.1', `${ADMIN_PASSWORD}x`).expect(401);
  });

  it('checks a guess off the event loop: the server keeps serving while scrypt runs', async () => {
    const turns = await eventLoopTurnsDuring(verifyVia('192.0.2.2', 'a-wrong-guess').expect(401));
    // A synchronous scrypt holds the loop for the whole check (a few dozen turns at most).
    expect(turns).toBeGreaterThan(200);
  });

  it('reaches 429 after 5 wrong logins from one visitor, whatever X-Forwarded-For each one writes', async () => {
    const statuses: number[] = [];
    for (let attempt = 1; attempt <= 12; attempt++) {
      const response = await verifyVia('192.0.2.10', `wrong-${attempt}`, `10.${attempt}.0.1`);
      statuses.push(response.status);
    }
    expect(statuses).toEqual([...Array(5).fill(401), ...Array(7).fill(429)]);
    const locked = await verifyVia('192.0.2.10', ADMIN_PASSWORD, '198.51.100.99', 'en').expect(429);
    expect(locked.body).toEqual({ statusCode: 429, error: TOO_MANY_ATTEMPTS.en });
  });

  it('keeps the admin able to log in from another address while one address is locked', async () => {
    for (let attempt = 1; attempt <= 5; attempt++) await verifyVia('192.0.2.20', 'wrong').expect(401);
    // Someone who writes the admin's address into the header locks only themselves.
    await verifyVia('192.0.2.20', 'wrong', '192.0.2.21').expect(429);
    await verifyVia('192.0.2.20', ADMIN_PASSWORD).expect(429);
    await verifyVia('192.0.2.21', ADMIN_PASSWORD).expect(200);
  });

  it('checks at most 5 of 20 simultaneous guesses from one address', async () => {
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, attempt) => verifyVia('192.0.2.30', `wrong-${attempt}`, `10.0.${attempt}.1`)),
    );
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses).toEqual([...Array(5).fill(401), ...Array(15).fill(429)]);
  });
});

describe('admin login: the global backoff, with the default settings', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({}, { limits: 'default' });
  });
  afterAll(() => t.close());

  function verify(password: string, clientAddress: string, language?: string) {
    const request = t.http.post('/api/admin/verify').set('X-Forwarded-For', clientAddress);
    if (language) request.set('Accept-Language', language);
    return request.send({ password });
  }

  it('past 20 failures from all addresses together spaces the checks out, 1 s then twice as long, without locking the admin out', async () => {
    // Four addresses, each up to its own limit: 20 failures, still free.
    for (let address = 1; address <= 4; address++) {
      for (let attempt = 1; attempt <= 5; attempt++) await verify('wrong', `198.18.0.${address}`).expect(401);
    }
    // The 21st is checked, and makes the next check, from any address, wait a second.
    await verify('wrong', '198.18.0.5').expect(401);
    const slowed = await verify(ADMIN_PASSWORD, '198.18.0.6').expect(429);
    expect(slowed.body).toEqual({ statusCode: 429, error: SLOWED_DOWN.ko });
    expect(slowed.headers['retry-after']).toBe('1');

    await sleep(1000);
    await verify('wrong', '198.18.0.6').expect(401);
    const longer = await verify(ADMIN_PASSWORD, '198.18.0.7', 'en').expect(429);
    expect(longer.body).toEqual({ statusCode: 429, error: SLOWED_DOWN.en });
    expect(longer.headers['retry-after']).toBe('2');

    // Being told to wait is no failure of the address: after the wait the admin gets in from it.
    await sleep(2000);
    await verify(ADMIN_PASSWORD, '198.18.0.7').expect(200);
  });
});

const DEVICE_LOCKED = {
  ko: '이 브라우저에서 로그인에 여러 번 실패했습니다. 잠시 후 다시 시도해주세요',
  en: 'Too many failed logins from this browser. Please try again later',
};

describe('admin login from a known browser (device cookies) while strangers guess, with the default settings', () => {
  let t: TestApp;
  /** Device cookies of browsers the admin logged in from before the guessing began. */
  const browsers: Record<'admin' | 'other' | 'clumsy' | 'office', string> = {
    admin: '',
    other: '',
    clumsy: '',
    office: '',
  };
  let addresses = 0;
  /** A stranger's address never used before: no per-address limit ever stops the guessing. */
  const freshAddress = () => {
    addresses += 1;
    return `198.19.${addresses >> 8}.${addresses & 255}`;
  };

  interface Login {
    address?: string;
    /** The device cookie's value the browser sends. */
    device?: string;
    language?: string;
    forwardedProto?: string;
  }

  function verify(password: string, { address, device, language, forwardedProto }: Login = {}) {
    const request = t.http.post('/api/admin/verify').set('X-Forwarded-For', address ?? freshAddress());
    if (device !== undefined) request.set('Cookie', `${DEVICE_COOKIE}=${device}`);
    if (language) request.set('Accept-Language', language);
    if (forwardedProto) request.set('X-Forwarded-Proto', forwardedProto);
    return request.send({ password });
  }

  /** The device cookie a response set, or undefined. */
  function deviceCookieOf(response: { headers: Record<string, unknown> }): SetCookie | undefined {
    const lines = [response.headers['set-cookie'] ?? []].flat() as string[];
    const line = lines.find((candidate) => candidate.startsWith(`${DEVICE_COOKIE}=`));
    return line === undefined ? undefined : parseSetCookie(line);
  }

  async function knownBrowser(address?: string): Promise<string> {
    const cookie = deviceCookieOf(await verify(ADMIN_PASSWORD, { address }).expect(200));
    expect(cookie?.value).toBeDefined();
    return cookie!.value!;
  }

  /**
   * Wrong guesses, each from an address of its own, `workers` at a time without waiting for
   * Retry-After, until stopped; counts the answers by status.
   */
  function startGuessing(workers: number) {
    let running = true;
    const answered: Record<number, number> = {};
    const loops = Array.from({ length: workers }, async () => {
      while (running) {
        const { status } = await verify('a-wrong-guess');
        answered[status] = (answered[status] ?? 0) + 1;
        // A little air for the server's other requests on a shared machine.
        await sleep(5);
      }
    });
    return {
      answered,
      async stop() {
        running = false;
        await Promise.all(loops);
      },
    };
  }

  /**
   * Guesses until one is checked past the free allowance (a 429 came before it): the next check of
   * any stranger has to wait now.
   */
  async function closeTheGate(): Promise<void> {
    let slowedDown = false;
    await eventually(
      () => verify('a-wrong-guess'),
      ({ status }) => {
        slowedDown ||= status === 429;
        return slowedDown && status === 401;
      },
      'a guess checked past the free allowance',
    );
  }

  beforeAll(async () => {
    t = await startTestApp({}, { limits: 'default' });
    browsers.admin = await knownBrowser();
    browsers.other = await knownBrowser();
    browsers.clumsy = await knownBrowser();
    browsers.office = await knownBrowser('192.0.2.60');
  });
  afterAll(() => t.close());

  it('sets the device cookie on a successful login: HttpOnly, SameSite=Strict, for the login route alone, for a year, Secure over https', async () => {
    const plain = deviceCookieOf(await verify(ADMIN_PASSWORD).expect(200));
    expect(plain).toMatchObject({
      httpOnly: true,
      sameSite: 'strict',
      path: '/api/admin/verify',
      maxAge: 365 * 24 * 3600,
    });
    expect(plain?.value).toMatch(/^[\w-]{22}\.[\w-]{43}$/);
    expect(plain?.secure).toBeFalsy();

    // Behind nginx with TLS, which says so in X-Forwarded-Proto (trusted from the proxy alone).
    expect(deviceCookieOf(await verify(ADMIN_PASSWORD, { forwardedProto: 'https' }).expect(200))).toMatchObject({
      secure: true,
    });

    expect(deviceCookieOf(await verify('a-wrong-password').expect(401))).toBeUndefined();
  });

  it('lets a known browser in from an address that strangers locked', async () => {
    const office = '192.0.2.60';
    for (let attempt = 1; attempt <= 5; attempt++) await verify('wrong', { address: office }).expect(401);
    await verify(ADMIN_PASSWORD, { address: office }).expect(429);
    await verify(ADMIN_PASSWORD, { address: office, device: browsers.office }).expect(200);
  });

  it('lets the admin in from a known browser every time while guesses from many addresses keep the backoff engaged', async () => {
    const guessing = startGuessing(4);
    const admitted: number[] = [];
    let slowedBefore = 0;
    try {
      await eventually(
        () => guessing.answered[429] ?? 0,
        (count) => count > 0,
        'the guessers being asked to wait',
      );
      slowedBefore = guessing.answered[429];
      let device = browsers.admin;
      for (let login = 1; login <= 10; login++) {
        const response = await verify(ADMIN_PASSWORD, { device });
        admitted.push(response.status);
        // Each login hands the browser a new cookie, as a browser would keep it.
        device = deviceCookieOf(response)?.value ?? device;
      }
      browsers.admin = device;
    } finally {
      await guessing.stop();
    }
    expect(admitted).toEqual(Array(10).fill(200));
    // The guessing went on, its checks spaced out, while the admin logged in.
    expect(guessing.answered[429]).toBeGreaterThan(slowedBefore);
    expect(guessing.answered[401]).toBeGreaterThan(0);
  });

  it('asks a stranger with the right password to wait like the guessers (429, Retry-After) while the known browser gets in', async () => {
    await closeTheGate();
    const stranger = await verify(ADMIN_PASSWORD).expect(429);
    expect(stranger.body).toEqual({ statusCode: 429, error: SLOWED_DOWN.ko });
    expect(Number(stranger.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    await verify(ADMIN_PASSWORD, { device: browsers.other }).expect(200);
  });

  it('treats a forged or altered device cookie as none: it waits like a stranger', async () => {
    const [id, signature] = browsers.other.split('.');
    const altered = `${id}.${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
    const foreign = new DeviceCookies('another-secret-that-is-long-enough-000000').issue();
    await closeTheGate();
    for (const device of ['forged', `${'a'.repeat(22)}.${'b'.repeat(43)}`, altered, foreign, '']) {
      const response = await verify(ADMIN_PASSWORD, { device });
      expect({ device, status: response.status, body: response.body }).toEqual({
        device,
        status: 429,
        body: { statusCode: 429, error: SLOWED_DOWN.ko },
      });
    }
    await verify(ADMIN_PASSWORD, { device: browsers.other }).expect(200);
  });

  it('locks a known browser out after 5 failures of its own, the right password too (429, Retry-After), and no other browser', async () => {
    for (let attempt = 1; attempt <= 5; attempt++) {
      await verify(`wrong-${attempt}`, { device: browsers.clumsy }).expect(401);
    }
    const locked = await verify(ADMIN_PASSWORD, { device: browsers.clumsy }).expect(429);
    expect(locked.body).toEqual({ statusCode: 429, error: DEVICE_LOCKED.ko });
    const retryAfter = Number(locked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(60);
    expect(retryAfter).toBeLessThanOrEqual(900);
    const english = await verify(ADMIN_PASSWORD, { device: browsers.clumsy, language: 'en' }).expect(429);
    expect(english.body).toEqual({ statusCode: 429, error: DEVICE_LOCKED.en });

    await verify(ADMIN_PASSWORD, { device: browsers.admin }).expect(200);
  });
});

describe('ADMIN_PASSWORD_HASH', () => {
  it.each(['scrypt$0$0', `scrypt$${'00'.repeat(8)}$${'00'.repeat(32)}`, `scrypt$${'00'.repeat(16)}$${'00'.repeat(8)}`])(
    'stops the backend at start-up when it is %s, naming the variable',
    async (hash) => {
      const schema = await createTestSchema();
      try {
        await expect(
          startBackendProcess({ DATABASE_URL: schema.url, ADMIN_PASSWORD_HASH: hash, ADMIN_PASSWORD: '' }),
        ).rejects.toThrow(
          /ADMIN_PASSWORD_HASH: needs a salt of at least 16 bytes and a key of at least 32 bytes|ADMIN_PASSWORD_HASH: must look like/,
        );
      } finally {
        await schema.drop();
      }
    },
  );
});
