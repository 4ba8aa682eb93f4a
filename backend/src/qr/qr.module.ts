import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AdminQrController } from './admin-qr.controller';
import { AvailableStream } from './available-stream';
import { PostgresQrStore } from './postgres-qr.store';
import { QrCodeEntity } from './qr-code.entity';
import { QrController } from './qr.controller';
import { QrService } from './qr.service';
import { QrStore } from './qr-store';

@Module({
  imports: [TypeOrmModule.forFeature([QrCodeEntity])],
  controllers: [QrController, AdminQrController],
  providers: [{ provide: QrStore, useClass: PostgresQrStore }, QrService, AvailableStream],
  exports: [QrService, QrStore],
})
export class QrModule {}
