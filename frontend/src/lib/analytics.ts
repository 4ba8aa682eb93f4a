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

// Without VITE_GA_ID analytics is a no-op: no script is loaded and nothing leaves the browser.
function getGtag(): Gtag | null {
  const id = env.VITE_GA_ID;
  if (!id || typeof window === 'undefined') return null;
  if (gtag) return gtag;

  window.dataLayer = window.dataLayer ?? [];
  window.gtag = function gtagShim() {
    // gtag.js reads the `arguments` object itself, not an array.
    // eslint-disable-next-line prefer-rest-params
    window.dataLayer!.push(arguments);
  };
  window.gtag('js', new Date());
  // Page views are sent by trackPageView on every route change.
  window.gtag('config', id, { send_page_view: false });

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

export function trackPageView(path: string): void {
  getGtag()?.('event', 'page_view', {
    page_path: path,
    page_location: window.location.href,
    page_title: document.title,
  });
}
