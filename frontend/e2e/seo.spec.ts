import { type APIRequestContext } from '@playwright/test';
import { expect, test } from './support/test';
import { E2E } from './support/stack';

// What a crawler or a link preview sees: the first HTML response, without running JavaScript.

const PUBLIC_PATHS = ['/', '/how', '/about', '/why', '/partner', '/try', '/blog', '/support', '/privacy', '/terms'];
const LANGUAGES = ['ko', 'en'] as const;
const SEEDED_POST = 'why-seven-days';

function attribute(html: string, pattern: RegExp): string | undefined {
  return pattern.exec(html)?.[1];
}

function headOf(html: string) {
  const head = html.slice(0, html.indexOf('</head>'));
  return {
    lang: attribute(html, /<html\b[^>]* lang="([^"]+)"/),
    title: attribute(head, /<title[^>]*>([^<]*)<\/title>/),
    description: attribute(head, /<meta[^>]*name="description" content="([^"]*)"/),
    keywords: attribute(head, /<meta[^>]*name="keywords" content="([^"]*)"/),
    robots: attribute(head, /<meta[^>]*name="robots" content="([^"]*)"/),
    canonical: attribute(head, /<link[^>]*rel="canonical" href="([^"]*)"/),
    alternates: Object.fromEntries(
      [...head.matchAll(/<link[^>]*rel="alternate" hrefLang="([^"]+)" href="([^"]*)"/gi)].map((m) => [m[1], m[2]]),
    ),
    ogTitle: attribute(head, /<meta[^>]*property="og:title" content="([^"]*)"/),
    ogDescription: attribute(head, /<meta[^>]*property="og:description" content="([^"]*)"/),
    ogUrl: attribute(head, /<meta[^>]*property="og:url" content="([^"]*)"/),
    ogType: attribute(head, /<meta[^>]*property="og:type" content="([^"]*)"/),
    twitterCard: attribute(head, /<meta[^>]*name="twitter:card" content="([^"]*)"/),
    ogImage: attribute(head, /<meta[^>]*property="og:image" content="([^"]*)"/),
    ogImageAlt: attribute(head, /<meta[^>]*property="og:image:alt" content="([^"]*)"/),
    twitterImage: attribute(head, /<meta[^>]*name="twitter:image" content="([^"]*)"/),
    h1: attribute(html.slice(html.indexOf('<body')), /<h1[^>]*>(.*?)<\/h1>/s)?.replace(/<[^>]+>/g, ''),
  };
}

async function firstHtml(request: APIRequestContext, url: string) {
  const response = await request.get(url, { headers: { Accept: 'text/html' } });
  return { status: response.status(), html: await response.text(), response };
}

