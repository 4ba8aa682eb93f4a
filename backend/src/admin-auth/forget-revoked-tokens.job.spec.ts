import { Logger } from '@nestjs/common';
import type { Clock } from '../common/clock';
import type { JobRunner } from '../jobs/job-runner';
import { ForgetRevokedTokensJob } from './forget-revoked-tokens.job';
import type { RevokedTokenRepository } from './revoked-token.repository';

const NOW = new Date('2026-05-01T09:00:00Z');
const clock: Clock = { now: () => NOW };

function jobWith(forgetExpired: (now: Date) => Promise<number>) {
  const jobs = { define: jest.fn() } as unknown as JobRunner;
  return new ForgetRevokedTokensJob({ forgetExpired } as unknown as RevokedTokenRepository, clock, jobs);
}

describe('ForgetRevokedTokensJob', () => {
  afterEach(() => jest.restoreAllMocks());

  it('forgets the revocations of tokens expired by now', async () => {
    const forgetExpired = jest.fn(() => Promise.resolve(3));
    await jobWith(forgetExpired).run();
    expect(forgetExpired).toHaveBeenCalledWith(NOW);
  });

  it('catches and logs its own failure, so the schedule goes on', async () => {
    const logged = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    await expect(jobWith(() => Promise.reject(new Error('connection refused'))).run()).resolves.toBeUndefined();
    expect(logged).toHaveBeenCalledWith(expect.stringContaining('connection refused'));
  });
});
