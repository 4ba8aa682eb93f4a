import { act, render, screen } from '@testing-library/react';
import en from '../i18n/en/site.json';
import enHome from '../i18n/en/home.json';
import koHome from '../i18n/ko/home.json';
import { changeLanguage, useTranslation } from './i18n';

type I18nModule = typeof import('./i18n');

/** A fresh copy of the module: only Korean site texts, nothing fetched yet. */
function freshI18n(): I18nModule {
  let fresh: I18nModule | undefined;
  jest.isolateModules(() => {
    fresh = jest.requireActual<I18nModule>('./i18n');
  });
  return fresh!;
}

beforeEach(() => localStorage.clear());

describe('t', () => {
  it('looks a text up by dotted key, fills in {{values}} and nested $t(key) texts', () => {
    const { i18n } = freshI18n();
    i18n.addTranslations('ko', {
      demo: { greeting: '{{name}}님, $t(brand)에 오신 것을 환영해요', spaced: '{{ n }}개' },
    });

    expect(i18n.t('nav.home')).toBe('홈');
    expect(i18n.t('demo.greeting' as never, { name: '민지' })).toBe('민지님, Giftcast에 오신 것을 환영해요');
    expect(i18n.t('demo.spaced' as never, { n: 3 })).toBe('3개');
  });

  it('fills a missing value with nothing and answers an unknown key with the key', () => {
    const { i18n } = freshI18n();
    i18n.addTranslations('ko', { demo: { count: '{{count}}개 남음' } });

    expect(i18n.t('demo.count' as never)).toBe('개 남음');
    expect(i18n.t('no.such.key' as never)).toBe('no.such.key');
    // A group is not a text: without returnObjects the key comes back, as for a missing one.
    expect(i18n.t('nav')).toBe('nav');
  });

  it('returns a group with returnObjects, every text in it filled in', () => {
    const { i18n } = freshI18n();
    i18n.addTranslations('ko', { demo: { list: [{ title: '$t(brand) {{n}}' }, { title: '둘' }] } });

    expect(i18n.t('demo.list' as never, { returnObjects: true, n: 1 })).toEqual([
      { title: 'Giftcast 1' },
      { title: '둘' },
    ]);
  });

  it('merges added texts into what a language has, and falls back to Korean for a key English lacks', () => {
    const { i18n } = freshI18n();
    i18n.addTranslations('en', en);
    i18n.addTranslations('ko', { demo: { only: '한국어만' } });

    expect(i18n.getFixedT('en')('nav.home')).toBe(en.nav.home);
    expect(i18n.getFixedT('en')('demo.only' as never)).toBe('한국어만');
    expect(i18n.getFixedT('ko')('nav.home')).toBe('홈');
  });
});

describe('loading texts', () => {
  it("fetches an area in the language shown only, and the other language's when the visitor switches", async () => {
    const fresh = freshI18n();
    const { i18n } = fresh;

    await fresh.loadTranslations(['home']);
    expect(i18n.t('home.heading')).toBe(koHome.home.heading);
    expect(i18n.getFixedT('en')('nav.home')).toBe('홈'); // English not fetched: Korean stands in

    await fresh.changeLanguage('en');
    expect(i18n.language).toBe('en');
    expect(i18n.t('nav.home')).toBe(en.nav.home);
    expect(i18n.t('home.heading')).toBe(enHome.home.heading);
  });

  it('loads a page in English when English is shown, the site texts with it', async () => {
    localStorage.setItem('giftcast-language', 'en');
    const fresh = freshI18n();

    await fresh.loadTranslations(['home']);

    expect(fresh.i18n.t('nav.home')).toBe(en.nav.home);
    expect(fresh.i18n.t('home.heading')).toBe(enHome.home.heading);
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
