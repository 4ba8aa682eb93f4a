import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False on the server and while React adopts server-rendered HTML; true once the page is live
 * (at once when the app renders from scratch).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
