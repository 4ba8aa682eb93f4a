import { changeLanguage } from '../../../lib/i18n';
import { addAllTranslations } from '../../../test/all-translations';

/**
 * The home page is prerendered with react-dom/server: the hero must render there without browser
 * APIs, with the first slide already showing, so it reads right before (and without) scripts.
 */
describe('HomeHero on the server', () => {
  const browserOnly = () => {
    throw new Error('browser-only API used at import or render time');
  };

  beforeEach(async () => {
    await changeLanguage('en');
  });

  it('renders the page heading and the first slide, the others hidden, without touching matchMedia', async () => {
    jest.spyOn(window, 'matchMedia').mockImplementation(browserOnly);
    jest.spyOn(window, 'scrollTo').mockImplementation(browserOnly);

    let fresh:
      | {
          renderToString: typeof import('react-dom/server').renderToString;
          i18n: typeof import('../../../lib/i18n');
          MemoryRouter: typeof import('react-router-dom').MemoryRouter;
          AppProviders: typeof import('../../../app/providers').AppProviders;
          HomeHero: typeof import('./home-hero').HomeHero;
        }
      | undefined;
    jest.isolateModules(() => {
      fresh = {
        renderToString: jest.requireActual<typeof import('react-dom/server')>('react-dom/server').renderToString,
        i18n: jest.requireActual<typeof import('../../../lib/i18n')>('../../../lib/i18n'),
        MemoryRouter: jest.requireActual<typeof import('react-router-dom')>('react-router-dom').MemoryRouter,
        AppProviders:
          jest.requireActual<typeof import('../../../app/providers')>('../../../app/providers').AppProviders,
        HomeHero: jest.requireActual<typeof import('./home-hero')>('./home-hero').HomeHero,
      };
    });
    const { renderToString, i18n, MemoryRouter, AppProviders, HomeHero } = fresh!;
    // As the app's entry does before its first render: the page's texts are in.
    await i18n.loadTranslations(['home']);
    addAllTranslations(i18n.i18n);
    const html = renderToString(
      <AppProviders>
        <MemoryRouter initialEntries={['/']}>
          <HomeHero />
        </MemoryRouter>
      </AppProviders>,
    );

    const container = document.createElement('div');
    container.innerHTML = html;
    expect(container.querySelectorAll('h1')).toHaveLength(1);
    expect(container.querySelector('h1')).toHaveTextContent('Give your gift a voice and a smile');
    const slides = [...container.querySelectorAll('[aria-roledescription="slide"]')];
    expect(slides.map((slide) => slide.getAttribute('aria-hidden'))).toEqual([null, 'true', 'true']);
    expect(slides[0]).toHaveTextContent('Let your flowers speak for you');
    expect(slides[0]).not.toHaveAttribute('inert');
    for (const path of ['/try', '/why', '/how', '/about']) {
      expect(container.querySelector(`a[href="${path}"]`)).not.toBeNull();
    }
    // The pause control needs scripts (and knowing the motion preference): hidden in the static page.
    expect(html).toMatch(/<button [^>]*\bhidden\b[^>]*aria-label="Pause the slide show"/);
  });
});
