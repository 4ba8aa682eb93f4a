import type { HttpException } from '@nestjs/common';
import { LoginThrottle } from './login-throttle';

/** What the throttle answers an attempt from `address`: admitted, or the 429's message and Retry-After. */
async function attempt(
  throttle: LoginThrottle,
  address: string,
  outcome: 'fails' | 'succeeds' = 'fails',
): Promise<'checked' | { message: unknown; retryAfter: string }> {
  try {
    const admitted = await throttle.admit(address);
    if (outcome === 'succeeds') await admitted.succeeded();
    return 'checked';
  } catch (error) {
    const exception = error as HttpException & { headers: Record<string, string> };
    return { message: exception.getResponse(), retryAfter: exception.headers['Retry-After'] };
  }
}

const slowed = (retryAfter: number) => ({ message: 'error.auth.slowedDown', retryAfter: String(retryAfter) });

describe('LoginThrottle', () => {
  beforeEach(() => jest.useFakeTimers({ now: new Date('2026-05-01T09:00:00Z') }));
  afterEach(() => jest.useRealTimers());

  it('locks one address after its 5 failures a minute, and only that address', async () => {
    const throttle = new LoginThrottle({ maxFailuresPerAddress: 5, globalFreeFailures: 20, globalMaxDelayMs: 10_000 });
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
    const throttle = new LoginThrottle({ maxFailuresPerAddress: 5, globalFreeFailures: 3, globalMaxDelayMs: 10_000 });
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
    const throttle = new LoginThrottle({ maxFailuresPerAddress: 5, globalFreeFailures: 2, globalMaxDelayMs: 10_000 });
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
    const throttle = new LoginThrottle({ maxFailuresPerAddress: 5, globalFreeFailures: 2, globalMaxDelayMs: 10_000 });
    expect(await attempt(throttle, 'x')).toBe('checked');
    expect(await attempt(throttle, 'y')).toBe('checked');
    jest.advanceTimersByTime(15 * 60_000);
    expect(await attempt(throttle, 'x')).toBe('checked');
    expect(await attempt(throttle, 'y')).toBe('checked');
    expect(await attempt(throttle, 'z')).toBe('checked');
    expect(await attempt(throttle, 'admin', 'succeeds')).toEqual(slowed(1));
  });
});
