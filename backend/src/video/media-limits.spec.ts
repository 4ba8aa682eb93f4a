import { parseConfig } from '../config/config.schema';
import type { VideoProbe } from './ffmpeg';
import { mediaLimits, packetsToRead, refusal } from './media-limits';

const limits = mediaLimits(parseConfig({ DATABASE_URL: 'postgres://giftcast@localhost/giftcast' }).env);

/** A 10 s 1080p30 clip as a phone records it, with what each test changes. */
function clip(change: Partial<VideoProbe> = {}): VideoProbe {
  return {
    hasVideo: true,
    width: 1920,
    height: 1080,
    declaredFps: 30,
    declaredFrames: 300,
    durationSeconds: 10,
    packets: { count: 300, spanSeconds: 10 },
    sizeBytes: 20_000_000,
    ...change,
  };
}

const reasonOf = (probe: VideoProbe) => refusal(probe, limits)?.reason ?? null;

describe('the limits of what a phone records', () => {
  it('takes the documented defaults: 185 s, 4096 px a side, 8.9 MP, 120 fps, 120 Mbit/s, 25 billion pixels', () => {
    expect(limits).toEqual({
      maxSeconds: 185,
      maxSide: 4096,
      maxFramePixels: 8_900_000,
      maxFps: 120,
      maxBitsPerSecond: 120_000_000,
      maxTotalPixels: 25_000_000_000,
    });
    expect(packetsToRead(limits)).toBe(185 * 120 + 2);
  });

  it.each([
    ['a 10 s 1080p30 clip', clip()],
    ['a 4K30 clip of 30 s', clip({ width: 3840, height: 2160, declaredFrames: 900, durationSeconds: 30 })],
    [
      '3 minutes of 1080p60',
      clip({ declaredFps: 60, declaredFrames: 10_800, durationSeconds: 180, packets: undefined }),
    ],
    ['a portrait 720p recording', clip({ width: 720, height: 1280 })],
    [
      'a live WebM that declares no duration and no frames',
      clip({
        durationSeconds: Number.NaN,
        declaredFrames: undefined,
        declaredFps: undefined,
        packets: undefined,
        sizeBytes: undefined,
      }),
    ],
  ])('accepts %s', (_, probe) => {
    expect(refusal(probe, limits)).toBeNull();
  });

  it('refuses a file without a video stream', () => {
    expect(reasonOf(clip({ hasVideo: false }))).toBe('noVideo');
  });

  it('refuses more than 185 s as too long, at the limit and just past it', () => {
    expect(reasonOf(clip({ durationSeconds: 185, declaredFrames: 185 * 30, packets: undefined }))).toBeNull();
    expect(reasonOf(clip({ durationSeconds: 185.1, declaredFrames: 185 * 30, packets: undefined }))).toBe('tooLong');
  });

  it('refuses more than 4096 px on a side', () => {
    expect(reasonOf(clip({ width: 4096, height: 2160 }))).toBeNull();
    expect(reasonOf(clip({ width: 4097, height: 240 }))).toBe('tooDemanding');
    expect(reasonOf(clip({ width: 240, height: 4097 }))).toBe('tooDemanding');
    expect(refusal(clip({ width: 8192, height: 8192 }), limits)?.message).toMatch(/8192x8192 px: more than 4096 px/);
  });

  it('refuses more than 8.9 megapixels a frame', () => {
    expect(reasonOf(clip({ width: 4096, height: 2172 }))).toBeNull(); // 8,896,512
    expect(reasonOf(clip({ width: 4096, height: 2174 }))).toBe('tooDemanding'); // 8,904,704
  });

  it('refuses a declared frame rate over 120', () => {
    expect(reasonOf(clip({ declaredFps: 120, declaredFrames: 1200, packets: undefined }))).toBeNull();
    expect(reasonOf(clip({ declaredFps: 120.5, declaredFrames: 1200, packets: undefined }))).toBe('tooDemanding');
    expect(reasonOf(clip({ declaredFps: 240, declaredFrames: 240, durationSeconds: 1, packets: undefined }))).toBe(
      'tooDemanding',
    );
  });

  it('refuses more frames than the duration holds at 120 a second, counted or declared', () => {
    const frames = (count: number) =>
      clip({ declaredFps: 30, declaredFrames: undefined, durationSeconds: 2, packets: { count, spanSeconds: 2 } });
    expect(reasonOf(frames(241))).toBeNull();
    expect(reasonOf(frames(242))).toBe('tooDemanding');
    // 18,000 frames declared in 180 s is 100 a second: within the rate, beyond the pixels (below).
    expect(reasonOf(clip({ declaredFrames: 1202, durationSeconds: 10, packets: undefined }))).toBe('tooDemanding');
  });

  it('refuses frames that all fall at one instant', () => {
    const instant = (count: number) =>
      clip({
        durationSeconds: 0,
        declaredFrames: undefined,
        declaredFps: undefined,
        packets: { count, spanSeconds: 0 },
        sizeBytes: 100_000,
      });
    expect(reasonOf(instant(1))).toBeNull();
    expect(reasonOf(instant(2))).toBe('tooDemanding');
  });

  it('refuses more than 25 billion pixels in all frames together', () => {
    const frames = Math.floor(25e9 / (1920 * 1080)); // 12,056
    const long = (count: number) =>
      clip({ declaredFps: 120, declaredFrames: count, durationSeconds: 180, packets: undefined });
    expect(reasonOf(long(frames))).toBeNull();
    expect(reasonOf(long(frames + 1))).toBe('tooDemanding');
    // The bomb: 8192x8192 is refused already, and 4096x2160 at 100 frames a second for 180 s too.
    expect(
      reasonOf(clip({ width: 4096, height: 2160, declaredFps: 100, declaredFrames: 18_000, durationSeconds: 180 })),
    ).toBe('tooDemanding');
  });

  it('refuses more than 120 Mbit/s, over one second at least', () => {
    expect(reasonOf(clip({ sizeBytes: 150_000_000 }))).toBeNull(); // 120 Mbit/s over 10 s
    expect(reasonOf(clip({ sizeBytes: 150_000_001 }))).toBe('tooDemanding');
    const short = (sizeBytes: number) =>
      clip({ durationSeconds: 0.1, declaredFrames: 3, packets: { count: 3, spanSeconds: 0.1 }, sizeBytes });
    expect(reasonOf(short(15_000_000))).toBeNull();
    expect(reasonOf(short(15_000_001))).toBe('tooDemanding');
  });

  it('reads limits from the settings', () => {
    const env = parseConfig({
      DATABASE_URL: 'postgres://giftcast@localhost/giftcast',
      VIDEO_MAX_SECONDS: '60',
      VIDEO_MAX_SIDE: '1920',
      VIDEO_MAX_MEGAPIXELS: '2.1',
      VIDEO_MAX_FPS: '60',
      VIDEO_MAX_MBPS: '20',
      VIDEO_MAX_GIGAPIXELS: '5',
    }).env;
    expect(mediaLimits(env)).toEqual({
      maxSeconds: 65,
      maxSide: 1920,
      maxFramePixels: 2_100_000,
      maxFps: 60,
      maxBitsPerSecond: 20_000_000,
      maxTotalPixels: 5_000_000_000,
    });
  });
});
