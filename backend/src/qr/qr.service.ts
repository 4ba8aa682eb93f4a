import {
  ConflictException,
  ForbiddenException,
  Injectable,
  Logger,
  NotFoundException,
  type OnModuleInit,
} from '@nestjs/common';
import { isUUID } from 'class-validator';
import { toBuffer } from 'qrcode';
import { errorMessage } from '../common/error-message';
import { AppConfig } from '../config/app-config';
import {
  ADMIN_SETTABLE_STATUSES,
  type AvailableQrCode,
  type QrCode,
  type QrPool,
  type QrStatus,
  isListed,
  toAvailable,
} from './qr-code';
import { type QrPage, type QrPageQuery, QrStore } from './qr-store';
import { newQrToken, QR_TOKEN_PATTERN } from './qr-token';

/** /try shows at most this many codes (the spec's query limit). */
export const AVAILABLE_LIMIT = 100;
export const QR_IMAGE_SIZES = [200, 300] as const;
export type QrImageSize = (typeof QR_IMAGE_SIZES)[number];

@Injectable()
export class QrService implements OnModuleInit {
  private readonly logger = new Logger('QrService');
  private readonly listeners = new Set<(codes: AvailableQrCode[]) => void>();
  private snapshot?: Promise<AvailableQrCode[]>;
  private refreshing = false;
  private refreshAgain = false;

  constructor(
    private readonly store: QrStore,
    private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.store.onChange(() => void this.refresh());
  }

  /** The codes /try offers; cached until the next change. A failed read is not kept: the next asks again. */
  available(): Promise<AvailableQrCode[]> {
    if (!this.snapshot) {
      const loading = this.loadAvailable();
      this.snapshot = loading;
      loading.catch(() => {
        if (this.snapshot === loading) this.snapshot = undefined;
      });
    }
    return this.snapshot;
  }

  onAvailableChange(listener: (codes: AvailableQrCode[]) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The verification link a code carries. */
  link(qrToken: string): string {
    return `${this.config.env.PUBLIC_URL}/v/${qrToken}`;
  }

  /** The code a link's token names; 404 for a token that cannot be one or names none. */
  async byToken(qrToken: string): Promise<QrCode> {
    const code = QR_TOKEN_PATTERN.test(qrToken) ? await this.store.findByToken(qrToken) : null;
    if (!code) throw new NotFoundException('error.qr.notFound');
    return code;
  }

  async image(qrToken: string, size: QrImageSize): Promise<Buffer> {
    const code = await this.byToken(qrToken);
    return toBuffer(this.link(code.qrToken), { type: 'png', width: size, margin: 2, errorCorrectionLevel: 'M' });
  }

  /**
   * Takes a code listed on /try: the taker gets a fresh token nobody else has seen and the listed
   * one is retired (it names no code from then on), so nobody who saw /try can reach a message
   * recorded on it. 404 for an unknown or retired token; 409 for a code that is not listed (a
   * printed one, or one already used); 403 when another site's page asks (`Sec-Fetch-Site`), so
   * that no site can drain the pool through its visitors' browsers.
   */
  async take(qrToken: string, fetchSite: string | undefined): Promise<QrCode> {
    if (fetchSite === 'cross-site') throw new ForbiddenException('error.qr.crossSite');
    const listed = await this.byToken(qrToken);
    if (!isListed(listed) || listed.status !== 'unused') throw new ConflictException('error.qr.notTakeable');
    const taken = await this.store.take(qrToken, newQrToken());
    if (taken) return taken;
    // Taken or used meanwhile by someone else.
    if (await this.store.findByToken(qrToken)) throw new ConflictException('error.qr.notTakeable');
    throw new NotFoundException('error.qr.notFound');
  }

  /** A page of codes, with the counts per status of the pool asked for (or of all codes). */
  async adminPage(query: QrPageQuery): Promise<QrPage & { counts: Record<QrStatus, number> }> {
    const [page, counts] = await Promise.all([this.store.page(query), this.store.countByStatus(query.pool)]);
    return { ...page, counts };
  }

  generate(count: number, pool: QrPool): Promise<QrCode[]> {
    return this.store.createNext(count, pool);
  }

  /** An admin takes a code out of circulation or back in; a code with a message is not theirs to change. */
  async setStatus(id: string, status: QrStatus): Promise<QrCode> {
    const changed = isUUID(id) ? await this.store.changeStatus(id, status, ADMIN_SETTABLE_STATUSES) : null;
    if (changed) return changed;
    const existing = isUUID(id) ? await this.store.findById(id) : null;
    if (!existing) throw new NotFoundException('error.qr.notFound');
    throw new ConflictException('error.qr.statusLocked');
  }

  private async loadAvailable(): Promise<AvailableQrCode[]> {
    const codes = await this.store.listAvailable(AVAILABLE_LIMIT);
    return codes.map(toAvailable);
  }

  /** One reload per burst of changes, however many arrive while it runs. */
  private async refresh(): Promise<void> {
    if (this.refreshing) {
      this.refreshAgain = true;
      return;
    }
    this.refreshing = true;
    try {
      do {
        this.refreshAgain = false;
        const next = this.loadAvailable();
        this.snapshot = next;
        const codes = await next;
        for (const listener of this.listeners) listener(codes);
      } while (this.refreshAgain);
    } catch (error) {
      this.snapshot = undefined;
      this.logger.error(`reloading available codes failed: ${errorMessage(error)}`);
    } finally {
      this.refreshing = false;
    }
  }
}
