import type { Page } from '@playwright/test';
import { expect, signIn, test } from './fixtures.ts';

// The Content-Security-Policy (apps/server/src/platform/security-headers.ts) in the real browser:
// the pages and the API docs render, and Chromium reports no blocked script, style, image or request.

function cspViolations(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

test('the pages run under the CSP with nothing blocked', async ({ page }) => {
  const violations = cspViolations(page);
  const answer = await page.goto('/login');
  const csp = answer?.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("frame-ancestors 'none'");
  await signIn(page, 'admin');
  await page.goto('/profile');
  await expect(page.getByRole('heading').first()).toBeVisible();
  await page.goto('/alerts/view');
  await expect(page.getByRole('heading').first()).toBeVisible();
  expect(violations).toEqual([]);
});

test('the API docs render under the CSP', async ({ page }) => {
  const violations = cspViolations(page);
  await page.goto('/api/docs');
  await expect(page.getByText('Dealer Portal API').first()).toBeVisible();
  expect(violations).toEqual([]);
});
