import { type Page } from '@playwright/test';
import { test } from './test';

const MENU = {
  ko: { main: '주 메뉴', openMenu: '메뉴 열기' },
  en: { main: 'Main', openMenu: 'Open menu' },
} as const;

export const isPhone = (): boolean => test.info().project.name === 'phone';

/** The main navigation's link: in the header on desktop, behind the menu button on phones. */
export async function navLink(page: Page, language: 'ko' | 'en', name: string) {
  if (isPhone()) {
    await page.getByRole('button', { name: MENU[language].openMenu }).click();
    return page.locator('#mobile-menu').getByRole('link', { name, exact: true });
  }
  return page.getByRole('navigation', { name: MENU[language].main }).getByRole('link', { name, exact: true });
}
