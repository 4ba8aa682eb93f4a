import { HeadBucketCommand } from '@aws-sdk/client-s3';
import { Injectable, Optional } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { StorageService } from '../storage/storage.service';
import { TranscodeJob } from '../video/transcode.job';

const CHECK_TIMEOUT_MS = 3000;

const CHECK_STATUSES = ['up', 'down'] as const;
export type CheckStatus = (typeof CHECK_STATUSES)[number];

export class HealthChecks {
  @ApiProperty({ enum: CHECK_STATUSES, enumName: 'CheckStatus' })
  database: CheckStatus;

  @ApiProperty({ enum: CHECK_STATUSES, enumName: 'CheckStatus' })
  storage: CheckStatus;

  @ApiPropertyOptional({
    enum: CHECK_STATUSES,
    enumName: 'CheckStatus',
    description: 'Only where this process transcodes (ROLE=all or worker)',
  })
  ffmpeg?: CheckStatus;
}

export class HealthReport {
  @ApiProperty({
    enum: ['ok', 'degraded'],
    description: '`degraded` while anything is down: the site still answers what it can',
  })
  status: 'ok' | 'degraded';

  @ApiProperty()
  checks: HealthChecks;
}

function withinTimeout(check: (signal: AbortSignal) => Promise<unknown>): Promise<CheckStatus> {
  const signal = AbortSignal.timeout(CHECK_TIMEOUT_MS);
  const timedOut = new Promise<never>((_, reject) =>
    signal.addEventListener('abort', () => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`))),
  );
  return Promise.race([check(signal), timedOut]).then(
    () => 'up',
    () => 'down',
  );
}

/** Whether the backend's dependencies answer: the database, the object store, the media tools. */
@Injectable()
export class HealthService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly storage: StorageService,
    @Optional() private readonly transcoder?: TranscodeJob,
  ) {}

  async report(): Promise<HealthReport> {
    const [database, storage] = await Promise.all([
      withinTimeout(() => this.db.query('SELECT 1')),
      withinTimeout((abortSignal) =>
        this.storage.client.send(new HeadBucketCommand({ Bucket: this.storage.bucket }), { abortSignal }),
      ),
    ]);
    const checks: HealthReport['checks'] = { database, storage };
    if (this.transcoder) checks.ffmpeg = this.transcoder.available ? 'up' : 'down';
    return { status: Object.values(checks).every((s) => s === 'up') ? 'ok' : 'degraded', checks };
  }
}
