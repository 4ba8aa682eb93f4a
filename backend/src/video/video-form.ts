import type { IncomingHttpHeaders } from 'node:http';
import type { Readable } from 'node:stream';
import {
  BadRequestException,
  type HttpException,
  PayloadTooLargeException,
  UnsupportedMediaTypeException,
} from '@nestjs/common';
import Busboy from 'busboy';

export interface IncomingUpload extends Readable {
  headers: IncomingHttpHeaders;
  /** True once the whole request body has arrived (node's IncomingMessage). */
  complete?: boolean;
}

/** A settled-later promise whose rejection never goes unhandled, whether or not it is awaited. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: HttpException) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  promise.catch(() => undefined);
  return { promise, resolve, reject };
}

/**
 * The multipart body of an upload, read as it arrives: the stream of its one file field `video`,
 * and whether the form as a whole was sound. Every way a body can go wrong (cut off, malformed, a
 * client gone mid-file, a second file, no file) ends in `failure`, an exception in the contract's
 * terms, and every stream involved has its error handled: nothing a client sends can throw past it.
 */
export class VideoForm {
  /** The `video` file's bytes. */
  readonly file: Promise<Readable>;
  /** Resolves once the whole body was read with exactly one file; rejects with `failure`. */
  readonly complete: Promise<void>;
  /** Why the form failed, as soon as it did. */
  failure: HttpException | null = null;
  private readonly busboy?: Busboy.Busboy;

  constructor(
    private readonly request: IncomingUpload,
    maxBytes: number,
  ) {
    const file = deferred<Readable>();
    const complete = deferred<void>();
    this.file = file.promise;
    this.complete = complete.promise;
    const fail = (failure: HttpException) => {
      if (this.failure) return;
      this.failure = failure;
      file.reject(failure);
      complete.reject(failure);
    };
    request.on('error', () => undefined);
    try {
      this.busboy = Busboy({
        headers: request.headers,
        // One byte over the cap lets the size check see that a file is too large.
        limits: { files: 1, fileSize: maxBytes + 1, fields: 20, fieldSize: 16 * 1024, parts: 30 },
      });
    } catch {
      fail(new UnsupportedMediaTypeException('error.video.notMultipart'));
      return;
    }
    let found = false;
    this.busboy.on('file', (field, stream) => {
      // Busboy destroys the stream with its own error, which reaches us through busboy's 'error'.
      stream.on('error', () => undefined);
      if (field !== 'video') {
        stream.resume();
        return fail(new BadRequestException('error.video.missing'));
      }
      found = true;
      file.resolve(stream);
    });
    this.busboy.on('filesLimit', () => fail(new BadRequestException('error.video.oneFile')));
    this.busboy.on('partsLimit', () => fail(new PayloadTooLargeException('error.tooLarge')));
    this.busboy.on('fieldsLimit', () => fail(new PayloadTooLargeException('error.tooLarge')));
    this.busboy.on('error', () => fail(new BadRequestException('error.video.incomplete')));
    this.busboy.on('finish', () => {
      if (!found) return fail(new BadRequestException('error.video.missing'));
      complete.resolve();
    });
    // A client that goes away mid-body: busboy would otherwise wait for the rest for ever.
    request.on('close', () => {
      if (!request.complete) this.busboy?.destroy(new Error('the client closed the connection'));
    });
    request.pipe(this.busboy);
  }

  /**
   * Stops parsing and reads the rest of the body into the void, so that the client, which is
   * still sending, gets the answer (the server's request timeout bounds how long that may take).
   */
  discardRest(): void {
    if (this.busboy) {
      this.request.unpipe(this.busboy);
      this.busboy.removeAllListeners('file');
      this.busboy.destroy();
    }
    this.request.resume();
  }
}
