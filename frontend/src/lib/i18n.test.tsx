import { act, render, screen, waitFor } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import en from '../i18n/en/site.json';
import enHome from '../i18n/en/home.json';
import enPages from '../i18n/en/pages.json';
import koHome from '../i18n/ko/home.json';
import koPages from '../i18n/ko/pages.json';
import {
  changeLanguage,
  I18nProvider,
  i18n as appI18n,
  LANGUAGE_STORAGE_KEY,
  serverI18n,
  useTranslation,
} from './i18n';

type I18nModule = typeof import('./i18n');

/** A fresh copy of the module: only Korean site texts, nothing fetched yet. */
function freshI18n(): I18nModule {
  let fresh: I18nModule | undefined;
  jest.isolateModules(() => {
    fresh = jest.requireActual<I18nModule>('./i18n');
  });
  return fresh!;
}

/** A fresh copy of the module and of the translation files it fetches from, to watch the fetches. */
function freshWithFiles(): { i18n: I18nModule; areas: typeof import('../i18n/areas') } {
  let fresh: { i18n: I18nModule; areas: typeof import('../i18n/areas') } | undefined;
  jest.isolateModules(() => {
    fresh = {
      areas: jest.requireActual<typeof import('../i18n/areas')>('../i18n/areas'),
      i18n: jest.requireActual<I18nModule>('./i18n'),
    };
  });
  return fresh!;
}

/** `t` for keys the dictionaries do not have (texts a test adds). */
const untyped = (t: unknown) => t as (key: string, options?: Record<string, unknown>) => unknown;

const languageCookie = () =>
  document.cookie
    .split('; ')
    .find((cookie) => cookie.startsWith(`${LANGUAGE_STORAGE_KEY}=`))
    ?.split('=')[1];

beforeEach(() => localStorage.clear());

describe('t', () => {
  it('looks a text up by dotted key, fills in {{values}} and nested $t(key) texts', () => {
    const { i18n } = freshI18n();
    i18n.addResourceBundle('ko', 'site', {
      demo: { greeting: '{{name}}님, $t(brand)에 오신 것을 환영해요', spaced: '{{ n }}개' },
    });
    const t = untyped(i18n.t);

    expect(i18n.t('nav.home')).toBe('홈');
    expect(t('demo.greeting', { name: '민지' })).toBe('민지님, Giftcast에 오신 것을 환영해요');
    expect(t('demo.spaced', { n: 3 })).toBe('3개');
  });

  it('leaves values as given: no escaping (React escapes) and no nesting of a value', () => {
    const { i18n } = freshI18n();
    i18n.addResourceBundle('ko', 'site', { demo: { quote: '“{{text}}”' } });
    const t = untyped(i18n.t);

    expect(t('demo.quote', { text: '<b>&</b>' })).toBe('“<b>&</b>”');
    expect(t('demo.quote', { text: '$t(brand)' })).toBe('“$t(brand)”');
  });

  it('answers an unknown key with the key', () => {
    const { i18n } = freshI18n();

    expect(untyped(i18n.t)('no.such.key')).toBe('no.such.key');
  });

  it('returns a group with returnObjects, every text in it filled in and nested', () => {
    const { i18n } = freshI18n();
    i18n.addResourceBundle('ko', 'site', { demo: { list: [{ title: '$t(brand) {{n}}' }, { title: '둘' }] } });

    expect(untyped(i18n.t)('demo.list', { returnObjects: true, n: 1 })).toEqual([
      { title: 'Giftcast 1' },
      { title: '둘' },
    ]);
  });

  it('returns a list of the dictionaries with returnObjects, the brand nested into its texts', () => {
    const highlights = appI18n.getFixedT('en')('partner.highlights', { returnObjects: true });

    expect(highlights).toEqual(
      enPages.partner.highlights.map(({ title, text }) => ({ title, text: text.replaceAll('$t(brand)', en.brand) })),
    );
    expect(JSON.stringify(enPages.partner.highlights)).toContain('$t(brand)');
  });

  it('merges added texts into what a language has, and shows no other language for a key it lacks', () => {
    const { i18n } = freshI18n();
    i18n.addResourceBundle('en', 'site', en, true, true);
    i18n.addResourceBundle('en', 'site', { demo: { added: 'Added' } }, true, true);
    i18n.addResourceBundle('ko', 'site', { demo: { only: '한국어만' } }, true, true);

    expect(i18n.getFixedT('en')('nav.home')).toBe(en.nav.home);
    expect(untyped(i18n.getFixedT('en'))('demo.added')).toBe('Added');
    expect(untyped(i18n.getFixedT('en'))('demo.only')).toBe('demo.only');
    expect(i18n.getFixedT('ko')('nav.home')).toBe('홈');
  });

  it("finds a key in its area's namespace, after the site's", () => {
    const { i18n } = freshI18n();
    i18n.addResourceBundle('ko', 'home', koHome, true, true);

    expect(i18n.t('home.heading')).toBe(koHome.home.heading);
    expect(i18n.hasResourceBundle('ko', 'home')).toBe(true);
    expect(i18n.getResource('ko', 'site', 'home.heading')).toBeUndefined();
  });
});

