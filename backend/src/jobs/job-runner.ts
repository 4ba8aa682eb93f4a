import {
  type BeforeApplicationShutdown,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import { PgBoss, type Job, type SendOptions } from 'pg-boss';
import { Draining } from '../common/draining';
import { errorMessage } from '../common/error-message';
import { AppConfig } from '../config/app-config';
import { jobQueueOptions } from '../database/job-queue';

/** One kind of background work: its queue's rules, and the handler that does one job. */
export interface JobDefinition<T extends object = object> {
  /** The queue's name (letters, digits, dashes). */
  name: string;
  /**
   * Does one job. It must stop on `signal` (the job's deadline, its lease lost, or shutdown) and
   * throws to have the runner try again later.
   */
  handler: (data: T, signal: AbortSignal) => Promise<void>;
  /** How long one job may run before the runner takes it back (the lease) and aborts `signal`. */
  deadlineSeconds: number;
  /**
   * The lease of a long job (at least 10): the runner beats this often, and a job whose process
   * stopped beating (a crash) is taken back then, long before its deadline.
   */
  heartbeatSeconds?: number;
  /** Tries after the first, each after a growing pause (exponential back-off from `retryDelaySeconds`). */
  retries: number;
  retryDelaySeconds: number;
  /** Jobs this process runs at once. */
  concurrency?: number;
  /** A cron expression (UTC): the runner sends one job per occurrence, once across all replicas. */
  schedule?: string;
  /** At most one job queued and one running, across all replicas (scheduled sweeps). */
  once?: boolean;
  /** How often an idle worker looks for jobs sent by another process (same-process sends wake it at once). */
  pollSeconds?: number;
}

const STOP_TIMEOUT_MS = 30_000;

/**
 * The one job runner: every kind of background work is a queue in PostgreSQL (pg-boss), which owns
 * the leases (a job running past its deadline is taken back), retries with back-off, concurrency,
 * "once across replicas" for schedules, and the drain on shutdown. Processes with ROLE=all or
 * worker run the jobs; ROLE=web only sends them.
 */
@Injectable()
export class JobRunner implements OnApplicationBootstrap, BeforeApplicationShutdown, OnModuleDestroy {
  private readonly logger = new Logger('Jobs');
  private readonly definitions = new Map<string, JobDefinition<never>>();
  /** This process's worker of each queue it runs. */
  private readonly workers = new Map<string, string>();
  private readonly boss: PgBoss;
  private started = false;
  private stopped = false;

  constructor(
    private readonly config: AppConfig,
    private readonly draining: Draining,
  ) {
    this.boss = new PgBoss(
      jobQueueOptions(config.env, { works: this.works, migrate: config.env.MIGRATIONS === 'apply' }),
    );
    this.boss.on('error', (error) => this.logger.error(`job queue: ${errorMessage(error)}`));
    this.boss.on('warning', (warning) => this.logger.warn(`job queue: ${warning.message}`));
  }

  /** Whether this process runs jobs (ROLE=all or worker), rather than only sending them. */
  get works(): boolean {
    return this.config.env.ROLE !== 'web';
  }

  /** Declares a kind of work; called by each job as the app starts, before the runner does. */
  define<T extends object>(definition: JobDefinition<T>): void {
    if (this.started) throw new Error(`job ${definition.name} defined after the runner started`);
    this.definitions.set(definition.name, definition);
  }

  /** Queues a job; resolves with its id, or null where a singleton job already waits. */
  async send(name: string, data: object = {}, options: SendOptions = {}): Promise<string | null> {
    if (!this.definitions.has(name)) throw new Error(`no job ${name}`);
    const id = await this.boss.send(name, data, options);
    // pg-boss wakes a worker only through LISTEN/NOTIFY: wake this process's own, or it waits for its poll.
    const worker = this.workers.get(name);
    if (id && worker) this.boss.notifyWorker(worker);
    return id;
  }

  /** This process takes no more jobs of `name` (a test that runs the job itself, at its own times). */
  async pause(name: string): Promise<void> {
    await this.boss.offWork(name);
  }

  /** The names of the scheduled jobs (ops and tests). */
  async schedules(): Promise<string[]> {
    return (await this.boss.getSchedules()).map((schedule) => schedule.name);
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.boss.start();
    this.started = true;
    for (const definition of this.definitions.values()) {
      const options = {
        expireInSeconds: definition.deadlineSeconds,
        retryLimit: definition.retries,
        retryDelay: definition.retryDelaySeconds,
        retryBackoff: true,
        ...(definition.heartbeatSeconds ? { heartbeatSeconds: definition.heartbeatSeconds } : {}),
      };
      await this.boss.createQueue(definition.name, { ...options, policy: definition.once ? 'stately' : 'standard' });
      // A queue made by an earlier version keeps its policy; its limits follow the code.
      await this.boss.updateQueue(definition.name, options);
    }
    if (!this.works) return;
    for (const definition of this.definitions.values()) {
      if (definition.schedule) await this.boss.schedule(definition.name, definition.schedule, null, { tz: 'UTC' });
      const worker = await this.boss.work(
        definition.name,
        { localConcurrency: definition.concurrency ?? 1, pollingIntervalSeconds: definition.pollSeconds ?? 2 },
        ([job]) => this.run(definition, job),
      );
      this.workers.set(definition.name, worker);
    }
    // A draining process takes no new jobs; those under way finish (or go back) as it stops.
    this.draining.onStart(() => {
      for (const name of this.definitions.keys()) void this.boss.offWork(name, { wait: false }).catch(() => undefined);
    });
  }

  /** The drain: no new jobs, those under way finish within the stop timeout, else go back to their queues. */
  async beforeApplicationShutdown(): Promise<void> {
    await this.stop();
  }

  /** Where the app closes without a shutdown hook (tests), the connections close all the same. */
  async onModuleDestroy(): Promise<void> {
    await this.stop();
  }

  private async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    await this.boss
      .stop({ graceful: true, timeout: STOP_TIMEOUT_MS, close: true })
      .catch((error: unknown) => this.logger.error(`stopping the job queue: ${errorMessage(error)}`));
  }

  private async run(definition: JobDefinition<never>, job: Job<unknown>): Promise<void> {
    const signal = AbortSignal.any([job.signal, AbortSignal.timeout(definition.deadlineSeconds * 1000)]);
    try {
      await definition.handler(job.data as never, signal);
    } catch (error) {
      this.logger.warn(
        `job ${definition.name} ${job.id} failed (attempt ${job.retryCount + 1}): ${errorMessage(error)}`,
      );
      throw error;
    }
  }
}
