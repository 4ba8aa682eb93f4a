import {
  applyDecorators,
  type CanActivate,
  type ExecutionContext,
  Injectable,
  Logger,
  SetMetadata,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ApiTooManyRequestsResponse } from '@nestjs/swagger';
import type { Request } from 'express';
import { type RateLimiterAbstract, RateLimiterRes } from 'rate-limiter-flexible';
import { DataSource } from 'typeorm';
import { AppConfig } from '../config/app-config';
import type { Env } from '../config/config.schema';
import { errorMessage } from './error-message';
import { RetryLaterException, retryAfterSeconds } from './http-exception.filter';
import { type LimiterStore, postgresStore } from './limiter-store';

/** The budgets of the public writes, each set by its setting; routes that name one budget share it. */
const BUDGET_SETTINGS = {
  inquiries: 'RATE_LIMIT_INQUIRIES',
  subscribe: 'RATE_LIMIT_SUBSCRIBE',
  unsubscribe: 'RATE_LIMIT_UNSUBSCRIBE',
  uploads: 'RATE_LIMIT_UPLOADS',
} as const satisfies Record<string, keyof Env>;

export type RateBudgetName = keyof typeof BUDGET_SETTINGS;

const RATE_BUDGET = 'giftcast:rate-budget';

/** Counts every call of the route against the caller's address in the named budget; past it, 429. */
export const RateLimit = (budget: RateBudgetName) =>
  applyDecorators(
    SetMetadata(RATE_BUDGET, budget),
    ApiTooManyRequestsResponse({
      description: `Over the ${BUDGET_SETTINGS[budget]} budget of the caller's address; Retry-After says when to try again`,
    }),
  );

/** The limiters of every budget, their counts kept in `store`. */
function budgetLimiters(env: Env, store: LimiterStore): Map<RateBudgetName, RateLimiterAbstract> {
  const limiters = new Map<RateBudgetName, RateLimiterAbstract>();
  for (const budget of Object.keys(BUDGET_SETTINGS) as RateBudgetName[]) {
    const { points, seconds } = env[BUDGET_SETTINGS[budget]];
    limiters.set(budget, store({ keyPrefix: budget, points, duration: seconds }));
  }
  return limiters;
}

/**
 * Installed globally; acts on routes marked @RateLimit(). The address is Express's `req.ip`, so
 * TRUST_PROXY decides which proxies may name it. Counts are kept in PostgreSQL, one for every
 * replica. A count the database cannot give in time lets the request through (fails open): the
 * writes behind these budgets need the database themselves, and a slow count must not refuse
 * every visitor.
 */
@Injectable()
export class RateLimitGuard implements CanActivate {
  private readonly logger = new Logger('RateLimit');
  private readonly limiters: Map<RateBudgetName, RateLimiterAbstract>;

  constructor(
    private readonly reflector: Reflector,
    { env }: AppConfig,
    dataSource: DataSource,
  ) {
    this.limiters = budgetLimiters(env, postgresStore(dataSource));
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const budget = this.reflector.get<RateBudgetName | undefined>(RATE_BUDGET, context.getHandler());
    if (budget === undefined) return true;
    const { ip } = context.switchToHttp().getRequest<Request>();
    try {
      await this.limiters.get(budget)!.consume(ip ?? '');
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) {
        throw new RetryLaterException('error.tooManyRequests', retryAfterSeconds(rejection.msBeforeNext));
      }
      this.logger.warn(`the ${budget} budget was not counted, the request goes through: ${errorMessage(rejection)}`);
    }
    return true;
  }
}
