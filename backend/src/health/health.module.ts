import { Module } from '@nestjs/common';
import { VideoModule } from '../video/video.module';
import { HealthController } from './health.controller';
import { HealthService } from './health.service';

@Module({ imports: [VideoModule], controllers: [HealthController], providers: [HealthService] })
export class HealthModule {}
