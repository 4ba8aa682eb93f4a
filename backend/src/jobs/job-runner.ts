import {
  type BeforeApplicationShutdown,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import { type JobInsert, PgBoss, type JobWithMetadata, type SendOptions } from 'pg-boss';
import type { EntityManager } from 'typeorm';
import { Draining } from '../common/draining';
import { errorMessage } from '../common/error-message';
import { AppConfig } from '../config/app-config';
import { jobQueueOptions } from '../database/job-queue';

/** A queue's rules: what every process that sends to it or runs its jobs agrees on. */
export interface JobQueue {
  /** The queue's name (letters, digits, dashes). */
  name: string;
  /** How long one job may run before the runner takes it back (the lease) and aborts `signal`. */
  deadlineSeconds: number;
  /** Tries after the first, each after a growing pause (exponential back-off from `retryDelaySeconds`). */
  retries: number;
  retryDelaySeconds: number;
  /**
   * A running job whose process stops answering (killed, frozen) is taken back after this long,
   * well before its deadline: the runner beats while the handler works.
   */
  heartbeatSeconds?: number;
  /** At most one job queued and one running, across all replicas (scheduled sweeps). */
  once?: boolean;
  /**
   * At most one job queued or running per `singletonKey` (one per thing to work on): a send for a
   * key that has one is a no-op, so any number of senders may send it again.
   */
  onePerKey?: boolean;
  /**
   * At shutdown, `signal` aborts at once (reason: a JobHandedBack) and the job goes back to its
   * queue unspent, for another process: work that is cheaper to do again than to wait for.
   * Otherwise jobs under way finish within the stop timeout.
   */
  handBackOnShutdown?: boolean;
  /**
   * `signal` also aborts as draining starts and when the runner stops (before application shutdown,
   * while the connections the job uses are still open), but the job is not handed back: for a
   * handler that ends its run itself and settles what is left (queues the rest as a new job).
   */
  stopOnDrain?: boolean;
}

/** One kind of background work: its queue's rules, and the handler that does one job. */
export interface JobDefinition<T extends object = object> extends JobQueue {
  /**
   * Does one job. It must stop on `signal` (the job's deadline, its lease lost, or shutdown) and
   * throws to have the runner try again later, or throws a JobHandedBack where the job is not at
   * fault (an outage): it goes back to the queue without using up a try.
   */
  handler: (data: T, signal: AbortSignal) => Promise<void>;
  /** Jobs this process runs at once. */
  concurrency?: number;
  /** A cron expression (UTC): the runner sends one job per occurrence, once across all replicas. */
  schedule?: string;
  /** How often an idle worker looks for jobs sent by another process (wake() looks at once). */
  pollSeconds?: number;
}

/**
 * Thrown by a handler (or the abort reason at shutdown): the job is not at fault, and goes back to
 * its queue as a fresh job, due in `afterSeconds`, with the tries it had left.
 */
export class JobHandedBack extends Error {
  constructor(
    reason: string,
    readonly afterSeconds = 0,
  ) {
    super(reason);
  }
}

export interface JobSendOptions extends SendOptions {
  /** Sends the job in this transaction: it exists if and only if the transaction commits. */
  transaction?: EntityManager;
}

const STOP_TIMEOUT_MS = 30_000;

/**
 * The one job runner: every kind of background work is a queue in PostgreSQL (pg-boss), which owns
 * the leases (a job running past its deadline, or whose process stops beating, is taken back),
 * retries with back-off, concurrency, "once across replicas" for schedules and keys, and the drain
 * on shutdown. Processes with ROLE=all or worker run the jobs; ROLE=web only sends them.
 */
@Injectable()
export class JobRunner implements OnApplicationBootstrap, BeforeApplicationShutdown, OnModuleDestroy {
  private readonly logger = new Logger('Jobs');
  private readonly queues = new Map<string, JobQueue | JobDefinition<never>>();
  private readonly workers = new Map<string, string>();
  private readonly running = new Map<string, Set<Promise<void>>>();
  private readonly stopping = new AbortController();
  /** Aborted as draining starts or the runner stops: the jobs that stop on drain end their run. */
  private readonly windingDown = new AbortController();
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
    draining.onStart(() => this.windingDown.abort(new Error('the process is draining')));
  }

  /** Whether this process runs jobs (ROLE=all or worker), rather than only sending them. */
  get works(): boolean {
    return this.config.env.ROLE !== 'web';
  }

  /** Declares a kind of work; called by each job as the app starts, before the runner does. */
  define<T extends object>(definition: JobDefinition<T>): void {
    if (this.started) throw new Error(`job ${definition.name} defined after the runner started`);
    this.queues.set(definition.name, definition);
  }

  /** Declares a queue this process sends to, whose handler may live in another role's process. */
  declare(queue: JobQueue): void {
    if (this.started) throw new Error(`queue ${queue.name} declared after the runner started`);
    if (!this.queues.has(queue.name)) this.queues.set(queue.name, queue);
  }

  /**
   * Queues a job; resolves with its id, or null where a singleton job already waits. pg-boss wakes
   * workers only through LISTEN/NOTIFY, so this process's own worker is woken here; a job sent in a
   * transaction exists only once it commits, and its sender wakes the worker then.
   */
  async send(
    name: string,
    data: object = {},
    { transaction, ...options }: JobSendOptions = {},
  ): Promise<string | null> {
    if (!this.queues.has(name)) throw new Error(`no job ${name}`);
    const runner = transaction?.queryRunner;
    if (transaction && !runner) throw new Error(`job ${name}: a transaction's manager has a query runner`);
    const db = runner && {
      executeSql: async (text: string, values?: unknown[]) => ({
        rows: (await runner.query(text, values, true)).records as unknown[],
      }),
    };
    const id = await this.boss.send(name, data, db ? { ...options, db } : options);
    if (id && !transaction) this.wake(name);
    return id;
  }

  /**
   * Queues many jobs of `name` in one statement, each as send() would queue it (none for a
   * singleton key whose job already waits or runs: pg-boss's insert skips it on the same unique
   * index), and wakes this process's worker once; resolves with the ids of the jobs queued.
   */
  async sendMany(name: string, jobs: JobInsert[]): Promise<string[]> {
    if (!this.queues.has(name)) throw new Error(`no job ${name}`);
    if (jobs.length === 0) return [];
    const ids = (await this.boss.insert(name, jobs, { returnId: true })) ?? [];
    if (ids.length) this.wake(name);
    return ids;
  }

  /** This process's workers of `name` look for jobs now rather than at their next poll. */
  wake(name: string): void {
    const worker = this.workers.get(name);
    if (worker) this.boss.notifyWorker(worker);
  }

  /** Resolves once no job of `name` runs in this process (tests, and a look at what is under way). */
  async idle(name: string): Promise<void> {
    const running = this.running.get(name);
    while (running?.size) await Promise.allSettled([...running]);
  }

  /** This process takes no more jobs of `name` (a test that runs the job itself, at its own times). */
  async pause(name: string): Promise<void> {
    this.workers.delete(name);
    await this.boss.offWork(name);
  }

  /** This process takes jobs of `name` again after pause(). */
  async resume(name: string): Promise<void> {
    const definition = this.queues.get(name);
    if (definition && 'handler' in definition && !this.workers.has(name)) await this.work(definition);
  }

  /** The names of the scheduled jobs (ops and tests). */
  async schedules(): Promise<string[]> {
    return (await this.boss.getSchedules()).map((schedule) => schedule.name);
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.boss.start();
    this.started = true;
    for (const queue of this.queues.values()) {
      const options = {
        expireInSeconds: queue.deadlineSeconds,
        retryLimit: queue.retries,
        retryDelay: queue.retryDelaySeconds,
        retryBackoff: true,
        ...(queue.heartbeatSeconds ? { heartbeatSeconds: queue.heartbeatSeconds } : {}),
      };
      const policy = queue.once ? 'stately' : queue.onePerKey ? 'exclusive' : 'standard';
      await this.boss.createQueue(queue.name, { ...options, policy });
      // A queue made by an earlier version keeps its policy; its limits follow the code.
      await this.boss.updateQueue(queue.name, options);
    }
    if (!this.works) return;
    for (const definition of this.queues.values()) {
      if (!('handler' in definition)) continue;
      if (definition.schedule) await this.boss.schedule(definition.name, definition.schedule, null, { tz: 'UTC' });
      await this.work(definition);
    }
    // A draining process takes no new jobs; those under way finish (or go back) as it stops.
    this.draining.onStart(() => {
      for (const name of this.workers.keys()) void this.boss.offWork(name, { wait: false }).catch(() => undefined);
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
    this.stopping.abort(new JobHandedBack('the process is stopping'));
    this.windingDown.abort(new Error('the process is stopping'));
    await this.boss
      .stop({ graceful: true, timeout: STOP_TIMEOUT_MS, close: true })
      .catch((error: unknown) => this.logger.error(`stopping the job queue: ${errorMessage(error)}`));
  }

  private async work(definition: JobDefinition<never>): Promise<void> {
    const worker = await this.boss.work(
      definition.name,
      {
        localConcurrency: definition.concurrency ?? 1,
        pollingIntervalSeconds: definition.pollSeconds ?? 2,
        includeMetadata: true,
      },
      ([job]) => this.track(definition.name, this.run(definition, job)),
    );
    this.workers.set(definition.name, worker);
  }

  private async track(name: string, job: Promise<void>): Promise<void> {
    const running = this.running.get(name) ?? new Set();
    this.running.set(name, running);
    running.add(job);
    try {
      await job;
    } finally {
      running.delete(job);
    }
  }

  private async run(definition: JobDefinition<never>, job: JobWithMetadata<unknown>): Promise<void> {
    const signals = [job.signal, AbortSignal.timeout(definition.deadlineSeconds * 1000)];
    if (definition.handBackOnShutdown) signals.push(this.stopping.signal);
    if (definition.stopOnDrain) signals.push(this.windingDown.signal);
    try {
      await definition.handler(job.data as never, AbortSignal.any(signals));
    } catch (error) {
      // Handed back while the job is still ours (pg-boss has not taken it back meanwhile).
      const handedBack =
        error instanceof JobHandedBack
          ? error
          : definition.handBackOnShutdown && this.stopping.signal.aborted
            ? (this.stopping.signal.reason as JobHandedBack)
            : null;
      if (handedBack && !job.signal.aborted) return this.handBack(definition, job, handedBack);
      this.logger.warn(
        `job ${definition.name} ${job.id} failed (attempt ${job.retryCount + 1}): ${errorMessage(error)}`,
      );
      throw error;
    }
  }

  /**
   * Settles the job and queues a fresh copy with the tries it had left, due in `afterSeconds`, in
   * one transaction (a failure would count as a try). Where that fails, the job fails as usual.
   */
  private async handBack(
    definition: JobDefinition<never>,
    job: JobWithMetadata<unknown>,
    { message, afterSeconds }: JobHandedBack,
  ): Promise<void> {
    // pg-boss's own pool opens transactions (its documented `beginTransaction` capability).
    const transaction = await this.boss.getDb().beginTransaction!();
    try {
      await this.boss.complete(definition.name, job.id, null, { db: transaction.db });
      await this.boss.send(definition.name, job.data as object, {
        singletonKey: job.singletonKey ?? undefined,
        startAfter: afterSeconds,
        retryLimit: Math.max(job.retryLimit - job.retryCount, 0),
        db: transaction.db,
      });
      await transaction.commit();
    } catch (error) {
      await transaction.rollback();
      throw error;
    }
    this.logger.log(`job ${definition.name} ${job.id} goes back to its queue: ${message}`);
  }
}
