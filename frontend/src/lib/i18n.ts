import { createInstance, type i18n as I18next, type ParseKeys, type TFunction as I18nextTFunction } from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { I18nextProvider, initReactI18next, useTranslation as useI18nextTranslation } from 'react-i18next';
import { TRANSLATION_AREAS, translationFiles, type Namespace, type TranslationArea } from '../i18n/areas';
import koSite from '../i18n/ko/site.json';
import { LANGUAGE_COOKIE, type Language } from '@giftcast/contract/language';

// The site's words, through i18next: Korean is the default. Each area's texts are a namespace of
// their own (i18n/areas.ts), fetched by i18next's backend with the page that needs them; keys read
// the same whichever namespace holds them (`nav.home`, `home.heading`).

export type { Language };

/** The stored choice: in local storage, and in a cookie of the same name the server renders pages by. */
export const LANGUAGE_STORAGE_KEY = LANGUAGE_COOKIE;

/** Every key of the Korean dictionaries: a text's, or a group's (read with `returnObjects`). */
export type TranslationKey = ParseKeys<'site', { returnObjects: true }>;

export type TFunction = I18nextTFunction<'site'>;

/** An i18next instance of the site: its language is only ever set to one of ours. */
export interface I18n extends I18next {
  language: Language;
}

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

function applyDocumentLanguage(language: string): void {
  // Only a change: writing even the same value makes the browser restyle every element (:lang()).
  if (typeof document !== 'undefined' && document.documentElement.lang !== language) {
    document.documentElement.lang = language;
  }
}

/** The app's instance: the language shown in the browser, and the store of every text loaded so far. */
export const i18n = createInstance() as I18n;
i18n.on('languageChanged', applyDocumentLanguage);
const startLanguage = initialLanguage();
// Set now: i18next announces the language once its texts are in.
applyDocumentLanguage(startLanguage);
void i18n
  .use(resourcesToBackend((language: Language, namespace: Namespace) => translationFiles[namespace](language)))
  .use(initReactI18next)
  .init({
    lng: startLanguage,
    // English has every key Korean has (i18n/translations.test.ts), and a page renders once its
    // texts are in: no language stands in for another, so an English visitor fetches English only.
    fallbackLng: false,
    ns: ['site'],
    defaultNS: 'site',
    fallbackNS: [...TRANSLATION_AREAS],
    // The Korean site texts come with this module, so the first render needs nothing fetched; the
    // rest comes through the backend.
    resources: { ko: { site: koSite } },
    partialBundledLanguages: true,
    initAsync: false,
    // React escapes what it renders.
    interpolation: { escapeValue: false },
  });

/** i18next's backend connector (typed `any` in its plugin API): what fetches namespaces. */
interface BackendConnector {
  /** Fetches what is neither in the store nor on its way; one that failed stays failed. */
  load(languages: string[], namespaces: string[], callback: (error: unknown) => void): void;
  /** Fetches again, whatever came before. */
  reload(languages: string[], namespaces: string[], callback: (error: unknown) => void): void;
}

function fetchNamespaces(language: Language, namespaces: Namespace[], how: 'load' | 'reload'): Promise<void> {
  const connector = i18n.services.backendConnector as BackendConnector;
  // Its callback reports a failure; loadTranslations looks at the store instead.
  return new Promise((done) => connector[how]([language], namespaces, () => done()));
}

/** Areas some page needed: a language switch brings them in the new language first. */
const areasInUse = new Set<TranslationArea>();
/** Namespaces whose fetch failed: i18next keeps them as failed, so the next call asks again. */
const failed = new Set<string>();

/**
 * Fetches the site's texts and these areas' (see i18n/areas.ts) in `language`, each once, and in
 * no other language; rejects where one could not be fetched (offline, the site deployed anew), and
 * a later call asks for it again.
 */
export async function loadTranslations(areas: TranslationArea[], language: Language = i18n.language): Promise<void> {
  for (const area of areas) areasInUse.add(area);
  const namespaces: Namespace[] = ['site', ...areas];
  const again = namespaces.filter((namespace) => failed.delete(`${language} ${namespace}`));
  await Promise.all([
    fetchNamespaces(language, again, 'reload'),
    fetchNamespaces(
      language,
      namespaces.filter((namespace) => !again.includes(namespace)),
      'load',
    ),
  ]);
  const missing = namespaces.filter((namespace) => !i18n.hasResourceBundle(language, namespace));
  for (const namespace of missing) failed.add(`${language} ${namespace}`);
  if (missing.length > 0) throw new Error(`texts not fetched: ${missing.join(', ')} (${language})`);
}

/** The language shown, for code outside rendering (a request's Accept-Language); components use useTranslation. */
export function currentLanguage(): Language {
  return i18n.language;
}

/**
 * Fetches the texts of the pages seen so far in `language`, ahead of a switch to it (a pointer over
 * the language toggle): the switch then only renders. A failure is left to the switch itself.
 */
export function prefetchLanguage(language: Language): void {
  loadTranslations([...areasInUse], language).catch(() => undefined);
}

/** The user picked a language: show it (once its texts for the pages seen are in) and remember it. */
export async function changeLanguage(language: Language): Promise<void> {
  await loadTranslations([...areasInUse], language);
  await i18n.changeLanguage(language);
  storeLanguage(language);
  tellServer(language);
}

const serverInstances = new Map<Language, I18n>();

/**
 * An instance fixed to `language`, for rendering a page on the server inside
 * `<I18nProvider i18n={serverI18n(language)}>`: pages in both languages can render at once, none
 * switching the language of another. A clone shares the browser instance's store, so it sees every
 * text loaded so far and any loaded later, without copying them; one per language is kept, as
 * nothing ever changes its language.
 */
export function serverI18n(language: Language): I18n {
  let instance = serverInstances.get(language);
  if (!instance) {
    instance = i18n.cloneInstance({ lng: language }) as I18n;
    serverInstances.set(language, instance);
  }
  return instance;
}

/** Gives the components under it an instance other than the browser's (serverI18n). */
export const I18nProvider = I18nextProvider;

/** `t` in the language shown, and the instance; the component renders again when the language changes. */
export function useTranslation(): { t: TFunction; i18n: I18n } {
  const { t, i18n: instance } = useI18nextTranslation();
  return { t, i18n: instance as I18n };
}
