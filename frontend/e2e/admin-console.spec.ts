import { readFile } from 'node:fs/promises';
import { type APIRequestContext, type Page } from '@playwright/test';
import { expect, test } from './support/test';
import { uniqueAddress } from './support/mail';
import { confirmSubscription } from './support/seeding';
import { E2E } from './support/stack';

// The console's flows run on the desktop project only; the blog manager on a phone is covered by
// admin-blog.spec.ts. Both languages run at once against one backend shared with the other
// specs, so every test makes its own data (fresh QR codes, unique names and addresses) and never
// touches the seeded codes /try's specs rely on.
const TEXTS = {
  ko: {
    login: '로그인',
    logOut: '로그아웃',
    password: '비밀번호',
    nav: '관리 메뉴',
    sections: { qr: 'QR 코드', inquiries: '문의', testimonials: '후기', subscribers: '구독자' },
    qrTitle: 'QR 코드 관리',
    generateCount: '만들 개수 (1~1000)',
    pools: { try: '체험용 (/try)', print: '인쇄용' },
    generate: '만들기',
    countInvalid: '1에서 1000 사이의 숫자를 입력해주세요',
    generated: (n: number) => `새 QR 코드 ${n}개를 만들었습니다`,
    serialSearch: '일련번호 (숫자)',
    search: '검색',
    disable: (s: string) => `QR #${s} 사용 중지`,
    enable: (s: string) => `QR #${s} 다시 사용`,
    disabledToast: (s: string) => `QR #${s}의 사용을 중지했습니다`,
    select: (s: string) => `QR #${s} 선택`,
    printSelected: '선택한 코드 인쇄',
    print: '인쇄',
    sheetTitle: '스티커 인쇄',
    inquiriesTitle: '문의 내역',
    view: (name: string) => `${name}님의 문의 자세히 보기`,
    detail: (name: string) => `${name}님의 문의`,
    partnerFilter: '파트너 문의',
    contactFilter: '고객 문의',
    filterLabel: '문의 유형으로 거르기',
    newTestimonial: '새 후기',
    save: '저장',
    saved: '저장되었습니다',
    deleted: '삭제되었습니다',
    nameMin: '이름을 2자 이상 입력해주세요',
    contentMin: '후기를 10자 이상 입력해주세요',
    fields: { name: '이름 (한국어)', role: '역할/직책 (한국어)', content: '후기 (한국어)', rating: '평점' },
    edit: '수정',
    delete: '삭제',
    confirmDelete: (name: string) => `${name}님의 후기를 삭제할까요?`,
    subscribersTitle: '뉴스레터 구독자',
    export: 'CSV 내보내기',
    active: '구독 중',
    pending: '확인 대기',
  },
  en: {
    login: 'Log in',
    logOut: 'Log out',
    password: 'Password',
    nav: 'Admin sections',
    sections: { qr: 'QR codes', inquiries: 'Inquiries', testimonials: 'Testimonials', subscribers: 'Subscribers' },
    qrTitle: 'QR codes',
    generateCount: 'How many (1-1000)',
    pools: { try: 'Try page (/try)', print: 'Print (stickers)' },
    generate: 'Generate',
    countInvalid: 'Enter a number from 1 to 1000',
    generated: (n: number) => `${n} new QR codes generated`,
    serialSearch: 'Serial number (digits)',
    search: 'Search',
    disable: (s: string) => `Disable QR #${s}`,
    enable: (s: string) => `Enable QR #${s}`,
    disabledToast: (s: string) => `QR #${s} is disabled`,
    select: (s: string) => `Select QR #${s}`,
    printSelected: 'Print selected codes',
    print: 'Print',
    sheetTitle: 'Sticker sheet',
    inquiriesTitle: 'Inquiries',
    view: (name: string) => `View the inquiry from ${name}`,
    detail: (name: string) => `Inquiry from ${name}`,
    partnerFilter: 'Partner',
    contactFilter: 'Contact',
    filterLabel: 'Filter by inquiry type',
    newTestimonial: 'New testimonial',
    save: 'Save',
    saved: 'Saved successfully',
    deleted: 'Deleted successfully',
    nameMin: 'Please enter at least 2 characters for the name',
    contentMin: 'Please write at least 10 characters for the review',
    fields: { name: 'Name (Korean)', role: 'Role (Korean)', content: 'Review (Korean)', rating: 'Rating' },
    edit: 'Edit',
    delete: 'Delete',
    confirmDelete: (name: string) => `Delete the testimonial from ${name}?`,
    subscribersTitle: 'Newsletter subscribers',
    export: 'Export CSV',
    active: 'Active',
    pending: 'Awaiting confirmation',
  },
} as const;

