import { createReadStream } from 'node:fs';
import { addAbortSignal, type Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { type Options as S3StoreOptions, S3Store } from '@tus/s3-store';
import { AppConfig } from '../config/app-config';
import { logId } from '../logging/log-id';
import { s3ClientConfig, s3ClientFor, StorageService } from '../storage/storage.service';
import { videoKeys } from './video-keys';

/** S3 deletes at most this many keys per call. */
const DELETE_BATCH = 1000;
/** An upload's parts in memory: at most UPLOAD_QUEUE_SIZE of UPLOAD_PART_SIZE at a time. */
const UPLOAD_PART_SIZE = 5 * 1024 * 1024;
const UPLOAD_QUEUE_SIZE = 2;

/** Stored bytes as they stream in, and how many the answer holds where storage said. */
export interface StoredBytes {
  body: Readable;
  length: number | undefined;
}

/** One page of a listing; `next` continues it. */
export interface ObjectPage {
  objects: { key: string; lastModified: Date | undefined }[];
  next: string | undefined;
}

/** The headers a signed GET's answer carries. */
export interface SignedAnswer {
  contentType: string;
  cacheControl: string;
  contentDisposition: string | undefined;
}

/**
 * The video feature's objects in the bucket (keys from video-keys.ts): every storage call of the
 * feature, as TranscodeRepository holds its SQL. A call given a signal ends when it aborts (a
 * deadline of the caller's); the client's own timeouts apply to every call.
 */
@Injectable()
export class VideoStorage implements OnApplicationShutdown {
  /** Signs the links visitors follow: at S3_PUBLIC_ENDPOINT where storage has one for them. */
  private readonly publicClient: S3Client;

  constructor(
    private readonly storage: StorageService,
    private readonly config: AppConfig,
  ) {
    const { env } = config;
    this.publicClient = env.S3_PUBLIC_ENDPOINT
      ? s3ClientFor({ ...env, S3_ENDPOINT: env.S3_PUBLIC_ENDPOINT })
      : storage.client;
  }

  /** The object's bytes, or only those of `range` (inclusive). */
  async read(
    key: string,
    { range, signal }: { range?: { start: number; end: number } | null; signal?: AbortSignal } = {},
  ): Promise<StoredBytes> {
    const object = await this.storage.client.send(
      new GetObjectCommand({
        Bucket: this.storage.bucket,
        Key: key,
        Range: range ? `bytes=${range.start}-${range.end}` : undefined,
      }),
      { abortSignal: signal },
    );
    const body = object.Body as Readable;
    // The signal ends the body itself. The client lets go of it once its request closed (a store
    // that closes the connection after each answer, as moto does, with bytes still unread), and
    // Node's pipeline ends a response through its request: it would then wait for good.
    if (signal) addAbortSignal(signal, body);
    return { body, length: object.ContentLength };
  }

  /** The object's first `count` bytes (fewer if it is shorter). */
  async readStart(key: string, count: number): Promise<Buffer> {
    const { body } = await this.read(key, { range: { start: 0, end: count - 1 } });
    return Buffer.concat(await body.toArray());
  }

  /**
   * Stores the local `file` of `size` bytes in one request; `requestTimeoutMs` replaces the
   * client's timeout for its answer to begin, which comes only once the whole file went out.
   */
  async storeFile(
    key: string,
    file: string,
    { contentType, size }: { contentType: string; size: number },
    { signal, requestTimeoutMs }: { signal: AbortSignal; requestTimeoutMs: number },
  ): Promise<void> {
    await this.storage.client.send(
      new PutObjectCommand({
        Bucket: this.storage.bucket,
        Key: key,
        Body: createReadStream(file),
        ContentType: contentType,
        ContentLength: size,
      }),
      { abortSignal: signal, requestTimeout: requestTimeoutMs },
    );
  }

  /**
   * A multipart upload of `body` to `key`, in buffered parts as the body streams in; the caller
   * runs it (`done`) and aborts it, which removes the parts it stored.
   */
  multipartUpload(key: string, body: Readable, contentType: string): Upload {
    return new Upload({
      client: this.storage.client,
      params: { Bucket: this.storage.bucket, Key: key, Body: body, ContentType: contentType },
      partSize: UPLOAD_PART_SIZE,
      queueSize: UPLOAD_QUEUE_SIZE,
      leavePartsOnError: false,
    });
  }

  /** The tus server's store of resumable uploads, on a client of its own with the same settings. */
  tusStore(options: Omit<S3StoreOptions, 's3ClientConfig'>): S3Store {
    return new S3Store({
      ...options,
      s3ClientConfig: { ...s3ClientConfig(this.config.env), bucket: this.storage.bucket },
    });
  }

  /**
   * A GET of `key` signed for `seconds`, whose answer carries `answer`'s headers; `forVisitor`:
   * signed for the endpoint visitors reach (S3_PUBLIC_ENDPOINT), else for the backend's own.
   */
  signedGet(
    key: string,
    answer: SignedAnswer,
    seconds: number,
    { forVisitor }: { forVisitor: boolean },
  ): Promise<string> {
    return getSignedUrl(
      forVisitor ? this.publicClient : this.storage.client,
      new GetObjectCommand({
        Bucket: this.storage.bucket,
        Key: key,
        ResponseContentType: answer.contentType,
        ResponseCacheControl: answer.cacheControl,
        ResponseContentDisposition: answer.contentDisposition,
      }),
      { expiresIn: seconds },
    );
  }

  /** One page of the keys under `prefix`, from `token` on. */
  async listPage(prefix: string, token: string | undefined, signal?: AbortSignal): Promise<ObjectPage> {
    const page = await this.storage.client.send(
      new ListObjectsV2Command({ Bucket: this.storage.bucket, Prefix: prefix, ContinuationToken: token }),
      { abortSignal: signal },
    );
    return {
      objects: (page.Contents ?? []).flatMap((o) => (o.Key ? [{ key: o.Key, lastModified: o.LastModified }] : [])),
      next: page.IsTruncated ? page.NextContinuationToken : undefined,
    };
  }

  /** Deletes `keys` in batches of at most 1000, one DeleteObjects call after another. */
  async deleteKeys(keys: string[], signal?: AbortSignal): Promise<void> {
    keys = [...new Set(keys)];
    for (let i = 0; i < keys.length; i += DELETE_BATCH) {
      const batch = keys.slice(i, i + DELETE_BATCH);
      const result = await this.storage.client.send(
        new DeleteObjectsCommand({
          Bucket: this.storage.bucket,
          Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true },
        }),
        { abortSignal: signal },
      );
      const failed = (result.Errors ?? []).filter((e) => e.Code !== 'NoSuchKey');
      if (failed.length) {
        throw new Error(`could not delete ${failed.length} objects: ${failed[0].Code} ${logId(failed[0].Key ?? '')}`);
      }
    }
  }

  /**
   * Deletes everything under each message's prefix (found by listing, so nothing a crash left
   * half-written survives).
   */
  async deleteMessageObjects(messageIds: string[], signal?: AbortSignal): Promise<void> {
    const keys: string[] = [];
    for (const id of messageIds) {
      const { prefix, original, video, poster } = videoKeys(id);
      keys.push(original, video, poster);
      let token: string | undefined;
      do {
        const page = await this.listPage(prefix, token, signal);
        for (const { key } of page.objects) if (!keys.includes(key)) keys.push(key);
        token = page.next;
      } while (token);
    }
    await this.deleteKeys(keys, signal);
  }

  /**
   * Aborts the unfinished S3 multipart uploads under each message's prefix (a resumable upload left
   * unfinished): S3 then drops their parts, which no listing of objects shows.
   */
  async abortMultipartUploads(messageIds: string[], signal?: AbortSignal): Promise<void> {
    for (const id of messageIds) {
      const { prefix } = videoKeys(id);
      let keyMarker: string | undefined;
      let uploadIdMarker: string | undefined;
      do {
        const page = await this.storage.client.send(
          new ListMultipartUploadsCommand({
            Bucket: this.storage.bucket,
            Prefix: prefix,
            KeyMarker: keyMarker,
            UploadIdMarker: uploadIdMarker,
          }),
          { abortSignal: signal },
        );
        for (const upload of page.Uploads ?? []) {
          await this.storage.client.send(
            new AbortMultipartUploadCommand({
              Bucket: this.storage.bucket,
              Key: upload.Key,
              UploadId: upload.UploadId,
            }),
            { abortSignal: signal },
          );
        }
        keyMarker = page.IsTruncated ? page.NextKeyMarker : undefined;
        uploadIdMarker = page.IsTruncated ? page.NextUploadIdMarker : undefined;
      } while (keyMarker);
    }
  }

  onApplicationShutdown(): void {
    if (this.publicClient !== this.storage.client) this.publicClient.destroy();
  }
}
