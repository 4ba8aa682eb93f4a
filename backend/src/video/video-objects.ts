import {
  AbortMultipartUploadCommand,
  DeleteObjectsCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
} from '@aws-sdk/client-s3';
import { logId } from '../logging/log-id';
import type { StorageService } from '../storage/storage.service';
import { videoKeys } from './video-keys';

/** S3 deletes at most this many keys per call. */
export const DELETE_BATCH = 1000;

/**
 * Deletes `keys` in batches of at most 1000, one DeleteObjects call after another; `signal` ends
 * the calls (a deadline of the caller's).
 */
export async function deleteKeys(storage: StorageService, keys: string[], signal?: AbortSignal): Promise<void> {
  keys = [...new Set(keys)];
  for (let i = 0; i < keys.length; i += DELETE_BATCH) {
    const batch = keys.slice(i, i + DELETE_BATCH);
    const result = await storage.client.send(
      new DeleteObjectsCommand({
        Bucket: storage.bucket,
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
export async function deleteMessageObjects(
  storage: StorageService,
  messageIds: string[],
  signal?: AbortSignal,
): Promise<void> {
  const keys: string[] = [];
  for (const id of messageIds) {
    const { prefix, original, video, poster } = videoKeys(id);
    keys.push(original, video, poster);
    let token: string | undefined;
    do {
      const page = await storage.client.send(
        new ListObjectsV2Command({ Bucket: storage.bucket, Prefix: prefix, ContinuationToken: token }),
        { abortSignal: signal },
      );
      for (const object of page.Contents ?? []) if (object.Key && !keys.includes(object.Key)) keys.push(object.Key);
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }
  await deleteKeys(storage, keys, signal);
}

/**
 * Aborts the unfinished S3 multipart uploads under each message's prefix (a resumable upload left
 * unfinished): S3 then drops their parts, which no listing of objects shows.
 */
export async function abortMultipartUploads(
  storage: StorageService,
  messageIds: string[],
  signal?: AbortSignal,
): Promise<void> {
  for (const id of messageIds) {
    const { prefix } = videoKeys(id);
    let keyMarker: string | undefined;
    let uploadIdMarker: string | undefined;
    do {
      const page = await storage.client.send(
        new ListMultipartUploadsCommand({
          Bucket: storage.bucket,
          Prefix: prefix,
          KeyMarker: keyMarker,
          UploadIdMarker: uploadIdMarker,
        }),
        { abortSignal: signal },
      );
      for (const upload of page.Uploads ?? []) {
        await storage.client.send(
          new AbortMultipartUploadCommand({ Bucket: storage.bucket, Key: upload.Key, UploadId: upload.UploadId }),
          { abortSignal: signal },
        );
      }
      keyMarker = page.IsTruncated ? page.NextKeyMarker : undefined;
      uploadIdMarker = page.IsTruncated ? page.NextUploadIdMarker : undefined;
    } while (keyMarker);
  }
}
