import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { query, setCommissionFreeze } from './db.ts';
import { DEMO_PASSWORD, expect, signIn, test } from './fixtures.ts';

// The end of the commission cycle on '/commissions' (spec 3 §2.9, §4.5; decision 032) on the demo
// data: this month's period is open with lines waiting for stamping. The admin turns the freeze on
// (the agent then cannot change banking details), stamps, reads the closure summary, downloads the
// banking export and closes the period, both with the password; a second close is refused.

function dismissAlertsPopup(page: Page) {
  return page.addLocatorHandler(page.getByRole('dialog', { name: 'Your Alerts' }), async (popup) => {
    await popup.getByRole('button', { name: 'Got It' }).click();
  });
}

/** Screenshots for review (house rules), outside the repository. */
const SHOTS = '/tmp/shots-commcycle';

test.afterAll(() => setCommissionFreeze(false));

test('the admin freezes, stamps, exports the banking details and closes the period once', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await dismissAlertsPopup(page);
  await signIn(page, 'admin');
  await page.goto('/admin-section');
  await page.getByRole('link', { name: /Commissions/ }).click();
  await expect(page).toHaveURL(/\/commissions$/);
  await expect(page.getByRole('heading', { name: 'Commissions Management' })).toBeVisible();

  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(page.getByText('Total commissions paid')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/commissions-1280.png`, fullPage: true });
  await page.getByRole('tab', { name: 'Sales Report' }).click();
  await expect(page.getByRole('table', { name: 'Sales per supplier and product' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/commissions-sales-1280.png`, fullPage: true });
  await page.getByRole('tab', { name: 'Export Data' }).click();

  // Freeze.
  await expect(page.getByTestId('freeze-status')).toHaveText('Inactive');
  await page.getByRole('switch', { name: 'Freeze profile and banking changes' }).click();
  await expect(page.getByTestId('freeze-status')).toHaveText('Active');

  // The agent, meanwhile, cannot change their banking details.
  const agentContext = await browser.newContext();
  const agentPage = await agentContext.newPage();
  await dismissAlertsPopup(agentPage);
  await signIn(agentPage, 'agent');
  await agentPage.goto('/profile');
  await expect(agentPage.getByText('Commission Period Active')).toBeVisible();
  await expect(agentPage.getByRole('button', { name: 'Edit Your Details' })).toBeDisabled();
  const refused = await agentPage.request.put('/api/profile', {
    headers: { origin: new URL(agentPage.url()).origin },
    data: {
      country: 'ZAF',
      province: 'GP',
      street: '1 Main Road',
      suburb: 'Soweto',
      postalCode: '1804',
      city: 'Johannesburg',
      refsShirtSize: 'LARGE',
      refsPaymentType: 'bank',
      bank: 'Capitec',
      bankAccountNumber: '9876543210',
      refsBankAccountType: 2,
      agreedToRicaTerms: true,
      currentPassword: DEMO_PASSWORD,
    },
  });
  expect(refused.status()).toBe(409);
  expect((await refused.json()).detail).toBe(
    'Profile updates are temporarily frozen while the commission period is active.',
  );
  await agentContext.close();

  // Stamp.
  const stamp = page.getByRole('region', { name: 'Period stamping' });
  await stamp.getByRole('button', { name: 'Stamp Period' }).click();
  await expect(stamp.getByText(/Stamping complete: \d+ lines/)).toBeVisible({ timeout: 30_000 });

  // Closure summary.
  const summary = page.getByRole('region', { name: 'Closure summary' });
  await expect(summary.getByText('Total commissions paid')).toBeVisible();
  await expect(summary.getByTestId('total-commissions-paid')).not.toHaveText(/R\s?0[.,]00$/);

  // Banking export with the password: a wrong one first.
  const banking = page.getByRole('region', { name: 'Banking export' });
  await banking.getByRole('button', { name: 'Export Banking Details' }).click();
  const exportDialog = page.getByRole('dialog', { name: 'Export banking details' });
  await exportDialog.getByLabel('Your password').fill('wrong-password');
  await exportDialog.getByRole('button', { name: 'Download' }).click();
  await expect(exportDialog.getByText('Export failed: Your current password is incorrect.')).toBeVisible();
  await exportDialog.getByLabel('Your password').fill(DEMO_PASSWORD);
  const downloading = page.waitForEvent('download');
  await exportDialog.getByRole('button', { name: 'Download' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^banking-bank-period-\d+\.csv$/);
  const csv = await readFile((await download.path())!, 'utf8');
  const rows = csv.replace('\uFEFF', '').trim().split('\r\n');
  expect(rows[0]).toBe('Z-Code,Name,Bank,Branch Code,Account Number,Account Type,Amount');
  expect(rows.length).toBeGreaterThan(1);
  expect(rows[1]).toMatch(/^Z-\d+,.+,\d+\.\d{2}$/);
  await expect(banking.getByText('Export completed successfully')).toBeVisible();

  // Close with the password; the page reloads 2 s later and shows the period closed.
  const [active] = await query<{ id: number }>('SELECT id FROM commissions_period_index WHERE is_active');
  const periodId = active!.id;
  const closeStep = page.getByRole('region', { name: 'Close period' });
  await closeStep.getByRole('button', { name: 'Close Period' }).click();
  const closeDialog = page.getByRole('dialog', { name: 'Close the commissions period' });
  await closeDialog.getByLabel('Your password').fill(DEMO_PASSWORD);
  await closeDialog.getByRole('button', { name: 'Close Period' }).click();
  await expect(page.getByText('Commissions period closed. The page reloads in 2 seconds.')).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByText('This commissions period is closed.')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('period-status')).toHaveText('Closed');
  await expect(page.getByRole('button', { name: 'Open Next Period' })).toBeVisible();

  await page.setViewportSize({ width: 400, height: 860 });
  await page.screenshot({ path: `${SHOTS}/commissions-closed-400.png`, fullPage: true });

  // A second close is refused.
  const again = await page.request.post(`/api/commissions/close-commissions-period?period=${periodId}`, {
    headers: { origin: new URL(page.url()).origin },
    data: { password: DEMO_PASSWORD },
  });
  expect(again.status()).toBe(409);
  expect((await again.json()).detail).toBe('This commissions period is already closed.');
  const [paid] = await query<{ orders: number }>(
    'SELECT count(*)::int AS orders FROM orders_commission_paid WHERE commissions_period_id = $1',
    [periodId],
  );
  expect(paid!.orders).toBeGreaterThan(0);
});
