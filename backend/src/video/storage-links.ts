import { Injectable } from '@nestjs/common';
import { create as contentDisposition } from 'content-disposition';
import type { Response } from 'express';
import { AppConfig } from '../config/app-config';
import type { Env } from '../config/config.schema';
import { VideoStorage } from './video-storage';

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
export class StorageLinks {
  readonly delivery: Env['VIDEO_DELIVERY'];

  constructor(
    private readonly objects: VideoStorage,
    { env }: AppConfig,
  ) {
    this.delivery = env.VIDEO_DELIVERY;
  }

  /** Answers with the object's bytes by the way VIDEO_DELIVERY says (not node). */
  async send(response: Response, object: StoredObject, attachment: boolean): Promise<void> {
    if (this.delivery === 'redirect') {
      const url = await this.sign(object, attachment, PLAYER_LINK_SECONDS, { forVisitor: true });
      // Each play asks again, and gets a link that is still valid.
      response.setHeader('Cache-Control', 'no-store');
      response.redirect(302, url);
      return;
    }
    const url = await this.sign(object, attachment, NGINX_LINK_SECONDS, { forVisitor: false });
    response.setHeader('X-Accel-Redirect', nginxStoragePath(url));
    response.status(200).end();
  }

  private sign(
    object: StoredObject,
    attachment: boolean,
    seconds: number,
    to: { forVisitor: boolean },
  ): Promise<string> {
    const answer = {
      contentType: object.contentType,
      cacheControl: STORED_FILE_CACHE_CONTROL,
      contentDisposition: attachment ? contentDisposition(object.fileName) : undefined,
    };
    return this.objects.signedGet(object.key, answer, seconds, to);
  }
}
