import { createHash, scrypt, scryptSync, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import { Injectable, UnauthorizedException } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { ApiProperty } from '@nestjs/swagger';
import { AppConfig } from '../config/app-config';
import { DeviceCookies } from './device-cookie';
import { LoginThrottle } from './login-throttle';

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

@Injectable()
export class AdminAuthService {
  private readonly matchesPassword: (candidate: string) => Promise<boolean>;
  private readonly devices: DeviceCookies;
  private readonly throttle: LoginThrottle;

  constructor(
    private readonly jwt: JwtService,
    private readonly config: AppConfig,
  ) {
    const { env } = config;
    this.matchesPassword = passwordChecker(env);
    this.devices = new DeviceCookies(jwtSecret(env));
    this.throttle = new LoginThrottle({
      maxFailuresPerAddress: env.ADMIN_LOGIN_MAX_FAILURES,
      globalFreeFailures: env.ADMIN_LOGIN_GLOBAL_FREE_FAILURES,
      globalMaxDelaySeconds: env.ADMIN_LOGIN_GLOBAL_MAX_DELAY_SECONDS,
      maxFailuresPerDevice: env.ADMIN_LOGIN_DEVICE_MAX_FAILURES,
      deviceLockoutSeconds: env.ADMIN_LOGIN_DEVICE_LOCKOUT_SECONDS,
    });
  }

  async login(password: string, client: AdminClient): Promise<AdminLogin> {
    const attempt = await this.throttle.admit({
      address: client.address,
      device: this.devices.idOf(client.deviceCookie),
    });
    if (!(await this.matchesPassword(password))) throw new UnauthorizedException('error.auth.wrongPassword');
    await attempt.succeeded();
    const ttl = this.config.env.JWT_TTL;
    const token = await this.jwt.signAsync({ sub: 'admin' }, { expiresIn: ttl });
    return {
      session: { token, expiresAt: new Date(Date.now() + ttl * 1000).toISOString() },
      deviceCookie: this.devices.issue(),
    };
  }

  async isValidToken(token: string): Promise<boolean> {
    try {
      const payload = await this.jwt.verifyAsync<{ sub?: string }>(token, { algorithms: ['HS256'] });
      return payload.sub === 'admin';
    } catch {
      return false;
    }
  }
}
