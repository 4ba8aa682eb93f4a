import type { Language } from '../../lib/i18n';

const locales: Record<Language, string> = { ko: 'ko-KR', en: 'en-US' };

/** "2025년 10월 17일 오후 3:00" / "October 17, 2025 at 3:00 PM": when a message goes, to the minute. */
export function formatDateTime(value: string, language: Language): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(locales[language], { dateStyle: 'long', timeStyle: 'short' }).format(date);
}

/** A recording's length as mm:ss, counting whole seconds. */
export function formatClock(milliseconds: number): string {
  const seconds = Math.max(0, Math.floor(milliseconds / 1000));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(seconds / 60))}:${pad(seconds % 60)}`;
}

/** The upload cap as people read it: 104857600 bytes is "100MB". */
export function formatMegabytes(bytes: number): string {
  const megabytes = bytes / (1024 * 1024);
  return `${Number.isInteger(megabytes) ? megabytes : megabytes.toFixed(1)}MB`;
}
