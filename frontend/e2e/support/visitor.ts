import { type BrowserContext, type Page } from '@playwright/test';

/** The visitor's stored language choice, set before every page of `target` loads. */
export async function useLanguage(target: Page | BrowserContext, language: 'ko' | 'en'): Promise<void> {
  await target.addInitScript((lang) => localStorage.setItem('giftcast-language', lang), language);
}

/** For tests about something else: the /try banner was just closed, so it stays away. */
export async function withoutBanner(target: Page | BrowserContext): Promise<void> {
  await target.addInitScript(() => localStorage.setItem('giftcast-banner-closed', String(Date.now())));
}
