/**
 * Intent prefetch of the app's pages: a link about to be followed (a pointer over it, a finger on
 * it, keyboard focus on it) fetches its page's code and texts then, so the move itself waits for
 * neither. The app's entry says how a path's page is loaded (main.tsx); without it, as on the
 * server, nothing is fetched.
 */
type PageLoader = (path: string) => Promise<void>;

let loadPage: PageLoader | undefined;
/** Paths fetched or being fetched: each once, until a fetch fails. */
const prefetched = new Set<string>();

export function setPageLoader(loader: PageLoader | undefined): void {
  loadPage = loader;
  prefetched.clear();
}

/** Starts fetching the code and texts of the page at `path`, once; a failure is left to the visit itself. */
export function prefetchPage(path: string): void {
  if (!loadPage || prefetched.has(path)) return;
  prefetched.add(path);
  loadPage(path).catch(() => {
    // Offline, or the site was deployed anew: the next intent, or the visit, tries again.
    prefetched.delete(path);
  });
}
