import type { Env } from '../config/config.schema';
import { UnplayableVideoError, type VideoProbe } from './ffmpeg';

/** Recorders overshoot their stop a little; past this much a video is refused as too long. */
export const DURATION_SLACK_SECONDS = 5;

/**
 * What a phone records, at most. A video beyond it is refused from its headers and packets before
 * anything decodes it, so that no upload costs more work than the longest video a phone makes.
 */
export interface MediaLimits {
  maxSeconds: number;
  /** Pixels on the longer side. */
  maxSide: number;
  maxFramePixels: number;
  maxFps: number;
  maxBitsPerSecond: number;
  /** Every frame's pixels together: what decoding costs. */
  maxTotalPixels: number;
}

export function mediaLimits(env: Env): MediaLimits {
  return {
    maxSeconds: env.VIDEO_MAX_SECONDS + DURATION_SLACK_SECONDS,
    maxSide: env.VIDEO_MAX_SIDE,
    maxFramePixels: env.VIDEO_MAX_MEGAPIXELS * 1e6,
    maxFps: env.VIDEO_MAX_FPS,
    maxBitsPerSecond: env.VIDEO_MAX_MBPS * 1e6,
    maxTotalPixels: env.VIDEO_MAX_GIGAPIXELS * 1e9,
  };
}

/** One more video packet than the longest allowed video holds: reading that many proves too many. */
export function packetsToRead(limits: MediaLimits): number {
  return maxFrames(limits.maxSeconds, limits) + 1;
}

/** Frames a video of `seconds` may hold: the fastest frame rate allowed, and one frame to spare. */
function maxFrames(seconds: number, limits: MediaLimits): number {
  return Math.ceil(seconds * limits.maxFps) + 1;
}

/**
 * Why `probe` can never become a message, or null when it is within every limit. Only what the
 * probe knows is judged: an upload's headers read as it streams in tell less than a stored file,
 * whose packets were read too.
 */
export function refusal(probe: VideoProbe, limits: MediaLimits): UnplayableVideoError | null {
  const beyond = (detail: string) => new UnplayableVideoError('tooDemanding', detail);
  if (!probe.hasVideo) return new UnplayableVideoError('noVideo', 'the upload has no video stream');
  const seconds = probe.durationSeconds;
  if (seconds > limits.maxSeconds) return new UnplayableVideoError('tooLong', `${seconds.toFixed(1)} s`);

  const { width = 0, height = 0 } = probe;
  if (Math.max(width, height) > limits.maxSide) {
    return beyond(`${width}x${height} px: more than ${limits.maxSide} px on a side`);
  }
  const framePixels = width * height;
  if (framePixels > limits.maxFramePixels) {
    return beyond(`${width}x${height} px: more than ${limits.maxFramePixels} pixels a frame`);
  }
  if (probe.declaredFps !== undefined && probe.declaredFps > limits.maxFps) {
    return beyond(`${probe.declaredFps.toFixed(1)} frames a second: more than ${limits.maxFps}`);
  }
  const frames = Math.max(probe.declaredFrames ?? 0, probe.packets?.count ?? 0);
  // All frames at one instant (no duration at all) is as beyond as too many in a second.
  const span = Number.isFinite(seconds) ? seconds : probe.packets ? 0 : undefined;
  if (span !== undefined && frames > maxFrames(span, limits)) {
    return beyond(`${frames} frames in ${span.toFixed(2)} s: more than ${limits.maxFps} a second`);
  }
  if (framePixels * frames > limits.maxTotalPixels) {
    return beyond(`${frames} frames of ${width}x${height} px: more than ${limits.maxTotalPixels} pixels in all`);
  }
  if (probe.sizeBytes !== undefined && span !== undefined) {
    // Over a second at least: a clip of a few frames is mostly its first, largest one.
    const bitsPerSecond = (probe.sizeBytes * 8) / Math.max(span, 1);
    if (bitsPerSecond > limits.maxBitsPerSecond) {
      return beyond(`${(bitsPerSecond / 1e6).toFixed(1)} Mbit/s: more than ${limits.maxBitsPerSecond / 1e6}`);
    }
  }
  return null;
}
