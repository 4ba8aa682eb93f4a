import { env } from './env';

type Gtag = (...args: unknown[]) => void;

declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: Gtag;
  }
}

export interface EventParams {
  category: string;
  label?: string;
}

let gtag: Gtag | null = null;

// Without GA_ID (the serving backend's) analytics is a no-op: no script is loaded and nothing leaves the browser.
function getGtag(): Gtag | null {
  const id = env.GA_ID;
  if (!id || typeof window === 'undefined') return null;
  if (gtag) return gtag;

  window.dataLayer = window.dataLayer ?? [];
  window.gtag = function gtagShim() {
    // gtag.js reads the `arguments` object itself, not an array.
    // eslint-disable-next-line prefer-rest-params
    window.dataLayer!.push(arguments);
  };
  window.gtag('js', new Date());
  // Page views are sent by trackPageView on every route change. Every hit carries the page's
  // address: the reported one, never the token in the real one.
  window.gtag('config', id, {
    send_page_view: false,
    page_location: `${window.location.origin}${reportedPath(window.location.pathname + window.location.search)}`,
  });

  const script = document.createElement('script');
  script.async = true;
  script.src = `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(id)}`;
  document.head.appendChild(script);

  gtag = window.gtag;
  return gtag;
}

export function trackEvent(action: string, { category, label }: EventParams): void {
  getGtag()?.('event', action, { event_category: category, event_label: label });
}

/** Routes whose address holds a secret (a QR code's token): reported by their pattern. */
const ROUTE_PATTERNS: [RegExp, string][] = [[/^\/v\/[^/?#]+/, '/v/:qrToken']];

/**
 * What analytics may see of an address: the route's pattern for a page addressed by a token, and
 * of the query only the language (an unsubscribe link's `?token=` never leaves the site).
 */
export function reportedPath(address: string): string {
  const url = new URL(address, 'http://site.invalid');
  let path = url.pathname;
  for (const [route, pattern] of ROUTE_PATTERNS) path = path.replace(route, pattern);
  const language = url.searchParams.get('lang');
  return language === 'en' || language === 'ko' ? `${path}?lang=${language}` : path;
}

export function trackPageView(address: string): void {
  const path = reportedPath(address);
  const page = { page_path: path, page_location: `${window.location.origin}${path}`, page_title: document.title };
  const send = getGtag();
  // The events that follow (a language switch, a sent form) are of this page too.
  send?.('set', page);
  send?.('event', 'page_view', page);
}