describe('starting language', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('starts in Korean, the default', () => {
    const { i18n } = freshI18n();

    expect(i18n.language).toBe('ko');
    expect(i18n.t('nav.home')).toBe('홈');
  });

  it('lets ?lang=en win over the stored language, and remembers it', () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'ko');
    window.history.replaceState(null, '', '/how?lang=en');

    const { i18n } = freshI18n();

    expect(i18n.language).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en');
    expect(languageCookie()).toBe('en');
  });

  it('ignores a ?lang= it does not know', () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'en');
    window.history.replaceState(null, '', '/?lang=fr');

    expect(freshI18n().i18n.language).toBe('en');
  });
});

describe('loading texts', () => {
  it("fetches an area in the language shown only, and the other language's when the visitor switches", async () => {
    const fresh = freshI18n();
    const { i18n } = fresh;

    await fresh.loadTranslations(['home']);
    expect(i18n.t('home.heading')).toBe(koHome.home.heading);
    expect(i18n.hasResourceBundle('en', 'site')).toBe(false); // English not fetched

    await fresh.changeLanguage('en');
    expect(i18n.language).toBe('en');
    expect(i18n.t('nav.home')).toBe(en.nav.home);
    expect(i18n.t('home.heading')).toBe(enHome.home.heading);
  });

  it('loads a page in English when English is shown, the site texts with it', async () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'en');
    const fresh = freshI18n();

    await fresh.loadTranslations(['home']);

    expect(fresh.i18n.t('nav.home')).toBe(en.nav.home);
    expect(fresh.i18n.t('home.heading')).toBe(enHome.home.heading);
  });

  it('fetches each area once per language, and no other language with it', async () => {
    const { i18n: fresh, areas } = freshWithFiles();
    const fetched = (['site', 'home', 'pages'] as const).map((namespace) =>
      jest.spyOn(areas.translationFiles, namespace),
    );

    await Promise.all([fresh.loadTranslations(['home']), fresh.loadTranslations(['home', 'pages'])]);
    await fresh.loadTranslations(['home'], 'en');
    await fresh.loadTranslations(['home'], 'en');

    // Korean site texts come with the app.
    expect(fetched.map((spy) => spy.mock.calls)).toEqual([[['en']], [['ko'], ['en']], [['ko']]]);
    expect(fresh.i18n.getFixedT('en')('home.heading')).toBe(enHome.home.heading);
    expect(fresh.i18n.getFixedT('ko')('about.title')).toBe(koPages.about.title);
  });
});

describe('fetching texts ahead', () => {
  it("fetches the other language's texts of the areas seen, without switching to it", async () => {
    const fresh = freshI18n();
    await fresh.loadTranslations(['home']);

    fresh.prefetchLanguage('en');

    await waitFor(() => expect(fresh.i18n.getFixedT('en')('home.heading')).toBe(enHome.home.heading));
    expect(fresh.i18n.getFixedT('en')('nav.home')).toBe(en.nav.home);
    expect(fresh.i18n.language).toBe('ko');
  });

  it('fetches an area again after its fetch failed', async () => {
    const { i18n: fresh, areas } = freshWithFiles();
    const fetchHome = jest.spyOn(areas.translationFiles, 'home').mockRejectedValueOnce(new Error('offline'));

    await expect(fresh.loadTranslations(['home'])).rejects.toThrow('texts not fetched: home (ko)');
    expect(fresh.i18n.t('home.heading')).toBe('home.heading');
    await fresh.loadTranslations(['home']);

    expect(fresh.i18n.t('home.heading')).toBe(koHome.home.heading);
    expect(fetchHome).toHaveBeenCalledTimes(2);
  });
});

