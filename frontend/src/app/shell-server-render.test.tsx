import { changeLanguage } from '../lib/i18n';

/**
 * Public pages are prerendered with react-dom/server, where there is no window: the shell must
 * neither read browser-only APIs when its modules load nor while it renders.
 */
describe('site shell on the server', () => {
  const browserOnly = () => {
    throw new Error('browser-only API used at import or render time');
  };

  beforeEach(async () => {
    await changeLanguage('ko');
  });

  it('imports and renders while matchMedia, storage and scrolling are unavailable', () => {
    jest.spyOn(window, 'matchMedia').mockImplementation(browserOnly);
    jest.spyOn(window, 'scrollTo').mockImplementation(browserOnly);
    jest.spyOn(Storage.prototype, 'getItem').mockImplementation(browserOnly);
    jest.spyOn(Storage.prototype, 'setItem').mockImplementation(browserOnly);

    let html = '';
    // A fresh module registry: the shell's modules load here, under the traps above.
    jest.isolateModules(() => {
      const { renderToString } = jest.requireActual<typeof import('react-dom/server')>('react-dom/server');
      const { MemoryRouter } = jest.requireActual<typeof import('react-router-dom')>('react-router-dom');
      const { AppProviders } = jest.requireActual<typeof import('./providers')>('./providers');
      const { Toaster } = jest.requireActual<typeof import('../components/toaster')>('../components/toaster');
      const { NotificationBanner } =
        jest.requireActual<typeof import('./notification-banner')>('./notification-banner');
      const { SiteHeader } = jest.requireActual<typeof import('./site-header')>('./site-header');
      const { SiteFooter } = jest.requireActual<typeof import('./site-footer')>('./site-footer');
      html = renderToString(
        <AppProviders>
          <MemoryRouter initialEntries={['/']}>
            <SiteHeader />
            <SiteFooter />
            <NotificationBanner />
            <Toaster />
          </MemoryRouter>
        </AppProviders>,
      );
    });

    expect(html).toContain('href="/try"');
    expect(html).toContain('href="/privacy"');
    // The banner waits for its delay in the browser: the server renders it hidden.
    expect(html).toMatch(/<div hidden="" role="region" aria-label="체험 안내" data-testid="notification-banner"/);
  });
});
