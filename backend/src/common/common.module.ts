import { Global, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { Clock, SystemClock } from './clock';
import { Draining } from './draining';
import { RateLimitGuard } from './rate-limit';

@Global()
@Module({
  providers: [{ provide: Clock, useClass: SystemClock }, { provide: APP_GUARD, useClass: RateLimitGuard }, Draining],
  exports: [Clock, Draining],
})
export class CommonModule {}
