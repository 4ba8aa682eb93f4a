import { afterFailure, isPermanentRefusal, MAX_SEND_ATTEMPTS } from './send-failure';

const NOW = new Date('2026-11-22T08:00:00Z');
const smtpError = (responseCode: number) => Object.assign(new Error(`${responseCode} refused`), { responseCode });

describe('afterFailure', () => {
  it('retries a temporary refusal after the base delay, then after four times as long', () => {
    const first = afterFailure(0, smtpError(451), NOW, 30);
    expect(first).toEqual({
      status: 'pending',
      attempts: 1,
      nextAttemptAt: new Date(NOW.getTime() + 30_000),
      lastError: '451 refused',
    });
    const second = afterFailure(1, new Error('Connection closed'), NOW, 30);
    expect(second).toMatchObject({ status: 'pending', attempts: 2, nextAttemptAt: new Date(NOW.getTime() + 120_000) });
  });

  it(`gives up after ${MAX_SEND_ATTEMPTS} tries in all`, () => {
    expect(afterFailure(MAX_SEND_ATTEMPTS - 1, smtpError(421), NOW, 30)).toEqual({
      status: 'failed',
      attempts: MAX_SEND_ATTEMPTS,
      lastError: '421 refused',
    });
  });

  it('never retries a permanent refusal (5xx), even on the first try', () => {
    expect(afterFailure(0, smtpError(550), NOW, 30)).toMatchObject({ status: 'failed', attempts: 1 });
  });

  it('keeps at most 500 characters of the reason', () => {
    const step = afterFailure(0, new Error('x'.repeat(2000)), NOW, 30);
    expect(step.lastError).toHaveLength(500);
  });
});

describe('isPermanentRefusal', () => {
  it('treats only 5xx replies as permanent', () => {
    expect(isPermanentRefusal(smtpError(550))).toBe(true);
    expect(isPermanentRefusal(smtpError(452))).toBe(false);
    expect(isPermanentRefusal(new Error('ECONNRESET'))).toBe(false);
    expect(isPermanentRefusal(null)).toBe(false);
  });
});
