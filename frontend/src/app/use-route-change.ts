import { useEffect, useEffectEvent, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { trackPageView } from '../lib/analytics';
import { scrollToTop } from '../lib/scroll';

/** On every route change: back to the top of the page, and a page view for analytics. */
export function useRouteChange(): void {
  const { pathname, search } = useLocation();
  const reportedPath = useRef<string | null>(null);
  // A new query on the same page is no new page view.
  const reportPageView = useEffectEvent(() => trackPageView(pathname + search));

  useEffect(() => {
    // Guards against StrictMode's second effect run reporting the same page twice.
    if (reportedPath.current === pathname) return;
    // The first page is already at the top, or where the browser restored it on reload.
    if (reportedPath.current !== null) scrollToTop();
    reportedPath.current = pathname;
    reportPageView();
  }, [pathname]);
}
