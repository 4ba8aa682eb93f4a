import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { QrModule } from '../qr/qr.module';
import { MessageLifecycle } from './message-lifecycle';
import { PurgeExpiredJob } from './purge-expired.job';
import { TranscodeJob } from './transcode.job';
import { VideoController } from './video.controller';
import { VideoMessage } from './video-message.entity';
import { VideoService } from './video.service';
import { VideoUploadService } from './video-upload.service';

@Module({
  imports: [TypeOrmModule.forFeature([VideoMessage]), QrModule],
  controllers: [VideoController],
  providers: [MessageLifecycle, VideoService, VideoUploadService, TranscodeJob, PurgeExpiredJob],
  exports: [TranscodeJob, PurgeExpiredJob],
})
export class VideoModule {}
