import type { QuerySeed } from '@giftcast/contract/server-render';
import type { QueryClient } from '@tanstack/react-query';

export type { QuerySeed };

/** The element in which a server-rendered page carries its seeds (src/entry-server.tsx). */
export const QUERY_DATA_ELEMENT_ID = 'giftcast-query-data';

/**
 * Puts the data a server-rendered page was rendered with into the cache before the app hydrates:
 * the first render then matches the HTML, and nothing is fetched twice.
 */
export function applyQuerySeeds(queryClient: QueryClient, document: Document): void {
  const element = document.getElementById(QUERY_DATA_ELEMENT_ID);
  if (!element) return;
  element.remove();
  try {
    const seeds = JSON.parse(element.textContent ?? '[]') as QuerySeed[];
    for (const [queryKey, data] of seeds) queryClient.setQueryData(queryKey, data);
  } catch {
    // Unreadable seeds: the app fetches what it needs, as on any page.
  }
}
