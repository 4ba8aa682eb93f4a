import { GetObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { create as contentDisposition } from 'content-disposition';
import type { Response } from 'express';
import { AppConfig } from '../config/app-config';
import type { Env } from '../config/config.schema';
import { s3ClientFor, StorageService } from '../storage/storage.service';

/** An object a visitor may have, named by its storage key (the message's id, never a code's token). */
export interface StoredObject {
  key: string;
  contentType: string;
  fileName: string;
}

/** How long players and caches keep a video's bytes, however they are sent. */
export const STORED_FILE_CACHE_CONTROL = 'private, max-age=3600';

/**
 * The internal location of the deploy nginx (site.conf) that streams a signed storage request:
 * `/__giftcast/storage/<scheme>/<host>/<path>?<signed query>`.
 */
export const NGINX_STORAGE_LOCATION = '/__giftcast/storage/';

/** nginx makes its request at once: the link has only to outlive that. */
const NGINX_LINK_SECONDS = 60;
/** A player keeps following the link while it plays and seeks: longer than any message plays. */
const PLAYER_LINK_SECONDS = 600;

/** Where `url` is reached through NGINX_STORAGE_LOCATION. */
export function nginxStoragePath(url: string): string {
  const { protocol, host, pathname, search } = new URL(url);
  return `${NGINX_STORAGE_LOCATION}${protocol.slice(0, -1)}/${host}${pathname}${search}`;
}

/**
 * VIDEO_DELIVERY=nginx and redirect: the backend decides who may have an object, then hands its
 * bytes to the storage service through a short-lived signed GET that also fixes the answer's
 * type, caching and (downloads) file name. nginx streams it to the visitor (X-Accel-Redirect), or
 * the visitor is sent to it (302, at S3_PUBLIC_ENDPOINT). Range requests go to storage as sent.
 */
@Injectable()
export class StorageLinks implements OnApplicationShutdown {
  readonly delivery: Env['VIDEO_DELIVERY'];
  private readonly publicClient: S3Client;

  constructor(
    private readonly storage: StorageService,
    { env }: AppConfig,
  ) {
    this.delivery = env.VIDEO_DELIVERY;
    this.publicClient = env.S3_PUBLIC_ENDPOINT
      ? s3ClientFor({ ...env, S3_ENDPOINT: env.S3_PUBLIC_ENDPOINT })
      : storage.client;
  }

  /** Answers with the object's bytes by the way VIDEO_DELIVERY says (not node). */
  async send(response: Response, object: StoredObject, attachment: boolean): Promise<void> {
    if (this.delivery === 'redirect') {
      const url = await this.sign(this.publicClient, object, attachment, PLAYER_LINK_SECONDS);
      // Each play asks again, and gets a link that is still valid.
      response.setHeader('Cache-Control', 'no-store');
      response.redirect(302, url);
      return;
    }
    const url = await this.sign(this.storage.client, object, attachment, NGINX_LINK_SECONDS);
    response.setHeader('X-Accel-Redirect', nginxStoragePath(url));
    response.status(200).end();
  }

  private sign(client: S3Client, object: StoredObject, attachment: boolean, seconds: number): Promise<string> {
    return getSignedUrl(
      client,
      new GetObjectCommand({
        Bucket: this.storage.bucket,
        Key: object.key,
        ResponseContentType: object.contentType,
        ResponseCacheControl: STORED_FILE_CACHE_CONTROL,
        ResponseContentDisposition: attachment ? contentDisposition(object.fileName) : undefined,
      }),
      { expiresIn: seconds },
    );
  }

  onApplicationShutdown(): void {
    if (this.publicClient !== this.storage.client) this.publicClient.destroy();
  }
}
