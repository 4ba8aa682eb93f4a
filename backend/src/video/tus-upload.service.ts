import { randomBytes, timingSafeEqual } from 'node:crypto';
import { Readable, Writable } from 'node:stream';
import { NoSuchKey } from '@aws-sdk/client-s3';
import {
  BadRequestException,
  ConflictException,
  HttpException,
  HttpStatus,
  Injectable,
  Logger,
  NotFoundException,
  NotImplementedException,
  PayloadTooLargeException,
  PreconditionFailedException,
  UnprocessableEntityException,
  UnsupportedMediaTypeException,
} from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { ERRORS as TUS_ERRORS, Server as TusServer, type Upload } from '@tus/server';
import type { Request, Response } from 'express';
import type { DataSource } from 'typeorm';
import { Clock } from '../common/clock';
import { errorMessage } from '../common/error-message';
import { requestLanguage } from '../common/language';
import { type MessageKey, translate } from '../common/messages';
import { isStorageError } from '../common/outage';
import { AppConfig } from '../config/app-config';
import { logId } from '../logging/log-id';
import { QrService } from '../qr/qr.service';
import { pipeStored } from '../storage/stored-body';
import { refusal } from './media-limits';
import { type SentMessageResponse, toMessageResponse } from './message-response';
import { MediaTools } from './media-tools';
import { MessageLifecycle, requireRecordable } from './message-lifecycle';
import { demuxerOf, SNIFF_BYTES, sniffContainer, type VideoMimeType } from './video-container';
import { VideoMessage } from './video-message.entity';
import { PostgresLocker } from './upload-locker';
import { messageIdOfKey, videoKeys } from './video-keys';
import { VideoStorage } from './video-storage';
import { hashOwnerKey } from './video-upload.service';

/** Where the upload routes live; an upload's URL is this plus its message's id. */
export const UPLOADS_PATH = '/api/uploads';
/**
 * Each PATCH body is cut into parts of this size on their way to S3 (S3's minimum part is 5 MiB).
 * The store writes the part being cut to a temporary file, not to memory: per upload in flight
 * the backend holds at most one part on disk and a stream buffer (64 KiB) in memory.
 */
export const TUS_PART_SIZE = 8 * 1024 * 1024;
const TUS_VERSION = '1.0.0';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** What the route knows of the request it hands to the tus server. */
interface TusRequest {
  request: Request;
  response: Response;
  /** The message the upload creates or continues. */
  message: VideoMessage;
  ownerKey: string;
}

/** The answer the tus server sends for an error: our contract's body, as today's upload answers it. */
class TusAnswer {
  constructor(
    readonly status_code: number,
    readonly body: string,
  ) {}
}

/**
 * Resumable uploads on the tus 1.0 protocol (@tus/server with its S3 store): the upload creates a
 * message on its code as today's upload does, each PATCH adds parts to one S3 multipart upload at
 * the message's `original` key, and the last byte runs today's checks before the transcoder takes
 * the video. Only the holder of the owner key answered on creation can read, append to or end it.
 */
