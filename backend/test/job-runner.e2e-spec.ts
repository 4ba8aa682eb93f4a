import { Client } from 'pg';
import { Draining } from '../src/common/draining';
import { appConfig } from '../src/config/app-config';
import { parseConfig } from '../src/config/config.schema';
import { type JobDefinition, JobHandedBack, JobRunner } from '../src/jobs/job-runner';
import { eventually } from './support/eventually';
import { createTestSchema, type TestSchema } from './support/test-database';

interface StoredJob {
  state: string;
  retry_limit: number;
  retry_count: number;
}

/**
 * The runner's hand-back, on a real pg-boss in PostgreSQL: a job that is not at fault goes back to
 * its queue with the tries it had left, where pg-boss alone would count a try, and a job under way
 * at shutdown goes back at once for another process; a job that stops on drain is stopped, and ends
 * as its handler decides. Jobs sent together keep one job per key.
 */
describe('the job runner', () => {
  let schema: TestSchema;
  let db: Client;
  const runners: JobRunner[] = [];

  beforeAll(async () => {
    schema = await createTestSchema();
    db = new Client({ connectionString: schema.url });
    await db.connect();
  });

  afterAll(async () => {
    for (const runner of runners) await runner.onModuleDestroy();
    await db.end();
    await schema.drop();
  });

  async function runner(definition: JobDefinition<{ n: number }>, draining = new Draining()): Promise<JobRunner> {
    const { env } = parseConfig({ NODE_ENV: 'test', DATABASE_URL: schema.url, JOBS_SCHEMA: schema.jobsSchema });
    const started = new JobRunner(appConfig(env), draining);
    started.define(definition);
    await started.onApplicationBootstrap();
    runners.push(started);
    return started;
  }

  async function jobs(name: string): Promise<StoredJob[]> {
    const { rows } = await db.query<StoredJob>(
      `SELECT state, retry_limit, retry_count FROM "${schema.jobsSchema}".job WHERE name = $1 ORDER BY created_on`,
      [name],
    );
    return rows;
  }

  const rules = { deadlineSeconds: 60, retries: 2, retryDelaySeconds: 1, onePerKey: true, pollSeconds: 0.5 };

  it('hands a job back with the tries it had left, after a failure that counted one', async () => {
    const outcomes = [new Error('a failure of the job'), new JobHandedBack('not the job’s fault'), null];
    let calls = 0;
    const jobRunner = await runner({
      ...rules,
      name: 'handed-back',
      handler: () => {
        const outcome = outcomes[calls++];
        return outcome ? Promise.reject(outcome) : Promise.resolve();
      },
    });
    await jobRunner.send('handed-back', { n: 1 }, { singletonKey: 'one' });
    const done = await eventually(
      () => jobs('handed-back'),
      (stored) => stored.length === 2 && stored.every((job) => job.state === 'completed'),
      'the job to be handed back and finished',
    );
    expect(calls).toBe(3);
    // The first job failed once (a try used) and was handed back; its copy has the one try left.
    expect(done).toEqual([
      { state: 'completed', retry_limit: 2, retry_count: 1 },
      { state: 'completed', retry_limit: 1, retry_count: 0 },
    ]);
  });

  it('queues many jobs in one go, none for a key whose job already waits or runs', async () => {
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const ran: number[] = [];
    const jobRunner = await runner({
      ...rules,
      name: 'sent-together',
      handler: async ({ n }) => {
        await gate;
        ran.push(n);
      },
    });
    await jobRunner.send('sent-together', { n: 1 }, { singletonKey: 'one' });
    const queued = await jobRunner.sendMany('sent-together', [
      { data: { n: 1 }, singletonKey: 'one' },
      { data: { n: 2 }, singletonKey: 'two' },
      { data: { n: 3 }, singletonKey: 'three' },
    ]);
    expect(queued).toHaveLength(2);
    open();
    await eventually(
      () => jobs('sent-together'),
      (stored) => stored.length === 3 && stored.every((job) => job.state === 'completed'),
      'the three jobs to finish',
    );
    expect(ran.sort((a, b) => a - b)).toEqual([1, 2, 3]);
  });

  it('takes a job back past its deadline, aborting its signal, and counts the try', async () => {
    const reasons: string[] = [];
    await runner({
      ...rules,
      name: 'overrunning',
      deadlineSeconds: 1,
      handler: (_, signal) =>
        reasons.length === 0
          ? new Promise((_resolve, reject) =>
              signal.addEventListener('abort', () => {
                reasons.push((signal.reason as Error).name);
                reject(signal.reason as Error);
              }),
            )
          : Promise.resolve(),
    });
    await runners.at(-1)!.send('overrunning', { n: 3 }, { singletonKey: 'three' });
    const done = await eventually(
      () => jobs('overrunning'),
      (stored) => stored[0]?.state === 'completed',
      'the job to be tried again and finished',
    );
    expect(reasons).toEqual(['TimeoutError']);
    expect(done).toEqual([{ state: 'completed', retry_limit: 2, retry_count: 1 }]);
  });

  it('hands a job under way back at shutdown, unspent, and another runner finishes it', async () => {
    let finished = 0;
    const waitsForStop: JobDefinition<{ n: number }> = {
      ...rules,
      name: 'long-work',
      handBackOnShutdown: true,
      handler: (_, signal) =>
        new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(signal.reason as Error))),
    };
    const first = await runner(waitsForStop);
    await first.send('long-work', { n: 2 }, { singletonKey: 'two' });
    await eventually(
      () => jobs('long-work'),
      (stored) => stored[0]?.state === 'active',
      'the job to start',
    );
    await first.onModuleDestroy();
    expect(await jobs('long-work')).toEqual([
      { state: 'completed', retry_limit: 2, retry_count: 0 },
      { state: 'created', retry_limit: 2, retry_count: 0 },
    ]);

    await runner({
      ...waitsForStop,
      handler: () => {
        finished += 1;
        return Promise.resolve();
      },
    });
    await eventually(
      () => jobs('long-work'),
      (stored) => stored.every((job) => job.state === 'completed'),
      'another runner to finish it',
    );
    expect(finished).toBe(1);
  });

  it('stops a job that stops on drain as draining starts, and leaves it to the handler to end, not handed back', async () => {
    const draining = new Draining();
    const reasons: string[] = [];
    const jobRunner = await runner(
      {
        ...rules,
        name: 'stops-on-drain',
        stopOnDrain: true,
        handler: (_, signal) =>
          new Promise((resolve) =>
            signal.addEventListener('abort', () => {
              reasons.push((signal.reason as Error).message);
              resolve();
            }),
          ),
      },
      draining,
    );
    await jobRunner.send('stops-on-drain', { n: 4 }, { singletonKey: 'four' });
    await eventually(
      () => jobs('stops-on-drain'),
      (stored) => stored[0]?.state === 'active',
      'the job to start',
    );
    draining.start();
    const done = await eventually(
      () => jobs('stops-on-drain'),
      (stored) => stored[0]?.state === 'completed',
      'the job to end its run',
    );
    expect(reasons).toEqual(['the process is draining']);
    expect(done).toEqual([{ state: 'completed', retry_limit: 2, retry_count: 0 }]);
  });
});
