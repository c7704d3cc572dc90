import type { Page } from '@playwright/test';
import { expectNoSeriousViolations } from './accessibility.ts';
import { removeFeature } from './db.ts';
import { expect, openAs, personas, test } from './fixtures.ts';

// Order Override (spec 3 §2.13, §4.4, §8) and Edit Sales Note (spec 3 §2.14; spec 2 §5) as an admin
// uses them, by the spec's texts. The demo seeds unmatched Metro orders (MFC-9000xx), orders whose
// commission is paid (MFC-900010 unmatched, MFC-900020 the leader's) and the dealers' logged sales.

const DENIED = 'Oops! Page Not Found or Access Denied';
const METRO = 'Metro Fibre Connect';

function dismissAlertsPopup(page: Page) {
  return page.addLocatorHandler(page.getByRole('dialog', { name: 'Your Alerts' }), async (popup) => {
    await popup.getByRole('button', { name: 'Got It' }).click();
  });
}

test('an admin reassigns an unmatched order, which then shows under Reallocated Orders', async ({ page }) => {
  test.setTimeout(60_000);
  await dismissAlertsPopup(page);
  await openAs(page, 'admin', '/admin-section');
  await page.getByRole('link', { name: /^Manual Order Override/ }).click();
  await expect(page).toHaveURL(/\/order-override$/);
  await expect(page.getByRole('heading', { name: 'Order Override', level: 1 })).toBeVisible();
  await expect(page.getByText('Select a supplier to see its orders.')).toBeVisible();

  await page.getByLabel('Supplier').selectOption({ label: METRO });
  const unmatched = page.getByRole('grid', { name: 'Unmatched Orders' });
  const row = unmatched.getByRole('row').filter({ hasText: 'MFC-900001' });
  await expect(row).toHaveCount(1);
  // Older than 60 days: not listed.
  await expect(unmatched.getByText('MFC-900004')).toHaveCount(0);

  await row.getByRole('button', { name: 'Reassign MFC-900001' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reassign Order' });
  await expect(dialog.getByText('Zanele Khumalo')).toBeVisible();
  await dialog.getByLabel('Assign to dealer').fill('Ayanda');
  await page.getByRole('option', { name: /Ayanda Agent/ }).click();
  await dialog.getByRole('button', { name: 'Reassign' }).click();
  await expect(page.getByText('Order Updated Successfully')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(unmatched.getByText('MFC-900001')).toHaveCount(0);

  await page.getByRole('tab', { name: 'Reallocated Orders' }).click();
  const reallocated = page.getByRole('grid', { name: 'Reallocated Orders' });
  const moved = reallocated.getByRole('row').filter({ hasText: 'MFC-900001' });
  await expect(moved).toContainText('Ayanda Agent');
  await expect(moved).toContainText('Amara Admin');
  await expect(moved).toContainText('Unmatched');
});

test('Find Order: a missing number, and an order whose commission is paid is refused', async ({ page }) => {
  await dismissAlertsPopup(page);
  await openAs(page, 'admin', '/order-override');
  await page.getByLabel('Supplier').selectOption({ label: METRO });
  await page.getByRole('button', { name: 'Find Order' }).click();
  const dialog = page.getByRole('dialog', { name: 'Find Order' });
  await dialog.getByRole('button', { name: 'Find', exact: true }).click();
  await expect(dialog.getByText('Please enter an order number.')).toBeVisible();
  await dialog.getByLabel('Order Number').fill('MFC-999999');
  await dialog.getByRole('button', { name: 'Find', exact: true }).click();
  await expect(dialog.getByText('Order MFC-999999 not found')).toBeVisible();

  await dialog.getByLabel('Order Number').fill('MFC-900020');
  await dialog.getByRole('button', { name: 'Find', exact: true }).click();
  await expect(dialog.getByText(/Lwazi Leader/)).toBeVisible();
  await expect(dialog.getByText('Commission has already been paid')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Reassign' })).toBeDisabled();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // The paid unmatched order is marked in the list too.
  const paid = page.getByRole('grid', { name: 'Unmatched Orders' }).getByRole('row').filter({ hasText: 'MFC-900010' });
  await expect(paid).toContainText('Commission paid');

  // The server refuses it whatever the page shows.
  const refused = await page.evaluate(async (supplierName) => {
    const suppliers: { id: number; name: string }[] = await fetch('/api/orders/override/suppliers').then((r) =>
      r.json(),
    );
    const supplierId = suppliers.find((supplier) => supplier.name === supplierName)?.id;
    const found = await fetch(`/api/orders/override/find?supplierId=${supplierId}&orderNumber=MFC-900010`).then((r) =>
      r.json(),
    );
    const dealers = await fetch(`/api/orders/override/dealers?supplierId=${supplierId}`).then((r) => r.json());
    const answer = await fetch('/api/orders/override', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ orderId: found.id, dealerId: dealers[0].id }),
    });
    return { status: answer.status, body: await answer.json() };
  }, METRO);
  expect(refused.status).toBe(409);
  expect(refused.body.detail).toBe('Commission has already been paid');
});

test('an admin without Reallocations gets the access-denied page', async ({ page }) => {
  const restore = await removeFeature(personas.admin, 'Reallocations');
  try {
    await dismissAlertsPopup(page);
    await openAs(page, 'admin', '/admin-section');
    await expect(page.getByRole('link', { name: /^Edit Sales Note/ })).toBeVisible();
    await expect(page.getByRole('link', { name: /^Manual Order Override/ })).toHaveCount(0);
    await page.goto('/order-override');
    await expect(page.getByRole('heading', { name: DENIED })).toBeVisible();
  } finally {
    await restore();
  }
});

test('on Edit Sales Note an admin sees the dealers’ notes and a bad reference gets the format message', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await dismissAlertsPopup(page);
  await openAs(page, 'admin', '/admin-section');
  await page.getByRole('link', { name: /^Edit Sales Note/ }).click();
  await expect(page).toHaveURL(/\/edit-sales-note$/);
  await page.getByLabel('Supplier').selectOption({ label: METRO });
  await expect(page.getByRole('heading', { name: 'Logged Sales' })).toBeVisible();
  const grid = page.getByRole('grid', { name: 'Logged Sales' });
  await expect(grid.getByRole('row').filter({ hasText: 'MFC-100012' })).toContainText('Ayanda Agent');
  await expect(grid.getByRole('row').filter({ hasText: 'MFC-100044' })).toContainText('Lwazi Leader');
  // Deleted notes are not listed.
  await expect(grid.getByText('MFC-100031')).toHaveCount(0);

  await grid.getByRole('button', { name: 'Edit MFC-100012' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Sale' });
  await dialog.getByLabel('Order number').fill('12345');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Reference number does not follow the correct format.')).toBeVisible();
  await dialog.getByLabel('Order number').fill('');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Please enter a reference number.')).toBeVisible();
  await dialog.getByLabel('Order number').fill('MFC-100013');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Sale edited successfully!')).toBeVisible();
  await expect(grid.getByText('MFC-100013')).toBeVisible();

  await grid.getByRole('button', { name: 'Remove MFC-100013' }).click();
  const confirm = page.getByRole('dialog', { name: 'Remove log' });
  await expect(confirm.getByText('Are you sure you want to remove this log?')).toBeVisible();
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('Sale deleted successfully!')).toBeVisible();
  await expect(grid.getByText('MFC-100013')).toHaveCount(0);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 400, height: 860 }, isMobile: true, hasTouch: true });

  test('Order Override and Edit Sales Note fit a 400 px screen with no serious accessibility violation', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await dismissAlertsPopup(page);
    await openAs(page, 'admin', '/order-override');
    await page.getByLabel('Supplier').selectOption({ label: METRO });
    await expect(page.getByRole('grid', { name: 'Unmatched Orders' }).getByText('MFC-900002')).toBeVisible();
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(await overflow()).toBeLessThanOrEqual(1);
    await expectNoSeriousViolations(page, '/order-override');
    await page.getByRole('tab', { name: 'Reallocated Orders' }).click();
    await expect(page.getByRole('grid', { name: 'Reallocated Orders' }).getByText('MFC-900030')).toBeVisible();
    await expectNoSeriousViolations(page, '/order-override reallocated');
    await page.getByRole('button', { name: 'Find Order' }).click();
    await expect(page.getByRole('dialog', { name: 'Find Order' })).toBeVisible();
    await expectNoSeriousViolations(page, 'Find Order');
    await page.keyboard.press('Escape');

    await page.goto('/edit-sales-note');
    await page.getByLabel('Supplier').selectOption({ label: METRO });
    await expect(page.getByRole('grid', { name: 'Logged Sales' }).getByText('MFC-100027')).toBeVisible();
    expect(await overflow()).toBeLessThanOrEqual(1);
    await expectNoSeriousViolations(page, '/edit-sales-note');
  });
});
