import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { Injectable, Logger } from '@nestjs/common';
import { Cron, CronExpression } from '@nestjs/schedule';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, QueryRunner } from 'typeorm';
import { Clock } from '../common/clock';
import { affectedRows } from '../database/postgres-errors';
import { AppConfig } from '../config/app-config';
import { QrStore } from '../qr/qr-store';
import { StorageService } from '../storage/storage.service';
import { deleteKeys, deleteMessageObjects } from './video-objects';
import { messageIdOfKey, VIDEO_PREFIX } from './video-keys';

const PURGE_LOCK_ID = 0x7075_7267;
const DAY_MS = 24 * 3600 * 1000;
/** Messages per round: their ~3,000 keys go out in three DeleteObjects calls. */
const BATCH = 1000;
/** Inquiry and partnership records are kept 6 months (privacy policy). */
const INQUIRY_RETENTION_MONTHS = 6;
/** An upload still 'uploading' after this long was cut off by a crash. */
const STALE_UPLOAD_MS = 3600 * 1000;
/** Objects with no message are only deleted once this old, so an upload in flight is never touched. */
const ORPHAN_AGE_MS = DAY_MS;

export interface PurgeReport {
  skipped: boolean;
  expiredMessages: number;
  staleUploads: number;
  orphanObjects: number;
  inquiries: number;
}

/**
 * Deletes what has outlived its time: messages past VIDEO_RETENTION_DAYS (objects, then the code
 * marked expired, then the row — so a run killed at any point and run again converges), uploads
 * cut off by a crash, objects with no message, and inquiries past six months. One replica runs it
 * at a time (advisory lock).
 */
@Injectable()
export class PurgeExpiredJob {
  private readonly logger = new Logger('Purge');
  private running = false;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly storage: StorageService,
    private readonly qr: QrStore,
    private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {}

  @Cron(CronExpression.EVERY_10_MINUTES, { name: 'purge-expired' })
  async scheduled(): Promise<void> {
    try {
      const report = await this.run();
      const total = report.expiredMessages + report.staleUploads + report.orphanObjects + report.inquiries;
      if (total > 0) this.logger.log(JSON.stringify(report));
    } catch (error) {
      this.logger.error(`purge failed (the next run continues): ${error instanceof Error ? error.message : error}`);
    }
  }

  async run(now: Date = this.clock.now()): Promise<PurgeReport> {
    const report: PurgeReport = { skipped: false, expiredMessages: 0, staleUploads: 0, orphanObjects: 0, inquiries: 0 };
    if (this.running) return { ...report, skipped: true };
    this.running = true;
    const lock = await this.lock();
    try {
      if (lock === false) return { ...report, skipped: true };
      report.expiredMessages = await this.purgeExpired(now);
      report.staleUploads = await this.purgeStaleUploads(now);
      report.orphanObjects = await this.purgeOrphans(now);
      report.inquiries = await this.purgeInquiries(now);
      return report;
    } finally {
      if (lock) {
        await lock.query('SELECT pg_advisory_unlock($1)', [PURGE_LOCK_ID]).catch(() => undefined);
        await lock.release();
      }
      this.running = false;
    }
  }

  /** A connection holding the lock; null where one process owns the database (embedded). */
  private async lock(): Promise<QueryRunner | null | false> {
    if (this.config.env.DATABASE_EMBEDDED) return null;
    const runner = this.db.createQueryRunner();
    await runner.connect();
    const [{ locked }] = await runner.query('SELECT pg_try_advisory_lock($1) AS locked', [PURGE_LOCK_ID]);
    if (locked) return runner;
    await runner.release();
    return false;
  }

  private async purgeExpired(now: Date): Promise<number> {
    const cutoff = new Date(now.getTime() - this.config.env.VIDEO_RETENTION_DAYS * DAY_MS);
    let purged = 0;
    for (;;) {
      const rows: { id: string; qr_code_id: string; keys: string[] }[] = await this.db.query(
        `SELECT id, qr_code_id, array_remove(ARRAY[original_key, video_key, poster_key], NULL) AS keys
           FROM video_messages WHERE created_at <= $1 AND state <> 'uploading'
          ORDER BY created_at LIMIT $2`,
        [cutoff, BATCH],
      );
      if (rows.length === 0) return purged;
      const ids = rows.map((r) => r.id);
      // The keys each row records; anything else under its prefix is left to the orphan sweep.
      await deleteKeys(
        this.storage,
        rows.flatMap((r) => r.keys),
      );
      await this.forget(rows, 'expired');
      purged += rows.length;
    }
  }

  private async purgeStaleUploads(now: Date): Promise<number> {
    const rows: { id: string; qr_code_id: string }[] = await this.db.query(
      `SELECT id, qr_code_id FROM video_messages WHERE state = 'uploading' AND created_at <= $1 LIMIT $2`,
      [new Date(now.getTime() - STALE_UPLOAD_MS), BATCH],
    );
    if (rows.length === 0) return 0;
    await deleteMessageObjects(
      this.storage,
      rows.map((r) => r.id),
    );
    await this.forget(rows, 'unused');
    return rows.length;
  }

  private async purgeOrphans(now: Date): Promise<number> {
    const before = now.getTime() - ORPHAN_AGE_MS;
    let orphans = 0;
    let token: string | undefined;
    do {
      const page = await this.storage.client.send(
        new ListObjectsV2Command({ Bucket: this.storage.bucket, Prefix: VIDEO_PREFIX, ContinuationToken: token }),
      );
      const old = (page.Contents ?? []).filter((o) => o.Key && o.LastModified && o.LastModified.getTime() < before);
      const ids = [...new Set(old.map((o) => messageIdOfKey(o.Key!)).filter((id): id is string => id !== null))];
      if (ids.length) {
        const known: { id: string }[] = await this.db.query(
          'SELECT id FROM video_messages WHERE id = ANY($1::uuid[])',
          [ids],
        );
        const live = new Set(known.map((k) => k.id));
        const keys = old.filter((o) => !live.has(messageIdOfKey(o.Key!) ?? '')).map((o) => o.Key!);
        if (keys.length) {
          await deleteKeys(this.storage, keys);
          orphans += keys.length;
        }
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return orphans;
  }

  private async purgeInquiries(now: Date): Promise<number> {
    const cutoff = new Date(now);
    cutoff.setMonth(cutoff.getMonth() - INQUIRY_RETENTION_MONTHS);
    return affectedRows(await this.db.query('DELETE FROM contact_submissions WHERE created_at < $1', [cutoff]));
  }

  /**
   * After their objects are gone: the codes get `codeStatus` first, then the rows go, so a run cut
   * short between the two finds the rows again next time.
   */
  private async forget(rows: { id: string; qr_code_id: string }[], codeStatus: 'expired' | 'unused'): Promise<void> {
    await this.qr.changeStatuses(
      rows.map((r) => r.qr_code_id),
      codeStatus,
      ['recorded'],
    );
    await this.db.query('DELETE FROM video_messages WHERE id = ANY($1::uuid[])', [rows.map((r) => r.id)]);
  }
}
