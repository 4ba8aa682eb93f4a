type Analytics = typeof import('./analytics');

/** A fresh copy of the module, built with (or without) a GA_ID. */
function loadAnalytics(gaId?: string): Analytics {
  let analytics!: Analytics;
  jest.isolateModules(() => {
    jest.doMock('./env', () => ({ env: { GA_ID: gaId } }));
    analytics = jest.requireActual<Analytics>('./analytics');
  });
  return analytics;
}

afterEach(() => {
  delete window.gtag;
  delete window.dataLayer;
  document.head.querySelectorAll('script').forEach((script) => script.remove());
});

describe('analytics', () => {
  it('does nothing and loads nothing without GA_ID', () => {
    const { trackEvent, trackPageView } = loadAnalytics();

    trackPageView('/blog');
    trackEvent('language_change', { category: 'engagement', label: 'change_to_en' });

    expect(document.head.querySelector('script')).toBeNull();
    expect(window.dataLayer).toBeUndefined();
    expect(window.gtag).toBeUndefined();
  });

  it('treats an empty GA_ID as unset', () => {
    const { trackPageView } = loadAnalytics('');

    trackPageView('/');

    expect(document.head.querySelector('script')).toBeNull();
    expect(window.dataLayer).toBeUndefined();
  });

  it('loads nothing until something is tracked, so importing it has no effect', () => {
    loadAnalytics('G-TEST');

    expect(document.head.querySelector('script')).toBeNull();
    expect(window.gtag).toBeUndefined();
  });

  it('loads gtag once and sends events and page views with GA_ID', () => {
    const { trackEvent, trackPageView } = loadAnalytics('G-TEST');

    trackPageView('/blog');
    trackEvent('language_change', { category: 'engagement', label: 'change_to_en' });

    const scripts = document.head.querySelectorAll('script');
    expect(scripts).toHaveLength(1);
    expect(scripts[0].src).toBe('https://www.googletagmanager.com/gtag/js?id=G-TEST');
    const calls = window.dataLayer!.map((args) => Array.from(args as ArrayLike<unknown>));
    expect(calls).toContainEqual(['config', 'G-TEST', expect.objectContaining({ send_page_view: false })]);
    expect(calls).toContainEqual(['event', 'page_view', expect.objectContaining({ page_path: '/blog' })]);
    expect(calls).toContainEqual([
      'event',
      'language_change',
      { event_category: 'engagement', event_label: 'change_to_en' },
    ]);
  });

  it('sends a token-addressed page as its route pattern and no token in the query', () => {
    const { trackPageView } = loadAnalytics('G-TEST');

    trackPageView('/v/2b7c9f0e1d3a4b5c');
    trackPageView('/unsubscribe?token=secret-token');
    trackPageView('/subscribe/confirm?token=confirm-secret&lang=en');
    trackPageView('/blog?lang=en&utm=x');

    const views = window
      .dataLayer!.map((args) => Array.from(args as ArrayLike<unknown>))
      .filter(([kind, name]) => kind === 'event' && name === 'page_view')
      .map(([, , params]) => params as { page_path: string; page_location: string });
    expect(views.map((view) => view.page_path)).toEqual([
      '/v/:qrToken',
      '/unsubscribe',
      '/subscribe/confirm?lang=en',
      '/blog?lang=en',
    ]);
    expect(views.map((view) => view.page_location)).toEqual([
      `${window.location.origin}/v/:qrToken`,
      `${window.location.origin}/unsubscribe`,
      `${window.location.origin}/subscribe/confirm?lang=en`,
      `${window.location.origin}/blog?lang=en`,
    ]);
    expect(JSON.stringify(window.dataLayer)).not.toMatch(/2b7c9f0e1d3a4b5c|secret-token|confirm-secret/);
  });
});
