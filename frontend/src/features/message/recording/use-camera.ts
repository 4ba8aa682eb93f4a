import { useEffect, useState } from 'react';
import { canRecord } from './recorder-mime-type';

export type Facing = 'user' | 'environment';

export type CameraState =
  | { status: 'starting' }
  | { status: 'ready'; stream: MediaStream }
  /** Permission refused: the visitor can allow it and retry. */
  | { status: 'denied' }
  /** No camera, or one that cannot be opened. */
  | { status: 'unavailable' };

const UNAVAILABLE: CameraState = { status: 'unavailable' };

export function stopTracks(stream: MediaStream): void {
  for (const track of stream.getTracks()) track.stop();
}

/**
 * The camera and microphone, open while the component that uses this is mounted: every track
 * stops when it unmounts (leaving the page, finishing a recording) or when the camera switches.
 */
export function useCamera() {
  const [facing, setFacing] = useState<Facing>('user');
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<CameraState>({ status: 'starting' });
  const [cameraCount, setCameraCount] = useState(0);
  // Old browsers, and any page not served over HTTPS, have no camera API at all.
  const supported = canRecord();

  useEffect(() => {
    if (!supported) return;
    let cancelled = false;
    let opened: MediaStream | undefined;

    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: facing }, audio: true })
      .then(async (stream) => {
        if (cancelled) {
          stopTracks(stream);
          return;
        }
        opened = stream;
        setState({ status: 'ready', stream });
        // Browsers list every camera only once access is granted.
        const devices = await navigator.mediaDevices.enumerateDevices();
        if (!cancelled) setCameraCount(devices.filter((device) => device.kind === 'videoinput').length);
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        const name = error instanceof Error || error instanceof DOMException ? error.name : '';
        setState({ status: name === 'NotAllowedError' || name === 'SecurityError' ? 'denied' : 'unavailable' });
      });

    return () => {
      cancelled = true;
      if (opened) stopTracks(opened);
    };
  }, [supported, facing, attempt]);

  return {
    state: supported ? state : UNAVAILABLE,
    facing,
    /** A front/back switch makes sense only with two cameras or more. */
    canSwitch: cameraCount >= 2,
    switchCamera: () => {
      setState({ status: 'starting' });
      setFacing((current) => (current === 'user' ? 'environment' : 'user'));
    },
    retry: () => {
      setState({ status: 'starting' });
      setAttempt((n) => n + 1);
    },
  };
}