describe('changeLanguage', () => {
  it('switches only once the areas seen are in the new language, then sets <html lang>, storage and cookie', async () => {
    const fresh = freshI18n();
    await fresh.loadTranslations(['home']);
    const seenOnSwitch: unknown[] = [];
    fresh.i18n.on('languageChanged', () => seenOnSwitch.push(fresh.i18n.t('home.heading')));

    await fresh.changeLanguage('en');

    expect(seenOnSwitch).toEqual([enHome.home.heading]);
    expect(document.documentElement.lang).toBe('en');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en');
    expect(languageCookie()).toBe('en');

    await fresh.changeLanguage('ko');

    expect(document.documentElement.lang).toBe('ko');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('ko');
    expect(languageCookie()).toBe('ko');
  });

  it('writes <html lang> only when the language changes', async () => {
    const fresh = freshI18n();
    const written = jest.fn();
    const observer = new MutationObserver(written);
    observer.observe(document.documentElement, { attributeFilter: ['lang'] });

    await fresh.changeLanguage('ko');
    await Promise.resolve(); // observers are told in a microtask
    expect(written).not.toHaveBeenCalled();

    await fresh.changeLanguage('en');
    await Promise.resolve();
    expect(written).toHaveBeenCalledTimes(1);
    observer.disconnect();
  });
});

describe('useTranslation', () => {
  afterEach(() => changeLanguage('ko'));

  it('renders again in the new language when it changes', async () => {
    function Home() {
      const { t, i18n } = useTranslation();
      return (
        <p lang={i18n.language} data-testid="home">
          {t('nav.home')}
        </p>
      );
    }
    render(<Home />);
    expect(screen.getByTestId('home')).toHaveTextContent('홈');

    await act(() => changeLanguage('en'));

    expect(screen.getByTestId('home')).toHaveTextContent(en.nav.home);
    expect(screen.getByTestId('home')).toHaveAttribute('lang', 'en');
  });
});

describe('serverI18n', () => {
  function Home({ id }: { id: string }) {
    const { t, i18n } = useTranslation();
    return (
      <p id={id} lang={i18n.language}>
        {t('nav.home')} {t('home.heading')}
      </p>
    );
  }

  it('renders each page in its own language, pages in both languages interleaved', () => {
    const html = renderToString(
      <>
        <I18nProvider i18n={serverI18n('ko')}>
          <Home id="first" />
        </I18nProvider>
        <I18nProvider i18n={serverI18n('en')}>
          <Home id="second" />
        </I18nProvider>
        <I18nProvider i18n={serverI18n('ko')}>
          <Home id="third" />
        </I18nProvider>
      </>,
    );
    const page = document.createElement('div');
    page.innerHTML = html;

    const korean = `홈 ${koHome.home.heading}`;
    const english = `${en.nav.home} ${enHome.home.heading}`;
    expect(['first', 'second', 'third'].map((id) => page.querySelector(`#${id}`)?.textContent)).toEqual([
      korean,
      english,
      korean,
    ]);
    expect([...page.querySelectorAll('p')].map((p) => p.lang)).toEqual(['ko', 'en', 'ko']);
  });

  it('leaves the language shown in the browser and <html lang> alone', () => {
    serverI18n('en');
    renderToString(
      <I18nProvider i18n={serverI18n('en')}>
        <Home id="page" />
      </I18nProvider>,
    );

    expect(appI18n.language).toBe('ko');
    expect(document.documentElement.lang).toBe('ko');
  });

  it('sees texts loaded after it was made', async () => {
    const fresh = freshI18n();
    const english = fresh.serverI18n('en');
    expect(english.t('nav.home')).toBe('nav.home'); // English not fetched yet, and no Korean in its place

    await fresh.loadTranslations(['home'], 'en');

    expect(english.language).toBe('en');
    expect(english.t('nav.home')).toBe(en.nav.home);
    expect(english.t('home.heading')).toBe(enHome.home.heading);
    expect(fresh.i18n.language).toBe('ko');
  });
});
