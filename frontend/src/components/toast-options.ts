/** Display time of a toast (spec: 5000 ms). */
export const TOAST_DURATION_MS = 5000;
/** How long a dismissed toast stays mounted, hidden, before it is removed (spec: 1,000,000 ms). */
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
/** A swipe to the right longer than this dismisses a toast (spec: 50 px). */
export const TOAST_SWIPE_THRESHOLD_PX = 50;

export interface ToastOptions {
  type: 'success' | 'error' | 'info' | 'warning';
  title: string;
  description?: string;
}
