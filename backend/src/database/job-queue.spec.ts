import { jobQueueOptions } from './job-queue';

const env = {
  DATABASE_URL: 'postgres://giftcast@db.example:5432/giftcast',
  DATABASE_STATEMENT_TIMEOUT_SECONDS: 60,
  JOBS_SCHEMA: 'jobs',
};

describe('jobQueueOptions', () => {
  it("gives the job queue's connections the app pool's deadlines: the server's, the client's a little later, keep-alive", () => {
    expect(jobQueueOptions(env, { works: true, migrate: false })).toMatchObject({
      options: '-c statement_timeout=60000',
      query_timeout: 65_000,
      connectionTimeoutMillis: 10_000,
      keepAlive: true,
    });
  });

  it('keeps the queues and the schedules only in a process that runs jobs', () => {
    expect(jobQueueOptions(env, { works: false, migrate: false })).toMatchObject({ supervise: false, schedule: false });
    expect(jobQueueOptions(env, { works: true, migrate: false })).toMatchObject({ supervise: true, schedule: true });
  });
});
