import type { ko } from './dictionaries';

// `t` knows every key of the Korean dictionaries (the reference), the `{{values}}` its text needs,
// and what a group read with `returnObjects` holds. The types see the namespaces as one, `site`:
// at run time a key not in `site` is found in its area's namespace (`fallbackNS`, lib/i18n.ts),
// every key being unique across them (i18n/translations.test.ts), while i18next's types do not
// follow `fallbackNS` for groups read with `returnObjects`.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'site';
    resources: { site: typeof ko };
  }
}
