import { useMemo, useSyncExternalStore } from 'react';
import { translationAreas, type TranslationArea } from '../i18n/areas';
import type { ko as KoreanDictionary } from '../i18n/dictionaries';
import koSite from '../i18n/ko/site.json';

// The site's words, in Korean (the default, and the fallback for a key English lacks) and English.
// Texts are looked up by dotted key (`nav.home`), fill in `{{name}}` from the values given, and may
// include another text as `$t(key)`. The site needs no more than that, so it carries no more: a
// general i18n library would be an eighth of the JavaScript a phone downloads before the page
// responds.

export type Language = 'ko' | 'en';

export const LANGUAGE_STORAGE_KEY = 'giftcast-language';

type Dictionary = typeof KoreanDictionary;

/** Every key of the Korean dictionary: a text's, or a group's (read with `returnObjects`). */
type KeyOf<T> = T extends readonly unknown[]
  ? never
  : T extends object
    ? { [K in keyof T & string]: K | (T[K] extends string ? never : `${K}.${KeyOf<T[K]>}`) }[keyof T & string]
    : never;

type ValueAt<T, Key extends string> = Key extends `${infer Head}.${infer Rest}`
  ? Head extends keyof T
    ? ValueAt<T[Head], Rest>
    : never
  : Key extends keyof T
    ? T[Key]
    : never;

export type TranslationKey = KeyOf<Dictionary>;

/** Values for the `{{placeholders}}` of a text. */
export type TranslationValues = Record<string, unknown>;

export interface TFunction {
  /** A group of texts (a list of steps, a section's paragraphs), each filled in with `values`. */
  <Key extends TranslationKey>(
    key: Key,
    options: { returnObjects: true } & TranslationValues,
  ): ValueAt<Dictionary, Key>;
  /** The text at `key` (the key itself when neither language has it). */
  (key: TranslationKey, values?: TranslationValues): string;
}

type Texts = Record<string, unknown>;

const dictionaries: Record<Language, Texts> = { ko: structuredClone(koSite), en: {} };

/** Areas loaded per language (`site` in Korean comes with this module). */
const loaded = new Map<string, Promise<void>>([['ko site', Promise.resolve()]]);
/** Areas some page needed: a language switch brings them in the new language first. */
const areasInUse = new Set<TranslationArea>();

const isTexts = (value: unknown): value is Texts => typeof value === 'object' && value !== null;

function mergeInto(target: Texts, source: Texts): void {
  for (const [key, value] of Object.entries(source)) {
    if (isTexts(value) && !Array.isArray(value) && isTexts(target[key]) && !Array.isArray(target[key])) {
      mergeInto(target[key] as Texts, value);
    } else {
      target[key] = structuredClone(value);
    }
  }
}

function lookup(texts: Texts, key: string): unknown {
  let node: unknown = texts;
  for (const part of key.split('.')) {
    if (!isTexts(node)) return undefined;
    node = node[part];
  }
  return node;
}

const PLACEHOLDER = /\$t\(([^)]+)\)|\{\{\s*(\w+)\s*\}\}/g;

function fill(language: Language, text: string, values: TranslationValues | undefined): string {
  return text.replace(PLACEHOLDER, (_, nestedKey: string | undefined, name: string) =>
    nestedKey ? translate(language, nestedKey, values) : String(values?.[name] ?? ''),
  );
}

function fillAll(language: Language, value: unknown, values: TranslationValues | undefined): unknown {
  if (typeof value === 'string') return fill(language, value, values);
  if (Array.isArray(value)) return value.map((item) => fillAll(language, item, values));
  if (isTexts(value)) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, fillAll(language, item, values)]));
  }
  return value;
}

function translate(language: Language, key: string, options?: TranslationValues): string {
  const found = lookup(dictionaries[language], key) ?? lookup(dictionaries.ko, key);
  if (options?.returnObjects && isTexts(found)) return fillAll(language, found, options) as string;
  return typeof found === 'string' ? fill(language, found, options) : key;
}

const fixedT = new Map<Language, TFunction>();

/** A `t` that translates into `language` whatever language is shown. */
function getFixedT(language: Language): TFunction {
  let t = fixedT.get(language);
  if (!t) {
    t = ((key: string, options?: TranslationValues) => translate(language, key, options)) as TFunction;
    fixedT.set(language, t);
  }
  return t;
}

let shown: Language = initialLanguage();
applyDocumentLanguage(shown);
const listeners = new Set<() => void>();

/**
 * Shows `language` at once, its texts already loaded: the server does, between loading a page's
 * texts and rendering it synchronously (entry-server.tsx).
 */
export function showLanguage(language: Language): void {
  if (language === shown) return;
  shown = language;
  applyDocumentLanguage(language);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const i18n = {
  /** The language shown. */
  get language(): Language {
    return shown;
  },
  /** Translates into the language shown. */
  t: ((key: string, options?: TranslationValues) => translate(shown, key, options)) as TFunction,
  getFixedT,
  /** Adds texts to a language's dictionary (merged into what it has). */
  addTranslations(language: Language, texts: Texts): void {
    mergeInto(dictionaries[language], texts);
  },
};

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

function applyDocumentLanguage(language: Language): void {
  // Only a change: writing even the same value makes the browser restyle every element (:lang()).
  if (typeof document !== 'undefined' && document.documentElement.lang !== language) {
    document.documentElement.lang = language;
  }
}

/**
 * Fetches the site's texts and these areas' (see i18n/areas.ts) in `language`, each once. Until
 * they are in, the language's keys fall back to Korean.
 */
export function loadTranslations(areas: TranslationArea[], language: Language = shown): Promise<void> {
  for (const area of areas) areasInUse.add(area);
  const needed: (TranslationArea | 'site')[] = ['site', ...areas];
  return Promise.all(
    needed.map((area) => {
      const id = `${language} ${area}`;
      let loading = loaded.get(id);
      if (!loading) {
        loading = translationAreas[area](language).then((texts) => i18n.addTranslations(language, texts.default));
        loaded.set(id, loading);
      }
      return loading;
    }),
  ).then(() => undefined);
}

export function currentLanguage(): Language {
  return shown;
}

/** The user picked a language: show it (once its texts for the pages seen are in) and remember it. */
export async function changeLanguage(language: Language): Promise<void> {
  await loadTranslations([...areasInUse], language);
  showLanguage(language);
  storeLanguage(language);
  tellServer(language);
}

/** `t` in the language shown, and the language; the component renders again when it changes. */
export function useTranslation(): { t: TFunction; i18n: typeof i18n } {
  const language = useSyncExternalStore(subscribe, currentLanguage, currentLanguage);
  // A new object per language, so memoised children that take `t` render again on a switch.
  return useMemo(() => ({ t: getFixedT(language), i18n }), [language]);
}
