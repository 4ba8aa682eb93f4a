/** What the page reads from a picked file before it goes: its size, picture and length. */
export interface VideoFacts {
  sizeBytes: number;
  width: number;
  height: number;
  durationSeconds: number;
}

export interface UploadLimits {
  maxBytes: number;
  maxSeconds: number;
}

/**
 * Why a file should be shrunk: over the size cap or the length cap (the server refuses both), or
 * far more picture or bits than the server keeps (it transcodes to at most 1080p at 4 Mbit/s).
 */
export type ShrinkReason = 'tooLarge' | 'tooLong' | 'aboveFullHd' | 'highBitrate';

/** The shrunk video: 720p on its short side, at bit rates that keep three minutes near 60 MB. */
export const SHRINK_SHORT_SIDE = 720;
export const SHRINK_LONG_SIDE = 1280;
export const SHRINK_VIDEO_BITRATE = 2_500_000;
export const SHRINK_AUDIO_BITRATE = 128_000;

/** Twice what the server's transcode keeps (4 Mbit/s of picture and 128 kbit/s of sound). */
const HIGH_BITRATE = 2 * 4_128_000;

export interface ShrinkPlan {
  reasons: ShrinkReason[];
  /** The server would refuse the file as it is: it cannot go without shrinking. */
  required: boolean;
  /** Only the first `maxSeconds` can go (the giver agrees by shrinking). */
  trimTo: number | null;
  width: number;
  height: number;
}

/** Whether and how a picked video is shrunk before it is sent; null when it goes as it is. */
export function planShrink(facts: VideoFacts, limits: UploadLimits): ShrinkPlan | null {
  const reasons: ShrinkReason[] = [];
  if (facts.sizeBytes > limits.maxBytes) reasons.push('tooLarge');
  if (facts.durationSeconds > limits.maxSeconds) reasons.push('tooLong');
  if (Math.min(facts.width, facts.height) > 1080) reasons.push('aboveFullHd');
  if (facts.durationSeconds > 0 && (facts.sizeBytes * 8) / facts.durationSeconds > HIGH_BITRATE) {
    reasons.push('highBitrate');
  }
  if (reasons.length === 0) return null;

  const scale = Math.min(
    1,
    SHRINK_SHORT_SIDE / Math.min(facts.width, facts.height),
    SHRINK_LONG_SIDE / Math.max(facts.width, facts.height),
  );
  // H.264 and VP9 want even dimensions.
  const even = (side: number) => Math.max(2, Math.round((side * scale) / 2) * 2);
  return {
    reasons,
    required: reasons.includes('tooLarge') || reasons.includes('tooLong'),
    trimTo: reasons.includes('tooLong') ? limits.maxSeconds : null,
    width: even(facts.width),
    height: even(facts.height),
  };
}

/** True where the browser has WebCodecs encoding at all (which codecs it encodes is asked later). */
export function hasVideoEncoder(): boolean {
  return typeof VideoEncoder !== 'undefined';
}
