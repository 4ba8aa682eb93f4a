import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ContactModule } from '../contact/contact.module';
import { QrModule } from '../qr/qr.module';
import { MediaTools } from './media-tools';
import { MessageLifecycle } from './message-lifecycle';
import { PurgeExpiredJob } from './purge-expired.job';
import { PurgeRepository } from './purge.repository';
import { TranscodeQueue } from './transcode-queue';
import { TranscodeRepository } from './transcode.repository';
import { TusUploadService } from './tus-upload.service';
import { VideoController } from './video.controller';
import { VideoMessage } from './video-message.entity';
import { StorageLinks } from './storage-links';
import { VideoService } from './video.service';
import { VideoUploadService } from './video-upload.service';
import { VideoStorage } from './video-storage';

@Module({
  imports: [TypeOrmModule.forFeature([VideoMessage]), QrModule, ContactModule],
  controllers: [VideoController],
  // The purge runs on the job runner's schedule where jobs run; `npm run purge` runs it in any role.
  // Every role queues transcodes; the roles that run jobs add the transcoder (JobsModule).
  providers: [
    MediaTools,
    MessageLifecycle,
    VideoService,
    VideoUploadService,
    TusUploadService,
    PurgeExpiredJob,
    PurgeRepository,
    StorageLinks,
    TranscodeQueue,
    TranscodeRepository,
    VideoStorage,
  ],
  exports: [MediaTools, MessageLifecycle, PurgeExpiredJob, TranscodeQueue, TranscodeRepository, VideoStorage],
})
export class VideoModule {}
