import { screen, waitFor } from '@testing-library/react';
import { trackEvent } from '../lib/analytics';
import { translationFiles } from '../i18n/areas';
import { changeLanguage, currentLanguage, i18n, LANGUAGE_STORAGE_KEY, readStoredLanguage } from '../lib/i18n';
import { addAllTranslations } from '../test/all-translations';
import { renderWithProviders } from '../test/render';
import { LanguageToggle } from './language-toggle';

jest.mock('../lib/analytics', () => ({ trackEvent: jest.fn(), trackPageView: jest.fn() }));

beforeEach(async () => {
  await changeLanguage('ko');
  localStorage.clear();
  jest.mocked(trackEvent).mockClear();
});

describe('LanguageToggle', () => {
  it('fetches the other language’s texts when a pointer comes over it, before any click', async () => {
    // The tests' setup gave the app every text: the English site texts go, so as to be fetched.
    i18n.removeResourceBundle('en', 'site');
    const fetchSiteTexts = jest.spyOn(translationFiles, 'site');
    const { user } = await renderWithProviders(<LanguageToggle />);

    await user.hover(screen.getByRole('button', { name: 'EN: Switch to English' }));

    expect(fetchSiteTexts).toHaveBeenCalledWith('en');
    expect(currentLanguage()).toBe('ko');
    await waitFor(() => expect(i18n.hasResourceBundle('en', 'site')).toBe(true));
    fetchSiteTexts.mockRestore();
    addAllTranslations(i18n);
  });

  it("shows 'EN' while Korean is active", async () => {
    await renderWithProviders(<LanguageToggle />);

    expect(screen.getByRole('button', { name: 'EN: Switch to English' })).toHaveTextContent('EN');
  });

  it('switches to English: remembers it, sets <html lang>, reports it and offers Korean', async () => {
    const { user } = await renderWithProviders(<LanguageToggle />);

    await user.click(screen.getByRole('button', { name: 'EN: Switch to English' }));

    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    expect(trackEvent).toHaveBeenCalledWith(expect.any(String), {
      category: 'engagement',
      label: 'change_to_en',
    });
    expect(await screen.findByRole('button', { name: '한국어 보기' })).toHaveTextContent('한국어');
  });

  it('switches back to Korean', async () => {
    await changeLanguage('en');
    const { user } = await renderWithProviders(<LanguageToggle />);

    await user.click(screen.getByRole('button', { name: '한국어 보기' }));

    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('ko');
    expect(languageCookie()).toBe('ko');
    expect(document.documentElement.lang).toBe('ko');
    expect(trackEvent).toHaveBeenLastCalledWith(expect.any(String), {
      category: 'engagement',
      label: 'change_to_ko',
    });
    expect(await screen.findByRole('button', { name: 'EN: Switch to English' })).toHaveTextContent('EN');
  });
});

/** The value of the language cookie the app set, if any. */
const languageCookie = () =>
  document.cookie
    .split('; ')
    .find((cookie) => cookie.startsWith(`${LANGUAGE_STORAGE_KEY}=`))
    ?.split('=')[1];

describe('stored language', () => {
  it.each([
    ['en', 'en'],
    ['ko', 'ko'],
    ['fr', 'ko'],
    ['EN', 'ko'],
    [null, 'ko'],
  ])('stored %p selects %p', (stored, expected) => {
    if (stored !== null) localStorage.setItem(LANGUAGE_STORAGE_KEY, stored);

    expect(readStoredLanguage()).toBe(expected);
  });

  it('starts the app in the stored language and sets <html lang> on load', () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'en');
    jest.isolateModules(() => {
      const fresh = jest.requireActual<typeof import('../lib/i18n')>('../lib/i18n');
      expect(fresh.i18n.language).toBe('en');
      expect(document.documentElement.lang).toBe('en');
    });
  });

  it('tells the server the language by a cookie, so its next page comes in that language', async () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'en');
    jest.isolateModules(() => {
      jest.requireActual<typeof import('../lib/i18n')>('../lib/i18n');
    });
    expect(languageCookie()).toBe('en');

    await changeLanguage('ko');
    expect(languageCookie()).toBe('ko');
  });

  it("starts in Korean when the stored value is not 'en'", () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'fr');
    jest.isolateModules(() => {
      const fresh = jest.requireActual<typeof import('../lib/i18n')>('../lib/i18n');
      expect(fresh.i18n.language).toBe('ko');
      expect(document.documentElement.lang).toBe('ko');
    });
  });
});
