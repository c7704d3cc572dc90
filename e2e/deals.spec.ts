import type { Page } from '@playwright/test';
import { expectNoSeriousViolations } from './accessibility.ts';
import { removeFeature } from './db.ts';
import { expect, openAs, personas, test } from './fixtures.ts';

// Deals (spec 3 §2.11, §5.1) and settings (§2.1) as an admin uses them, by the spec's texts.

const DENIED = 'Oops! Page Not Found or Access Denied';

function dismissAlertsPopup(page: Page) {
  return page.addLocatorHandler(page.getByRole('dialog', { name: 'Your Alerts' }), async (popup) => {
    await popup.getByRole('button', { name: 'Got It' }).click();
  });
}

test('an admin creates a deal and adds a product with its rates', async ({ page }) => {
  test.setTimeout(60_000);
  await dismissAlertsPopup(page);
  await openAs(page, 'admin', '/admin-section');
  await page.getByRole('link', { name: /^Deals/ }).click();
  await expect(page).toHaveURL(/\/deals$/);
  await expect(page.getByRole('heading', { name: 'Deals', level: 1 })).toBeVisible();
  await expect(page.getByRole('grid').getByText('Metro Standard')).toBeVisible();

  await page.getByRole('button', { name: 'Create Deal' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Deal' });
  await dialog.getByRole('button', { name: 'Create Deal' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    'Please fill in the following required fields: Deal Name, Deal Description, Supplier, Product Type, Deal Type',
  );
  const name = `Summer Fibre ${Date.now()}`;
  await dialog.getByLabel('Deal Name').fill(name);
  await dialog.getByLabel('Deal Description').fill('Double rates on 50 Mbps lines until March');
  await dialog.getByRole('button', { name: 'Create Deal' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    'Please fill in the following required fields: Supplier, Product Type, Deal Type',
  );
  await dialog.getByLabel('Supplier').selectOption({ label: 'Metro Fibre Connect' });
  // The supplier offers one product type: it is chosen for the admin.
  await expect(dialog.getByLabel('Product Type')).toHaveValue(/\d+/);
  await dialog.getByLabel('Deal Type').selectOption({ label: 'Promotional' });
  await dialog.getByRole('button', { name: 'Create Deal' }).click();
  await expect(dialog.getByText('Deal created successfully!')).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.getByRole('searchbox', { name: 'Search deals' }).fill(name);
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('No products');
  await row.getByRole('button', { name: `products of ${name}` }).click();

  const products = page.getByRole('dialog', { name: `Products of ${name}` });
  await products.getByRole('button', { name: 'Add Product' }).click();
  await expect(products.getByText('Please select a product.')).toBeVisible();
  await products.getByLabel('Product', { exact: true }).selectOption({ label: 'Metro 50 Mbps' });
  await products.getByLabel('User Rate 1').fill('12.5');
  await products.getByRole('button', { name: 'Add Product' }).click();
  await expect(products.getByText('Please enter a valid number for User Rate 1.')).toBeVisible();
  await products.getByLabel('User Rate 1').fill('400');
  await products.getByLabel('Leader Rate 7').fill('35');
  await products.getByRole('button', { name: 'Add Product' }).click();
  await expect(products.getByText('Product added successfully!')).toBeVisible();
  await expect(products).toBeHidden();
  await expect(row).toContainText('1 product');

  // Edit the deal, then delete it.
  await row.getByRole('button', { name: `Edit ${name}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Deal' });
  await expect(edit.getByLabel('Deal Name')).toHaveValue(name);
  await edit.getByRole('button', { name: 'Save Deal' }).click();
  await expect(edit.getByText('Deal updated successfully!')).toBeVisible();
  await expect(edit).toBeHidden();
  await row.getByRole('button', { name: `Delete ${name}` }).click();
  await page.getByRole('dialog', { name: 'Delete deal' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Deal deleted successfully!')).toBeVisible();
  await expect(row).toHaveCount(0);
});

test('an admin without the Deals flag gets the access-denied page and a 403', async ({ page }) => {
  const restore = await removeFeature(personas.admin, 'Deals');
  try {
    await dismissAlertsPopup(page);
    await openAs(page, 'admin', '/deals');
    await expect(page.getByRole('heading', { name: DENIED })).toBeVisible();
    expect((await page.request.get('/api/deals')).status()).toBe(403);
    // Settings stay open to every admin; the hub shows no Deals link.
    await page.goto('/admin-section');
    await expect(page.getByRole('link', { name: /^Settings/ })).toBeVisible();
    await expect(page.getByRole('link', { name: /^Deals/ })).toHaveCount(0);
  } finally {
    await restore();
  }
});

test('an admin adds and removes a service and reads the levels', async ({ page }) => {
  await dismissAlertsPopup(page);
  await openAs(page, 'admin', '/admin-section');
  await page.getByRole('link', { name: /^Settings/ }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await page.getByRole('link', { name: /^Services/ }).click();

  const service = `Fibre Survey ${Date.now()}`;
  await page.getByLabel('Service name').fill(service);
  await page.getByRole('button', { name: 'Add Service' }).click();
  await expect(page.getByText('Service Settings Updated!')).toBeVisible();
  const list = page.getByRole('list', { name: 'Services' });
  await expect(list.getByText(service)).toBeVisible();

  await page.getByLabel('Service name').fill(service.toUpperCase());
  await page.getByRole('button', { name: 'Add Service' }).click();
  await expect(page.getByText('A service with this name already exists.')).toBeVisible();

  await list.getByRole('button', { name: `Remove ${service}` }).click();
  await page.getByRole('dialog', { name: 'Remove service' }).getByRole('button', { name: 'Remove' }).click();
  await expect(list.getByText(service)).toHaveCount(0);

  await page.goto('/settings/levels');
  const table = page.getByRole('table', { name: 'Leader levels' });
  await expect(table.getByRole('columnheader')).toHaveText(['Name', 'Level', 'Description']);
  await expect(table.getByText('Runs the network: every supplier, deal, setting and person.')).toBeVisible();
});

test.describe('on a 400 px phone', () => {
  test.use({ viewport: { width: 400, height: 860 }, isMobile: true, hasTouch: true });

  test('the deals and settings pages fit and pass axe', async ({ page }) => {
    test.setTimeout(60_000);
    await dismissAlertsPopup(page);
    await openAs(page, 'admin');
    for (const path of ['/deals', '/settings', '/settings/services', '/settings/levels', '/settings/banner']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('status')).toHaveCount(0);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${path} scrolls sideways`).toBeLessThanOrEqual(1);
      await expectNoSeriousViolations(page, path);
    }
    await page.goto('/deals');
    await page.getByRole('button', { name: 'Create Deal' }).click();
    await expect(page.getByRole('dialog', { name: 'Create Deal' })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(1);
  });
});