@Injectable()
export class TusUploadService {
  private readonly logger = new Logger('TusUpload');
  private readonly tus: TusServer;
  private readonly requests = new WeakMap<object, TusRequest>();
  private readonly locker: PostgresLocker;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly qr: QrService,
    private readonly objects: VideoStorage,
    private readonly lifecycle: MessageLifecycle,
    private readonly config: AppConfig,
    private readonly tools: MediaTools,
    private readonly clock: Clock,
  ) {
    const { env } = config;
    this.locker = new PostgresLocker(db);
    this.tus = new TusServer({
      path: UPLOADS_PATH,
      maxSize: env.VIDEO_MAX_BYTES,
      locker: this.locker,
      respectForwardedHeaders: false,
      exposedHeaders: ['X-Owner-Key'],
      allowedHeaders: ['X-Owner-Key'],
      namingFunction: (req) => videoKeys(this.stateOf(req).message.id).original,
      generateUrl: (_req, { id }) => `${UPLOADS_PATH}/${messageIdOfKey(id)}`,
      getFileIdFromRequest: (req) => videoKeys(this.stateOf(req).message.id).original,
      onUploadFinish: (req, upload) => this.finish(this.stateOf(req), upload),
      onResponseError: (req, error) => this.answerFor(req, error),
      datastore: this.objects.tusStore({
        partSize: TUS_PART_SIZE,
        // Our purge ends unfinished uploads; the store only announces when (Upload-Expires).
        expirationPeriodInMilliseconds: env.UPLOAD_EXPIRY_HOURS * 3600_000,
        useTags: false,
        // One part in flight per PATCH: parts of a request go out one after another.
        maxConcurrentPartUploads: 1,
      }),
    });
  }

  /**
   * tus creation on a code: 201 with `Location` and `X-Owner-Key`. The code is claimed before the
   * multipart upload is created, so of simultaneous creations exactly one wins; whatever fails
   * afterwards frees it again before the answer.
   */
  async create(qrToken: string, request: Request, response: Response): Promise<void> {
    if (!this.config.env.RESUMABLE_UPLOADS) throw new NotImplementedException('error.video.resumableOff');
    requireTus(request);
    if (request.headers['upload-defer-length'] !== undefined) throw new BadRequestException('error.badRequest');
    const length = request.headers['upload-length'];
    if (typeof length !== 'string' || !/^\d{1,16}$/.test(length)) throw new BadRequestException('error.badRequest');
    if (Number(length) > this.config.env.VIDEO_MAX_BYTES) throw new PayloadTooLargeException('error.video.tooLarge');
    const code = await this.qr.byToken(qrToken);
    requireRecordable(code);

    const ownerKey = randomBytes(24).toString('base64url');
    const expiresAt = new Date(this.clock.now().getTime() + this.config.env.UPLOAD_EXPIRY_HOURS * 3600_000);
    const message = await this.lifecycle.claim(code, hashOwnerKey(ownerKey), { expiresAt, length: Number(length) });
    if (!message) throw new ConflictException('error.qr.taken');
    let answer: globalThis.Response | undefined;
    try {
      answer = await this.handle({ request, response, message, ownerKey });
    } finally {
      if (answer?.status !== 201) await this.release(message);
    }
    response.setHeader('X-Owner-Key', ownerKey);
    await send(answer, response);
  }

  /**
   * HEAD, PATCH and DELETE of an upload, for the holder of its owner key only. Once finished the
   * upload takes no more requests, but its HEAD still answers that every byte is in: a client whose
   * last PATCH went unanswered (its connection dropped while the checks ran) then knows it is done.
   */
  async continue(id: string, ownerKey: string | undefined, request: Request, response: Response): Promise<void> {
    requireTus(request);
    const message = await this.ownedUpload(id, ownerKey);
    if (message.state !== 'uploading') return sendFinished(message, request, response);
    const answer = await this.handle({ request, response, message, ownerKey: ownerKey! });
    // Termination: the store aborted the multipart upload and removed its objects.
    if (request.method === 'DELETE' && answer.status === 204) await this.release(message);
    const whole = request.method === 'HEAD' && answer.status === 200 ? wholeLength(answer) : undefined;
    // Refused by the checks another request ran meanwhile: the upload is gone, not complete.
    if (whole !== undefined && !(await this.finishOnce(message, videoKeys(message.id).original, whole))) {
      throw new NotFoundException('error.notFound');
    }
    // A HEAD that waited for another request's checks finds the store's record of the upload gone.
    if (request.method === 'HEAD' && answer.status === 404) {
      const now = await this.ownedUpload(id, ownerKey);
      if (now.state !== 'uploading') return sendFinished(now, request, response);
    }
    await send(answer, response);
  }

  /**
   * Every byte is stored and the upload goes through its checks once, to the transcoder or out,
   * whichever request gets here first: the last PATCH, or a client's HEAD that finds the offset at
   * the length because the checks after the last byte did not run to their end, the parts were
   * never put together (storage failed then, or the process stopped), or the client's connection
   * dropped while the PATCH ran them. Under the upload's lock, kept however long the checks take,
   * on one replica or several; the request that gets it second finds the message as the first
   * left it (null: the file was refused and the message is gone).
   */
  private async finishOnce(message: VideoMessage, key: string, size: number): Promise<VideoMessage | null> {
    const lock = this.locker.newLock(key, { kept: true });
    await lock
      .lock(new AbortController().signal, () => undefined)
      .catch((error: unknown) => {
        if (error !== TUS_ERRORS.ERR_LOCK_TIMEOUT) throw error;
        throw new HttpException('error.video.uploadBusy', HttpStatus.LOCKED);
      });
    try {
      const current = await this.db.getRepository(VideoMessage).findOneBy({ id: message.id });
      if (current?.state !== 'uploading') return current;
      return await this.finishStored(current, key, size).catch(async (error: unknown) => {
        if (!(error instanceof NoSuchKey)) throw error;
        // Every part is in, but storage failed to put them together: a write of no bytes at the
        // upload's length makes the store complete it, and the checks run on the whole.
        await this.tus.datastore.write(Readable.from([]), key, size);
        return this.finishStored(current, key, size);
      });
    } finally {
      await lock.unlock();
    }
  }

  /** The message of an unexpired upload, finished or not, whose owner key this is; 404 for any other. */
  private async ownedUpload(id: string, ownerKey: string | undefined): Promise<VideoMessage> {
    const message = UUID.test(id) ? await this.db.getRepository(VideoMessage).findOneBy({ id }) : null;
    const live = message?.uploadExpiresAt && message.uploadExpiresAt > this.clock.now();
    const expected = live ? Buffer.from(message.ownerKeyHash, 'hex') : null;
    const given = Buffer.from(hashOwnerKey(ownerKey ?? ''), 'hex');
    if (!message || !expected || !ownerKey || !timingSafeEqual(expected, given)) {
      throw new NotFoundException('error.notFound');
    }
    return message;
  }

  /**
   * The tus server's answer to the request, not sent yet (its web-standard entry): what follows
   * from it (a code freed) happens before the client hears of it.
   */
  private async handle(state: TusRequest): Promise<globalThis.Response> {
    const { request } = state;
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) {
      if (value !== undefined && !HOP_BY_HOP.has(name))
        headers.set(name, Array.isArray(value) ? value.join(', ') : value);
    }
    const hasBody = request.method === 'PATCH' || request.method === 'POST';
    const web = new globalThis.Request(new URL(request.originalUrl, 'http://backend'), {
      method: request.method,
      headers,
      body: hasBody ? (Readable.toWeb(request) as ReadableStream<Uint8Array>) : undefined,
      duplex: 'half',
    });
    this.requests.set(web, state);
    return this.tus.handleWeb(web);
  }

  private stateOf(req: object): TusRequest {
    const state = this.requests.get(req);
    if (!state) throw new Error('a tus request that did not come through the upload routes');
    return state;
  }

  /**
   * The last byte is in and S3 has the whole object: today's checks on what it is (its bytes,
   * then its headers against a phone's limits), then the transcoder's queue. 200 with today's
   * upload answer; a refused file goes with its message, freeing the code.
   */
  private async finish(state: TusRequest, upload: Upload) {
    const stored = await this.finishOnce(state.message, upload.id, upload.size ?? 0);
    if (!stored) throw new NotFoundException('error.notFound');
    state.response.setHeader('Content-Type', 'application/json; charset=utf-8');
    return {
      status_code: 200,
      body: JSON.stringify(this.answerOf(stored, state.ownerKey)),
    };
  }

  /** The checks on the whole stored upload, then the transcoder's queue; a refused file frees the code. */
  private async finishStored(message: VideoMessage, key: string, sizeBytes: number): Promise<VideoMessage> {
    try {
      const mimeType = await this.check(key, sizeBytes);
      const stored = await this.lifecycle.uploaded(message, {
        originalKey: key,
        originalMimeType: mimeType,
        sizeBytes,
      });
      await this.objects.deleteKeys([`${key}.info`]).catch((error: unknown) => {
        this.logger.warn(`upload record of message ${logId(message.id)} is left: ${errorMessage(error)}`);
      });
      return stored;
    } catch (error) {
      if (error instanceof HttpException) await this.release(message);
      throw error;
    }
  }

  private answerOf(message: VideoMessage, ownerKey: string): SentMessageResponse {
    return { message: toMessageResponse(message, this.config.env.VIDEO_RETENTION_DAYS), ownerKey };
  }

  /**
   * The stored upload's type, after the checks of today's upload: 415 for bytes that are no video,
   * 422 for a video whose headers go beyond a phone's limits.
   */
  private async check(key: string, sizeBytes: number): Promise<VideoMimeType> {
    const mimeType = await sniffContainer(await this.objects.readStart(key, SNIFF_BYTES));
    if (!mimeType) throw new UnsupportedMediaTypeException('error.video.notVideo');
    const probe = this.tools.probeUpload(demuxerOf(mimeType)!, 'storage');
    if (!probe) return mimeType;
    // ffprobe stops once it has read the headers; the rest of the object is not fetched then.
    const enough = new AbortController();
    void probe.result.then(() => enough.abort());
    try {
      const fed = async () => {
        const object = await this.objects.read(key, { signal: enough.signal });
        await pipeStored(object.body, [probe.tap(), discarded()], { signal: enough.signal });
      };
      await fed().catch((error: unknown) => {
        if (!enough.signal.aborted) throw error;
      });
      const declared = await probe.result;
      const refused = declared && refusal({ ...declared, sizeBytes }, this.tools.limits);
      if (!refused) return mimeType;
      this.logger.warn(`message ${logId(messageIdOfKey(key) ?? key)} refused on upload: ${refused.message}`);
      throw new UnprocessableEntityException(`error.video.${refused.reason}`);
    } finally {
      probe.stop();
    }
  }

  /** The message and all of its objects go, the code is unused again. */
  private async release(message: VideoMessage): Promise<void> {
    await this.lifecycle.discard(message, { objectsMayRemain: true }).catch((error: unknown) => {
      this.logger.error(`message ${logId(message.id)} is left for the purge: ${errorMessage(error)}`);
    });
  }

  /** Errors as the contract shapes them: ours with their message, the store's outage as 503. */
  private answerFor(req: unknown, error: unknown): TusAnswer | undefined {
    const state = this.stateOf(req as object);
    const language = requestLanguage(state.request);
    const answer = (status: number, key: MessageKey) => {
      state.response.setHeader('Content-Type', 'application/json; charset=utf-8');
      return new TusAnswer(status, JSON.stringify({ statusCode: status, error: translate(key, language) }));
    };
    if (error instanceof HttpException) {
      const raw = error.getResponse();
      const key = (typeof raw === 'string' ? raw : (raw as { message: string }).message) as MessageKey;
      return answer(error.getStatus(), key);
    }
    // Another request, on this replica or another, still holds the upload: tus clients try again on 423.
    if (error === TUS_ERRORS.ERR_LOCK_TIMEOUT) return answer(423, 'error.video.uploadBusy');
    if (isStorageError(error)) {
      this.logger.warn(`upload of message ${logId(state.message.id)}: storage failed: ${errorMessage(error)}`);
      return answer(503, 'error.storageUnavailable');
    }
    return undefined;
  }
}

