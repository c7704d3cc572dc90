import type { Page } from '@playwright/test';
import { expectNoSeriousViolations } from './accessibility.ts';
import { expect, openAs, test } from './fixtures.ts';

// The main journeys on a 400 px wide phone, each page checked with axe: no serious or critical
// accessibility violation (WCAG 2.1 A and AA rules) on the pages a dealer uses every day.

test.use({ viewport: { width: 400, height: 860 }, isMobile: true, hasTouch: true });

/** The page fits the phone: nothing wider than the screen makes the whole page scroll sideways. */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(1);
}

function dismissAlertsPopup(page: Page) {
  return page.addLocatorHandler(page.getByRole('dialog', { name: 'Your Alerts' }), async (popup) => {
    await popup.getByRole('button', { name: 'Got It' }).click();
  });
}

test('signing in on a phone', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoSeriousViolations(page, '/login');
  await page.goto('/phone-login');
  await expect(page.getByRole('button', { name: 'Next' })).toBeVisible();
  await expectNoSeriousViolations(page, '/phone-login');
});

test('a leader works their team on a phone', async ({ page }) => {
  test.setTimeout(90_000);
  await dismissAlertsPopup(page);
  await openAs(page, 'leader');
  await expectNoSidewaysScroll(page);
  await expectNoSeriousViolations(page, 'the dashboard');

  // The side menu is a drawer behind the menu button.
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('list', { name: 'Main menu' }).getByRole('link', { name: 'Your Team' }).click();
  await expect(page).toHaveURL(/\/manage-dealers$/);
  await expect(page.getByRole('grid')).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoSeriousViolations(page, '/manage-dealers');

  await page.goto('/users/create');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoSeriousViolations(page, '/users/create');

  await page.goto('/alerts');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectNoSeriousViolations(page, '/alerts');

  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoSeriousViolations(page, '/profile');
});

test('an admin manages a user and decides requests on a phone', async ({ page }) => {
  test.setTimeout(90_000);
  await dismissAlertsPopup(page);
  await openAs(page, 'admin', '/manage-user/3');
  await expect(page.getByText('Z-3').first()).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoSeriousViolations(page, '/manage-user');

  await page.goto('/approvals');
  await expect(page.getByRole('tab', { name: 'Pending' })).toBeVisible();
  await expectNoSeriousViolations(page, '/approvals');

  await page.goto('/admin-section');
  await expect(page.getByRole('region', { name: 'Agent Actions' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoSeriousViolations(page, '/admin-section');
});
