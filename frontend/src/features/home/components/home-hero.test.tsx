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

  it('renders the page heading and the first slide, the others hidden, without touching matchMedia', () => {
    jest.spyOn(window, 'matchMedia').mockImplementation(browserOnly);
    jest.spyOn(window, 'scrollTo').mockImplementation(browserOnly);

    let html = '';
    jest.isolateModules(() => {
      const { renderToString } = jest.requireActual<typeof import('react-dom/server')>('react-dom/server');
      const { i18n } = jest.requireActual<typeof import('../../../lib/i18n')>('../../../lib/i18n');
      addAllTranslations(i18n);
      const { MemoryRouter } = jest.requireActual<typeof import('react-router-dom')>('react-router-dom');
      const { AppProviders } = jest.requireActual<typeof import('../../../app/providers')>('../../../app/providers');
      const { HomeHero } = jest.requireActual<typeof import('./home-hero')>('./home-hero');
      html = renderToString(
        <AppProviders>
          <MemoryRouter initialEntries={['/']}>
            <HomeHero />
          </MemoryRouter>
        </AppProviders>,
      );
    });

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
