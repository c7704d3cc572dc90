import type { Page } from '@playwright/test';
import { query } from './db.ts';
import { expect, personas, signIn, test } from './fixtures.ts';

// The calculation half of '/commissions' (spec 3 §2.9, §4.5; decision 031): the admin imports an
// Agent CSV and follows its stages, runs post-import, structure levels, the agent and leader
// calculation, and finds the imported line, calculated lines and the exceptions in the preview.

function dismissAlertsPopup(page: Page) {
  return page.addLocatorHandler(page.getByRole('dialog', { name: 'Your Alerts' }), async (popup) => {
    await popup.getByRole('button', { name: 'Got It' }).click();
  });
}

test('an admin imports an Agent CSV, runs the calculation steps and previews the lines', async ({ page }) => {
  test.setTimeout(120_000);
  await dismissAlertsPopup(page);
  const [agent] = await query<{ id: number }>('SELECT id FROM users_master WHERE email = $1', [personas.agent]);
  const [order] = await query<{ order_number: string }>(
    `SELECT o.order_number FROM orders_import o JOIN orders_master m ON m.orders_import_id = o.id
      WHERE m.users_master_id = $1 AND o.supplier_activation_date IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM orders_commission_paid p WHERE p.orders_import_id = o.id)
      ORDER BY o.id LIMIT 1`,
    [agent!.id],
  );
  const csv = [
    'order_number,agent payment date,paid to 1,amount 1,tier 1',
    `${order!.order_number},2026-11-30,Z-${agent!.id},R432.10,1`,
    'NO-SUCH-ORDER-E2E,2026-11-30,Z-1,100,1',
  ].join('\n');

  await signIn(page, 'admin');
  await page.goto('/commissions');
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

  const lines = page.getByRole('table', { name: 'Commission lines' });
  await expect(lines.getByRole('row').nth(1)).toBeVisible();
  await page.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: 'Agent' }).click();
  const exceptions = page.getByRole('table', { name: 'Exceptions' });
  await expect(exceptions.getByText('Order NO-SUCH-ORDER-E2E not found')).toBeVisible();
  await expect(page.getByRole('img', { name: new RegExp(`Z-${agent!.id}`) })).toBeVisible();
  // Screenshots for the review (decision 031), desktop and phone width.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: '/tmp/shots-commcalc/post-processing-1280.png', fullPage: true });
  await page.setViewportSize({ width: 400, height: 850 });
  await page.screenshot({ path: '/tmp/shots-commcalc/post-processing-400.png', fullPage: true });
  await page.getByRole('tab', { name: 'Import Data' }).click();
  await page.screenshot({ path: '/tmp/shots-commcalc/import-data-400.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: '/tmp/shots-commcalc/import-data-1280.png', fullPage: true });
  const [imported] = await query<{ n: number }>(
    `SELECT count(*)::int AS n FROM commission_lines l JOIN orders_import o ON o.id = l.orders_import_id
      WHERE o.order_number = $1 AND l.source = 'import' AND l.amount_cents = 43210`,
    [order!.order_number],
  );
  expect(imported!.n).toBe(1);
});
