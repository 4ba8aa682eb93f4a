import { QUERY_KEYS } from '@giftcast/contract/query-keys';
import { skipToken, useQuery, useQueryClient } from '@tanstack/react-query';
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
 * change (a code recorded on, or disabled by an admin). Until the first event the list is the last
 * one known (the one the server rendered the page with, or the last one an earlier visit to the
 * page showed), else loading. A stream error is only logged: loading ends, the last list stays, and
 * the next snapshot after reconnecting replaces it.
 */
export function useAvailableCodes(): { codes: AvailableQrCode[]; loading: boolean } {
  const queryClient = useQueryClient();
  // The list in the cache: the server renders /try with it (under the same key) and the stream keeps
  // it current. Never fetched: the stream's first event is the answer.
  const { data: codes } = useQuery<AvailableQrCode[]>({ queryKey: QUERY_KEYS.availableQrCodes, queryFn: skipToken });
  const [streamAnswered, setStreamAnswered] = useState(false);

  useEffect(() => {
    // Only test environments lack EventSource.
    if (typeof EventSource === 'undefined') return;
    let source: EventSource;
    let reopenTimer: ReturnType<typeof setTimeout> | undefined;

    function open() {
      const stream = new EventSource(STREAM_URL);
      source = stream;
      stream.addEventListener('snapshot', (event) => {
        try {
          queryClient.setQueryData(QUERY_KEYS.availableQrCodes, parseSnapshot((event as MessageEvent<string>).data));
        } catch (error) {
          console.error('Unreadable QR code snapshot', error);
        }
        setStreamAnswered(true);
      });
      stream.addEventListener('error', (event) => {
        console.error('QR code stream error', event);
        setStreamAnswered(true);
        if (stream.readyState === EventSource.CLOSED) reopenTimer = setTimeout(open, REOPEN_AFTER_MS);
      });
    }

    open();
    return () => {
      clearTimeout(reopenTimer);
      source.close();
    };
  }, [queryClient]);

  return { codes: codes ?? [], loading: codes === undefined && !streamAnswered };
}