// The HTML does not depend on the device: fetched once, from the desktop project.
test.describe('first HTML response', { tag: '@desktop' }, () => {
  for (const language of LANGUAGES) {
    test(`[${language}] every public page carries its head tags and content before any JavaScript`, async ({
      request,
    }) => {
      const h1s = new Set<string>();
      for (const path of PUBLIC_PATHS) {
        const url = language === 'en' ? `${path}?lang=en` : path;
        const { status, html } = await firstHtml(request, url);
        const head = headOf(html);
        const korean = `${E2E.baseUrl}${path}`;
        const own = language === 'en' ? `${korean}?lang=en` : korean;

        expect({ path, status }).toEqual({ path, status: 200 });
        expect(head).toMatchObject({
          lang: language,
          robots: 'index, follow',
          canonical: own,
          ogUrl: own,
          ogType: 'website',
          twitterCard: 'summary_large_image',
          ogImage: `${E2E.baseUrl}/media/share-${language}.jpg`,
          twitterImage: `${E2E.baseUrl}/media/share-${language}.jpg`,
          alternates: { ko: korean, en: `${korean}?lang=en`, 'x-default': korean },
        });
        expect(head.ogImageAlt?.length).toBeGreaterThan(10);
        expect(head.title).toMatch(/Giftcast/);
        expect(head.ogTitle).toBe(head.title);
        expect(head.description?.length).toBeGreaterThan(20);
        expect(head.ogDescription).toBe(head.description);
        expect(head.keywords?.length).toBeGreaterThan(5);
        expect(head.h1?.trim().length, `${path} has its h1 in the HTML`).toBeGreaterThan(1);
        h1s.add(head.h1!);
      }
      // Each page says something of its own.
      expect(h1s.size).toBe(PUBLIC_PATHS.length);
      // The link preview's picture is there, a real 1200x630 JPEG.
      const picture = await request.get(`/media/share-${language}.jpg`);
      expect(picture.status()).toBe(200);
      expect(picture.headers()['content-type']).toBe('image/jpeg');
      const bytes = await picture.body();
      expect(bytes.subarray(0, 2).toString('hex')).toBe('ffd8');
      expect(bytes.length).toBeLessThan(100_000);
    });
  }

  test('Korean and English pages differ in language, not only in tags', async ({ request }) => {
    const korean = headOf((await firstHtml(request, '/about')).html);
    const english = headOf((await firstHtml(request, '/about?lang=en')).html);
    expect(korean.h1).not.toBe(english.h1);
    expect(korean.title).not.toBe(english.title);
    expect(korean.h1).toMatch(/[가-힣]/);
    expect(english.h1).not.toMatch(/[가-힣]/);
  });

  test('each page’s styles arrive in its head: none in the body, and a rule for every class the body uses', async ({
    request,
  }) => {
    for (const path of [...PUBLIC_PATHS, `/blog/${SEEDED_POST}`, '/no-such-page']) {
      const { html } = await firstHtml(request, path);
      const head = html.slice(0, html.indexOf('</head>'));
      const body = html.slice(html.indexOf('<body'));
      const sheets = [...head.matchAll(/<style data-emotion="([^"]+)"[^>]*>([^<]*)<\/style>/g)];
      const css = sheets.map(([, , text]) => text).join('');
      const classes = new Set(
        [...body.matchAll(/class="([^"]*)"/g)].flatMap(([, names]) =>
          names.split(/\s+/).filter((name) => name.startsWith('gc-')),
        ),
      );

      expect(body, `${path}: no style sheet in the body`).not.toContain('<style');
      expect(sheets.length, `${path}: the global styles and the page's own`).toBeGreaterThanOrEqual(2);
      expect(classes.size, `${path} is styled`).toBeGreaterThan(10);
      expect(
        [...classes].filter((name) => !css.includes(`.${name}`)),
        `${path}: classes without a rule in the head`,
      ).toEqual([]);
    }
  });

  test('a post page carries the post’s own head tags in both languages', async ({ request }) => {
    const posts = (await (await request.get('/api/posts?published=true')).json()) as {
      slug: string;
      title: string;
      titleEn: string | null;
      excerpt: string;
    }[];
    const post = posts.find(({ slug }) => slug === SEEDED_POST)!;

    const korean = headOf((await firstHtml(request, `/blog/${post.slug}`)).html);
    expect(korean).toMatchObject({
      lang: 'ko',
      title: `${post.title} | Giftcast`,
      description: post.excerpt,
      canonical: `${E2E.baseUrl}/blog/${post.slug}`,
      ogType: 'article',
    });
    const english = headOf((await firstHtml(request, `/blog/${post.slug}?lang=en`)).html);
    expect(english).toMatchObject({
      lang: 'en',
      title: `${post.titleEn} | Giftcast`,
      canonical: `${E2E.baseUrl}/blog/${post.slug}?lang=en`,
    });
  });

  test('the home page’s testimonials, the blog list and a post are in the first HTML, with the data the app starts from', async ({
    request,
  }) => {
    const featured = (await (await request.get('/api/testimonials/featured')).json()) as { name: string }[];
    expect(featured.length).toBeGreaterThan(0);
    const home = (await firstHtml(request, '/')).html;
    for (const { name } of featured) expect(home).toContain(`>${name}</h3>`);
    expect(home).toContain('<script id="giftcast-query-data" type="application/json">');

    const posts = (await (await request.get('/api/posts?published=true')).json()) as {
      slug: string;
      title: string;
      titleEn: string | null;
      content: string;
    }[];
    const text = (html: string) =>
      html
        .replace(/<[^>]+>/g, ' ')
        .replace(/&#39;/g, "'")
        .replace(/&quot;/g, '"');

    const list = (await firstHtml(request, '/blog')).html;
    for (const post of posts) expect(text(list)).toContain(post.title);
    expect(list).toContain('<script id="giftcast-query-data" type="application/json">');
    const englishList = (await firstHtml(request, '/blog?lang=en')).html;
    for (const post of posts) expect(text(englishList)).toContain(post.titleEn ?? post.title);

    const post = posts.find(({ slug }) => slug === SEEDED_POST)!;
    const page = (await firstHtml(request, `/blog/${post.slug}`)).html;
    expect(headOf(page).h1).toBe(post.title);
    const firstParagraph = post.content
      .split('\n')
      .find((line) => line.trim().length > 20)!
      .trim();
    expect(text(page)).toContain(firstParagraph.slice(0, 20));
  });

  test('the unsubscribe page comes with its head and its confirmation or notice, kept out of search results', async ({
    request,
  }) => {
    for (const [language, title, confirm, invalid] of [
      ['ko', '구독 해지', '구독을 해지하시겠습니까?', '잘못된 요청'],
      ['en', 'Unsubscribe', 'Unsubscribe from new-post emails?', 'Invalid Request'],
    ] as const) {
      const withToken = await firstHtml(
        request,
        `/unsubscribe?token=0f0e0d0c-0000-4000-8000-000000000000&lang=${language}`,
      );
      expect(withToken.status).toBe(200);
      expect(withToken.response.headers()['x-robots-tag']).toBe('noindex');
      expect(headOf(withToken.html)).toMatchObject({ lang: language, robots: 'noindex, nofollow', h1: confirm });
      expect(headOf(withToken.html).title).toContain(title);
      expect(withToken.html).not.toContain('0f0e0d0c'); // one rendering serves every link

      const withoutToken = await firstHtml(request, `/unsubscribe?lang=${language}`);
      expect(headOf(withoutToken.html)).toMatchObject({ lang: language, robots: 'noindex, nofollow', h1: invalid });
    }
  });

  test('unknown pages and posts answer 404 with the not-found page', async ({ request }) => {
    const page = await firstHtml(request, '/no/such/page');
    expect(page.status).toBe(404);
    expect(headOf(page.html)).toMatchObject({ h1: '페이지를 찾을 수 없습니다', robots: 'noindex, nofollow' });
    expect((await firstHtml(request, '/no-such-page?lang=en')).html).toContain('Page Not Found');
    expect((await firstHtml(request, '/blog/no-such-post')).status).toBe(404);
  });

  test('the subscription confirm page comes with its head and its question or notice, kept out of search results and the sitemap', async ({
    request,
  }) => {
    for (const [language, title, question, invalid] of [
      ['ko', '구독 확인', '구독을 확인하시겠습니까?', '잘못된 요청'],
      ['en', 'Confirm Subscription', 'Confirm your subscription?', 'Invalid Request'],
    ] as const) {
      const withToken = await firstHtml(
        request,
        `/subscribe/confirm?token=Zm9vYmFyLXRva2VuLWZvci1zZW8&lang=${language}`,
      );
      expect(withToken.status).toBe(200);
      expect(withToken.response.headers()['x-robots-tag']).toBe('noindex');
      expect(headOf(withToken.html)).toMatchObject({ lang: language, robots: 'noindex, nofollow', h1: question });
      expect(headOf(withToken.html).title).toContain(title);
      expect(withToken.html).not.toContain('Zm9vYmFy'); // one rendering serves every link

      const withoutToken = await firstHtml(request, `/subscribe/confirm?lang=${language}`);
      expect(headOf(withoutToken.html)).toMatchObject({ lang: language, robots: 'noindex, nofollow', h1: invalid });
    }
    expect(await (await request.get('/sitemap.xml')).text()).not.toContain('/subscribe');
  });

  test('robots.txt and the sitemap list every public page and published post in both languages, and the blog feed', async ({
    request,
  }) => {
    const robots = await (await request.get('/robots.txt')).text();
    expect(robots).toContain(`Sitemap: ${E2E.baseUrl}/sitemap.xml`);
    expect(robots).toContain(`Sitemap: ${E2E.baseUrl}/blog/feed.xml`);
    expect(robots).toContain('Disallow: /admin');

    const sitemap = await request.get('/sitemap.xml');
    expect(sitemap.headers()['content-type']).toContain('xml');
    const xml = await sitemap.text();
    const posts = (await (await request.get('/api/posts?published=true')).json()) as { slug: string }[];
    for (const path of [...PUBLIC_PATHS, ...posts.map(({ slug }) => `/blog/${slug}`)]) {
      expect(xml).toContain(`<loc>${E2E.baseUrl}${path}</loc>`);
      expect(xml).toContain(`<loc>${E2E.baseUrl}${path}?lang=en</loc>`);
    }
    expect(xml).toContain(`<loc>${E2E.baseUrl}/blog/feed.xml</loc>`);
    expect(xml).toContain(`<loc>${E2E.baseUrl}/blog/feed.xml?lang=en</loc>`);
  });

  for (const language of LANGUAGES) {
    test(`[${language}] the blog feed is RSS 2.0 of the published posts, compressed by nginx, and every blog page names it`, async ({
      request,
      page,
    }) => {
      const query = language === 'en' ? '?lang=en' : '';
      const feedUrl = `${E2E.baseUrl}/blog/feed.xml${query}`;
      // Other tests publish posts meanwhile: the feed and the list are read again until they agree.
      await expect(async () => {
        const posts = (await (await request.get('/api/posts?published=true')).json()) as {
          slug: string;
          title: string;
          titleEn: string | null;
          createdAt: string;
        }[];
        const response = await request.get(`/blog/feed.xml${query}`, { headers: { 'Accept-Encoding': 'gzip' } });
        expect(response.status()).toBe(200);
        expect(response.headers()['content-type']).toBe('application/rss+xml; charset=utf-8');
        expect(response.headers()['content-encoding']).toBe('gzip');
        // The backend's answer (nginx serves no file of that name): it carries its policy.
        expect(response.headers()['content-security-policy']).toBeDefined();

        // Read by the browser's own XML parser, as a feed reader would.
        const feed = await page.evaluate(
          (xml) => {
            const doc = new DOMParser().parseFromString(xml, 'application/xml');
            const text = (element: Element, name: string) => element.getElementsByTagName(name)[0]?.textContent ?? null;
            return {
              error: doc.getElementsByTagName('parsererror')[0]?.textContent ?? null,
              version: doc.documentElement.getAttribute('version'),
              language: text(doc.documentElement, 'language'),
              items: [...doc.getElementsByTagName('item')].map((item) => ({
                link: text(item, 'link'),
                pubDate: text(item, 'pubDate'),
                title: text(item, 'title'),
              })),
            };
          },
          await response.text(),
        );
        expect(feed).toMatchObject({ error: null, version: '2.0', language });
        expect(feed.items).toEqual(
          posts.map((post) => ({
            link: `${E2E.baseUrl}/blog/${post.slug}${query}`,
            pubDate: new Date(post.createdAt).toUTCString(),
            title: language === 'en' && post.titleEn ? post.titleEn : post.title,
          })),
        );
      }).toPass();

      for (const path of ['/blog', `/blog/${SEEDED_POST}`]) {
        const { html } = await firstHtml(request, `${path}${query}`);
        const head = html.slice(0, html.indexOf('</head>'));
        const links = [...head.matchAll(/<link[^>]*type="application\/rss\+xml"[^>]*>/g)].map(([tag]) => tag);
        expect(links, `${path}${query} names the feed`).toHaveLength(1);
        expect(links[0]).toContain(`href="${feedUrl}"`);
        expect(links[0]).toContain(`title="Giftcast ${language === 'en' ? 'Blog' : '블로그'}"`);
      }
    });
  }
});

