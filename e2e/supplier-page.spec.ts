import { readFile } from 'node:fs/promises';
import { query } from './db.ts';
import { expect, openAs, personas, test } from './fixtures.ts';

// The supplier dashboards (spec 2 "Dashboard", "Supplier page"): the cards, the Reports tab with
// its tiles, grid, presets, search and 'Agent Report', a leader's downstream view and Structure.

const UNREGISTERED = 'Sunrise Fibre E2E';

/** A supplier visible to all (status 1) that the demo agent is not registered with. */
async function unregisteredSupplier(): Promise<number> {
  const [row] = await query<{ id: number }>(
    `WITH added AS (
       INSERT INTO suppliers_master (supplier_name, supplier_status, reports)
       SELECT $1, 1, true WHERE NOT EXISTS (SELECT 1 FROM suppliers_master WHERE supplier_name = $1)
       RETURNING id)
     SELECT id FROM added UNION ALL SELECT id FROM suppliers_master WHERE supplier_name = $1`,
    [UNREGISTERED],
  );
  return Number(row!.id);
}

test('an agent opens a supplier: tabs, tiles, grid, presets, search and the Agent Report file', async ({ page }) => {
  test.setTimeout(90_000);
  const sunriseId = await unregisteredSupplier();
  await openAs(page, 'agent');
  await expect(page.getByRole('heading', { name: 'Choose a dashboard' })).toBeVisible();
  const cards = page.getByRole('region', { name: 'Supplier dashboards' });
  const unregistered = cards.getByRole('listitem', { name: `${UNREGISTERED}, Not Registered` });
  await expect(unregistered).toContainText('Not Registered');
  await expect(unregistered.getByRole('link')).toHaveCount(0);
  await expect(cards.getByRole('listitem', { name: 'Legacy Telecom' })).toHaveCount(0);

  await cards.getByRole('link', { name: 'Metro Fibre Connect' }).click();
  await expect(page).toHaveURL(/\/Supplier\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Metro Fibre Connect', level: 1 })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Reports' })).toHaveAttribute('aria-selected', 'true');
  for (const name of ['Orders', 'Actions']) await expect(page.getByRole('tab', { name })).toBeEnabled();
  await expect(page.getByRole('tab', { name: 'Structure' })).toBeDisabled();
  await expect(page.getByRole('combobox', { name: 'Select Downstream Agent' })).toHaveCount(0);

  const tiles = page.getByRole('group', { name: 'Order totals' });
  for (const tile of ['Created', 'Paid', 'Installed', 'Activated']) await expect(tiles).toContainText(tile);
  // Each tile's trend over the month, day by day (read out for screen readers).
  await expect(tiles.getByRole('img', { name: /^Created per day: \d{4}-\d{2}-01 \d+/ })).toBeVisible();
  await expect(tiles.getByRole('img', { name: /^Activated per day:/ })).toBeVisible();
  const shots = process.env.SHOTS_DIR;
  if (shots) {
    const gotIt = page.getByRole('button', { name: 'Got It' });
    if (await gotIt.isVisible()) await gotIt.click();
    for (const width of [1280, 400]) {
      await page.setViewportSize({ width, height: 900 });
      await expect(tiles.locator('svg').first()).toBeVisible();
      await tiles.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${shots}/supplier-reports-trend-${width}.png` });
    }
    await page.setViewportSize({ width: 1366, height: 900 });
  }
  await expect(page.getByRole('button', { name: 'This Month' })).toHaveAttribute('aria-pressed', 'true');
  const grid = page.getByRole('grid');
  await expect(grid.getByRole('columnheader', { name: 'Account Number' })).toBeVisible();
  await expect(grid.getByRole('row').nth(1)).toBeVisible();

  // The file of the current report.
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Agent Report' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('Agent Report.csv');
  const csv = await readFile((await file.path())!, 'utf8');
  expect(csv).toContain('Account Number');
  expect(csv).toMatch(/"=""0\d{9}"""/);

  // Search: two characters at least; emptying it resets.
  // One of the agent's Metro orders with an account number (other journeys add orders without one).
  const [mine] = await query<{ account: string }>(
    `SELECT o.customer_account_number AS account
       FROM orders_import o
       JOIN orders_master om ON om.orders_import_id = o.id
       JOIN users_master u ON u.id = om.users_master_id
       JOIN suppliers_master s ON s.id = o.suppliers_master_id
      WHERE u.email = $1 AND s.supplier_name = 'Metro Fibre Connect' AND o.customer_account_number IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM orders_admin_override ov WHERE ov.orders_import_id = o.id)
      ORDER BY o.id LIMIT 1`,
    [personas.agent],
  );
  const account = mine!.account;
  const search = page.getByRole('searchbox', { name: 'Search orders' });
  await search.fill('A');
  await expect(page.getByText('Enter at least 2 characters to search')).toBeVisible();
  await search.fill(account);
  await expect(page.getByText('(searching all dates)')).toBeVisible();
  await expect(grid.getByRole('row')).toHaveCount(2);
  await search.fill('');
  await expect(page.getByText('(searching all dates)')).toHaveCount(0);

  // A preset changes the range.
  await page.getByRole('button', { name: 'Last Month' }).click();
  await expect(page.getByRole('button', { name: 'Last Month' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('button', { name: 'This Month' })).toHaveAttribute('aria-pressed', 'false');

  // Actions: Unpaid by default.
  await page.getByRole('tab', { name: 'Actions' }).click();
  await expect(page.getByRole('combobox', { name: 'Report type' })).toContainText('Unpaid Order Report');

  // A supplier the agent is not registered with is refused.
  await page.goto(`/Supplier/${sunriseId}`);
  await expect(page.getByText('You are not registered with this supplier')).toBeVisible();
});

test('a leader picks a downstream agent (WhatsApp off) and opens Structure', async ({ page }) => {
  await openAs(page, 'leader');
  await page.getByRole('link', { name: 'Metro Fibre Connect' }).click();
  const whatsApp = page.getByRole('link', { name: 'WhatsApp' });
  await expect(whatsApp).toHaveAttribute('href', /^https:\/\/wa\.me\//);
  await page.getByRole('combobox', { name: 'Select Downstream Agent' }).click();
  const option = page.getByRole('option', { name: /^Z-\d+ Ayanda/ });
  await option.click();
  await expect(page.getByText(/Viewing the reports of Z-\d+ Ayanda/)).toBeVisible();
  await expect(whatsApp).toHaveAttribute('aria-disabled', 'true');
  await expect(page.getByRole('group', { name: 'Order totals' })).toBeVisible();

  await page.getByRole('tab', { name: 'Structure' }).click();
  const tree = page.getByRole('tree', { name: 'Structure report' });
  await expect(tree.getByRole('treeitem', { name: /^Ayanda .*, level 1$/ })).toBeVisible();
});

test('at 400 px the cards take one column and the supplier page fits the screen', async ({ page }) => {
  await page.setViewportSize({ width: 400, height: 860 });
  await openAs(page, 'agent');
  const cards = page.getByRole('region', { name: 'Supplier dashboards' }).getByRole('listitem');
  await expect(cards.first()).toBeVisible();
  const [first, second] = [await cards.nth(0).boundingBox(), await cards.nth(1).boundingBox()];
  expect(first!.x).toBe(second!.x);
  await page.getByRole('link', { name: 'Metro Fibre Connect' }).click();
  await expect(page.getByRole('group', { name: 'Order totals' })).toBeVisible();
  await expect(page.getByRole('grid')).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test('an agent logs a sale on the Sales notes tab; a bad reference gets the format message', async ({ page }) => {
  await openAs(page, 'agent');
  await page
    .getByRole('region', { name: 'Supplier dashboards' })
    .getByRole('link', { name: 'Metro Fibre Connect' })
    .click();
  await page.getByRole('tab', { name: 'Sales notes' }).click();
  await expect(page.getByRole('heading', { name: 'Logged Sales' })).toBeVisible();
  await page.getByRole('button', { name: 'Log Sale' }).click();
  const dialog = page.getByRole('dialog', { name: 'Log Sale' });
  await dialog.getByLabel('Order number').fill('12345');
  await dialog.getByRole('button', { name: 'Log Sale' }).click();
  await expect(dialog.getByText('Reference number does not follow the correct format.')).toBeVisible();
  await dialog.getByLabel('Order number').fill('MFC-777001');
  await dialog.getByRole('button', { name: 'Log Sale' }).click();
  await expect(page.getByRole('grid', { name: 'Logged Sales' }).getByText('MFC-777001')).toBeVisible();
});
