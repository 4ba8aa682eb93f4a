import type { ko } from './dictionaries';

// `t` knows every key of the Korean dictionary (the reference), the `{{values}}` its text needs,
// and what a group read with `returnObjects` holds.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof ko };
  }
}
