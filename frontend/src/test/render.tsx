import { act, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLayoutEffect, type ReactElement, type ReactNode } from 'react';
import {
  createMemoryRouter,
  MemoryRouter,
  RouterProvider,
  useLocation,
  useNavigate,
  type Location,
  type NavigateFunction,
} from 'react-router-dom';
import { BANNER_CLOSED_KEY } from '../app/notification-banner';
import { AppProviders } from '../app/providers';
import { createRoutes, resolveLazyRoutes } from '../app/router';
import { Toaster, loadToastRegion } from '../components/toaster';
import { createQueryClient } from '../lib/query-client';
import type { QuerySeed } from '../lib/hydration';

/** What a test sees of the router: where it is, and a way to go elsewhere. */
export interface TestRouter {
  state: { location: Location };
  navigate: (to: string) => Promise<void>;
}

/** Hands the router's location and navigate() to the test on every commit. */
function RouterProbe({ onCommit }: { onCommit: (location: Location, navigate: NavigateFunction) => void }) {
  const location = useLocation();
  const navigate = useNavigate();
  useLayoutEffect(() => onCommit(location, navigate));
  return null;
}

/**
 * Renders, then lets mount-time microtasks run inside act (Chakra's toaster starts its state
 * machine in one), so tests see a settled screen and no stray updates.
 */
async function settledRender(ui: ReactElement) {
  const result = render(ui);
  await act(async () => {});
  return result;
}

/** A fresh query cache holding `seeds`, once the toast region is in. */
async function setUp(seeds: QuerySeed[] = []) {
  // In the browser the region arrives in a few hundred ms at most; a test's first import of it
  // compiles the whole toast stack, longer than a test waits for a toast to appear.
  await loadToastRegion();
  const queryClient = createQueryClient();
  for (const [queryKey, data] of seeds) queryClient.setQueryData(queryKey, data);
  return queryClient;
}

async function renderRouter(ui: ReactNode, url: string, seeds: QuerySeed[] = []) {
  const queryClient = await setUp(seeds);
  const router: TestRouter & { go?: NavigateFunction } = {
    state: { location: undefined as unknown as Location },
    navigate: async (to) => void (await router.go!(to)),
  };
  const user = userEvent.setup();
  const result = await settledRender(
    <AppProviders queryClient={queryClient}>
      <MemoryRouter initialEntries={[url]}>
        <RouterProbe
          onCommit={(location, navigate) => {
            router.state.location = location;
            router.go = navigate;
          }}
        />
        {ui}
      </MemoryRouter>
    </AppProviders>,
  );
  return { ...result, user, router: router as TestRouter, queryClient };
}

/**
 * One component with everything the app provides around it (router, query client, toasts);
 * `seeds` are the data a server-rendered page would have brought (lib/hydration.ts).
 */
export function renderWithProviders(ui: ReactElement, { url = '/', seeds = [] as QuerySeed[] } = {}) {
  return renderRouter(
    <>
      {ui}
      <Toaster />
    </>,
    url,
    seeds,
  );
}

/**
 * The whole app (layout and routes) on a memory data router at a URL, its page's code loaded
 * first as main.tsx does. The /try banner was just closed, so it stays away and fetches nothing:
 * its own tests show it.
 */
export async function renderApp(url: string) {
  localStorage.setItem(BANNER_CLOSED_KEY, String(Date.now()));
  const queryClient = await setUp();
  const routes = createRoutes({ queryClient });
  await resolveLazyRoutes(routes, url);
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  const result = await settledRender(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, user: userEvent.setup(), router: router as TestRouter, queryClient };
}
