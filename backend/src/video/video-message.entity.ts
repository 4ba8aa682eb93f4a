import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { UnplayableReason } from './ffmpeg';

export const MESSAGE_STATES = ['uploading', 'processing', 'ready', 'failed'] as const;
export type MessageState = (typeof MESSAGE_STATES)[number];

/** PostgreSQL's bigint, which node-postgres reads as a string, as a number (sizes stay far below 2^53). */
const BIGINT_AS_NUMBER = {
  to: (value: number | null) => value,
  from: (value: string | null) => (value === null ? null : Number(value)),
};

/**
 * A video message on a QR code: one at a time per code, deleted with its objects when it expires.
 * A `failed` one has no objects and its code is free again; it only tells the giver why.
 */
@Entity({ name: 'video_messages' })
export class VideoMessage {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  /** The QR code's id in whichever QR store is configured. */
  @Column({ name: 'qr_code_id', type: 'text', unique: true })
  qrCodeId: string;

  @Column({ name: 'serial_number', type: 'text' })
  serialNumber: string;

  @Column({ type: 'text', default: 'uploading' })
  state: MessageState;

  @Column({ name: 'original_key', type: 'text', nullable: true })
  originalKey: string | null;

  @Column({ name: 'original_mime_type', type: 'text', nullable: true })
  originalMimeType: string | null;

  @Column({ name: 'video_key', type: 'text', nullable: true })
  videoKey: string | null;

  @Column({ name: 'poster_key', type: 'text', nullable: true })
  posterKey: string | null;

  /** The uploaded file's size, then the MP4's once it is ready. */
  @Column({ name: 'size_bytes', type: 'bigint', nullable: true, transformer: BIGINT_AS_NUMBER })
  sizeBytes: number | null;

  @Column({ name: 'duration_seconds', type: 'double precision', nullable: true })
  durationSeconds: number | null;

  /** SHA-256 of the giver's owner key; the key itself is only ever in the giver's browser. */
  @Column({ name: 'owner_key_hash', type: 'text' })
  ownerKeyHash: string;

  @Column({ name: 'failure_reason', type: 'text', nullable: true })
  failureReason: UnplayableReason | null;

  /** A resumable upload in progress: when the purge ends it if it is still unfinished. */
  @Column({ name: 'upload_expires_at', type: 'timestamptz', nullable: true })
  uploadExpiresAt: Date | null;

  /** A resumable upload's length as its client declared it (Upload-Length), kept once finished. */
  @Column({ name: 'upload_length', type: 'bigint', nullable: true, transformer: BIGINT_AS_NUMBER })
  uploadLength: number | null;

  /**
   * Transcode attempts this video has cost (the lease and retries are the job runner's). The
   * table's job_lease_until is no longer read or written; a later release drops it, once no
   * replica of the previous one (which reads it) can still run.
   */
  @Column({ name: 'job_attempts', type: 'int', default: 0 })
  jobAttempts: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
