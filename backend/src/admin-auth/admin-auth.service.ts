import { createHash, scryptSync, timingSafeEqual } from 'node:crypto';
import { Injectable, UnauthorizedException } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { RetryLaterException } from '../common/http-exception.filter';
import { AppConfig } from '../config/app-config';

export interface AdminSession {
  token: string;
  expiresAt: string;
}

const FAILURE_WINDOW_SECONDS = 60;

/** Turns `ADMIN_PASSWORD_HASH` (scrypt$<salt>$<hash>, hex) or a plain password into a checker. */
function passwordChecker(env: AppConfig['env']): (candidate: string) => boolean {
  if (env.ADMIN_PASSWORD_HASH) {
    const [, saltHex, hashHex] = env.ADMIN_PASSWORD_HASH.split('$');
    const salt = Buffer.from(saltHex, 'hex');
    const expected = Buffer.from(hashHex, 'hex');
    return (candidate) => timingSafeEqual(scryptSync(candidate, salt, expected.length), expected);
  }
  // Comparing digests keeps the comparison constant-time whatever the candidate's length.
  const expected = createHash('sha256')
    .update(env.ADMIN_PASSWORD ?? '')
    .digest();
  return (candidate) => timingSafeEqual(createHash('sha256').update(candidate).digest(), expected);
}

export function hashAdminPassword(password: string, salt: Buffer): string {
  return `scrypt$${salt.toString('hex')}$${scryptSync(password, salt, 32).toString('hex')}`;
}

@Injectable()
export class AdminAuthService {
  private readonly matchesPassword: (candidate: string) => boolean;
  /** Failed logins per client address; a success clears the count. Kept per replica. */
  private readonly failures: RateLimiterMemory;

  constructor(
    private readonly jwt: JwtService,
    private readonly config: AppConfig,
  ) {
    this.matchesPassword = passwordChecker(config.env);
    this.failures = new RateLimiterMemory({
      points: config.env.ADMIN_LOGIN_MAX_FAILURES,
      duration: FAILURE_WINDOW_SECONDS,
    });
  }

  async login(password: string, clientAddress: string): Promise<AdminSession> {
    const seen = await this.failures.get(clientAddress);
    if (seen && seen.consumedPoints >= this.config.env.ADMIN_LOGIN_MAX_FAILURES) {
      throw new RetryLaterException('error.auth.tooManyAttempts', Math.max(1, Math.ceil(seen.msBeforeNext / 1000)));
    }
    if (!this.matchesPassword(password)) {
      await this.failures.penalty(clientAddress, 1);
      throw new UnauthorizedException('error.auth.wrongPassword');
    }
    await this.failures.delete(clientAddress);
    const ttl = this.config.env.JWT_TTL;
    const token = await this.jwt.signAsync({ sub: 'admin' }, { expiresIn: ttl });
    return { token, expiresAt: new Date(Date.now() + ttl * 1000).toISOString() };
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
