import { useEffect, useState } from 'react';
import type { AvailableQrCode } from './qr-code';

const STREAM_URL = '/api/qr/available/stream';

// The browser reconnects by itself after a dropped connection, but gives up for good when the
// server answers with an error status (a proxy's 502 during a deploy): then we open a new one.
export const REOPEN_AFTER_MS = 5_000;

function parseSnapshot(data: string): AvailableQrCode[] {
  const codes: unknown = JSON.parse(data);
  if (!Array.isArray(codes)) throw new Error('QR snapshot is not a list');
  return (codes as AvailableQrCode[]).filter((code) => code?.status === 'unused');
}

/**
 * The unused QR codes, kept live by the server's `snapshot` events: on connect and after every
 * change (a code recorded on, or disabled by an admin). A stream error is only logged: loading
 * ends, the last list stays, and the next snapshot after reconnecting replaces it.
 */
export function useAvailableCodes(): { codes: AvailableQrCode[]; loading: boolean } {
  const [codes, setCodes] = useState<AvailableQrCode[]>([]);
  // Without EventSource (only test environments lack it) there is nothing to wait for.
  const [loading, setLoading] = useState(() => typeof EventSource !== 'undefined');

  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    let source: EventSource;
    let reopenTimer: ReturnType<typeof setTimeout> | undefined;

    function open() {
      const stream = new EventSource(STREAM_URL);
      source = stream;
      stream.addEventListener('snapshot', (event) => {
        try {
          setCodes(parseSnapshot((event as MessageEvent<string>).data));
        } catch (error) {
          console.error('Unreadable QR code snapshot', error);
        }
        setLoading(false);
      });
      stream.addEventListener('error', (event) => {
        console.error('QR code stream error', event);
        setLoading(false);
        if (stream.readyState === EventSource.CLOSED) reopenTimer = setTimeout(open, REOPEN_AFTER_MS);
      });
    }

    open();
    return () => {
      clearTimeout(reopenTimer);
      source.close();
    };
  }, []);

  return { codes, loading };
}
