import { HttpException } from '@nestjs/common';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { type LoginClient, LoginThrottle, type LoginThrottleSettings } from './login-throttle';

/** What the throttle answers an attempt from `address`: admitted, or the 429's message and Retry-After. */
async function attempt(
  throttle: LoginThrottle,
  client: string | LoginClient,
  outcome: 'fails' | 'succeeds' = 'fails',
): Promise<'checked' | { message: unknown; retryAfter: string }> {
  try {
    const admitted = await throttle.admit(typeof client === 'string' ? { address: client } : client);
    if (outcome === 'succeeds') await admitted.succeeded();
    return 'checked';
  } catch (error) {
    const exception = error as HttpException & { headers: Record<string, string> };
    return { message: exception.getResponse(), retryAfter: exception.headers['Retry-After'] };
  }
}

const slowed = (retryAfter: number) => ({ message: 'error.auth.slowedDown', retryAfter: String(retryAfter) });

const DEFAULTS: LoginThrottleSettings = {
  maxFailuresPerAddress: 5,
  globalFreeFailures: 20,
  globalMaxDelaySeconds: 10,
  maxFailuresPerDevice: 5,
  deviceLockoutSeconds: 900,
};
const throttleWith = (settings: Partial<LoginThrottleSettings>) => new LoginThrottle({ ...DEFAULTS, ...settings });

