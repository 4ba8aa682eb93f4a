import { Transform } from 'node:stream';
import { parseProbe, probeArgs, type RunLimits, type RunningTool, startTool, type VideoProbe } from './ffmpeg';
import type { Demuxer } from './video-container';

/** ffprobe reads as fast as bytes come: one that takes none for this long is stuck. */
const STALL_MS = 10_000;

/**
 * ffprobe reading what an upload declares (its stream headers) from a copy of its bytes as they
 * stream in: a video beyond a phone's limits is refused before it is stored, and before any queue.
 * Headers only, read from a pipe: an MP4 whose sample table comes last is read to its end, but no
 * frame is decoded, and whatever ffprobe cannot tell is left to the transcoder's own probe of the
 * stored file.
 */
export class UploadProbe {
  private readonly tool: RunningTool;
  /** What the upload declares; null when ffprobe could not tell. */
  readonly result: Promise<VideoProbe | null>;
  private finished = false;

  constructor(
    ffprobe: string,
    demuxer: Demuxer,
    limits: RunLimits,
    private readonly stallMs = STALL_MS,
  ) {
    this.tool = startTool(ffprobe, probeArgs('stdin', demuxer), limits, { stdin: true });
    this.result = this.tool.done.then(parseProbe).catch(() => null);
    void this.result.then(() => (this.finished = true));
  }

  /**
   * Hands ffprobe the next bytes; resolves once it has taken them, or once it reads no more. One
   * that stops reading for `stallMs` is stopped (it can then tell nothing): it never holds the
   * upload back.
   */
  feed(chunk: Buffer): Promise<void> {
    const stdin = this.tool.stdin;
    if (this.finished || !stdin?.writable) return Promise.resolve();
    if (stdin.write(chunk)) return Promise.resolve();
    return new Promise((resolve) => {
      const stalled = setTimeout(() => this.tool.stop(new Error('ffprobe stopped reading')), this.stallMs);
      const go = () => {
        clearTimeout(stalled);
        stdin.off('drain', go);
        resolve();
      };
      stdin.on('drain', go);
      void this.result.then(go);
    });
  }

  /** The upload passing through unchanged, each chunk fed to ffprobe at the pace it reads. */
  tap(): Transform {
    return new Transform({
      transform: (chunk: Buffer, _encoding, done) => {
        this.feed(chunk).then(() => done(null, chunk), done);
      },
      flush: (done) => {
        this.tool.stdin?.end();
        done();
      },
    });
  }

  /** Stops ffprobe if it still runs (the upload failed or was refused). */
  stop(): void {
    if (!this.finished) this.tool.stop(new Error('the upload ended'));
  }
}
