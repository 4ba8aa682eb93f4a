import { randomBytes, randomUUID } from 'node:crypto';
import { JwtService } from '@nestjs/jwt';
import { hashAdminPassword } from '../src/admin-auth/admin-auth.service';
import { ForgetRevokedTokensJob } from '../src/admin-auth/forget-revoked-tokens.job';
import { ADMIN_PASSWORD, startTestApp, type TestApp } from './support/test-app';

const JWT_SECRET = 'test-jwt-secret-that-is-long-enough-0123456789';
const INVALID = { statusCode: 401, error: '로그인이 만료되었거나 유효하지 않습니다. 다시 로그인해주세요' };

const claimsOf = (token: string): Record<string, unknown> =>
  JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8')) as Record<string, unknown>;

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** What an admin-only read answers to `token`. */
const inquiriesStatus = async (app: TestApp, token: string) =>
  (await app.http.get('/api/admin/inquiries').set(bearer(token))).status;

async function loginTo(app: TestApp, password = ADMIN_PASSWORD): Promise<string> {
  const response = await app.http.post('/api/admin/verify').send({ password }).expect(200);
  return response.body.token as string;
}

describe('admin tokens end with the password and at logout', () => {
  let t: TestApp;
  /** Backends started beside `t` on its database, closed after each test. */
  const others: TestApp[] = [];
  const beside = async (overrides: Record<string, string> = {}) => {
    const app = await startTestApp(overrides, { schema: t.schema });
    others.push(app);
    return app;
  };

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterEach(async () => {
    while (others.length > 0) await others.pop()!.close();
  });
  afterAll(() => t.close());

  it('carries an id of its own and a fingerprint of the password, never the password', async () => {
    const [first, second] = [await loginTo(t), await loginTo(t)];
    const claims = claimsOf(first);
    expect(Object.keys(claims).sort()).toEqual(['exp', 'iat', 'jti', 'pwf', 'sub']);
    expect(claims.jti).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(claimsOf(second).jti).not.toBe(claims.jti);
    expect(claims.pwf).toMatch(/^[\w-]{22}$/);
    expect(claimsOf(second).pwf).toBe(claims.pwf);
    expect(JSON.stringify(claims)).not.toContain(ADMIN_PASSWORD);
  });

  it('refuses a token of ours signed again without its id, and one without the fingerprint (the old format)', async () => {
    const { sub, pwf, exp } = claimsOf(await loginTo(t));
    const jwt = new JwtService({ secret: JWT_SECRET, signOptions: { algorithm: 'HS256' } });
    for (const claims of [
      { sub, pwf, exp },
      { sub, jti: randomUUID(), exp },
      { sub, exp },
    ]) {
      const response = await t.http.get('/api/admin/inquiries').set(bearer(jwt.sign(claims)));
      expect({ claims: Object.keys(claims), status: response.status, body: response.body }).toEqual({
        claims: Object.keys(claims),
        status: 401,
        body: INVALID,
      });
    }
  });

  it('ends every session opened before the password changed: the backend restarted with another ADMIN_PASSWORD answers 401', async () => {
    const before = await loginTo(t);
    expect(await inquiriesStatus(t, before)).toBe(200);

    const changed = await beside({ ADMIN_PASSWORD: 'another-admin-password-456' });
    const refused = await changed.http.get('/api/admin/inquiries').set(bearer(before)).expect(401);
    expect(refused.body).toEqual(INVALID);

    // The new password's sessions open there, and no backend still on the old password takes them.
    const after = await loginTo(changed, 'another-admin-password-456');
    expect(await inquiriesStatus(changed, after)).toBe(200);
    expect(await inquiriesStatus(t, after)).toBe(401);
  });

  it('ends every session when only ADMIN_PASSWORD_HASH changes (the same password, a new salt)', async () => {
    const hashed = (salt: Buffer) => ({
      ADMIN_PASSWORD: '',
      ADMIN_PASSWORD_HASH: hashAdminPassword(ADMIN_PASSWORD, salt),
    });
    const first = await beside(hashed(randomBytes(16)));
    const token = await loginTo(first);
    expect(await inquiriesStatus(first, token)).toBe(200);

    const rehashed = await beside(hashed(randomBytes(16)));
    expect(await inquiriesStatus(rehashed, token)).toBe(401);
    expect(await inquiriesStatus(rehashed, await loginTo(rehashed))).toBe(200);
  });

  it('ends the token at logout on every backend of the database (204, then 401), and no other token', async () => {
    const replica = await beside();
    const token = await loginTo(t);
    const other = await loginTo(t);
    expect(await inquiriesStatus(replica, token)).toBe(200);

    const answer = await t.http.post('/api/admin/logout').set(bearer(token)).expect(204);
    expect(answer.text).toBe('');

    const refused = await t.http.get('/api/admin/inquiries').set(bearer(token)).expect(401);
    expect(refused.body).toEqual(INVALID);
    expect(await inquiriesStatus(replica, token)).toBe(401);
    await t.http.post('/api/admin/logout').set(bearer(token)).expect(401);

    expect(await inquiriesStatus(t, other)).toBe(200);
    expect(await inquiriesStatus(replica, other)).toBe(200);

    // Kept until the token's own expiry, when it is refused anyway.
    const rows: { expires_at: Date }[] = await t.db.query(
      'SELECT expires_at FROM revoked_admin_tokens WHERE token_id = $1',
      [claimsOf(token).jti],
    );
    expect(rows.map((row) => row.expires_at.getTime())).toEqual([(claimsOf(token).exp as number) * 1000]);
  });

  it('forgets the revocations of tokens that have expired, and keeps the others', async () => {
    const token = await loginTo(t);
    await t.http.post('/api/admin/logout').set(bearer(token)).expect(204);
    const expired = randomUUID();
    await t.db.query(
      `INSERT INTO revoked_admin_tokens (token_id, expires_at) VALUES ($1, now() - interval '1 second')`,
      [expired],
    );

    await t.app.get(ForgetRevokedTokensJob).run();

    const rows: { token_id: string }[] = await t.db.query(
      'SELECT token_id FROM revoked_admin_tokens WHERE token_id = ANY($1)',
      [[expired, claimsOf(token).jti]],
    );
    expect(rows.map((row) => row.token_id)).toEqual([claimsOf(token).jti]);
    expect(await inquiriesStatus(t, token)).toBe(401);
  });
});
