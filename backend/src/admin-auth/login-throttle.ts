import { HttpException, HttpStatus } from '@nestjs/common';
import { type RateLimiterAbstract, RateLimiterRes } from 'rate-limiter-flexible';
import { RetryLaterException, retryAfterSeconds } from '../common/http-exception.filter';
import { inProcessMemory, type LimiterStore } from '../common/limiter-store';
import type { MessageKey } from '../common/messages';

const ADDRESS_WINDOW_SECONDS = 60;
const GLOBAL_WINDOW_SECONDS = 15 * 60;
const GLOBAL_FIRST_DELAY_SECONDS = 1;
/** The one key of the counts that every untrusted client shares. */
const EVERYONE = 'everyone';

/** How long a client is asked to wait when the counts cannot be had. */
const UNCOUNTED_RETRY_SECONDS = 5;

export interface LoginThrottleSettings {
  /** Failed logins per client address per minute before that address gets 429. */
  maxFailuresPerAddress: number;
  /** Failed logins from all untrusted clients together per 15 minutes before every check is spaced out. */
  globalFreeFailures: number;
  /** The longest the spacing grows to, in whole seconds. */
  globalMaxDelaySeconds: number;
  /** Failed logins from one known browser before it is locked out... */
  maxFailuresPerDevice: number;
  /** ...for this long, counted within the same time. */
  deviceLockoutSeconds: number;
}

/** Who asks for a password check. */
export interface LoginClient {
  address: string;
  /** The id of a device cookie this server issued on an earlier successful login, if one came. */
  device?: string;
}

/** A password check the throttle let through: report its outcome. */
export interface LoginAttempt {
  succeeded(): Promise<void>;
}

/** Runs `consume`, turning the limiter's refusal into a 429 with Retry-After. */
async function within(message: MessageKey, consume: () => Promise<RateLimiterRes>): Promise<RateLimiterRes> {
  try {
    return await consume();
  } catch (rejection) {
    if (!(rejection instanceof RateLimiterRes)) throw rejection;
    throw new RetryLaterException(message, retryAfterSeconds(rejection.msBeforeNext));
  }
}

/**
 * Failed logins of every untrusted client together. Past the free allowance each password check
 * closes a gate for the next one, from any untrusted client: 1 s, then twice as long each time, up
 * to a cap. Guessing from many addresses is slowed to one guess per delay. The count and the gate
 * are each changed in one step of the limiter, so concurrent requests cannot slip in between a
 * decision and its record.
 */
class GlobalBackoff {
  private readonly failures: RateLimiterAbstract;
  /** One point: the check that took it makes every other wait until the gate's own time runs out. */
  private readonly gate: RateLimiterAbstract;

  constructor(
    store: LimiterStore,
    private readonly freeFailures: number,
    private readonly maxDelaySeconds: number,
  ) {
    this.failures = store({ keyPrefix: 'admin-login-everyone', points: freeFailures, duration: GLOBAL_WINDOW_SECONDS });
    this.gate = store({ keyPrefix: 'admin-login-gate', points: 1, duration: maxDelaySeconds });
  }

  /** Admits a check now, or throws the 429 saying how long to wait for the next one. */
  async admit(): Promise<void> {
    const { consumedPoints } = await this.failures.penalty(EVERYONE);
    const excess = consumedPoints - this.freeFailures;
    if (excess <= 0) return;
    const delaySeconds = Math.min(GLOBAL_FIRST_DELAY_SECONDS * 2 ** Math.min(excess - 1, 30), this.maxDelaySeconds);
    try {
      await within('error.auth.slowedDown', () => this.gate.consume(EVERYONE, 1, { customDuration: delaySeconds }));
    } catch (error) {
      // Not checked, so no failure: only the wait is asked of it.
      await this.failures.reward(EVERYONE);
      throw error;
    }
  }

  /** An admitted check found the right password: it is no failure. */
  async succeeded(): Promise<void> {
    await this.failures.reward(EVERYONE);
  }
}

/**
 * Who may have a password checked now, after OWASP's device cookies: a browser that logged in
 * before (its device cookie) is judged by its own failures alone, at most `maxFailuresPerDevice`
 * within `deviceLockoutSeconds`, then it is locked out for that long; nothing strangers do delays
 * it. Every other client is untrusted: at most `maxFailuresPerAddress` failures a minute from one
 * address (then 429 for that address alone), and the global backoff across all of them.
 * Every check counts as a failure from the moment it is admitted, so that simultaneous guesses
 * cannot all pass before the first is counted; a success takes it back.
 */
export class LoginThrottle {
  private readonly perAddress: RateLimiterAbstract;
  private readonly perDevice: RateLimiterAbstract;
  private readonly untrusted: GlobalBackoff;

  constructor(settings: LoginThrottleSettings, store: LimiterStore = inProcessMemory) {
    this.perAddress = store({
      keyPrefix: 'admin-login-address',
      points: settings.maxFailuresPerAddress,
      duration: ADDRESS_WINDOW_SECONDS,
    });
    this.perDevice = store({
      keyPrefix: 'admin-login-device',
      points: settings.maxFailuresPerDevice,
      duration: settings.deviceLockoutSeconds,
      blockDuration: settings.deviceLockoutSeconds,
    });
    this.untrusted = new GlobalBackoff(store, settings.globalFreeFailures, settings.globalMaxDelaySeconds);
  }

  /**
   * Admits a check of a password sent by `client`, or throws a 429 saying how long to wait. Fails
   * closed: when the counts cannot be had (the database is away or slow), no password is checked
   * and the answer is 503, since unthrottled checks are what an attacker who can slow the database
   * would want. A success that cannot be recorded leaves one failure counted, which its window
   * forgets; the login itself stands.
   */
  async admit(client: LoginClient): Promise<LoginAttempt> {
    let attempt: LoginAttempt;
    try {
      attempt = await this.counted(client);
    } catch (error) {
      if (error instanceof HttpException) throw error;
      throw new RetryLaterException('error.unavailable', UNCOUNTED_RETRY_SECONDS, HttpStatus.SERVICE_UNAVAILABLE);
    }
    return { succeeded: () => attempt.succeeded().catch(() => undefined) };
  }

  private async counted({ address, device }: LoginClient): Promise<LoginAttempt> {
    if (device !== undefined) {
      await within('error.auth.deviceLocked', () => this.perDevice.consume(device));
      return { succeeded: async () => void (await this.perDevice.delete(device)) };
    }
    await within('error.auth.tooManyAttempts', () => this.perAddress.consume(address));
    try {
      await this.untrusted.admit();
    } catch (error) {
      // Told to wait, so not checked: no failure of this address either.
      await this.perAddress.reward(address);
      throw error;
    }
    return {
      succeeded: async () => {
        await this.untrusted.succeeded();
        await this.perAddress.delete(address);
      },
    };
  }
}
