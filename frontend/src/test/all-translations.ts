import type { I18n } from '../lib/i18n';
import { enNamespaces, koNamespaces } from '../i18n/dictionaries';

/**
 * The app fetches each page's namespaces with its code (see i18n/areas.ts); components under test
 * get them all at once. Tests that render in an isolated module registry call it on their own copy
 * of lib/i18n.
 */
export function addAllTranslations(instance: I18n): void {
  for (const [namespace, texts] of Object.entries(koNamespaces)) {
    instance.addResourceBundle('ko', namespace, texts, true, true);
  }
  for (const [namespace, texts] of Object.entries(enNamespaces)) {
    instance.addResourceBundle('en', namespace, texts, true, true);
  }
}
