import type { I18n } from '../lib/i18n';
import { en, ko } from '../i18n/dictionaries';

/**
 * The app fetches each page's translations with its code (see i18n/areas.ts); components under
 * test get them all at once. Tests that render in an isolated module registry call it on their
 * own copy of lib/i18n.
 */
export function addAllTranslations(instance: I18n): void {
  instance.addResourceBundle('ko', 'translation', ko, true, true);
  instance.addResourceBundle('en', 'translation', en, true, true);
}
