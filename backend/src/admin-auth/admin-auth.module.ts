import { Global, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { JwtModule } from '@nestjs/jwt';
import { AppConfig } from '../config/app-config';
import { AdminAuthController } from './admin-auth.controller';
import { AdminAuthService } from './admin-auth.service';
import { AdminGuard } from './admin.guard';
import { ForgetRevokedTokensJob } from './forget-revoked-tokens.job';
import { RevokedTokenRepository } from './revoked-token.repository';

@Global()
@Module({
  imports: [
    JwtModule.registerAsync({
      inject: [AppConfig],
      useFactory: ({ env }: AppConfig) => ({ secret: env.JWT_SECRET, signOptions: { algorithm: 'HS256' } }),
    }),
  ],
  controllers: [AdminAuthController],
  // The clean-up runs on the job runner's schedule, where the background jobs run (ROLE=all, worker).
  providers: [
    AdminAuthService,
    RevokedTokenRepository,
    ForgetRevokedTokensJob,
    { provide: APP_GUARD, useClass: AdminGuard },
  ],
  exports: [AdminAuthService],
})
export class AdminAuthModule {}
