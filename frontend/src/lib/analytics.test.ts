type Analytics = typeof import('./analytics');

const viteEnv = (globalThis as unknown as { __VITE_ENV__: Record<string, unknown> }).__VITE_ENV__;

function loadAnalytics(gaId?: string): Analytics {
  viteEnv.VITE_GA_ID = gaId;
  let analytics!: Analytics;
  jest.isolateModules(() => {
    analytics = jest.requireActual<Analytics>('./analytics');
  });
  return analytics;
}

afterEach(() => {
  delete viteEnv.VITE_GA_ID;
  delete window.gtag;
  delete window.dataLayer;
  document.head.querySelectorAll('script').forEach((script) => script.remove());
});

describe('analytics', () => {
  it('does nothing and loads nothing without VITE_GA_ID', () => {
    const { trackEvent, trackPageView } = loadAnalytics();

    trackPageView('/blog');
    trackEvent('language_change', { category: 'engagement', label: 'change_to_en' });

    expect(document.head.querySelector('script')).toBeNull();
    expect(window.dataLayer).toBeUndefined();
  });

  it('loads gtag once and sends events and page views with VITE_GA_ID', () => {
    const { trackEvent, trackPageView } = loadAnalytics('G-TEST');

    trackPageView('/blog');
    trackEvent('language_change', { category: 'engagement', label: 'change_to_en' });

    const scripts = document.head.querySelectorAll('script');
    expect(scripts).toHaveLength(1);
    expect(scripts[0].src).toBe('https://www.googletagmanager.com/gtag/js?id=G-TEST');
    const calls = window.dataLayer!.map((args) => Array.from(args as ArrayLike<unknown>));
    expect(calls).toContainEqual(['config', 'G-TEST', { send_page_view: false }]);
    expect(calls).toContainEqual([
      'event',
      'page_view',
      expect.objectContaining({ page_path: '/blog' }),
    ]);
    expect(calls).toContainEqual([
      'event',
      'language_change',
      { event_category: 'engagement', event_label: 'change_to_en' },
    ]);
  });
});