describe('LoginThrottle', () => {
  beforeEach(() => jest.useFakeTimers({ now: new Date('2026-05-01T09:00:00Z') }));
  afterEach(() => jest.useRealTimers());

  it('locks one address after its 5 failures a minute, and only that address', async () => {
    const throttle = throttleWith({});
    for (let i = 0; i < 5; i++) expect(await attempt(throttle, 'a')).toBe('checked');
    expect(await attempt(throttle, 'a', 'succeeds')).toEqual({
      message: 'error.auth.tooManyAttempts',
      retryAfter: '60',
    });
    expect(await attempt(throttle, 'b', 'succeeds')).toBe('checked');
    jest.advanceTimersByTime(60_000);
    expect(await attempt(throttle, 'a', 'succeeds')).toBe('checked');
  });

  it('doubles the wait for each failure past the free allowance, up to the cap, and never refuses for longer', async () => {
    const throttle = throttleWith({ globalFreeFailures: 3 });
    for (let i = 0; i < 3; i++) expect(await attempt(throttle, `free-${i}`)).toBe('checked');
    const waits: number[] = [];
    for (let i = 0; i < 7; i++) {
      expect(await attempt(throttle, `guess-${i}`)).toBe('checked');
      const answer = await attempt(throttle, 'admin', 'succeeds');
      expect(answer).toEqual(expect.objectContaining({ message: 'error.auth.slowedDown' }));
      const wait = Number((answer as { retryAfter: string }).retryAfter);
      waits.push(wait);
      jest.advanceTimersByTime(wait * 1000);
    }
    expect(waits).toEqual([1, 2, 4, 8, 10, 10, 10]);
    // Right after the last wait the admin's check is admitted, from an address that was told to wait 7 times.
    expect(await attempt(throttle, 'admin', 'succeeds')).toBe('checked');
  });

  it('does not count a success, nor an attempt it told to wait', async () => {
    const throttle = throttleWith({ globalFreeFailures: 2 });
    for (let i = 0; i < 10; i++) expect(await attempt(throttle, 'admin', 'succeeds')).toBe('checked');
    expect(await attempt(throttle, 'x')).toBe('checked');
    expect(await attempt(throttle, 'y')).toBe('checked');
    expect(await attempt(throttle, 'z')).toBe('checked');
    for (let i = 0; i < 10; i++) expect(await attempt(throttle, 'z')).toEqual(slowed(1));
    jest.advanceTimersByTime(1000);
    // z failed once and waited ten times: four more failures of its own before its address is locked.
    for (let i = 0; i < 4; i++) {
      expect(await attempt(throttle, 'z')).toBe('checked');
      jest.advanceTimersByTime(10_000);
    }
    expect(await attempt(throttle, 'z')).toEqual(expect.objectContaining({ message: 'error.auth.tooManyAttempts' }));
  });

  it('forgets failures older than 15 minutes', async () => {
    const throttle = throttleWith({ globalFreeFailures: 2 });
    expect(await attempt(throttle, 'x')).toBe('checked');
    expect(await attempt(throttle, 'y')).toBe('checked');
    jest.advanceTimersByTime(15 * 60_000);
    expect(await attempt(throttle, 'x')).toBe('checked');
    expect(await attempt(throttle, 'y')).toBe('checked');
    expect(await attempt(throttle, 'z')).toBe('checked');
    expect(await attempt(throttle, 'admin', 'succeeds')).toEqual(slowed(1));
  });

  describe('a known browser (a valid device cookie)', () => {
    const known = (address = 'admin-home'): LoginClient => ({ address, device: 'device-1' });

    it('is never delayed by the failures of strangers from many addresses', async () => {
      const throttle = throttleWith({ globalFreeFailures: 3 });
      for (let guess = 0; guess < 40; guess++) {
        await attempt(throttle, `guesser-${guess % 8}`);
        expect(await attempt(throttle, known(), 'succeeds')).toBe('checked');
        jest.advanceTimersByTime(100);
      }
      // Meanwhile a stranger with the right password is asked to wait like the guessers.
      expect(await attempt(throttle, 'stranger', 'succeeds')).toEqual(
        expect.objectContaining({ message: 'error.auth.slowedDown' }),
      );
    });

    it('is not held to the limit of an address that strangers locked', async () => {
      const throttle = throttleWith({});
      for (let i = 0; i < 5; i++) expect(await attempt(throttle, 'shared-office')).toBe('checked');
      expect(await attempt(throttle, 'shared-office', 'succeeds')).toEqual(
        expect.objectContaining({ message: 'error.auth.tooManyAttempts' }),
      );
      expect(await attempt(throttle, known('shared-office'), 'succeeds')).toBe('checked');
    });

    it('is locked out after its own 5 failures for the lockout time, the right password too, and only that browser', async () => {
      const throttle = throttleWith({ maxFailuresPerDevice: 5, deviceLockoutSeconds: 900 });
      for (let i = 0; i < 5; i++) expect(await attempt(throttle, known())).toBe('checked');
      expect(await attempt(throttle, known(), 'succeeds')).toEqual({
        message: 'error.auth.deviceLocked',
        retryAfter: '900',
      });
      // Its failures are its own: another known browser and a stranger are checked as before.
      expect(await attempt(throttle, { address: 'admin-home', device: 'device-2' }, 'succeeds')).toBe('checked');
      expect(await attempt(throttle, 'admin-home', 'succeeds')).toBe('checked');

      jest.advanceTimersByTime(899_000);
      expect(await attempt(throttle, known(), 'succeeds')).toEqual({
        message: 'error.auth.deviceLocked',
        retryAfter: '1',
      });
      jest.advanceTimersByTime(1000);
      expect(await attempt(throttle, known(), 'succeeds')).toBe('checked');
    });

    it('has its failures forgotten by a success', async () => {
      const throttle = throttleWith({ maxFailuresPerDevice: 5 });
      for (let i = 0; i < 4; i++) expect(await attempt(throttle, known())).toBe('checked');
      expect(await attempt(throttle, known(), 'succeeds')).toBe('checked');
      for (let i = 0; i < 5; i++) expect(await attempt(throttle, known())).toBe('checked');
      expect(await attempt(throttle, known())).toEqual(expect.objectContaining({ message: 'error.auth.deviceLocked' }));
    });

    it('counts toward no limit of strangers: its failures neither lock its address nor slow anyone down', async () => {
      const throttle = throttleWith({ globalFreeFailures: 2, maxFailuresPerDevice: 5 });
      for (let i = 0; i < 5; i++) expect(await attempt(throttle, known('admin-home'))).toBe('checked');
      expect(await attempt(throttle, 'admin-home')).toBe('checked');
      expect(await attempt(throttle, 'elsewhere', 'succeeds')).toBe('checked');
    });
  });

  it('fails closed: a count the store cannot give refuses the check with 503, for trusted devices too', async () => {
    const unreachable = new RateLimiterMemory({ points: 1, duration: 1 });
    jest.spyOn(unreachable, 'consume').mockRejectedValue(new Error('connect ECONNREFUSED'));
    jest.spyOn(unreachable, 'penalty').mockRejectedValue(new Error('connect ECONNREFUSED'));
    const throttle = new LoginThrottle(DEFAULTS, () => unreachable);
    for (const client of [{ address: 'a' }, { address: 'a', device: 'known' }]) {
      const refusal = await throttle.admit(client).catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(HttpException);
      expect((refusal as HttpException).getStatus()).toBe(503);
      expect((refusal as HttpException).getResponse()).toBe('error.unavailable');
    }
  });
});
