import { type Page } from '@playwright/test';

// The browser tests run two at a time against one backend. Taking every featured testimonial or
// published post away there, or making it fail, would pull the data from under the other spec
// files reading them at that moment (home, blog, seo). So a test that needs a page's loading,
// empty or failed state changes only that page's one call: held until the test has seen the
// state before the answer and then answered by the backend for real, the backend's own answer
// with its list emptied, or the error answer a failing backend gives. Every other call, and
// every other page, still talks to the real backend; what the backend answers for an empty
// table is covered by the API tests.

/** The page's calls to one API address, path and query as the app writes them. */
const callsTo =
  (address: string) =>
  (url: URL): boolean =>
    `${url.pathname}${url.search}` === address;

/**
 * Holds the page's call to `address` until `release()`; the backend's real answer follows.
 * `asked` settles once the page has made the call.
 */
export async function holdAnswer(page: Page, address: string) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let markAsked!: () => void;
  const asked = new Promise<void>((resolve) => (markAsked = resolve));
  await page.route(callsTo(address), async (route) => {
    markAsked();
    await released;
    await route.continue();
  });
  return { asked, release };
}

/** The backend's own answer to the page's call to `address`, with nothing in its list. */
export async function answerEmptyList(page: Page, address: string): Promise<void> {
  await page.route(callsTo(address), async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: [] });
  });
}

/** The page's call to `address` fails as it does when the backend breaks: 500, the API's error body. */
export async function answerServerError(page: Page, address: string): Promise<void> {
  await page.route(callsTo(address), (route) =>
    route.fulfill({ status: 500, json: { statusCode: 500, error: 'Something went wrong. Please try again later' } }),
  );
}