/** The length of the upload a HEAD answered for, where every byte of it is stored. */
function wholeLength(answer: globalThis.Response): number | undefined {
  const offset = answer.headers.get('upload-offset');
  return offset !== null && offset === answer.headers.get('upload-length') ? Number(offset) : undefined;
}

/** Headers of the connection, not of the request, which a web-standard request does not carry. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'expect', 'host']);

/** The tus server's answer on Express's response; a Content-Type of ours (JSON) stays. */
async function send(answer: globalThis.Response, response: Response): Promise<void> {
  response.status(answer.status);
  answer.headers.forEach((value, name) => {
    if (name !== 'content-type' || !response.hasHeader('content-type')) response.setHeader(name, value);
  });
  const body = Buffer.from(await answer.arrayBuffer());
  response.end(body.length ? body : undefined);
}

/**
 * A finished upload: to its HEAD, every byte is in (tus clients then report success); anything else
 * is too late.
 */
function sendFinished(message: VideoMessage, request: Request, response: Response): void {
  if (request.method !== 'HEAD' || message.uploadLength === null) throw new NotFoundException('error.notFound');
  const length = String(message.uploadLength);
  response.set({ 'Tus-Resumable': TUS_VERSION, 'Upload-Offset': length, 'Upload-Length': length });
  response.set('Cache-Control', 'no-store').status(200).end();
}

function requireTus(request: Request): void {
  if (request.headers['tus-resumable'] !== TUS_VERSION) throw new PreconditionFailedException('error.badRequest');
}

/** Takes the bytes ffprobe has read and drops them. */
function discarded(): Writable {
  return new Writable({ write: (_chunk, _encoding, done) => done() });
}
