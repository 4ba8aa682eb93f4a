import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { RetryLaterException, retryAfterSeconds } from '../common/http-exception.filter';

const ADDRESS_WINDOW_SECONDS = 60;
const GLOBAL_WINDOW_MS = 15 * 60_000;
const GLOBAL_FIRST_DELAY_MS = 1000;

export interface LoginThrottleSettings {
  /** Failed logins per client address per minute before that address gets 429. */
  maxFailuresPerAddress: number;
  /** Failed logins from all addresses together per 15 minutes before every check is spaced out. */
  globalFreeFailures: number;
  /** The longest the spacing grows to. */
  globalMaxDelayMs: number;
}

/**
 * Failed logins from every address together. Past the free allowance each password check delays
 * the next one, from any address: 1 s, then twice as long each time, up to a cap. Guessing from
 * many addresses is slowed to one guess per delay, while no number of failures locks anyone out:
 * the admin waits seconds at most. Kept synchronous so that concurrent requests cannot slip in
 * between a decision and its record.
 */
class GlobalBackoff {
  /** When each recent check was admitted; a check that succeeded is taken out again. */
  private readonly checks: number[] = [];
  private nextCheckAt = 0;

  constructor(
    private readonly freeFailures: number,
    private readonly maxDelayMs: number,
  ) {}

  /** Admits a check now (returns 0), or returns the milliseconds to wait before the next one. */
  admit(now: number): number {
    while (this.checks.length > 0 && this.checks[0] <= now - GLOBAL_WINDOW_MS) this.checks.shift();
    if (now < this.nextCheckAt) return this.nextCheckAt - now;
    this.checks.push(now);
    const excess = this.checks.length - this.freeFailures;
    if (excess > 0) {
      this.nextCheckAt = now + Math.min(GLOBAL_FIRST_DELAY_MS * 2 ** Math.min(excess - 1, 30), this.maxDelayMs);
    }
    return 0;
  }

  /** The check admitted at `admittedAt` found the right password: it is no failure. */
  succeeded(admittedAt: number): void {
    const index = this.checks.indexOf(admittedAt);
    if (index >= 0) this.checks.splice(index, 1);
  }
}

/** A password check the throttle let through: report its outcome. */
export interface LoginAttempt {
  succeeded(): Promise<void>;
}

/**
 * Who may have a password checked now: at most `maxFailuresPerAddress` failures a minute from one
 * address (then 429 for that address alone), and the global backoff across all addresses.
 * Every check counts as a failure from the moment it is admitted, so that simultaneous guesses
 * cannot all pass before the first is counted; a success takes it back. Kept per replica.
 */
export class LoginThrottle {
  private readonly perAddress: RateLimiterMemory;
  private readonly everyone: GlobalBackoff;

  constructor(settings: LoginThrottleSettings) {
    this.perAddress = new RateLimiterMemory({
      keyPrefix: 'admin-login',
      points: settings.maxFailuresPerAddress,
      duration: ADDRESS_WINDOW_SECONDS,
    });
    this.everyone = new GlobalBackoff(settings.globalFreeFailures, settings.globalMaxDelayMs);
  }

  /** Admits a check of a password sent from `address`, or throws a 429 saying how long to wait. */
  async admit(address: string): Promise<LoginAttempt> {
    try {
      await this.perAddress.consume(address);
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      throw new RetryLaterException('error.auth.tooManyAttempts', retryAfterSeconds(rejection.msBeforeNext));
    }
    const now = Date.now();
    const waitMs = this.everyone.admit(now);
    if (waitMs > 0) {
      // Not checked, so not a failure of this address: only the wait is asked of it.
      await this.perAddress.reward(address);
      throw new RetryLaterException('error.auth.slowedDown', retryAfterSeconds(waitMs));
    }
    return {
      succeeded: async () => {
        this.everyone.succeeded(now);
        await this.perAddress.delete(address);
      },
    };
  }
}
