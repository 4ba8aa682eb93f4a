import { expect, type Page, test } from '@playwright/test';
import { E2E } from './support/stack';

const SEEDED_POST = 'Three ways to add a video letter to a bouquet';

async function logIn(page: Page, password = E2E.adminPassword) {
  await page.addInitScript(() => localStorage.setItem('giftcast-language', 'en'));
  await page.goto('/admin/blog');
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

test('create a draft, publish it, see it on /blog, then delete it', async ({ page }, testInfo) => {
  // Both projects share one backend: every run needs its own slug and title.
  const slug = `e2e-${testInfo.project.name}-${Date.now().toString(36)}`;
  const title = `E2E ${slug}`;

  await logIn(page);
  await page.getByRole('button', { name: 'New post' }).click();
  await page.getByLabel('Title (Korean)').fill(title);
  await page.getByLabel('Excerpt (Korean)').fill('An excerpt written by the browser test.');
  await page.getByLabel('Content (Korean)').fill('This body was written by the end-to-end test and is long enough.');
  await page.getByLabel('URL slug').fill(slug);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved successfully')).toBeVisible();

  const item = page.getByTestId('admin-post').filter({ hasText: slug });
  await expect(item.getByText('Draft')).toBeVisible();

  await page.goto('/blog');
  await expect(page.getByRole('heading', { name: SEEDED_POST })).toBeVisible(); // the list has loaded
  await expect(page.getByText(title)).toHaveCount(0);

  await page.goto('/admin/blog');
  await item.getByRole('button', { name: 'Edit' }).click();
  await expect(page.getByLabel('URL slug')).toHaveValue(slug);
  await page.getByText('Published (unchecked: draft)').click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved successfully')).toBeVisible();
  await expect(item.getByText('Published', { exact: true })).toBeVisible();

  await page.goto('/blog');
  await expect(page.getByRole('heading', { name: title })).toBeVisible();

  await page.goto('/admin/blog');
  page.once('dialog', (dialog) => {
    expect(dialog.message()).toBe('Are you sure you want to delete?');
    void dialog.accept();
  });
  await item.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Deleted successfully')).toBeVisible();
  await expect(item).toHaveCount(0);

  await page.goto('/blog');
  await expect(page.getByRole('heading', { name: SEEDED_POST })).toBeVisible(); // the list has loaded
  await expect(page.getByText(title)).toHaveCount(0);
});

test('a wrong password shows the incorrect-password toast', async ({ page }) => {
  await logIn(page, 'not-the-password');
  await expect(page.getByText('Incorrect password')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
});
