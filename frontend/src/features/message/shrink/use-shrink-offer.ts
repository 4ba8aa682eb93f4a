import { useCallback, useEffect, useRef, useState } from 'react';
import { env } from '../../../lib/env';
import { planShrink, type ShrinkPlan } from './shrink-plan';
import type { ShrunkVideo } from './shrink-video';

const loadShrinkVideo = () => import('./shrink-video');

export type ShrinkState =
  | { status: 'checking' }
  /** Goes as it is (small enough, a recording, or a container the page cannot read). */
  | { status: 'none' }
  | { status: 'offer'; plan: ShrinkPlan; canShrink: boolean }
  | { status: 'shrinking'; plan: ShrinkPlan; progress: number }
  | { status: 'shrunk'; plan: ShrinkPlan; result: ShrunkVideo }
  | { status: 'failed'; plan: ShrinkPlan };

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/**
 * Reads a picked file and, when it is over the limits or far larger than what the server keeps,
 * offers to shrink it in the browser; `shrink` runs it with progress, `cancel` stops it.
 */
export function useShrinkOffer(file: Blob, picked: boolean) {
  // Each state belongs to the file it was found for: another pick starts with `checking` again.
  const [held, setHeld] = useState<{ file: Blob; state: ShrinkState } | null>(null);
  const state: ShrinkState = held?.file === file ? held.state : picked ? { status: 'checking' } : { status: 'none' };
  const setState = useCallback((next: ShrinkState) => setHeld({ file, state: next }), [file]);
  const running = useRef<AbortController | null>(null);

  useEffect(() => {
    if (!picked) return;
    let current = true;
    void (async () => {
      try {
        const { inspectVideo, canShrink } = await loadShrinkVideo();
        const facts = await inspectVideo(file);
        const plan = facts && planShrink(facts, { maxBytes: env.VIDEO_MAX_BYTES, maxSeconds: env.VIDEO_MAX_SECONDS });
        if (!plan) {
          if (current) setState({ status: 'none' });
          return;
        }
        const possible = await canShrink(plan);
        if (current) setState({ status: 'offer', plan, canShrink: possible });
      } catch {
        // The shrink's code did not arrive (offline): the file goes as it is, within today's limits.
        if (current) setState({ status: 'none' });
      }
    })();
    return () => {
      current = false;
      running.current?.abort();
    };
  }, [file, picked, setState]);

  async function shrink() {
    if (state.status !== 'offer' && state.status !== 'failed') return;
    const { plan } = state;
    const controller = new AbortController();
    running.current = controller;
    setState({ status: 'shrinking', plan, progress: 0 });
    // The bar only moves forward, in whole percents (a render per encoded frame would be wasted).
    let shown = 0;
    const onProgress = (fraction: number) => {
      const percent = Math.floor(Math.min(fraction, 1) * 100);
      if (percent <= shown || controller.signal.aborted) return;
      shown = percent;
      setState({ status: 'shrinking', plan, progress: percent / 100 });
    };
    try {
      const { shrinkVideo } = await loadShrinkVideo();
      const result = await shrinkVideo(file, plan, onProgress, controller.signal);
      if (!controller.signal.aborted) setState({ status: 'shrunk', plan, result });
    } catch (error) {
      if (controller.signal.aborted || isAbort(error)) {
        setState({ status: 'offer', plan, canShrink: true });
      } else {
        setState({ status: 'failed', plan });
      }
    } finally {
      if (running.current === controller) running.current = null;
    }
  }

  const cancel = useCallback(() => running.current?.abort(), []);

  return { state, shrink, cancel };
}
