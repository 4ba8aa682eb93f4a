import {
  CreateBucketCommand,
  HeadBucketCommand,
  S3Client,
  type S3ClientConfig,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { errorMessage } from '../common/error-message';
import { AppConfig } from '../config/app-config';
import type { Env } from '../config/config.schema';

export type StorageSettings = Pick<
  Env,
  | 'S3_ENDPOINT'
  | 'S3_REGION'
  | 'S3_BUCKET'
  | 'S3_ACCESS_KEY_ID'
  | 'S3_SECRET_ACCESS_KEY'
  | 'S3_FORCE_PATH_STYLE'
  | 'STORAGE_CONNECT_TIMEOUT_SECONDS'
  | 'STORAGE_REQUEST_TIMEOUT_SECONDS'
>;

/**
 * The S3 client every part of the backend uses, from the S3_* settings. A storage server that
 * accepts a connection and never answers, or stops sending mid-body, fails the call instead of
 * holding it for good: a connection has STORAGE_CONNECT_TIMEOUT_SECONDS to open, a request
 * STORAGE_REQUEST_TIMEOUT_SECONDS for its answer to begin (throwOnRequestTimeout, as the handler
 * only warns otherwise), and a socket may be idle that long (a body that stalls). Uploads go out
 * in buffered parts (lib-storage), so no request waits on a visitor's slow connection.
 */
export function s3ClientFor(env: StorageSettings): S3Client {
  return new S3Client(s3ClientConfig(env));
}

/** The settings of `s3ClientFor`, for a library that makes its own client (the tus store). */
export function s3ClientConfig(env: StorageSettings): S3ClientConfig {
  const requestMs = env.STORAGE_REQUEST_TIMEOUT_SECONDS * 1000;
  return {
    region: env.S3_REGION,
    endpoint: env.S3_ENDPOINT,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
    requestHandler: {
      connectionTimeout: env.STORAGE_CONNECT_TIMEOUT_SECONDS * 1000,
      requestTimeout: requestMs,
      throwOnRequestTimeout: true,
      socketTimeout: requestMs,
    },
    // Checksums only where S3 demands them: streamed bodies then go out as plain bytes, which
    // every S3-compatible server stores as sent (some keep aws-chunked framing otherwise).
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    credentials:
      env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
        : undefined,
  };
}

/** Creates the bucket unless it exists; true when it had to be created. */
export async function ensureBucket(client: S3Client, bucket: string): Promise<boolean> {
  try {
    await client.send(new HeadBucketCommand({ Bucket: bucket }));
    return false;
  } catch (error) {
    if (!(error instanceof S3ServiceException) || error.$metadata.httpStatusCode !== 404) throw error;
    await client.send(new CreateBucketCommand({ Bucket: bucket }));
    return true;
  }
}

/** The object store (MinIO, AWS S3 or the embedded server of `make run`), through one S3 client. */
@Injectable()
export class StorageService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Storage');
  readonly client: S3Client;
  readonly bucket: string;

  constructor({ env }: AppConfig) {
    this.bucket = env.S3_BUCKET;
    this.client = s3ClientFor(env);
  }

  async onApplicationBootstrap(): Promise<void> {
    try {
      await this.ensureBucket();
    } catch (error) {
      // The site works without storage; uploads will report the problem when they need it.
      this.logger.error(`bucket "${this.bucket}" is not reachable: ${errorMessage(error)}`);
    }
  }

  async ensureBucket(): Promise<void> {
    if (await ensureBucket(this.client, this.bucket)) this.logger.log(`created bucket "${this.bucket}"`);
  }

  onApplicationShutdown(): void {
    this.client.destroy();
  }
}
