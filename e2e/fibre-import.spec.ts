import type { Page } from '@playwright/test';
import { query, removeFeature } from './db.ts';
import { expect, openAs, personas, test } from './fixtures.ts';

// Import Fibre Activity (spec 3 §2.10, §3.6, §5.4): the admin imports a supplier's CSV; the good
// rows land, the bad ones are reported by line and reason.

const DENIED = 'Oops! Page Not Found or Access Denied';
const HEADER =
  'agent_identification,id,customer_status_1,customer_status_2,customer_account_number,customer_name,customer_phone,customer_email,customer_address,order_created_date,order_paid_date,order_installation_date,supplier_activation_date,external_reference,product,region';

function dismissAlertsPopup(page: Page) {
  return page.addLocatorHandler(page.getByRole('dialog', { name: 'Your Alerts' }), async (popup) => {
    await popup.getByRole('button', { name: 'Got It' }).click();
  });
}

async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('an admin imports fibre activity; two bad rows are reported while the rest land', async ({ page }) => {
  test.setTimeout(60_000);
  await dismissAlertsPopup(page);
  const [agent] = await query<{ id: number }>('SELECT id FROM users_master WHERE email = $1', [personas.agent]);
  const run = Date.now();
  const order = (n: number) => `E2E-${run}-${n}`;
  const row = (n: number, cells: { account?: string; paid?: string } = {}) =>
    `Z-${agent!.id},${order(n)},Paid,,${cells.account ?? `ACC-${n}`},Customer ${n},0821234567,,1 Main Road,2026-11-01,${cells.paid ?? '2026-11-02'},2026-11-03,,PREM-${n},Metro 50 Mbps,Gauteng`;
  const csv = [HEADER, row(1), row(2), row(3, { account: '' }), row(4, { paid: '2026-13-01' }), row(5)].join('\n');

  await openAs(page, 'admin', '/admin-section');
  await page.getByRole('link', { name: /^Import Fibre Activity/ }).click();
  await expect(page).toHaveURL(/\/import-fibre-activity$/);
  await expect(page.getByRole('heading', { name: 'Import Fibre Activity', level: 1 })).toBeVisible();

  await page.getByRole('button', { name: 'Import' }).click();
  await expect(page.getByText('Please choose a product type.')).toBeVisible();

  await choose(page, 'Product Type', 'Fixed LTE');
  await expect(page.getByRole('combobox', { name: 'Supplier' })).toBeVisible();
  await choose(page, 'Product Type', 'Fibre');
  await choose(page, 'Supplier', 'Metro Fibre Connect');
  await page
    .getByLabel('CSV file')
    .setInputFiles({ name: 'activity.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(page.getByText('activity.csv')).toBeVisible();
  await page.getByRole('button', { name: 'Import' }).click();

  await expect(
    page.getByText('activity.csv: 5 rows — 3 new, 0 updated, 2 rejected; 3 new orders matched to dealers.'),
  ).toBeVisible({
    timeout: 30_000,
  });
  const rejected = page.getByRole('table', { name: 'Rejected rows' });
  await expect(rejected.getByRole('row')).toHaveCount(3);
  await expect(rejected.getByRole('row').nth(1)).toContainText('4');
  await expect(rejected.getByRole('row').nth(1)).toContainText('Missing customer_account_number');
  await expect(rejected.getByRole('row').nth(2)).toContainText('5');
  await expect(rejected.getByRole('row').nth(2)).toContainText('Invalid date: order_paid_date "2026-13-01"');

  // SHOTS_DIR=/tmp/shots-import keeps a picture of the result at desktop and phone widths.
  const shots = process.env.SHOTS_DIR;
  if (shots) {
    for (const width of [1280, 400]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `${shots}/fibre-import-${width}.png`, fullPage: true });
    }
  }

  const landed = await query<{ order_number: string }>(
    'SELECT order_number FROM orders_import WHERE order_number LIKE $1 ORDER BY order_number',
    [`E2E-${run}-%`],
  );
  expect(landed.map((r) => r.order_number)).toEqual([order(1), order(2), order(5)]);
});

test('without the Commissions flag the page is denied and the hub has no Imports', async ({ page }) => {
  await dismissAlertsPopup(page);
  const restore = await removeFeature(personas.admin, 'Commissions');
  try {
    await openAs(page, 'admin', '/admin-section');
    await expect(page.getByRole('heading', { name: 'Settings' }).first()).toBeVisible();
    await expect(page.getByRole('link', { name: /^Import Fibre Activity/ })).toHaveCount(0);
    await page.goto('/import-fibre-activity');
    await expect(page.getByRole('heading', { name: DENIED })).toBeVisible();
  } finally {
    await restore();
  }
});
