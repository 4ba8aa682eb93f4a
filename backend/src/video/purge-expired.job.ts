import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { Clock } from '../common/clock';
import { errorMessage } from '../common/error-message';
import { HTTP_TIMEOUTS } from '../common/http-timeouts';
import { AppConfig } from '../config/app-config';
import { InquiryRetention } from '../contact/inquiry-retention';
import { JobRunner } from '../jobs/job-runner';
import { Metrics } from '../metrics/metrics';
import { QrStore } from '../qr/qr-store';
import { type MessageRow, type PurgeLock, PurgeRepository } from './purge.repository';
import { TranscodeQueue } from './transcode-queue';
import { TranscodeRepository } from './transcode.repository';
import { messageIdOfKey, VIDEO_PREFIX } from './video-keys';
import { VideoStorage } from './video-storage';

const DAY_MS = 24 * 3600 * 1000;
/** Messages per round: their ~3,000 keys go out in three DeleteObjects calls. */
const BATCH = 1000;
/** Inquiry and partnership records are kept 6 months (privacy policy). */
/** An upload still 'uploading' after the server's request timeout was cut off by a crash. */
const STALE_UPLOAD_MS = HTTP_TIMEOUTS.requestMs + 5 * 60_000;
/** A failed attempt's row tells its giver why for this long. */
const FAILED_KEPT_MS = DAY_MS;
/** A claim changes the code a moment before its row commits: a code is only repaired once this old. */
const REPAIR_GRACE_MS = 10 * 60_000;
const CODE_PAGE = 1000;
/** Objects with no message are only deleted once this old, so an upload in flight is never touched. */
const ORPHAN_AGE_MS = DAY_MS;
/**
 * A run ends by then, before the next is due, whatever it meets: its storage calls are aborted and
 * it stops between batches (the next run continues). Each call has its own, shorter deadline too
 * (the storage client's, the database's statement timeout).
 */
const RUN_DEADLINE_MS = 9 * 60_000;

export interface PurgeReport {
  skipped: boolean;
  expiredMessages: number;
  staleUploads: number;
  /** Messages waiting for their MP4 that had no transcode job: queued again. */
  requeuedJobs: number;
  /** Failed attempts shown to their givers long enough. */
  failedMessages: number;
  /** `recorded` codes with no live message (a crash between two steps with the Firestore store). */
  repairedCodes: number;
  orphanObjects: number;
  inquiries: number;
}

/**
 * Deletes what has outlived its time: messages past VIDEO_RETENTION_DAYS (objects, then the code
 * marked expired, then the row — so a run killed at any point and run again converges), uploads
 * cut off by a crash, objects with no message, and inquiries past their retention (contact's
 * rule); and repairs what a crash can leave: a message waiting without a transcode job, codes
 * taken by no message. Every 10 minutes, once across the replicas that run jobs (the job runner's
 * schedule); `npm run purge` runs it too, so a run holds an advisory lock, and one that finds it
 * taken (or cannot start) says why in the log, and the next one tries again.
 */
@Injectable()
export class PurgeExpiredJob implements OnModuleInit {
  private readonly logger = new Logger('Purge');

  constructor(
    private readonly messages: PurgeRepository,
    private readonly objects: VideoStorage,
    private readonly qr: QrStore,
    private readonly config: AppConfig,
    private readonly clock: Clock,
    private readonly metrics: Metrics,
    private readonly inquiries: InquiryRetention,
    private readonly jobs: JobRunner,
    private readonly transcodes: TranscodeRepository,
    private readonly transcodeQueue: TranscodeQueue,
  ) {}

  onModuleInit(): void {
    this.jobs.define({
      name: 'purge-expired',
      schedule: '*/10 * * * *',
      once: true,
      deadlineSeconds: RUN_DEADLINE_MS / 1000 + 60,
      retries: 0,
      retryDelaySeconds: 60,
      // The runner's signal: its stop at shutdown and the job's deadline.
      handler: (_data, signal) => this.scheduled(signal),
    });
  }

  async scheduled(signal?: AbortSignal): Promise<void> {
    try {
      const report = await this.run(this.clock.now(), signal);
      const { skipped, ...counts } = report;
      if (!skipped && Object.values(counts).some((count) => count > 0)) this.logger.log(JSON.stringify(report));
    } catch (error) {
      if (signal?.aborted) this.logger.log(`purge stopped (the next run continues): ${errorMessage(error)}`);
      else this.logger.error(`purge failed (the next run continues): ${errorMessage(error)}`);
    }
  }

