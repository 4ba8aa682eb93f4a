import { act } from '@testing-library/react';

/** A MediaStreamTrack that only remembers whether it was stopped. */
export class FakeTrack {
  stopped = false;
  constructor(readonly kind: 'video' | 'audio') {}
  stop() {
    this.stopped = true;
  }
}

export class FakeStream {
  readonly tracks = [new FakeTrack('video'), new FakeTrack('audio')];
  getTracks() {
    return this.tracks;
  }
}

/** Stands in for MediaRecorder: records nothing, hands back one chunk of the chosen type. */
export class FakeMediaRecorder {
  static instances: FakeMediaRecorder[] = [];
  static supported: string[] = ['video/webm;codecs=vp9,opus', 'video/webm;codecs=vp8,opus', 'video/webm', 'video/mp4'];

  static isTypeSupported(type: string): boolean {
    return FakeMediaRecorder.supported.includes(type);
  }

  state: 'inactive' | 'recording' = 'inactive';
  readonly mimeType: string;
  ondataavailable: ((event: { data: Blob }) => void) | null = null;
  onstop: (() => void) | null = null;
  stopCalls = 0;

  constructor(
    readonly stream: FakeStream,
    readonly options: { mimeType?: string; videoBitsPerSecond?: number } = {},
  ) {
    this.mimeType = options.mimeType ?? 'video/webm';
    FakeMediaRecorder.instances.push(this);
  }

  static latest(): FakeMediaRecorder | undefined {
    return FakeMediaRecorder.instances[FakeMediaRecorder.instances.length - 1];
  }

  start() {
    this.state = 'recording';
  }

  stop() {
    this.stopCalls += 1;
    this.state = 'inactive';
    this.ondataavailable?.({ data: new Blob(['recorded-bytes'], { type: this.mimeType }) });
    this.onstop?.();
  }
}

export interface FakeCamera {
  getUserMedia: jest.Mock;
  enumerateDevices: jest.Mock;
  streams: FakeStream[];
}

/** Installs getUserMedia, enumerateDevices and MediaRecorder; `cameras` sets how many are listed. */
export function installFakeCamera({ cameras = 1, denied = false } = {}): FakeCamera {
  FakeMediaRecorder.instances = [];
  const streams: FakeStream[] = [];
  const getUserMedia = jest.fn(async () => {
    if (denied) throw new DOMException('Permission denied', 'NotAllowedError');
    const stream = new FakeStream();
    streams.push(stream);
    return stream;
  });
  const enumerateDevices = jest.fn(async () => [
    ...Array.from({ length: cameras }, (_, i) => ({ kind: 'videoinput', deviceId: `camera-${i}` })),
    { kind: 'audioinput', deviceId: 'mic' },
  ]);
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: { getUserMedia, enumerateDevices },
  });
  (globalThis as { MediaRecorder?: unknown }).MediaRecorder = FakeMediaRecorder;
  // jsdom has no media playback; the preview's play() is allowed to do nothing.
  jest.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  return { getUserMedia, enumerateDevices, streams };
}

export function uninstallFakeCamera(): void {
  delete (navigator as { mediaDevices?: unknown }).mediaDevices;
  delete (globalThis as { MediaRecorder?: unknown }).MediaRecorder;
}

/** Lets pending promises (camera, fetch and its body) settle inside act without moving the clock. */
export async function settle(): Promise<void> {
  for (let i = 0; i < 5; i += 1) await act(async () => {});
}
