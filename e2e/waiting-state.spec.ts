import { setLifecycleStatus, setVerified } from './db.ts';
import { expect, openAs, personas, test } from './fixtures.ts';

const AWAITING = 'Your account is awaiting approval.';
const VERIFY = 'Please verify your email address and cellphone number in order to get your profile approved.';
const DEACTIVATED = 'Your account has been deactivated. Please contact support.';

test('pending@demo.co.za sees the awaiting-approval banner and the limited pages', async ({ page }) => {
  await openAs(page, 'pending');
  await expect(page.getByText(AWAITING)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Refresh Page' })).toBeVisible();
  await page.getByRole('button', { name: 'Refresh Page' }).click();
  await expect(page.getByText(AWAITING)).toBeVisible();

  // Waiting users reach home, university, profile and the verification and password pages only.
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: /^Profile - / })).toBeVisible();
  await expect(page.getByText(AWAITING)).toBeVisible();
  await page.goto('/users/create');
  await expect(page.getByText('Oops! Page Not Found or Access Denied')).toBeVisible();
  await page.getByRole('link', { name: 'Go Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('unverified@demo.co.za is asked to verify', async ({ page }) => {
  await setVerified(personas.unverified, { email: false, phone: false });
  await openAs(page, 'unverified');
  await expect(page.getByText(VERIFY)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Refresh Page' })).toBeVisible();
});

test('an approval lifts the awaiting-approval banner without a reload (live session)', async ({ page }) => {
  await openAs(page, 'pending');
  await expect(page.getByText(AWAITING)).toBeVisible();
  await page.evaluate(() => {
    (globalThis as unknown as { sameDocument: boolean }).sameDocument = true;
  });
  try {
    await setLifecycleStatus(personas.pending, 2);
    await expect(page.getByText(AWAITING)).toHaveCount(0, { timeout: 8_000 });
  } finally {
    await setLifecycleStatus(personas.pending, 1);
  }
  await expect(page.getByText(AWAITING)).toBeVisible({ timeout: 8_000 });
  expect(await page.evaluate(() => (globalThis as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
});

test('the menu and banner follow the own row live: deactivated, then active again', async ({ page }) => {
  await openAs(page, 'agent');
  const menu = page.getByRole('list', { name: 'Main menu' });
  await expect(menu.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  try {
    await setLifecycleStatus(personas.agent, 3);
    await expect(page.getByText(DEACTIVATED)).toBeVisible({ timeout: 8_000 });
    await expect(menu.getByRole('link', { name: 'Home' })).toBeVisible();
  } finally {
    await setLifecycleStatus(personas.agent, 2);
  }
  await expect(page.getByText(DEACTIVATED)).toHaveCount(0, { timeout: 8_000 });
  await expect(menu.getByRole('link', { name: 'Dashboard' })).toBeVisible();
});
