import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { translationAreas, type TranslationArea } from '../i18n/areas';
import enSite from '../i18n/en/site.json';
import koSite from '../i18n/ko/site.json';

export type Language = 'ko' | 'en';

export const LANGUAGE_STORAGE_KEY = 'giftcast-language';

/** Only a stored 'en' selects English; anything else (missing, 'fr', garbage) is Korean. */
export function readStoredLanguage(): Language {
  try {
    return localStorage.getItem(LANGUAGE_STORAGE_KEY) === 'en' ? 'en' : 'ko';
  } catch {
    // Storage can be unavailable (privacy mode, disabled cookies).
    return 'ko';
  }
}

/** `?lang=en` / `?lang=ko`: the language alternates that search engines and shared links carry. */
export function languageFromAddress(search: string): Language | null {
  const requested = new URLSearchParams(search).get('lang');
  return requested === 'en' || requested === 'ko' ? requested : null;
}

function storeLanguage(language: Language): void {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Not remembered across visits, but the page still switches.
  }
}

/**
 * The same choice as a cookie, for the server: the next page it sends (prerendered or rendered
 * per request) is then in this language from the first byte, not switched after the app starts.
 */
function tellServer(language: Language): void {
  document.cookie = `${LANGUAGE_STORAGE_KEY}=${language}; Path=/; Max-Age=31536000; SameSite=Lax`;
}

/** The address's explicit choice (remembered from then on), else the stored one. */
function initialLanguage(): Language {
  if (typeof window === 'undefined') return 'ko';
  const requested = languageFromAddress(window.location.search);
  if (requested) storeLanguage(requested);
  const language = requested ?? readStoredLanguage();
  tellServer(language);
  return language;
}

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  // Copies: i18next merges later bundles into these objects, and the imported modules stay as read.
  resources: {
    ko: { translation: structuredClone(koSite) },
    en: { translation: structuredClone(enSite) },
  },
  lng: initialLanguage(),
  fallbackLng: 'ko',
  supportedLngs: ['ko', 'en'],
  initAsync: false,
  interpolation: { escapeValue: false }, // React escapes already
});

const loadedAreas = new Map<TranslationArea, Promise<void>>();

/** Adds the translations of these areas (see i18n/areas.ts); each is fetched once. */
export function loadTranslations(areas: TranslationArea[]): Promise<void> {
  return Promise.all(
    areas.map((area) => {
      let loading = loadedAreas.get(area);
      if (!loading) {
        loading = translationAreas[area]().then(([korean, english]) => {
          i18n.addResourceBundle('ko', 'translation', korean.default, true, true);
          i18n.addResourceBundle('en', 'translation', english.default, true, true);
        });
        loadedAreas.set(area, loading);
      }
      return loading;
    }),
  ).then(() => undefined);
}

export function currentLanguage(): Language {
  return i18n.language === 'en' ? 'en' : 'ko';
}

function applyDocumentLanguage(language: Language): void {
  // Only a change: writing even the same value makes the browser restyle every element (:lang()).
  if (typeof document !== 'undefined' && document.documentElement.lang !== language) {
    document.documentElement.lang = language;
  }
}

applyDocumentLanguage(currentLanguage());

/** The user picked a language: show it and remember it. */
export async function changeLanguage(language: Language): Promise<void> {
  await i18n.changeLanguage(language);
  applyDocumentLanguage(language);
  storeLanguage(language);
  tellServer(language);
}
