import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { trackPageView } from '../lib/analytics';
import { scrollToTop } from '../lib/scroll';

/** On every route change: back to the top of the page, and a page view for analytics. */
export function useRouteChange(): void {
  const { pathname, search } = useLocation();
  const reportedPath = useRef<string | null>(null);
  const currentSearch = useRef(search);
  currentSearch.current = search;

  useEffect(() => {
    // Guards against StrictMode's second effect run reporting the same page twice.
    if (reportedPath.current === pathname) return;
    // The first page is already at the top, or where the browser restored it on reload.
    if (reportedPath.current !== null) scrollToTop();
    reportedPath.current = pathname;
    trackPageView(pathname + currentSearch.current);
  }, [pathname]);
}
