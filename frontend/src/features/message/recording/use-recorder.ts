import { useCallback, useEffect, useRef, useState } from 'react';
import { MAX_RECORDING_MS } from '../api/message';
import { pickRecorderMimeType } from './recorder-mime-type';

export interface Recording {
  video: Blob;
  /** The recording hit the length cap and stopped by itself. */
  reachedLimit: boolean;
}

// About 56 MB for the longest recording: well under the upload cap whatever the browser's default.
const VIDEO_BITS_PER_SECOND = 2_500_000;
const TICK_MS = 250;
// Chunks every second: a recording stopped by a crash or a closed tab loses at most one.
const TIMESLICE_MS = 1_000;

/** Records a stream with MediaRecorder, with a running clock and a hard stop at `maxMs`. */
export function useRecorder(
  stream: MediaStream | null,
  onRecorded: (recording: Recording) => void,
  maxMs = MAX_RECORDING_MS,
) {
  const [recording, setRecording] = useState(false);
  const [elapsedMs, setElapsedMs] = useState(0);
  const recorderRef = useRef<{ recorder: MediaRecorder; chunks: Blob[] } | null>(null);
  const timersRef = useRef<{ tick?: ReturnType<typeof setInterval>; cap?: ReturnType<typeof setTimeout> }>({});
  const onRecordedRef = useRef(onRecorded);
  useEffect(() => {
    onRecordedRef.current = onRecorded;
  });

  const clearTimers = useCallback(() => {
    clearInterval(timersRef.current.tick);
    clearTimeout(timersRef.current.cap);
    timersRef.current = {};
  }, []);

  const finish = useCallback(
    (reachedLimit: boolean) => {
      const current = recorderRef.current;
      if (!current || current.recorder.state === 'inactive') return;
      const { recorder, chunks } = current;
      clearTimers();
      if (reachedLimit) setElapsedMs(maxMs);
      recorder.onstop = () => {
        // Only the container matters to the player and the server (which reads the bytes anyway).
        const type = (recorder.mimeType || 'video/webm').split(';')[0];
        recorderRef.current = null;
        setRecording(false);
        onRecordedRef.current({ video: new Blob(chunks, { type }), reachedLimit });
      };
      recorder.stop();
    },
    [clearTimers, maxMs],
  );

  const start = useCallback(() => {
    if (!stream || recorderRef.current) return;
    const mimeType = pickRecorderMimeType();
    const recorder = new MediaRecorder(stream, {
      ...(mimeType ? { mimeType } : {}),
      videoBitsPerSecond: VIDEO_BITS_PER_SECOND,
    });
    const chunks: Blob[] = [];
    recorder.ondataavailable = (event) => {
      if (event.data.size > 0) chunks.push(event.data);
    };
    recorderRef.current = { recorder, chunks };
    recorder.start(TIMESLICE_MS);

    const startedAt = Date.now();
    setElapsedMs(0);
    setRecording(true);
    timersRef.current = {
      tick: setInterval(() => setElapsedMs(Math.min(Date.now() - startedAt, maxMs)), TICK_MS),
      cap: setTimeout(() => finish(true), maxMs),
    };
  }, [stream, maxMs, finish]);

  // Leaving mid-recording throws the recording away rather than sending the visitor to a preview.
  useEffect(
    () => () => {
      clearTimers();
      const recorder = recorderRef.current?.recorder;
      recorderRef.current = null;
      if (recorder && recorder.state !== 'inactive') {
        recorder.onstop = null;
        recorder.stop();
      }
    },
    [clearTimers],
  );

  return { recording, elapsedMs, start, stop: () => finish(false) };
}
