import type { Language } from './i18n';

const locales: Record<Language, string> = { ko: 'ko-KR', en: 'en-US' };

/**
 * "2025년 10월 10일" / "October 10, 2025", the day in Korea (where posts are written), so the
 * server's rendering and every reader's browser agree; an unparseable value gives an empty string.
 */
export function formatLongDate(value: string | number | Date, language: Language): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(locales[language], {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'Asia/Seoul',
  }).format(date);
}
