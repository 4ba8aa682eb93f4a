import { act, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { AppProviders } from '../app/providers';
import { loadMatchedRoutes, routes } from '../app/router';
import { Toaster, loadToastRegion } from '../components/toaster';
import { createQueryClient } from '../lib/query-client';
import type { QuerySeed } from '../lib/query-seed';

/**
 * Renders, then lets mount-time microtasks run inside act (Chakra's toaster starts its state
 * machine in one), so tests see a settled screen and React reports no stray updates.
 */
async function renderRouter(routeObjects: RouteObject[], url: string, seeds: QuerySeed[] = []) {
  // In the browser the region arrives in a few hundred ms at most; a test's first import of it
  // compiles the whole toast stack, longer than a test waits for a toast to appear.
  await loadToastRegion();
  const queryClient = createQueryClient();
  for (const [queryKey, data] of seeds) queryClient.setQueryData(queryKey, data);
  const router = createMemoryRouter(routeObjects, { initialEntries: [url] });
  const user = userEvent.setup();
  const result = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  await act(async () => {});
  return { ...result, user, router, queryClient };
}

/**
 * One component with everything the app provides around it (router, query client, toasts);
 * `seeds` are the data a server-rendered page would have brought (lib/query-seed.ts).
 */
export function renderWithProviders(ui: ReactElement, { url = '/', seeds = [] as QuerySeed[] } = {}) {
  return renderRouter(
    [
      {
        path: '*',
        element: (
          <>
            {ui}
            <Toaster />
          </>
        ),
      },
    ],
    url,
    seeds,
  );
}

/** The whole app (layout and routes) at a URL, its page's code loaded first as start-app.tsx does. */
export async function renderApp(url: string) {
  await loadMatchedRoutes(url);
  return renderRouter(routes, url);
}
