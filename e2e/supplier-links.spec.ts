import type { Browser, Page } from '@playwright/test';
import { query } from './db.ts';
import { expect, openAs, personas, test } from './fixtures.ts';

// The Supplier Links tab (spec 2 "Supplier Links tab", §4, §5): an admin adds a link whose REST
// parameter is the dealer's code; the agent opens it and the new tab carries their own Z-code;
// the agent shares it; an admin deletes a link after 'Confirm Delete'.

const SUPPLIER = 'Metro Fibre Connect';
const SITE = 'https://links.e2e.example';

async function idOf(sql: string, value: string): Promise<number> {
  const [row] = await query<{ id: number }>(sql, [value]);
  return Number(row!.id);
}
const supplierId = () => idOf('SELECT id FROM suppliers_master WHERE supplier_name = $1', SUPPLIER);
const userId = (email: string) => idOf('SELECT id FROM users_master WHERE email = $1', email);

async function signedInPage(browser: Browser, who: 'admin' | 'agent'): Promise<Page> {
  const context = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
  // The supplier's site: answered here, so the journey needs no network.
  await context.route(`${SITE}/**`, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<h1>Supplier site</h1>' }),
  );
  const page = await context.newPage();
  await openAs(page, who);
  return page;
}

async function openLinksTab(page: Page) {
  await page.goto(`/Supplier/${await supplierId()}`);
  await expect(page.getByRole('heading', { name: SUPPLIER, level: 1 })).toBeVisible();
  await page.getByRole('tab', { name: 'Links' }).click();
  await expect(page.getByRole('heading', { name: 'Supplier Links' })).toBeVisible();
}

async function shoot(page: Page, name: string) {
  const shots = process.env.SHOTS_DIR;
  if (!shots) return;
  for (const width of [1280, 400]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${shots}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1366, height: 900 });
}

test('an admin adds a link with DEALER_CODE; the agent opens and shares it with their own code', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const name = `Apply for Fibre E2E ${Date.now()}`;
  const admin = await signedInPage(browser, 'admin');
  await openLinksTab(admin);
  await expect(admin.getByRole('listitem', { name: 'Apply for Fibre' })).toBeVisible();
  await shoot(admin, 'supplier-links-list');
  await admin.getByRole('button', { name: 'Grid view' }).click();
  await shoot(admin, 'supplier-links-grid');

  await admin.getByRole('button', { name: 'Add Link' }).click();
  const form = admin.getByRole('dialog', { name: 'Add Link' });
  await form.getByLabel('Link Name').fill(name);
  await form.getByLabel('Link Address').fill(`${SITE}/apply`);
  const addParameter = form.getByRole('button', { name: 'Add REST Query Parameter' });
  await expect(addParameter).toBeDisabled();
  await form.getByLabel('Parameter Name').fill('ref');
  await expect(addParameter).toBeDisabled();
  await form.getByRole('combobox', { name: 'Dealer Variable' }).click();
  await admin.getByRole('option', { name: 'DEALER_CODE', exact: true }).click();
  await addParameter.click();
  await expect(form.getByText(`${SITE}/apply?ref={DEALER_CODE}`)).toBeVisible();
  await shoot(admin, 'supplier-links-form');
  await form.getByRole('button', { name: 'Add Link' }).click();
  await expect(admin.getByText('Link added successfully!')).toBeVisible();
  await admin.getByRole('searchbox', { name: 'Search links' }).fill(name);
  await expect(admin.getByRole('listitem', { name })).toBeVisible();
  await admin.context().close();

  const agentId = await userId(personas.agent);
  const agent = await signedInPage(browser, 'agent');
  await openLinksTab(agent);
  await agent.getByRole('searchbox', { name: 'Search links' }).fill(name);
  const card = agent.getByRole('listitem', { name });
  await expect(card).toContainText('0 clicks');
  // Agents neither add, edit nor delete.
  await expect(agent.getByRole('button', { name: 'Add Link' })).toHaveCount(0);
  await expect(card.getByRole('button', { name: `Edit ${name}` })).toHaveCount(0);

  const popup = agent.waitForEvent('popup');
  await card.getByRole('button', { name: `Open ${name}`, exact: true }).click();
  const tab = await popup;
  await tab.waitForURL(`${SITE}/apply?ref=Z-${agentId}`);
  expect(await tab.evaluate(() => window.opener)).toBeNull();
  await tab.close();
  // The list is read again: the click is counted.
  await expect(card).toContainText('1 click');

  await card.getByRole('button', { name: `Share ${name}` }).click();
  const share = agent.getByRole('dialog', { name: 'Share Link' });
  await expect(share.getByRole('textbox', { name: 'Link' })).toHaveValue(`${SITE}/apply?ref=Z-${agentId}`);
  await share.getByRole('button', { name: 'Copy' }).click();
  await expect(agent.getByText('Link copied to clipboard!')).toBeVisible();
  expect(await agent.evaluate(() => navigator.clipboard.readText())).toBe(`${SITE}/apply?ref=Z-${agentId}`);
  await shoot(agent, 'supplier-links-share');
  // The confirmation resets after 2 s.
  await expect(agent.getByText('Link copied to clipboard!')).toHaveCount(0, { timeout: 5000 });
  await agent.context().close();
});

test('an admin deletes a link after Confirm Delete', async ({ browser }) => {
  test.setTimeout(90_000);
  const name = `Old Promotion E2E ${Date.now()}`;
  await query(
    `INSERT INTO suppliers_link_index (supplier_id, link_name, link_address)
     SELECT id, $2, $3 FROM suppliers_master WHERE supplier_name = $1`,
    [SUPPLIER, name, `${SITE}/promo`],
  );
  const admin = await signedInPage(browser, 'admin');
  await openLinksTab(admin);
  await admin.getByRole('searchbox', { name: 'Search links' }).fill(name);
  await admin
    .getByRole('listitem', { name })
    .getByRole('button', { name: `Delete ${name}` })
    .click();
  const confirm = admin.getByRole('dialog', { name: 'Confirm Delete' });
  await expect(confirm).toContainText(`Are you sure you want to delete the link "${name}"? This cannot be undone.`);
  await shoot(admin, 'supplier-links-delete');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(admin.getByText('Link deleted successfully!')).toBeVisible();
  await expect(admin.getByText('No links found.')).toBeVisible();
  const [row] = await query<{ is_active: boolean }>('SELECT is_active FROM suppliers_link_index WHERE link_name = $1', [
    name,
  ]);
  expect(row!.is_active).toBe(false);
  await admin.context().close();
});
