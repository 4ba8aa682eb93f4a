import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../i18n/en.json';
import ko from '../i18n/ko.json';
import { trackEvent } from './analytics';

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

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources: { ko: { translation: ko }, en: { translation: en } },
  lng: readStoredLanguage(),
  fallbackLng: 'ko',
  supportedLngs: ['ko', 'en'],
  initAsync: false,
  interpolation: { escapeValue: false }, // React escapes already
});

export function currentLanguage(): Language {
  return i18n.language === 'en' ? 'en' : 'ko';
}

function applyDocumentLanguage(language: Language): void {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

applyDocumentLanguage(currentLanguage());

/** The user picked a language: show it, remember it and report the change. */
export async function changeLanguage(language: Language): Promise<void> {
  await i18n.changeLanguage(language);
  applyDocumentLanguage(language);
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Not remembered across visits, but the page still switches.
  }
  trackEvent('language_change', { category: 'engagement', label: `change_to_${language}` });
}
