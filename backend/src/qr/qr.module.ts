import { Module } from '@nestjs/common';
import { getDataSourceToken, TypeOrmModule } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { AppConfig } from '../config/app-config';
import { AdminQrController } from './admin-qr.controller';
import { AvailableStream } from './available-stream';
import { FirestoreQrStore } from './firestore-qr.store';
import { PostgresQrStore } from './postgres-qr.store';
import { QrCodeEntity } from './qr-code.entity';
import { QrController } from './qr.controller';
import { QrService } from './qr.service';
import { QrStore } from './qr-store';

/** QR_STORE picks the driver; Nest runs the chosen one's onModuleInit/onModuleDestroy. */
const qrStoreProvider = {
  provide: QrStore,
  inject: [AppConfig, getDataSourceToken()],
  useFactory: (config: AppConfig, dataSource: DataSource): QrStore =>
    config.env.QR_STORE === 'firestore' ? new FirestoreQrStore(config) : new PostgresQrStore(dataSource, config),
};

@Module({
  imports: [TypeOrmModule.forFeature([QrCodeEntity])],
  controllers: [QrController, AdminQrController],
  providers: [qrStoreProvider, QrService, AvailableStream],
  exports: [QrService, QrStore],
})
export class QrModule {}
