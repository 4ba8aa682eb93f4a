import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { Clock } from '../common/clock';
import { errorMessage } from '../common/error-message';
import { JobRunner } from '../jobs/job-runner';
import { RevokedTokenRepository } from './revoked-token.repository';

/**
 * Deletes the revocations of admin tokens that have expired since (the token's own expiry refuses
 * them now). Hourly, once across the replicas that run jobs (ROLE=all or worker). A failed run is
 * logged, and the next one catches up.
 */
@Injectable()
export class ForgetRevokedTokensJob implements OnModuleInit {
  private readonly logger = new Logger('RevokedAdminTokens');

  constructor(
    private readonly revoked: RevokedTokenRepository,
    private readonly clock: Clock,
    private readonly jobs: JobRunner,
  ) {}

  onModuleInit(): void {
    this.jobs.define({
      name: 'forget-revoked-admin-tokens',
      schedule: '0 * * * *',
      once: true,
      deadlineSeconds: 300,
      retries: 0,
      retryDelaySeconds: 60,
      handler: () => this.run(),
    });
  }

  async run(): Promise<void> {
    try {
      const forgotten = await this.revoked.forgetExpired(this.clock.now());
      if (forgotten > 0) this.logger.log(`forgot ${forgotten} revocations of expired admin tokens`);
    } catch (error) {
      this.logger.error(`could not forget expired revocations (the next run tries again): ${errorMessage(error)}`);
    }
  }
}
