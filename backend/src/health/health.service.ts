import { HeadBucketCommand } from '@aws-sdk/client-s3';
import { Injectable, Optional } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { StorageService } from '../storage/storage.service';
import { TranscodeJob } from '../video/transcode.job';
import { Draining } from '../common/draining';

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

/** Readiness: whether this process should be sent requests now. */
export class ReadinessReport {
  @ApiProperty({ enum: ['ready', 'not-ready'] })
  status: 'ready' | 'not-ready';

  @ApiPropertyOptional({ description: 'Set on 503 only: told to stop, finishing what it holds' })
  draining?: boolean;
}

/** Liveness: the process answers. */
export class LivenessReport {
  @ApiProperty({ enum: ['ok'] })
  status: 'ok';
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
    private readonly draining: Draining,
    @Optional() private readonly transcoder?: TranscodeJob,
  ) {}

  /**
   * Ready unless told to stop. The database and the object store are not asked: every replica
   * shares them, so their outage would take every replica out of the load balancer at once
   * (Kubernetes routes only to ready pods) and the site would answer nothing, where each replica
   * still serves its pages and answers the API's 503 meanwhile. `report()` tells of them.
   */
  readiness(): ReadinessReport {
    return this.draining.active ? { status: 'not-ready', draining: true } : { status: 'ready' };
  }

  async report(): Promise<HealthReport> {
    const checks: HealthReport['checks'] = await this.dependencies();
    if (this.transcoder) checks.ffmpeg = this.transcoder.available ? 'up' : 'down';
    return { status: Object.values(checks).every((s) => s === 'up') ? 'ok' : 'degraded', checks };
  }

  private async dependencies(): Promise<HealthChecks> {
    const [database, storage] = await Promise.all([
      withinTimeout(() => this.db.query('SELECT 1')),
      withinTimeout((abortSignal) =>
        this.storage.client.send(new HeadBucketCommand({ Bucket: this.storage.bucket }), { abortSignal }),
      ),
    ]);
    return { database, storage };
  }
}
