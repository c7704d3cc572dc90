import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { query, setCommissionFreeze } from './db.ts';
import { DEMO_PASSWORD, expect, openAs, personas, test } from './fixtures.ts';

// Issue 15's journey (spec 3 §2.9, §4.5; decisions 031, 032, 035): on the demo data the admin runs
// a whole commission cycle on '/commissions' in its order: freeze on (the agent then cannot change
// banking details, on the page or through the API), import an Agent CSV through its stages,
// post-import, structure levels, agent and leader calculation, the preview (lines, exceptions,
// totals per payee), stamping, the closure summary, the banking export with the password (its
// amounts are the preview's), the close with the password, and a second close is refused. Then a
// paid line is reversed, the only correction after close.

/** Screenshots for review (house rules), outside the repository. */
const SHOTS = '/tmp/shots-commcycle';

function dismissAlertsPopup(page: Page) {
  return page.addLocatorHandler(page.getByRole('dialog', { name: 'Your Alerts' }), async (popup) => {
    await popup.getByRole('button', { name: 'Got It' }).click();
  });
}

async function shoot(page: Page, name: string) {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `${SHOTS}/${name}-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 400, height: 860 });
  await page.screenshot({ path: `${SHOTS}/${name}-400.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** 'R 1 234,50' (the page) or '1234.50' (the CSV) as cents. */
const cents = (text: string) => Number(text.replace(/[^\d-]/g, ''));

test.afterAll(() => setCommissionFreeze(false));

test('the admin runs a whole commission cycle from freeze to close; a second close is refused', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  await dismissAlertsPopup(page);
  const [agent] = await query<{ id: number }>('SELECT id FROM users_master WHERE email = $1', [personas.agent]);
  const [order] = await query<{ order_number: string }>(
    `SELECT o.order_number FROM orders_import o JOIN orders_master m ON m.orders_import_id = o.id
      WHERE m.users_master_id = $1 AND o.supplier_activation_date IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM orders_commission_paid p WHERE p.orders_import_id = o.id)
      ORDER BY o.id LIMIT 1`,
    [agent!.id],
  );
  const [active] = await query<{ id: number }>('SELECT id FROM commissions_period_index WHERE is_active');
  const periodId = active!.id;

  await page.setViewportSize({ width: 1280, height: 900 });
  await openAs(page, 'admin', '/admin-section');
  await page.getByRole('link', { name: /Commissions/ }).click();
  await expect(page).toHaveURL(/\/commissions$/);
  await expect(page.getByRole('heading', { name: 'Commissions Management' })).toBeVisible();
  await expect(page.getByTestId('period-status')).toHaveText('Open');
  await page.getByRole('tab', { name: 'Sales Report' }).click();
  await expect(page.getByRole('table', { name: 'Sales per supplier and product' })).toBeVisible();
  await shoot(page, '1-commissions-open');

  // 1. Freeze.
  await expect(page.getByTestId('freeze-status')).toHaveText('Inactive');
  await page.getByRole('switch', { name: 'Freeze profile and banking changes' }).click();
  await expect(page.getByTestId('freeze-status')).toHaveText('Active');

  // The agent, meanwhile, cannot change their banking details: not on the page, not through the API.
  const agentContext = await browser.newContext();
  const agentPage = await agentContext.newPage();
  await dismissAlertsPopup(agentPage);
  await openAs(agentPage, 'agent', '/profile');
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

  // 2. Import an Agent CSV: one row for the agent's order, one for an order that does not exist.
  const csv = [
    'order_number,agent payment date,paid to 1,amount 1,tier 1',
    `${order!.order_number},2026-11-30,Z-${agent!.id},R432.10,1`,
    'NO-SUCH-ORDER-E2E,2026-11-30,Z-1,100,1',
  ].join('\n');
  await page.getByRole('tab', { name: 'Import Data' }).click();
  await page.getByRole('tab', { name: 'Agent CSV' }).click();
  await page
    .getByLabel('Agent CSV file')
    .setInputFiles({ name: 'agents.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.getByRole('button', { name: 'Import Agent CSV' }).click();
  for (const stage of ['Preparing', 'Uploading', 'Processing', 'Complete']) {
    await expect(page.getByText(stage, { exact: true })).toBeVisible();
  }
  await expect(page.getByText(/Imported Successfully: 2 rows, 1 lines imported, 1 exceptions/)).toBeVisible({
    timeout: 30_000,
  });
  await shoot(page, '2-import-data');

  // 3. Post-import, structure levels, agent and leader calculation, in this order.
  await page.getByRole('tab', { name: 'Post-Processing' }).click();
  await page.getByRole('button', { name: 'Run Post-Import' }).click();
  await expect(page.getByText(/Last run .*/).first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Run Post-Import' })).toBeEnabled({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Update Structure Levels' }).click();
  await expect(page.getByRole('button', { name: 'Update Structure Levels' })).toBeEnabled({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Calculate Agent Commissions' }).click();
  await expect(page.getByText(/lines from \d+ eligible orders/).first()).toBeVisible({ timeout: 60_000 });
  await page.getByRole('button', { name: 'Calculate Leader Commissions' }).click();
  await expect(page.getByRole('button', { name: 'Calculate Leader Commissions' })).toBeEnabled({ timeout: 60_000 });

  // 4. The preview: lines (the imported one among them), exceptions, totals per payee.
  const lines = page.getByRole('table', { name: 'Commission lines' });
  await expect(lines.getByRole('row').nth(1)).toBeVisible();
  await page.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: 'Agent' }).click();
  await expect(page.getByText(/\d+ lines · R/)).toBeVisible();
  await expect(
    page.getByRole('table', { name: 'Exceptions' }).getByText('Order NO-SUCH-ORDER-E2E not found'),
  ).toBeVisible();
  const totals = page.getByRole('table', { name: 'Totals per payee' });
  await expect(totals.getByRole('row').nth(1)).toBeVisible();
  await expect(page.getByRole('img', { name: /Z-\d+ .+ R/ })).toBeVisible();
  // Each payee's total as the preview shows it (nothing of the period is stamped yet on the demo).
  const previewTotals = new Map<string, { total: number; held: number }>();
  for (const row of await totals.getByRole('row').all()) {
    const cells = await row.getByRole('cell').allInnerTexts();
    if (cells.length < 5) continue;
    const code = cells[0]!.match(/Z-\d+/)?.[0];
    if (code) previewTotals.set(code, { held: cents(cells[3]!), total: cents(cells[4]!) });
  }
  expect(previewTotals.size).toBeGreaterThan(0);
  await shoot(page, '3-post-processing-preview');

  // 5. Stamp.
  const stamp = page.getByRole('region', { name: 'Period stamping' });
  await stamp.getByRole('button', { name: 'Stamp Period' }).click();
  await expect(stamp.getByText(/Stamping complete: \d+ lines/)).toBeVisible({ timeout: 30_000 });

  // 6. Closure summary.
  const summary = page.getByRole('region', { name: 'Closure summary' });
  await expect(summary.getByText('Total commissions paid')).toBeVisible();
  await expect(summary.getByTestId('total-commissions-paid')).not.toHaveText(/R\s?0[.,]00$/);

  // 7. Banking export with the password: a wrong one first.
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
  expect(download.suggestedFilename()).toBe(`banking-bank-period-${periodId}.csv`);
  const file = await readFile((await download.path())!, 'utf8');
  const rows = file.replace('\uFEFF', '').trim().split('\r\n');
  expect(rows[0]).toBe('Z-Code,Name,Bank,Branch Code,Account Number,Account Type,Amount');
  expect(rows.length).toBeGreaterThan(1);
  for (const row of rows.slice(1)) expect(row).toMatch(/^Z-\d+,.*,\d+\.\d{2}$/);
  // A bank payee of the preview with nothing held is paid exactly the preview's total.
  const matched = rows.slice(1).filter((row) => {
    const preview = previewTotals.get(row.split(',')[0]!);
    return preview !== undefined && preview.held === 0;
  });
  expect(matched.length, 'a payee of the preview totals in the banking file').toBeGreaterThan(0);
  for (const row of matched) {
    const code = row.split(',')[0]!;
    expect(cents(row.slice(row.lastIndexOf(',') + 1)), `${code}'s amount`).toBe(previewTotals.get(code)!.total);
  }
  await expect(banking.getByText('Export completed successfully')).toBeVisible();
  await shoot(page, '4-stamped-summary-export');

  // 8. Close with the password; the page reloads 2 s later and shows the period closed.
  const closeStep = page.getByRole('region', { name: 'Close period' });
  await closeStep.getByRole('button', { name: 'Close Period' }).click();
  const closeDialog = page.getByRole('dialog', { name: 'Close the commissions period' });
  await expect(closeDialog.getByText(/This cannot be undone/)).toBeVisible();
  await closeDialog.getByLabel('Your password').fill(DEMO_PASSWORD);
  await closeDialog.getByRole('button', { name: 'Close Period' }).click();
  await expect(page.getByText('Commissions period closed. The page reloads in 2 seconds.')).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByText('This commissions period is closed.')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('period-status')).toHaveText('Closed');
  await expect(page.getByRole('button', { name: 'Open Next Period' })).toBeVisible();

  // 9. A second close is refused: the page no longer offers it, and the API answers 409.
  await expect(page.getByRole('button', { name: 'Close Period' })).toHaveCount(0);
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

  // 10. After the close, a paid line is only ever reversed: the imported agent line, in two parts.
  const reversal = page.getByRole('region', { name: 'Reverse a paid line' });
  await reversal.getByLabel('Order number').fill(order!.order_number);
  await reversal.getByRole('button', { name: 'Find Lines' }).click();
  const orderLines = reversal.getByRole('table', { name: 'Lines of the order' });
  const agentLine = orderLines
    .getByRole('row')
    .filter({ hasText: `Z-${agent!.id}` })
    .filter({ hasText: 'Agent' });
  await expect(agentLine).toContainText('Imported');
  // First part of it (decision 046): the amount is checked in the card, then R 100 is taken back.
  await agentLine.getByRole('button', { name: 'Reverse' }).click();
  const reverseDialog = page.getByRole('dialog', { name: 'Reverse a commission line' });
  const amount = reverseDialog.getByRole('textbox', { name: 'Amount to take back' });
  await expect(amount).toHaveValue('432,10');
  await expect(reverseDialog.getByText(/Take back R\s?432[.,]10 of the R\s?432[.,]10 paid to/)).toBeVisible();
  await amount.fill('500');
  await reverseDialog.getByLabel('Reason').fill('Part of the order refunded by the supplier');
  await reverseDialog.getByLabel('Your password').fill(DEMO_PASSWORD);
  await reverseDialog.getByRole('button', { name: 'Reverse Line' }).click();
  await expect(reverseDialog.getByText(/At most R\s?432[.,]10 is left to reverse on this line\./)).toBeVisible();
  await amount.fill('100.005');
  await expect(reverseDialog.getByText('Use whole cents: at most two digits after the decimal point.')).toBeVisible();
  await shoot(page, '5-closed-reversal-dialog');
  await amount.fill('100');
  await expect(reverseDialog.getByText(/Take back R\s?100[.,]00 of the R\s?432[.,]10 paid to/)).toBeVisible();
  await reverseDialog.getByRole('button', { name: 'Reverse Line' }).click();
  await expect(reversal.getByText('Reversal line added: the next stamping puts it in the open period.')).toBeVisible();
  await expect(agentLine).toContainText(/R\s?100[.,]00 reversed/);
  await shoot(page, '5-closed-partial-reversal');

  // Then the rest: the amount offered is what is left.
  await agentLine.getByRole('button', { name: 'Reverse' }).click();
  await expect(amount).toHaveValue('332,10');
  await expect(reverseDialog.getByText(/R\s?100[.,]00 is already reversed\./)).toBeVisible();
  await reverseDialog.getByLabel('Reason').fill('Order cancelled by the supplier after payment');
  await reverseDialog.getByLabel('Your password').fill(DEMO_PASSWORD);
  await reverseDialog.getByRole('button', { name: 'Reverse Line' }).click();
  await expect(agentLine).toContainText(/R\s?432[.,]10 reversed/);
  await expect(agentLine).toContainText('Reversed');
  await expect(agentLine.getByRole('button', { name: 'Reverse' })).toHaveCount(0);
  const reversed = await query<{ amount_cents: number; commissions_period_id: number | null }>(
    `SELECT r.amount_cents, r.commissions_period_id FROM commission_lines r
       JOIN commission_lines l ON l.id = r.reversal_of_line_id
       JOIN orders_import o ON o.id = l.orders_import_id
      WHERE o.order_number = $1 AND l.payee_users_master_id = $2 AND l.role = 'agent'
      ORDER BY r.id`,
    [order!.order_number, agent!.id],
  );
  expect(reversed).toEqual([
    { amount_cents: -10000, commissions_period_id: null },
    { amount_cents: -33210, commissions_period_id: null },
  ]);
  await shoot(page, '5-closed-reversal');
});
