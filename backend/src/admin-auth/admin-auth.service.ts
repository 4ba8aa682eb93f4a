import { createHash, createHmac, randomUUID, scrypt, scryptSync, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import { Injectable, UnauthorizedException } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { ApiProperty } from '@nestjs/swagger';
import { isUUID } from 'class-validator';
import { DataSource } from 'typeorm';
import type { VerifiedAdminToken } from '../common/admin-access.decorators';
import { postgresStore } from '../common/limiter-store';
import { AppConfig } from '../config/app-config';
import { DeviceCookies } from './device-cookie';
import { LoginThrottle } from './login-throttle';
import { RevokedTokenRepository } from './revoked-token.repository';
import { keyFromSecret } from './secret-keys';

export class AdminSession {
  @ApiProperty({ description: 'The bearer token of the admin calls' })
  token: string;

  @ApiProperty({ format: 'date-time' })
  expiresAt: string;
}

const scryptAsync = promisify(scrypt) as (password: string, salt: Buffer, keyLength: number) => Promise<Buffer>;

/**
 * Turns `ADMIN_PASSWORD_HASH` (scrypt$<salt>$<hash>, hex; lengths checked with the configuration)
 * or a plain password into a checker. scrypt runs on libuv's thread pool: a guess costs the event
 * loop nothing.
 */
function passwordChecker(env: AppConfig['env']): (candidate: string) => Promise<boolean> {
  if (env.ADMIN_PASSWORD_HASH) {
    const [, saltHex, hashHex] = env.ADMIN_PASSWORD_HASH.split('$');
    const salt = Buffer.from(saltHex, 'hex');
    const expected = Buffer.from(hashHex, 'hex');
    return async (candidate) => timingSafeEqual(await scryptAsync(candidate, salt, expected.length), expected);
  }
  // Comparing digests keeps the comparison constant-time whatever the candidate's length.
  const expected = createHash('sha256')
    .update(env.ADMIN_PASSWORD ?? '')
    .digest();
  return (candidate) => Promise.resolve(timingSafeEqual(createHash('sha256').update(candidate).digest(), expected));
}

/**
 * A fingerprint of the configured password (its hash where ADMIN_PASSWORD_HASH is set), keyed
 * from JWT_SECRET so that a token reveals nothing of it. Every token carries it (claim `pwf`):
 * changing the password, or only its hash, ends every session opened before.
 */
function passwordFingerprint(env: AppConfig['env']): string {
  const configured = env.ADMIN_PASSWORD_HASH
    ? `hash:${env.ADMIN_PASSWORD_HASH}`
    : `password:${env.ADMIN_PASSWORD ?? ''}`;
  return createHmac('sha256', keyFromSecret(jwtSecret(env), 'admin password fingerprint'))
    .update(configured)
    .digest()
    .subarray(0, 16)
    .toString('base64url');
}

/** Set by the configuration at start-up (a random one in development). */
function jwtSecret(env: AppConfig['env']): string {
  if (!env.JWT_SECRET) throw new Error('JWT_SECRET is not set');
  return env.JWT_SECRET;
}

/** The value for ADMIN_PASSWORD_HASH (a one-off command line tool, so synchronous). */
export function hashAdminPassword(password: string, salt: Buffer): string {
  return `scrypt$${salt.toString('hex')}$${scryptSync(password, salt, 32).toString('hex')}`;
}

/** Who asks to log in: the client's address, and the device cookie its browser sent, if any. */
export interface AdminClient {
  address: string;
  deviceCookie?: string;
}

export interface AdminLogin {
  session: AdminSession;
  /** The device cookie's new value: the browser is known from now on. */
  deviceCookie: string;
}

interface AdminClaims {
  sub?: unknown;
  jti?: unknown;
  pwf?: unknown;
  exp?: unknown;
}

@Injectable()
export class AdminAuthService {
  private readonly matchesPassword: (candidate: string) => Promise<boolean>;
  private readonly fingerprint: Buffer;
  private readonly devices: DeviceCookies;
  private readonly throttle: LoginThrottle;

  constructor(
    private readonly jwt: JwtService,
    private readonly revoked: RevokedTokenRepository,
    private readonly config: AppConfig,
    dataSource: DataSource,
  ) {
    const { env } = config;
    this.matchesPassword = passwordChecker(env);
    this.fingerprint = Buffer.from(passwordFingerprint(env));
    this.devices = new DeviceCookies(jwtSecret(env));
    this.throttle = new LoginThrottle(
      {
        maxFailuresPerAddress: env.ADMIN_LOGIN_MAX_FAILURES,
        globalFreeFailures: env.ADMIN_LOGIN_GLOBAL_FREE_FAILURES,
        globalMaxDelaySeconds: env.ADMIN_LOGIN_GLOBAL_MAX_DELAY_SECONDS,
        maxFailuresPerDevice: env.ADMIN_LOGIN_DEVICE_MAX_FAILURES,
        deviceLockoutSeconds: env.ADMIN_LOGIN_DEVICE_LOCKOUT_SECONDS,
      },
      postgresStore(dataSource),
    );
  }

  async login(password: string, client: AdminClient): Promise<AdminLogin> {
    const attempt = await this.throttle.admit({
      address: client.address,
      device: this.devices.idOf(client.deviceCookie),
    });
    if (!(await this.matchesPassword(password))) throw new UnauthorizedException('error.auth.wrongPassword');
    await attempt.succeeded();
    const ttl = this.config.env.JWT_TTL;
    const token = await this.jwt.signAsync(
      { sub: 'admin', jti: randomUUID(), pwf: this.fingerprint.toString() },
      { expiresIn: ttl },
    );
    return {
      session: { token, expiresAt: new Date(Date.now() + ttl * 1000).toISOString() },
      deviceCookie: this.devices.issue(),
    };
  }

  /**
   * The token's id and expiry when it is ours, unexpired, issued under the current password and
   * not logged out; null for anything else.
   */
  async verifiedToken(token: string): Promise<VerifiedAdminToken | null> {
    let claims: AdminClaims;
    try {
      claims = await this.jwt.verifyAsync<AdminClaims>(token, { algorithms: ['HS256'] });
    } catch {
      return null;
    }
    const { sub, jti, pwf, exp } = claims;
    if (sub !== 'admin' || typeof jti !== 'string' || !isUUID(jti) || typeof exp !== 'number') return null;
    if (typeof pwf !== 'string' || !this.isCurrentFingerprint(pwf)) return null;
    if (await this.revoked.isRevoked(jti)) return null;
    return { id: jti, expiresAt: new Date(exp * 1000) };
  }

  /** Ends the token on every replica: it is refused from now on. */
  async logout(token: VerifiedAdminToken): Promise<void> {
    await this.revoked.revoke(token.id, token.expiresAt);
  }

  private isCurrentFingerprint(fingerprint: string): boolean {
    const given = Buffer.from(fingerprint);
    return given.length === this.fingerprint.length && timingSafeEqual(given, this.fingerprint);
  }
}
