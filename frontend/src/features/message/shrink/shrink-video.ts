// Loaded only when a giver picks a file (a dynamic import): Mediabunny never weighs on a page's first load.
import {
  ALL_FORMATS,
  BlobSource,
  BufferTarget,
  Conversion,
  ConversionCanceledError,
  getFirstEncodableAudioCodec,
  getFirstEncodableVideoCodec,
  Input,
  Mp4OutputFormat,
  Output,
  Quality,
  WebMOutputFormat,
} from 'mediabunny';
import { SHRINK_AUDIO_BITRATE, SHRINK_VIDEO_BITRATE, type ShrinkPlan, type VideoFacts } from './shrink-plan';

/** The file's size, picture and length, or null when its container cannot be read here. */
export async function inspectVideo(file: Blob): Promise<VideoFacts | null> {
  const input = new Input({ source: new BlobSource(file), formats: ALL_FORMATS });
  try {
    const track = await input.getPrimaryVideoTrack();
    if (!track) return null;
    return {
      sizeBytes: file.size,
      width: track.displayWidth,
      height: track.displayHeight,
      durationSeconds: await input.computeDuration(),
    };
  } catch {
    // Not a container Mediabunny reads (the server still checks the bytes itself).
    return null;
  } finally {
    input.dispose();
  }
}

/** The codecs this browser encodes with WebCodecs for a shrink of that size: H.264 first, then VP9. */
async function encodableCodecs(width: number, height: number) {
  if (typeof VideoEncoder === 'undefined') return null;
  const video = await getFirstEncodableVideoCodec(['avc', 'vp9'], {
    width,
    height,
    bitrate: SHRINK_VIDEO_BITRATE,
  });
  const audio = await getFirstEncodableAudioCodec(['aac', 'opus'], {
    numberOfChannels: 2,
    sampleRate: 48_000,
    bitrate: SHRINK_AUDIO_BITRATE,
  });
  return video && audio ? { video, audio } : null;
}

/** True when this browser can carry out the plan (WebCodecs encoding of H.264 or VP9 with AAC or Opus). */
export async function canShrink(plan: ShrinkPlan): Promise<boolean> {
  return (await encodableCodecs(plan.width, plan.height)) !== null;
}

export interface ShrunkVideo {
  video: Blob;
  fileName: string;
}

export class ShrinkFailedError extends Error {}

/**
 * Re-encodes the file as the plan says, reporting progress from 0 to 1; `signal` cancels it (the
 * promise then rejects with an AbortError).
 */
export async function shrinkVideo(
  file: Blob,
  plan: ShrinkPlan,
  onProgress: (fraction: number) => void,
  signal: AbortSignal,
): Promise<ShrunkVideo> {
  const codecs = await encodableCodecs(plan.width, plan.height);
  if (!codecs) throw new ShrinkFailedError('This browser cannot encode video');
  // WebM holds VP9 with Opus; everything else goes in an MP4 with its index first.
  const webm = codecs.video === 'vp9' && codecs.audio === 'opus';
  const input = new Input({ source: new BlobSource(file), formats: ALL_FORMATS });
  const output = new Output({
    format: webm ? new WebMOutputFormat() : new Mp4OutputFormat({ fastStart: 'in-memory' }),
    target: new BufferTarget(),
  });
  try {
    const conversion = await Conversion.init({
      input,
      output,
      tracks: 'primary',
      video: {
        width: plan.width,
        height: plan.height,
        fit: 'contain',
        codec: codecs.video,
        quality: new Quality({ bitrate: SHRINK_VIDEO_BITRATE }),
        forceTranscode: true,
      },
      audio: {
        codec: codecs.audio,
        numberOfChannels: 2,
        quality: new Quality({ bitrate: SHRINK_AUDIO_BITRATE }),
      },
      trim: plan.trimTo === null ? undefined : { start: 0, end: plan.trimTo },
    });
    if (!conversion.isValid || !conversion.utilizedTracks.some((track) => track.isVideoTrack())) {
      throw new ShrinkFailedError('The video track cannot be converted here');
    }
    conversion.onProgress = onProgress;
    const cancel = () => void conversion.cancel();
    signal.addEventListener('abort', cancel, { once: true });
    try {
      await conversion.execute();
    } finally {
      signal.removeEventListener('abort', cancel);
    }
    const buffer = output.target.buffer;
    if (!buffer) throw new ShrinkFailedError('The conversion wrote nothing');
    const mimeType = webm ? 'video/webm' : 'video/mp4';
    return { video: new Blob([buffer], { type: mimeType }), fileName: webm ? 'message.webm' : 'message.mp4' };
  } catch (error) {
    if (error instanceof ConversionCanceledError) throw new DOMException('Shrink cancelled', 'AbortError');
    throw error;
  } finally {
    input.dispose();
  }
}
