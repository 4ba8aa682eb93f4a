import { Injectable, Logger } from '@nestjs/common';
import { Cron, CronExpression } from '@nestjs/schedule';
import { Clock } from '../common/clock';
import { errorMessage } from '../common/error-message';
import { RevokedTokenRepository } from './revoked-token.repository';

/**
 * Deletes the revocations of admin tokens that have expired since (the token's own expiry refuses
 * them now). Runs where the background jobs run (ROLE=all or worker); on several replicas at once
 * the deletes simply overlap. A failed run is logged, and the next one catches up.
 */
@Injectable()
export class ForgetRevokedTokensJob {
  private readonly logger = new Logger('RevokedAdminTokens');

  constructor(
    private readonly revoked: RevokedTokenRepository,
    private readonly clock: Clock,
  ) {}

  @Cron(CronExpression.EVERY_HOUR, { name: 'forget-revoked-admin-tokens' })
  async run(): Promise<void> {
    try {
      const forgotten = await this.revoked.forgetExpired(this.clock.now());
      if (forgotten > 0) this.logger.log(`forgot ${forgotten} revocations of expired admin tokens`);
    } catch (error) {
      this.logger.error(`could not forget expired revocations (the next run tries again): ${errorMessage(error)}`);
    }
  }
}