test.describe('in the browser', () => {
  test('a prerendered page is hydrated as it stands, without errors or styles written, and loads no admin or other pages’ code', async ({
    page,
  }) => {
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });

    const dataFetches: string[] = [];
    page.on('request', (request) => {
      if (/^\/api\/(posts|testimonials)/.test(new URL(request.url()).pathname)) dataFetches.push(request.url());
    });

    // Every element of the server's HTML: a page React could not hydrate as it stands is drawn
    // again, and elements leave the document.
    await page.addInitScript(() =>
      document.addEventListener('DOMContentLoaded', () =>
        Object.assign(window, {
          serverElements: [...document.querySelectorAll('#root *')],
          serverStyles: [...document.querySelectorAll('style')],
        }),
      ),
    );
    const replaced: string[] = [];
    const written: string[] = [];
    for (const path of ['/', '/how', '/blog', `/blog/${SEEDED_POST}`, '/support']) {
      await page.goto(path); // returns once the app runs
      replaced.push(
        ...(await page.evaluate(() =>
          (window as unknown as { serverElements: Element[] }).serverElements
            .filter((element) => !element.isConnected)
            .map((element) => `${location.pathname}: ${element.outerHTML.slice(0, 120)}`),
        )),
      );
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      // Nor does the app write styles as it starts (each sheet it changes restyles the whole page),
      // for what it shows by itself either: the banner's came with the page.
      await expect(page.getByTestId('notification-banner')).toBeVisible();
      written.push(
        ...(await page.evaluate(() => {
          // Emotion takes the server's sheets over (it may move them): only another sheet is written.
          const server = (window as unknown as { serverStyles: HTMLStyleElement[] }).serverStyles;
          return [...document.querySelectorAll<HTMLStyleElement>('style')]
            .filter((style) => !server.includes(style))
            .flatMap((style) =>
              [...style.sheet!.cssRules].map((rule) => `${location.pathname}: ${rule.cssText.slice(0, 120)}`),
            );
        })),
      );
      await page.waitForLoadState('networkidle');
    }
    expect(problems).toEqual([]);
    expect(replaced).toEqual([]);
    expect(written).toEqual([]);
    // The home page came with its testimonials, the blog's pages with their posts: the app
    // fetched none of them again.
    expect(dataFetches).toEqual([]);
    // Nor the toast region (it comes with the first toast), nor the forms' validation (with the
    // first focus on a form).
    expect(
      scripts.filter((script) =>
        /admin|message-page|try-page|toast-region|inquiry-resolver|text-field-schema/.test(script),
      ),
    ).toEqual([]);
    // One <title> and one canonical link, whoever wrote them.
    await expect(page.locator('head title')).toHaveCount(1);
    await expect(page.locator('head link[rel="canonical"]')).toHaveCount(1);
  });

  test(
    'the first response names only the small start script; the libraries come after the first paint, nothing of the admin',
    { tag: '@desktop' },
    async ({ page, request }) => {
      for (const path of ['/', `/blog/${SEEDED_POST}`]) {
        const { html } = await firstHtml(request, path);
        // One ordinary module script, and none of the app's libraries beside it (src/boot.ts).
        expect(html.match(/<script type="module"[^>]* src=/g)).toHaveLength(1);
        for (const chunk of ['react', 'router', 'shared']) {
          expect(html).not.toMatch(new RegExp(`href="/assets/${chunk}-[\\w-]+\\.js"`));
        }
        expect(html).not.toMatch(/\/assets\/admin/);

        await page.goto(path); // returns once the app runs
        const { fetched, firstPaint } = await page.evaluate(() => ({
          fetched: performance
            .getEntriesByType('resource')
            .map(({ name, startTime }) => ({ path: new URL(name).pathname, startTime })),
          firstPaint: performance.getEntriesByName('first-contentful-paint').at(0)?.startTime,
        }));
        expect(firstPaint).toBeDefined();
        for (const chunk of ['react', 'router', 'shared']) {
          const script = fetched.find(({ path }) => new RegExp(`^/assets/${chunk}-[\\w-]+\\.js$`).test(path));
          // Requested once the page has painted, not at the load event that may come before it.
          expect(script?.startTime).toBeGreaterThanOrEqual(firstPaint!);
        }
        expect(fetched.filter(({ path }) => /\/assets\/admin/.test(path))).toEqual([]);
      }
    },
  );

  test(
    'a page the app alone renders starts its app at once, before the load event',
    { tag: '@desktop' },
    async ({ page }) => {
      await page.goto('/admin'); // returns once the app runs
      const { reactRequested, loaded } = await page.evaluate(() => ({
        reactRequested: performance
          .getEntriesByType('resource')
          .find(({ name }) => /\/assets\/react-[\w-]+\.js$/.test(new URL(name).pathname))?.startTime,
        loaded: (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventStart,
      }));
      // Its root is empty: there is no paint to wait for.
      expect(reactRequested).toBeLessThan(loaded);
    },
  );

  test(
    'a page opened in a background tab starts without waiting for a paint',
    { tag: '@desktop' },
    async ({ page }) => {
      // A hidden tab paints nothing and runs no animation frame until it is shown.
      await page.addInitScript(() => {
        Object.defineProperty(document, 'visibilityState', { get: () => 'hidden' });
        window.requestAnimationFrame = () => 0;
      });
      await page.goto('/about'); // returns once the app runs
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    },
  );

  test('the app takes over the server’s style sheets and writes no global styles again', async ({ page }) => {
    for (const path of ['/', '/support']) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      const sheets = await page.evaluate(() =>
        [...document.querySelectorAll('style')].map((style) => style.textContent),
      );
      expect(
        sheets.filter((css) => css?.includes('--chakra-colors-gray-50:')),
        `${path}: the token variables once, the server's`,
      ).toHaveLength(1);
      // The layer order and the reset, base and token styles: the server's two global sheets.
      await expect(page.locator('head style[data-emotion^="gc-global"]')).toHaveCount(2);
      // Still styled as the server drew it: the reset and the theme's font are in force.
      expect(await page.locator('body').evaluate((body) => getComputedStyle(body).margin)).toBe('0px');
      expect(
        await page
          .locator('h1')
          .first()
          .evaluate((h1) => getComputedStyle(h1).fontFamily),
      ).toContain('Pretendard');
    }
  });

  test('?lang=en opens the English page, is remembered, and leaves the address clean', async ({ page }) => {
    await page.goto('/about?lang=en');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page).toHaveURL(`${E2E.baseUrl}/about`);
    expect(await page.evaluate(() => localStorage.getItem('giftcast-language'))).toBe('en');
    await expect(page.locator('head link[rel="canonical"]')).toHaveAttribute('href', `${E2E.baseUrl}/about?lang=en`);

    // The choice goes to the server as a cookie: its next page is English from the first byte.
    const whyHtml = (await firstHtml(page.request, '/why')).html;
    expect(headOf(whyHtml)).toMatchObject({ lang: 'en', canonical: `${E2E.baseUrl}/why?lang=en` });
    await page.goto('/why');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.locator('head link[rel="canonical"]')).toHaveCount(1);
    await expect(page.locator('head link[rel="canonical"]')).toHaveAttribute('href', `${E2E.baseUrl}/why?lang=en`);
  });

  test('a visitor who picked English gets the blog and its posts in English before any JavaScript', async ({
    page,
  }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'EN: Switch to English' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');

    for (const path of ['/blog', `/blog/${SEEDED_POST}`, '/support']) {
      const { html, response } = await firstHtml(page.request, path);
      expect(headOf(html).lang).toBe('en');
      expect(response.headers()['vary']).toMatch(/Cookie/i);
    }
    // Asked for by address, Korean still wins over the cookie.
    expect(headOf((await firstHtml(page.request, '/blog?lang=ko')).html).lang).toBe('ko');

    await page.getByRole('button', { name: '한국어 보기' }).click();
    expect(headOf((await firstHtml(page.request, '/blog')).html).lang).toBe('ko');
  });

  test('a post page replaces the server’s head tags with its own once it runs', async ({ page }) => {
    await page.goto(`/blog/${SEEDED_POST}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('head [data-server-head]')).toHaveCount(0);
    await expect(page.locator('head title')).toHaveCount(1);
  });
});
