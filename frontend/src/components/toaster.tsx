import { useCallback, useEffect, useSyncExternalStore } from 'react';
import type { ToastOptions } from './toast-options';

export { TOAST_DURATION_MS, TOAST_REMOVE_DELAY_MS, TOAST_SWIPE_THRESHOLD_PX, type ToastOptions } from './toast-options';

type RegionModule = typeof import('./toast-region');

/**
 * Toasts are rare (a form's answer, a copied link), while their region, its state machines and
 * styles weigh as much as a page: the region is downloaded with the first toast, not with the
 * page. Until it is on screen the newest toast waits here (one is shown at a time, the newest
 * wins), then goes straight to the region.
 */
const state = {
  region: null as RegionModule | null,
  wanted: false,
  ready: false,
  waiting: null as ToastOptions | null,
};
let loading: Promise<RegionModule> | null = null;
const listeners = new Set<() => void>();
let snapshot = { region: state.region, wanted: state.wanted };

function changed(): void {
  snapshot = { region: state.region, wanted: state.wanted };
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Starts downloading the region (once); resolves when it can be rendered. */
export function loadToastRegion(): Promise<RegionModule> {
  loading ??= import('./toast-region').then((region) => {
    state.region = region;
    changed();
    return region;
  });
  return loading;
}

export function showToast(options: ToastOptions): void {
  if (state.region && state.ready) {
    state.region.show(options);
    return;
  }
  state.waiting = options;
  if (!state.wanted) {
    state.wanted = true;
    changed();
  }
  void loadToastRegion();
}

/** Removes every toast, shown or waiting for the region. */
export function removeAllToasts(): void {
  state.waiting = null;
  state.region?.removeAll();
}

// The first touch, click, key or focus usually comes before a form's answer: the region is
// downloaded then, so the answer's toast need not wait for it.
const FIRST_INTERACTIONS = ['pointerdown', 'keydown', 'focusin'] as const;

/** Where toasts appear. Renders nothing, on the server and in the browser, until the first toast. */
export function Toaster() {
  const { region, wanted } = useSyncExternalStore(
    subscribe,
    () => snapshot,
    () => snapshot,
  );

  useEffect(() => {
    if (region) return;
    const load = () => void loadToastRegion();
    for (const type of FIRST_INTERACTIONS) window.addEventListener(type, load, { once: true, passive: true });
    return () => {
      for (const type of FIRST_INTERACTIONS) window.removeEventListener(type, load);
    };
  }, [region]);

  const onReady = useCallback(() => {
    let mounted = true;
    // After the region's state machine has started (zag starts it in a microtask queued by a
    // layout effect of this same commit): a toast created before would not be shown.
    void Promise.resolve().then(() => {
      if (!mounted) return;
      state.ready = true;
      const waiting = state.waiting;
      state.waiting = null;
      if (waiting) state.region?.show(waiting);
    });
    return () => {
      mounted = false;
      state.ready = false;
    };
  }, []);

  if (!wanted || !region) return null;
  return <region.ToastRegion onReady={onReady} />;
}
