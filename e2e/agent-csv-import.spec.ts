import type { Page } from '@playwright/test';
import { query } from './db.ts';
import { expect, openAs, personas, test } from './fixtures.ts';

// Agent CSV import '/import-sadv-agents-csv' (spec 3 §2.1, §3.6; decision 025): the admin imports a
// supplier's agent list; bad rows are reported by line and reason, the rest are matched to our
// dealers and shown as matched / unmatched / missing, each exportable as CSV.

const HEADER = 'First_Name,Surname,Mobile_Number,Email,ID_Number,Last_Successful_Login,User_Audit_Date';

function dismissAlertsPopup(page: Page) {
  return page.addLocatorHandler(page.getByRole('dialog', { name: 'Your Alerts' }), async (popup) => {
    await popup.getByRole('button', { name: 'Got It' }).click();
  });
}

test("an admin imports a supplier's agent list; bad rows are reported, the agent is matched by mobile", async ({
  page,
}) => {
  test.setTimeout(60_000);
  await dismissAlertsPopup(page);
  const [agent] = await query<{ id: number; phone: string; first_name: string; surname: string }>(
    'SELECT id, phone, first_name, surname FROM users_master WHERE email = $1',
    [personas.agent],
  );
  const [supplier] = await query<{ id: number; supplier_name: string }>(
    `SELECT s.id, s.supplier_name FROM suppliers_master s
       JOIN users_supplier_index usi ON usi.supplier_id = s.id
      WHERE usi.user_id = $1 AND NOT s.is_deleted ORDER BY s.id LIMIT 1`,
    [agent!.id],
  );
  const mobile = `0${agent!.phone.slice(3)}`;
  const csv = [
    HEADER,
    `${agent!.first_name},${agent!.surname},${mobile},,,2026-11-01,2026-11-20`,
    'Nomsa,Unknown,0831112223,nomsa.unknown@example.test,,2026-10-15,2026-11-20',
    ',NoName,0831112224,,,,',
    'Pieter,BadPhone,12345,,,,',
  ].join('\n');

  await openAs(page, 'admin', '/admin-section');
  await page.getByRole('link', { name: /^Agent CSV Import/ }).click();
  await expect(page).toHaveURL(/\/import-sadv-agents-csv$/);
  await expect(page.getByRole('heading', { name: 'Agent CSV Import', level: 1 })).toBeVisible();

  await page.getByRole('button', { name: 'Import' }).click();
  await expect(page.getByText('Please choose a supplier.')).toBeVisible();

  await page.getByRole('combobox', { name: 'Supplier' }).click();
  await page.getByRole('option', { name: supplier!.supplier_name, exact: true }).click();
  await page
    .getByLabel('CSV file')
    .setInputFiles({ name: 'agents.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.getByRole('button', { name: 'Import' }).click();

  await expect(page.getByText('agents.csv: 4 rows — 2 stored, 1 matched to dealers, 2 rejected.')).toBeVisible({
    timeout: 30_000,
  });
  const rejected = page.getByRole('table', { name: 'Rejected rows' });
  await expect(rejected.getByRole('row')).toHaveCount(3);
  await expect(rejected.getByRole('row').nth(1)).toContainText('Missing First_Name');
  await expect(rejected.getByRole('row').nth(2)).toContainText('Invalid Mobile_Number "12345"');

  await expect(page.getByRole('heading', { name: `Agent list of ${supplier!.supplier_name}` })).toBeVisible();
  const matched = page.getByRole('table', { name: 'Matched' });
  await expect(matched.getByRole('row')).toHaveCount(2);
  await expect(matched).toContainText(`Z-${agent!.id}`);
  await expect(matched).toContainText('Mobile');

  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV' }).click();
  const file = await download;
  const text = (await (await file.createReadStream()).toArray()).join('');
  expect(text).toContain(`Z-${agent!.id}`);

  await page.getByRole('tab', { name: 'Unmatched (1)' }).click();
  await expect(page.getByRole('table', { name: 'Unmatched' })).toContainText('Nomsa Unknown');

  await page.getByRole('tab', { name: /^Missing from the list/ }).click();
  const [linked] = await query<{ n: number }>(
    'SELECT count(*)::int AS n FROM users_supplier_index WHERE supplier_id = $1 AND user_id <> $2',
    [supplier!.id, agent!.id],
  );
  await expect(page.getByRole('tab', { name: `Missing from the list (${linked!.n})` })).toBeVisible();

  const shots = process.env.SHOTS_DIR;
  if (shots) {
    await page.getByRole('tab', { name: /^Matched/ }).click();
    await expect(page.getByRole('table', { name: 'Matched' })).toBeVisible();
    for (const width of [1280, 400]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `${shots}/agent-csv-import-${width}.png`, fullPage: true });
    }
  }
});
