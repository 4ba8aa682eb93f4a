import type { Language } from '../../lib/i18n';

const locales: Record<Language, string> = { ko: 'ko-KR', en: 'en-US' };

/** A date with its time, in the active language's locale ("2026. 11. 22. 오후 3:04" / "Nov 22, 2026, 3:04 PM"). */
export function formatDateTime(value: string, language: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(locales[language === 'en' ? 'en' : 'ko'], {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(date);
}
