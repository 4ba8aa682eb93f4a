import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { AppConfig } from '../config/app-config';
import { type JobQueue, JobRunner } from '../jobs/job-runner';

/** What a transcode job carries: the message whose upload it turns into an MP4. */
export interface TranscodeJobData {
  messageId: string;
}

/** Attempts per upload that its video may cost; the message row counts them. */
export const MAX_ATTEMPTS = 3;

/**
 * The transcode queue: one job per message waiting for its MP4 (the message's id is the job's
 * key), sent by every role as an upload completes and run by the workers (TranscodeJob).
 */
@Injectable()
export class TranscodeQueue implements OnModuleInit {
  static readonly NAME = 'transcode';

  constructor(
    private readonly jobs: JobRunner,
    private readonly config: AppConfig,
  ) {}

  /**
   * A job may download, transcode and store two results, each step within
   * TRANSCODE_TIMEOUT_SECONDS. One try more than MAX_ATTEMPTS: the last one fails the video of a
   * message whose processes died on it each time. A job handed back at shutdown costs no try.
   */
  get rules(): JobQueue {
    return {
      name: TranscodeQueue.NAME,
      deadlineSeconds: 4 * this.config.env.TRANSCODE_TIMEOUT_SECONDS + 60,
      retries: MAX_ATTEMPTS,
      retryDelaySeconds: 10,
      heartbeatSeconds: 60,
      onePerKey: true,
      handBackOnShutdown: true,
    };
  }

  onModuleInit(): void {
    this.jobs.declare(this.rules);
  }

  /**
   * Queues the message's transcode, in `transaction` where given; false where one is already
   * queued or running (it stays the only one).
   */
  async send(messageId: string, transaction?: EntityManager): Promise<boolean> {
    const id = await this.jobs.send(TranscodeQueue.NAME, { messageId } satisfies TranscodeJobData, {
      singletonKey: messageId,
      transaction,
    });
    return id !== null;
  }

  /** Queues the transcodes of many messages at once; resolves with how many were not queued already. */
  async sendMany(messageIds: string[]): Promise<number> {
    const jobs = messageIds.map((messageId) => ({
      data: { messageId } satisfies TranscodeJobData,
      singletonKey: messageId,
    }));
    return (await this.jobs.sendMany(TranscodeQueue.NAME, jobs)).length;
  }

  /** A worker in this process, if any, takes the job now rather than at its next poll. */
  wake(): void {
    this.jobs.wake(TranscodeQueue.NAME);
  }
}
