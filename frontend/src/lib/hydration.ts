import type { QuerySeed } from '@giftcast/contract/server-render';
import type { DehydratedState } from '@tanstack/react-query';
import type { HydrationState } from 'react-router-dom';

export type { QuerySeed };

/**
 * What a server-rendered page hands the app to hydrate with: React Router's state (its loaders'
 * data) and TanStack Query's cache (dehydrate()) as the server rendered them.
 */
export interface HydrationData {
  router: HydrationState;
  queries: DehydratedState;
}

/** The element in which a server-rendered page carries it (src/entry-server.tsx). */
export const HYDRATION_ELEMENT_ID = 'giftcast-query-data';

/** The page's hydration data, or undefined on a page the server left to the app (or unreadable). */
export function readHydrationData(document: Document): HydrationData | undefined {
  const element = document.getElementById(HYDRATION_ELEMENT_ID);
  if (!element) return undefined;
  try {
    return JSON.parse(element.textContent ?? '') as HydrationData;
  } catch {
    // Unreadable: the app renders and fetches what it needs, as on any page.
    return undefined;
  }
}
