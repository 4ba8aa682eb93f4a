import { ConflictException, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { isUniqueViolation } from '../database/postgres-errors';
import { logId } from '../logging/log-id';
import { isListed, type QrCode, type QrStatus } from '../qr/qr-code';
import { QrStore } from '../qr/qr-store';
import { TranscodeQueue } from './transcode-queue';
import type { UnplayableReason } from './ffmpeg';
import { VideoMessage } from './video-message.entity';
import { VideoStorage } from './video-storage';

class CodeTaken extends Error {}

/**
 * Refuses a new message on a code that cannot take one, whichever way it is uploaded: a listed
 * code, whose token everyone who saw /try knows (the giver takes it first, for a fresh token), or
 * a code not unused.
 */
export function requireRecordable(code: Pick<QrCode, 'pool' | 'takenAt' | 'status'>): void {
  if (isListed(code)) throw new ConflictException('error.qr.takeFirst');
  if (code.status !== 'unused') throw new ConflictException('error.qr.taken');
}

/**
 * The changes of a message that touch its code too. Each is one transaction where the QR store
 * keeps its codes in this database; with another store the message's row changes first, so that
 * a crash between the two can only leave a `recorded` code without a live message, which the
 * purge's repair sweep frees again.
 */
@Injectable()
export class MessageLifecycle {
  private readonly logger = new Logger('Messages');

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly qr: QrStore,
    private readonly objects: VideoStorage,
    private readonly transcodes: TranscodeQueue,
  ) {}

  /**
   * A new message on an unused code: its row (state `uploading`) and the code `recorded`. Null
   * when the code is not unused any more; of simultaneous claims exactly one succeeds.
   * `resumable`: a resumable upload of `length` bytes, which keeps the code until `expiresAt`.
   */
  async claim(
    code: QrCode,
    ownerKeyHash: string,
    resumable?: { expiresAt: Date; length: number },
  ): Promise<VideoMessage | null> {
    let changedOutside = false;
    try {
      return await this.db.transaction(async (manager) => {
        // A failed attempt's row only told its giver why; a new message replaces it.
        await manager.delete(VideoMessage, { qrCodeId: code.id, state: 'failed' });
        const message = await manager.save(
          manager.create(VideoMessage, {
            qrCodeId: code.id,
            serialNumber: code.serialNumber,
            state: 'uploading',
            ownerKeyHash,
            uploadExpiresAt: resumable?.expiresAt ?? null,
            uploadLength: resumable?.length ?? null,
          }),
        );
        if (!(await this.qr.changeStatus(code.id, 'recorded', ['unused'], manager))) throw new CodeTaken();
        changedOutside = !this.qr.joinsTransactions;
        return message;
      });
    } catch (error) {
      if (error instanceof CodeTaken || isUniqueViolation(error, 'video_messages_qr_code_id_key')) return null;
      if (changedOutside) await this.setCode(code.id, 'unused', ['recorded']);
      throw error;
    }
  }

  /**
   * The upload is stored whole: the message waits for the transcoder, its job queued in the same
   * transaction (neither is ever without the other).
   */
  async uploaded(message: VideoMessage, stored: Pick<VideoMessage, 'originalKey' | 'originalMimeType' | 'sizeBytes'>) {
    await this.db.transaction(async (manager) => {
      const result = await manager
        .createQueryBuilder()
        .update(VideoMessage)
        .set({ ...stored, state: 'processing' })
        .where("id = :id AND state = 'uploading'", { id: message.id })
        .execute();
      if (!result.affected) throw new Error(`message ${logId(message.id)} is no longer uploading`);
      await this.transcodes.send(message.id, manager);
    });
    this.transcodes.wake();
    return Object.assign(message, stored, { state: 'processing' as const });
  }

  /**
   * Removes a message with everything stored of it and frees its code (take-back, failed upload).
   * `objectsMayRemain`: an upload that never completed has no object to delete, so a storage
   * server that is down does not keep its code taken (the orphan sweep removes any leftover).
   */
  async discard(message: Pick<VideoMessage, 'id' | 'qrCodeId'>, { objectsMayRemain = false } = {}): Promise<void> {
    try {
      await this.objects.deleteMessageObjects([message.id]);
    } catch (error) {
      if (!objectsMayRemain) throw error;
      this.logger.warn(`objects of message ${logId(message.id)} are left to the orphan sweep: ${String(error)}`);
    }
    await this.withCode(message.qrCodeId, (manager) => manager.delete(VideoMessage, { id: message.id }));
  }

  /**
   * A video that can never play: its objects go, the row stays as `failed` with the reason for the
   * giver's page, and the code is free for another try.
   */
  async fail(message: Pick<VideoMessage, 'id' | 'qrCodeId'>, reason: UnplayableReason): Promise<void> {
    await this.objects.deleteMessageObjects([message.id]);
    await this.withCode(message.qrCodeId, (manager) =>
      manager.update(
        VideoMessage,
        { id: message.id },
        {
          state: 'failed',
          failureReason: reason,
          originalKey: null,
          videoKey: null,
          posterKey: null,
          sizeBytes: null,
        },
      ),
    );
  }

  /** `change` to the message rows, then the code back to unused: together where the store joins. */
  private async withCode(codeId: string, change: (manager: EntityManager) => Promise<unknown>): Promise<void> {
    if (this.qr.joinsTransactions) {
      await this.db.transaction(async (manager) => {
        await change(manager);
        await this.qr.changeStatus(codeId, 'unused', ['recorded'], manager);
      });
      return;
    }
    await this.db.transaction(change);
    await this.setCode(codeId, 'unused', ['recorded']);
  }

  /** A change outside the database whose failure the repair sweep makes good. */
  private async setCode(codeId: string, to: QrStatus, from: readonly QrStatus[]): Promise<void> {
    try {
      await this.qr.changeStatus(codeId, to, from);
    } catch (error) {
      this.logger.warn(`code ${codeId} stays as it is until the repair sweep: ${String(error)}`);
    }
  }
}