  /** One run; `stop` ends it early as its own deadline does (the job runner's stop). */
  async run(now: Date = this.clock.now(), stop?: AbortSignal): Promise<PurgeReport> {
    const report: PurgeReport = {
      skipped: true,
      expiredMessages: 0,
      staleUploads: 0,
      requeuedJobs: 0,
      failedMessages: 0,
      repairedCodes: 0,
      orphanObjects: 0,
      inquiries: 0,
    };
    const timeout = AbortSignal.timeout(RUN_DEADLINE_MS);
    const deadline = stop ? AbortSignal.any([timeout, stop]) : timeout;
    let lock: PurgeLock | null = null;
    try {
      lock = await this.messages.lockPurge();
      if (!lock) {
        this.logger.log('purge skipped: another replica holds the purge lock');
        return report;
      }
      report.skipped = false;
      report.expiredMessages = await this.purgeExpired(now, deadline);
      report.staleUploads = await this.purgeStaleUploads(now, deadline);
      deadline.throwIfAborted();
      report.requeuedJobs = await this.requeueTranscodes();
      report.failedMessages = await this.messages.deleteFailed(new Date(now.getTime() - FAILED_KEPT_MS));
      deadline.throwIfAborted();
      report.repairedCodes = await this.repairCodes(now, deadline);
      report.orphanObjects = await this.purgeOrphans(now, deadline);
      report.inquiries = await this.inquiries.forgetExpired(now);
      return report;
    } catch (error) {
      if (report.skipped) this.logger.warn(`purge skipped: ${errorMessage(error)}`);
      throw error;
    } finally {
      if (lock) await lock.release();
      const { skipped, ...counts } = report;
      if (!skipped) for (const [kind, count] of Object.entries(counts)) this.metrics.purgeDeleted.inc({ kind }, count);
    }
  }

  private async purgeExpired(now: Date, deadline: AbortSignal): Promise<number> {
    const cutoff = new Date(now.getTime() - this.config.env.VIDEO_RETENTION_DAYS * DAY_MS);
    let purged = 0;
    for (;;) {
      deadline.throwIfAborted();
      const rows = await this.messages.expired(cutoff, BATCH);
      if (rows.length === 0) return purged;
      // The keys each row records; anything else under its prefix is left to the orphan sweep.
      await this.objects.deleteKeys(
        rows.flatMap((r) => r.keys),
        deadline,
      );
      await this.forget(rows, 'expired', deadline);
      purged += rows.length;
    }
  }

  /**
   * Uploads that will not finish: one request cut off by a crash, or a resumable upload past its
   * expiry (its S3 multipart upload is aborted, so its parts go too).
   */
  private async purgeStaleUploads(now: Date, deadline: AbortSignal): Promise<number> {
    const rows = await this.messages.staleUploads(now, new Date(now.getTime() - STALE_UPLOAD_MS), BATCH);
    if (rows.length === 0) return 0;
    await this.objects.abortMultipartUploads(
      rows.filter((r) => r.resumable).map((r) => r.id),
      deadline,
    );
    await this.objects.deleteMessageObjects(
      rows.map((r) => r.id),
      deadline,
    );
    await this.forget(rows, 'unused', deadline);
    return rows.length;
  }

  /**
   * Every message waiting for its MP4 has a transcode job; one without (pg-boss gave up on it, or
   * it was queued before the job runner) gets it back. A message that has one keeps it.
   */
  private async requeueTranscodes(): Promise<number> {
    return this.transcodeQueue.sendMany(await this.transcodes.waiting(BATCH));
  }

  /** Frees `recorded` codes, unchanged for a while, whose message is gone or failed. */
  private async repairCodes(now: Date, deadline: AbortSignal): Promise<number> {
    const before = now.getTime() - REPAIR_GRACE_MS;
    const stranded: string[] = [];
    for (let page = 1; ; page += 1) {
      deadline.throwIfAborted();
      const { items } = await this.qr.page({ status: 'recorded', page, pageSize: CODE_PAGE });
      const old = items.filter((code) => code.updatedAt.getTime() <= before).map((code) => code.id);
      if (old.length) {
        const taken = await this.messages.heldCodes(old);
        stranded.push(...old.filter((id) => !taken.has(id)));
      }
      if (items.length < CODE_PAGE) break;
    }
    if (stranded.length === 0) return 0;
    this.logger.warn(`freeing ${stranded.length} codes that no message holds`);
    return this.qr.changeStatuses(stranded, 'unused', ['recorded'], deadline);
  }

  private async purgeOrphans(now: Date, deadline: AbortSignal): Promise<number> {
    const before = now.getTime() - ORPHAN_AGE_MS;
    let orphans = 0;
    let token: string | undefined;
    do {
      deadline.throwIfAborted();
      const page = await this.objects.listPage(VIDEO_PREFIX, token, deadline);
      const old = page.objects.filter((o) => o.lastModified && o.lastModified.getTime() < before);
      const ids = [...new Set(old.map((o) => messageIdOfKey(o.key)).filter((id): id is string => id !== null))];
      if (ids.length) {
        const live = await this.messages.existing(ids);
        const keys = old.filter((o) => !live.has(messageIdOfKey(o.key) ?? '')).map((o) => o.key);
        if (keys.length) {
          await this.objects.deleteKeys(keys, deadline);
          orphans += keys.length;
        }
      }
      token = page.next;
    } while (token);
    return orphans;
  }

  /**
   * After their objects are gone: the codes get `codeStatus` first, then the rows go, so a run cut
   * short between the two finds the rows again next time.
   */
  private async forget(rows: MessageRow[], codeStatus: 'expired' | 'unused', deadline: AbortSignal): Promise<void> {
    await this.qr.changeStatuses(
      rows.map((r) => r.qr_code_id),
      codeStatus,
      ['recorded'],
      deadline,
    );
    await this.messages.delete(rows.map((r) => r.id));
  }
}
