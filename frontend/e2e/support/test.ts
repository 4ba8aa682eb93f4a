import { expect, test as base, type Page, type Response } from '@playwright/test';

/**
 * The app has taken over the page: the layout marks <html> live after hydration. Until then the
 * page is the prerendered HTML, whose buttons (menu, language, accordion, carousel) do nothing yet.
 */
export async function appStarted(page: Page): Promise<void> {
  // Longer than an assertion's wait: on a loaded two-core machine a page whose HTML differs from
  // the app's first render (live counts, a post that is gone) takes several seconds to recover.
  await expect(page.locator('html[data-live]')).toBeAttached({ timeout: 20_000 });
}

/** Waits for the app after a navigation that loaded one of its pages (not an image, not JSON). */
async function startedAfter(page: Page, response: Response | null): Promise<Response | null> {
  if (response && /^text\/html\b/.test(response.headers()['content-type'] ?? '')) await appStarted(page);
  return response;
}

/**
 * Playwright's `test`, with a page whose `goto` and `reload` return once the app runs, as a visitor's
 * first tap would land on a live page. Tests about the page before that (its first HTML) fetch it
 * with `request` instead.
 */
export const test = base.extend({
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = async (...args) => startedAfter(page, await goto(...args));
    page.reload = async (...args) => startedAfter(page, await reload(...args));
    await use(page);
  },
});

export { expect };
