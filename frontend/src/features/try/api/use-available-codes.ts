import { QUERY_KEYS } from '@giftcast/contract/query-keys';
import { skipToken, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api, dataOf } from '../../../lib/api-client';
import type { AvailableQrCode } from './qr-code';

const STREAM_URL = '/api/qr/available/stream';

// The browser reconnects by itself when a stream ends (the server ends each after its lifetime)
// or drops, but gives up for good when the server answers with an error status: a 503 when the
// streams are capped, a proxy's 502 during a deploy. Then a new stream is tried after a wait that
// doubles with each refusal in a row, and meanwhile the list is read at each refusal and between.
/** The longest wait before the first new stream; each refusal in a row doubles it, up to the last. */
export const REOPEN_FIRST_MS = 10_000;
export const REOPEN_LONGEST_MS = 5 * 60_000;
/** The longest the list goes unread while no stream is open (nginx answers it from a one-second cache). */
export const POLL_EVERY_MS = 30_000;

/**
 * The wait before the next stream after `refusals` in a row: between half and all of a ceiling
 * that doubles each time, so that pages refused together do not come back together.
 */
export function reopenDelay(refusals: number, random: () => number = Math.random): number {
  const ceiling = Math.min(REOPEN_LONGEST_MS, REOPEN_FIRST_MS * 2 ** Math.max(0, refusals - 1));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

function unusedOnly(codes: unknown): AvailableQrCode[] {
  if (!Array.isArray(codes)) throw new Error('QR code list is not a list');
  return (codes as AvailableQrCode[]).filter((code) => code?.status === 'unused');
}

/**
 * The unused QR codes, kept live by the server's `snapshot` events: on connect and after every
 * change (a code recorded on, or disabled by an admin). Until the first event the list is the last
 * one known (the one the server rendered the page with, or the last one an earlier visit to the
 * page showed), else loading. A stream error never empties the list: the browser reconnects by
 * itself and its first snapshot replaces it, and a stream the server refused is tried again later
 * while the list is read at each refusal and every POLL_EVERY_MS between. That polling belongs to the live list, not to the
 * app's data reads, which never poll.
 */
export function useAvailableCodes(): { codes: AvailableQrCode[]; loading: boolean } {
  const queryClient = useQueryClient();
  // The list in the cache: the server renders /try with it (under the same key) and the stream keeps
  // it current. Never fetched as a query: the stream's first event is the answer.
  const { data: codes } = useQuery<AvailableQrCode[]>({ queryKey: QUERY_KEYS.availableQrCodes, queryFn: skipToken });
  const [streamAnswered, setStreamAnswered] = useState(false);

  useEffect(() => {
    // Only test environments lack EventSource.
    if (typeof EventSource === 'undefined') return;
    let source: EventSource | undefined;
    let refusals = 0;
    let reopenTimer: ReturnType<typeof setTimeout> | undefined;
    let pollTimer: ReturnType<typeof setTimeout> | undefined;
    let polling = false;
    const leaving = new AbortController();

    const show = (list: unknown) => queryClient.setQueryData(QUERY_KEYS.availableQrCodes, unusedOnly(list));

    function stopPolling() {
      polling = false;
      clearTimeout(pollTimer);
    }

    async function poll() {
      try {
        const list = await dataOf(api.GET('/api/qr/available', { signal: leaving.signal }));
        // A stream that opened meanwhile has sent a list at least as new.
        if (polling) show(list);
      } catch (error) {
        if (leaving.signal.aborted) return;
        console.error('QR code list could not be read', error);
      }
      if (!polling) return;
      clearTimeout(pollTimer);
      pollTimer = setTimeout(() => void poll(), POLL_EVERY_MS);
    }

    function open() {
      const stream = new EventSource(STREAM_URL);
      source = stream;
      stream.addEventListener('open', () => {
        refusals = 0;
        stopPolling();
      });
      stream.addEventListener('snapshot', (event) => {
        try {
          show(JSON.parse((event as MessageEvent<string>).data));
        } catch (error) {
          console.error('Unreadable QR code snapshot', error);
        }
        setStreamAnswered(true);
      });
      stream.addEventListener('error', () => {
        setStreamAnswered(true);
        // CONNECTING: the stream ended or dropped and the browser is reconnecting by itself.
        if (stream.readyState !== EventSource.CLOSED) return;
        refusals += 1;
        const wait = reopenDelay(refusals);
        console.error(`QR code stream refused; trying again in ${Math.round(wait / 1000)} s`);
        reopenTimer = setTimeout(open, wait);
        // Read at each refusal, and every POLL_EVERY_MS after the last read until a stream opens.
        polling = true;
        clearTimeout(pollTimer);
        void poll();
      });
    }

    open();
    return () => {
      clearTimeout(reopenTimer);
      stopPolling();
      leaving.abort();
      source?.close();
    };
  }, [queryClient]);

  return { codes: codes ?? [], loading: codes === undefined && !streamAnswered };
}
