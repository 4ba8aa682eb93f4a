import { useEffect, useState } from 'react';
import { useAdoptsServerHtml } from '../components/hydrate-in-task';
import { isServerRendering } from './hydration';

/**
 * False on the server and while the app adopts server-rendered HTML, true once the page is live
 * (at once when the app renders from scratch). Preact's useSyncExternalStore has no server
 * snapshot, so the first value comes from lib/hydration.ts.
 */
export function useHydrated(): boolean {
  const adopting = useAdoptsServerHtml();
  const [hydrated, setHydrated] = useState(() => !isServerRendering() && !adopting);
  useEffect(() => {
    if (!hydrated) setHydrated(true);
  }, [hydrated]);
  return hydrated;
}
