import { EventEmitter } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Client } from 'pg';
import type { DataSource, EntityManager } from 'typeorm';
import { skipTake } from '../common/paging';
import { AppConfig } from '../config/app-config';
import { CONNECTION_SAFEGUARDS, postgresConnection } from '../database/data-source';
import { formatSerial, QR_STATUSES, type QrCode, type QrPool, type QrStatus } from './qr-code';
import { QrCodeEntity } from './qr-code.entity';
import { type QrPage, type QrPageQuery, QrStore } from './qr-store';
import { newQrToken } from './qr-token';

const CHANGE_CHANNEL = 'giftcast_qr_changed';
const GENERATE_LOCK_ID = 0x7172_636f;
const RECONNECT_DELAY_MS = 1000;
/**
 * A connection that only listens sends nothing, so a network that drops it silently (a failover
 * that moves the address, an idle timeout in between) would never tell it: it asks the server
 * something this often and reconnects when no answer comes within LISTENER_ANSWER_MS.
 */
const LISTENER_PING_MS = 10_000;
const LISTENER_ANSWER_MS = 5_000;

/**
 * QR codes in PostgreSQL. Every change NOTIFYs in its own transaction, and each replica LISTENs,
 * so subscribers everywhere hear it.
 */
@Injectable()
export class PostgresQrStore extends QrStore implements OnModuleInit, OnModuleDestroy {
  readonly joinsTransactions = true;
  private readonly logger = new Logger('QrStore');
  private readonly changes = new EventEmitter().setMaxListeners(0);
  private listener?: Client;
  private ping?: NodeJS.Timeout;
  private reconnecting?: NodeJS.Timeout;
  private closed = false;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly config: AppConfig,
  ) {
    super();
  }

  async onModuleInit(): Promise<void> {
    await this.listen();
  }

  async onModuleDestroy(): Promise<void> {
    this.closed = true;
    clearTimeout(this.reconnecting);
    clearInterval(this.ping);
    // end() waits for the server to close the connection, which a network gone silent never does.
    const ended = this.listener?.end().catch(() => undefined);
    await Promise.race([ended, sleep(LISTENER_ANSWER_MS, undefined, { ref: false })]);
  }

  private async listen(): Promise<void> {
    const client = new Client({
      ...postgresConnection(this.config.env),
      ...CONNECTION_SAFEGUARDS,
      query_timeout: LISTENER_ANSWER_MS,
    });
    client.on('notification', () => this.changes.emit('change'));
    client.on('error', (error) => this.lost(client, error));
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANGE_CHANNEL}`);
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    this.listener = client;
    this.ping = setInterval(
      () => void client.query('SELECT 1').catch((error: Error) => this.lost(client, error)),
      LISTENER_PING_MS,
    );
    this.ping.unref();
  }

  /** The listener's connection failed or stopped answering: a new one, once. */
  private lost(client: Client, error: Error): void {
    if (this.listener !== client) return;
    this.listener = undefined;
    clearInterval(this.ping);
    this.logger.warn(`change listener lost its connection: ${error.message}`);
    void client.end().catch(() => undefined);
    this.reconnectLater(RECONNECT_DELAY_MS);
  }

  /** One reconnection at a time, until the database answers again or the store closes. */
  private reconnectLater(delayMs: number): void {
    if (this.closed || this.reconnecting) return;
    this.reconnecting = setTimeout(() => {
      this.reconnecting = undefined;
      if (this.closed) return;
      this.listen().then(
        () => this.changes.emit('change'), // something may have changed while we were away
        () => this.reconnectLater(RECONNECT_DELAY_MS * 5),
      );
    }, delayMs);
    this.reconnecting.unref();
  }

  onChange(listener: () => void): () => void {
    this.changes.on('change', listener);
    return () => this.changes.off('change', listener);
  }

  /**
   * Runs a change in a transaction (the caller's `within`, else one of its own) that announces
   * itself when it commits: to every replica through the database's notification, and, in a
   * transaction of its own, to this one's subscribers as soon as it has committed, so that what
   * this replica serves next (a /try stream opened right after an admin's change) holds it.
   */
  private async changing<T>(
    work: (manager: EntityManager) => Promise<T>,
    changed: (result: T) => boolean,
    within?: EntityManager,
  ): Promise<T> {
    const announced = async (manager: EntityManager) => {
      const value = await work(manager);
      if (changed(value)) await manager.query('SELECT pg_notify($1, $2)', [CHANGE_CHANNEL, '']);
      return value;
    };
    if (within) return announced(within);
    const value = await this.db.transaction(announced);
    if (changed(value)) this.changes.emit('change');
    return value;
  }

  private get repository() {
    return this.db.getRepository(QrCodeEntity);
  }

  listAvailable(limit: number): Promise<QrCode[]> {
    return this.repository
      .createQueryBuilder('qr')
      .where('qr.status = :status', { status: 'unused' })
      .andWhere('qr.pool = :pool', { pool: 'try' })
      .andWhere('qr.taken_at IS NULL')
      .orderBy('qr.serial_value', 'ASC')
      .limit(limit)
      .getMany();
  }

  findByToken(qrToken: string): Promise<QrCode | null> {
    return this.repository.findOneBy({ qrToken });
  }

  findById(id: string): Promise<QrCode | null> {
    return this.repository.findOneBy({ id });
  }

  async page(filter: QrPageQuery): Promise<QrPage> {
    const { status, pool, serial } = filter;
    const { skip, take } = skipTake(filter);
    const query = this.repository.createQueryBuilder('qr');
    if (status) query.andWhere('qr.status = :status', { status });
    if (pool) query.andWhere('qr.pool = :pool', { pool });
    if (serial) query.andWhere('qr.serial_number LIKE :serial', { serial: `%${serial}%` });
    const [items, total] = await query.orderBy('qr.serial_value', 'ASC').skip(skip).take(take).getManyAndCount();
    return { items, total };
  }

  async countByStatus(pool?: QrPool): Promise<Record<QrStatus, number>> {
    const query = this.repository
      .createQueryBuilder('qr')
      .select('qr.status', 'status')
      .addSelect('count(*)::int', 'count')
      .groupBy('qr.status');
    if (pool) query.where('qr.pool = :pool', { pool });
    const rows: { status: QrStatus; count: number }[] = await query.getRawMany();
    const counts = Object.fromEntries(QR_STATUSES.map((s) => [s, 0])) as Record<QrStatus, number>;
    for (const row of rows) counts[row.status] = Number(row.count);
    return counts;
  }

  createNext(count: number, pool: QrPool, startAt = 1): Promise<QrCode[]> {
    return this.changing(
      async (manager) => {
        // Serials are never reused: the next one follows the highest ever handed out.
        await manager.query('SELECT pg_advisory_xact_lock($1)', [GENERATE_LOCK_ID]);
        const [{ highest }] = await manager.query<[{ highest: string | null }]>(
          'SELECT max(serial_value)::text AS highest FROM qr_codes',
        );
        const first = highest === null ? startAt : Math.max(Number(highest) + 1, startAt);
        const rows = Array.from({ length: count }, (_, i) =>
          manager.create(QrCodeEntity, {
            serialNumber: formatSerial(first + i),
            qrToken: newQrToken(),
            status: 'unused',
            pool,
            takenAt: null,
          }),
        );
        return manager.save(rows, { chunk: 200 });
      },
      (created) => created.length > 0,
    );
  }

  /** One statement, whose deadline is the database's; `signal` is checked before it. */
  async changeStatuses(ids: string[], to: QrStatus, from: readonly QrStatus[], signal?: AbortSignal): Promise<number> {
    signal?.throwIfAborted();
    if (ids.length === 0) return 0;
    return this.changing(
      (manager) => this.updateStatuses(manager, ids, to, from),
      (changed) => changed > 0,
    );
  }

  changeStatus(id: string, to: QrStatus, from: readonly QrStatus[], within?: EntityManager): Promise<QrCode | null> {
    return this.changing(
      async (manager) =>
        (await this.updateStatuses(manager, [id], to, from)) ? manager.findOneBy(QrCodeEntity, { id }) : null,
      (code) => code !== null,
      within,
    );
  }

  take(qrToken: string, newToken: string): Promise<QrCode | null> {
    return this.changing(
      async (manager) => {
        const result = await manager
          .createQueryBuilder()
          .update(QrCodeEntity)
          .set({ qrToken: newToken, takenAt: () => 'now()' })
          .where("qr_token = :qrToken AND pool = 'try' AND status = 'unused' AND taken_at IS NULL", { qrToken })
          .execute();
        return result.affected ? manager.findOneBy(QrCodeEntity, { qrToken: newToken }) : null;
      },
      (code) => code !== null,
    );
  }

  /** The conditional update both status changes are made of; returns how many codes changed. */
  private async updateStatuses(
    manager: EntityManager,
    ids: string[],
    to: QrStatus,
    from: readonly QrStatus[],
  ): Promise<number> {
    const result = await manager
      .createQueryBuilder()
      .update(QrCodeEntity)
      .set({ status: to })
      .where('id IN (:...ids) AND status IN (:...from)', { ids, from })
      .execute();
    return result.affected ?? 0;
  }
}