type Language = keyof typeof TEXTS;
type Texts = (typeof TEXTS)[Language];

async function openConsole(page: Page, language: Language, path: string) {
  const text = TEXTS[language];
  await page.addInitScript((lang) => localStorage.setItem('giftcast-language', lang), language);
  await page.goto(path);
  await page.getByLabel(text.password).fill(E2E.adminPassword);
  await page.getByRole('button', { name: text.login, exact: true }).click();
  await expect(page.getByRole('navigation', { name: text.nav })).toBeVisible();
}

async function goToSection(page: Page, text: Texts, section: keyof Texts['sections']) {
  await page
    .getByRole('navigation', { name: text.nav })
    .getByRole('link', { name: text.sections[section], exact: true })
    .click();
}

async function availableSerials(request: APIRequestContext): Promise<string[]> {
  const res = await request.get('/api/qr/available');
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { serialNumber: string }[]).map((code) => code.serialNumber);
}

/** A name nobody else's test uses. */
const unique = (label: string) => `${label} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

for (const language of ['ko', 'en'] as const) {
  const text = TEXTS[language];

  // The console's flows are checked on the desktop; the blog manager also on a phone (admin-blog).
  test.describe(`[${language}] admin console`, { tag: '@desktop' }, () => {
    test('logging out ends the token on the server, and the browser is known at its next login', async ({
      page,
      request,
    }) => {
      await openConsole(page, language, '/admin/inquiries');
      const token = await page.evaluate(() => localStorage.getItem('giftcast-admin-token'));
      expect(token).toBeTruthy();
      const inquiriesStatus = async () =>
        (await request.get('/api/admin/inquiries', { headers: { Authorization: `Bearer ${token}` } })).status();
      expect(await inquiriesStatus()).toBe(200);
      // The login marked this browser: a cookie scripts cannot read, sent to the login alone.
      const device = (await page.context().cookies()).find((cookie) => cookie.name === 'giftcast_admin_device');
      expect(device).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/admin/verify' });

      await page.getByRole('button', { name: text.logOut }).click();
      await expect(page.getByLabel(text.password)).toBeVisible();
      await expect.poll(inquiriesStatus).toBe(401);

      const login = page.waitForRequest((sent) => new URL(sent.url()).pathname === '/api/admin/verify');
      await page.getByLabel(text.password).fill(E2E.adminPassword);
      await page.getByRole('button', { name: text.login, exact: true }).click();
      expect((await (await login).allHeaders()).cookie).toContain(`giftcast_admin_device=${device!.value}`);
      await expect(page.getByRole('navigation', { name: text.nav })).toBeVisible();
    });

    test('generate codes for /try and for print, disable one, print a sheet', async ({ page, request }) => {
      await openConsole(page, language, '/admin/qr');
      await expect(page.getByRole('heading', { level: 1, name: text.qrTitle })).toBeVisible();

      const count = page.getByLabel(text.generateCount);
      await count.fill('1001');
      await page.getByRole('button', { name: text.generate, exact: true }).click();
      await expect(page.getByText(text.countInvalid)).toBeVisible();

      // Generated codes are for print unless the /try pool is chosen.
      await expect(page.getByRole('radio', { name: text.pools.print })).toBeChecked();
      await page.getByRole('radio', { name: text.pools.try }).check();
      await count.fill('2');
      await page.getByRole('button', { name: text.generate, exact: true }).click();
      const toast = page.locator('[data-scope="toast"][data-part="root"]').filter({ hasText: text.generated(2) });
      await expect(toast).toBeVisible();
      const serials = [...((await toast.textContent()) ?? '').matchAll(/#(\d{4,})/g)].map((m) => m[1]);
      expect(serials).toHaveLength(2);
      const [first, second] = serials;

      // /try lists what /api/qr/available answers, live.
      await expect
        .poll(async () => (await availableSerials(request)).filter((s) => serials.includes(s)))
        .toEqual(serials);

      // A code for print, generated after them, is never offered there.
      await page.getByRole('radio', { name: text.pools.print }).check();
      await count.fill('1');
      await page.getByRole('button', { name: text.generate, exact: true }).click();
      const printToast = page.locator('[data-scope="toast"][data-part="root"]').filter({ hasText: text.generated(1) });
      await expect(printToast).toBeVisible();
      const printed = /#(\d{4,})/.exec((await printToast.textContent()) ?? '')![1];
      expect(Number(printed)).toBeGreaterThan(Number(second));
      expect(await availableSerials(request)).not.toContain(printed);

      // Find the first new code and take it out of circulation.
      await page.getByLabel(text.serialSearch).fill(first);
      await page.getByRole('button', { name: text.search, exact: true }).click();
      const row = page.locator(`[data-testid="qr-row"][data-serial="${first}"]`);
      await expect(row).toBeVisible();
      await row.getByRole('button', { name: text.disable(first) }).click();
      await expect(page.getByText(text.disabledToast(first))).toBeVisible();
      await expect(row.getByRole('button', { name: text.enable(first) })).toBeVisible();
      await expect.poll(async () => (await availableSerials(request)).includes(first)).toBe(false);
      expect(await availableSerials(request)).toContain(second);

      // Select both (the second one found by its own search) and open the sheet.
      await page.getByRole('checkbox', { name: text.select(first) }).check();
      await page.getByLabel(text.serialSearch).fill(second);
      await page.getByRole('button', { name: text.search, exact: true }).click();
      await page.getByRole('checkbox', { name: text.select(second) }).check();
      await page.getByRole('button', { name: text.printSelected }).click();

      await expect(page).toHaveURL(/\/admin\/qr\/print\?ids=/);
      await expect(page.getByRole('heading', { level: 1, name: text.sheetTitle })).toBeVisible();
      const stickers = page.getByTestId('qr-sticker');
      await expect(stickers).toHaveText([`#${first}`, `#${second}`]);
      const image = stickers.first().getByRole('img', { name: `QR #${first}` });
      await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(300);

      await page.evaluate(() => {
        window.print = () =>
          Object.assign(window, { printCalls: ((window as { printCalls?: number }).printCalls ?? 0) + 1 });
      });
      await page.getByRole('button', { name: text.print, exact: true }).click();
      expect(await page.evaluate(() => (window as { printCalls?: number }).printCalls)).toBe(1);

      // On paper: the stickers only, without the site's or the console's chrome.
      await page.emulateMedia({ media: 'print' });
      await expect(page.getByRole('navigation', { name: text.nav })).toBeHidden();
      await expect(page.getByRole('button', { name: text.print, exact: true })).toBeHidden();
      await expect(page.locator('header').first()).toBeHidden();
      await expect(stickers).toHaveText([`#${first}`, `#${second}`]);
      await expect(stickers.first()).toBeVisible();
    });

    test('an inquiry sent through /api/contact shows up with its detail', async ({ page, request }) => {
      const name = unique(`Inquirer ${language}`);
      const email = uniqueAddress(`inquiry-${language}`);
      const message = `Do you ship QR stickers abroad? (${name})`;
      const res = await request.post('/api/contact', { data: { name, email, phone: '010-2222-3333', message } });
      expect(res.ok()).toBe(true);

      await openConsole(page, language, '/admin/inquiries');
      await expect(page.getByRole('heading', { level: 1, name: text.inquiriesTitle })).toBeVisible();
      const filters = page.getByRole('group', { name: text.filterLabel });
      await filters.getByRole('button', { name: text.partnerFilter, exact: true }).click();
      await expect(page.getByRole('button', { name: text.view(name) })).toHaveCount(0);
      await filters.getByRole('button', { name: text.contactFilter, exact: true }).click();

      await page.getByRole('button', { name: text.view(name) }).click();
      const dialog = page.getByRole('dialog', { name: text.detail(name) });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole('link', { name: email })).toHaveAttribute('href', `mailto:${email}`);
      await expect(dialog.getByText('010-2222-3333')).toBeVisible();
      await expect(dialog.getByTestId('inquiry-message')).toHaveText(message);
      const year = String(new Date().getFullYear());
      await expect(dialog.getByText(new RegExp(year))).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
    });

    test('create a testimonial after a validation error, edit it, delete it', async ({ page }) => {
      const name = unique(language === 'ko' ? '후기 작성자' : 'Reviewer');
      await openConsole(page, language, '/admin/testimonials');

      await page.getByRole('button', { name: text.newTestimonial }).click();
      await page.getByLabel(text.fields.name).fill('김');
      await page.getByLabel(text.fields.content).fill('짧아요');
      await page.getByRole('button', { name: text.save, exact: true }).click();
      await expect(page.getByText(text.nameMin)).toBeVisible();
      await expect(page.getByText(text.contentMin)).toBeVisible();

      await page.getByLabel(text.fields.name).fill(name);
      await page.getByLabel(text.fields.role).fill('꽃집 운영');
      await page.getByLabel(text.fields.content).fill('영상 편지 덕분에 손님들이 정말 좋아하세요.');
      await page.getByRole('button', { name: text.save, exact: true }).click();
      await expect(page.getByText(text.saved)).toBeVisible();

      const item = page.getByTestId('admin-testimonial').filter({ hasText: name });
      await expect(item).toBeVisible();
      await expect(item.getByText('5/5')).toBeVisible();

      await item.getByRole('button', { name: text.edit, exact: true }).click();
      await expect(page.getByLabel(text.fields.name)).toHaveValue(name);
      await page.getByLabel(text.fields.role).fill('케이크 공방 대표');
      await page.getByLabel(text.fields.rating).selectOption('3');
      await page.getByRole('button', { name: text.save, exact: true }).click();
      await expect(page.getByText(text.saved)).toBeVisible();
      await expect(item.getByText('케이크 공방 대표')).toBeVisible();
      await expect(item.getByText('3/5')).toBeVisible();

      page.once('dialog', (dialog) => {
        expect(dialog.message()).toBe(text.confirmDelete(name));
        void dialog.accept();
      });
      await item.getByRole('button', { name: text.delete, exact: true }).click();
      await expect(page.getByText(text.deleted)).toBeVisible();
      await expect(item).toHaveCount(0);
    });

    test('subscribers from /api/subscribe are listed with their state and are in the downloaded CSV', async ({
      page,
      request,
    }) => {
      const [waiting, confirmed] = [uniqueAddress(`pending-${language}`), uniqueAddress(`confirmed-${language}`)];
      for (const email of [waiting, confirmed]) {
        expect((await request.post('/api/subscribe', { data: { email } })).ok()).toBe(true);
      }
      await confirmSubscription(request, confirmed);

      await openConsole(page, language, '/admin/blog');
      await goToSection(page, text, 'subscribers');
      await expect(page.getByRole('heading', { level: 1, name: text.subscribersTitle })).toBeVisible();
      const row = (email: string) => page.getByTestId('admin-subscriber').filter({ hasText: email });
      await expect(row(waiting).getByText(text.pending, { exact: true })).toBeVisible();
      await expect(row(confirmed).getByText(text.active, { exact: true })).toBeVisible();

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: text.export }).click(),
      ]);
      expect(download.suggestedFilename()).toBe('giftcast-subscribers.csv');
      const csv = await readFile(await download.path(), 'utf8');
      expect(csv.split('\r\n')[0]).toBe('email,language,status,subscribedAt');
      const status = (email: string) =>
        csv
          .split('\r\n')
          .find((line) => line.startsWith(`"${email}",`))
          ?.split(',')[2];
      expect(status(waiting)).toBe('"pending"');
      expect(status(confirmed)).toBe('"active"');
    });
  });
}
