import 'i18next';
import type { ko } from '../i18n/dictionaries';

// Korean is the reference dictionary: a key missing from it is a type error.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof ko };
  }
}
