import { pickRecorderMimeType, recordingFileName } from './recorder-mime-type';

const supporting =
  (...types: string[]) =>
  (type: string) =>
    types.includes(type);

describe('pickRecorderMimeType', () => {
  it('prefers WebM with VP9 and Opus, then VP8, then plain WebM', () => {
    expect(
      pickRecorderMimeType(
        supporting('video/mp4', 'video/webm', 'video/webm;codecs=vp8,opus', 'video/webm;codecs=vp9,opus'),
      ),
    ).toBe('video/webm;codecs=vp9,opus');
    expect(pickRecorderMimeType(supporting('video/mp4', 'video/webm', 'video/webm;codecs=vp8,opus'))).toBe(
      'video/webm;codecs=vp8,opus',
    );
    expect(pickRecorderMimeType(supporting('video/mp4', 'video/webm'))).toBe('video/webm');
  });

  it('falls back to MP4 where WebM cannot be recorded (older Safari)', () => {
    expect(pickRecorderMimeType(supporting('video/mp4;codecs=avc1,mp4a', 'video/mp4'))).toBe(
      'video/mp4;codecs=avc1,mp4a',
    );
    expect(pickRecorderMimeType(supporting('video/mp4'))).toBe('video/mp4');
  });

  it('leaves the choice to the browser when it supports none, or when asking throws', () => {
    expect(pickRecorderMimeType(supporting())).toBeUndefined();
    expect(
      pickRecorderMimeType(() => {
        throw new Error('not implemented');
      }),
    ).toBeUndefined();
  });

  it('names the file after the container', () => {
    expect(recordingFileName('video/mp4')).toBe('message.mp4');
    expect(recordingFileName('video/webm')).toBe('message.webm');
  });
});
