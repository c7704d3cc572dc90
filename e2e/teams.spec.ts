import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { query } from './db.ts';
import { DEMO_PASSWORD, expect, openAs, personas, test } from './fixtures.ts';

async function idOf(email: string): Promise<number> {
  const [row] = await query<{ id: number }>('SELECT id FROM users_master WHERE email = $1', [email]);
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
}

const grid = (page: Page) => page.getByRole('grid');

// The alerts pop-up of a signed-in user can cover the grid's footer: close it whenever it shows.
test.beforeEach(async ({ page }) => {
  await page.addLocatorHandler(page.getByRole('button', { name: 'Got It' }), async (button) => {
    await button.click();
  });
});

test("the leader's Manage Teams shows their own team and nobody else", async ({ page }) => {
  const leaderId = await idOf(personas.leader);
  const team = await query<{ id: number; first_name: string; surname: string }>(
    `SELECT u.id, u.first_name, u.surname FROM users_hierarchy_closure c JOIN users_master u ON u.id = c.descendant_id
      WHERE c.ancestor_id = $1 AND c.descendant_id <> $1 AND u.refs_user_lifecycle_status_id <> 4 ORDER BY u.id`,
    [leaderId],
  );
  const outsiders = await query<{ id: number; first_name: string; surname: string }>(
    `SELECT u.id, u.first_name, u.surname FROM users_master u
      WHERE NOT EXISTS (SELECT 1 FROM users_hierarchy_closure c WHERE c.ancestor_id = $1 AND c.descendant_id = u.id)
      ORDER BY u.id`,
    [leaderId],
  );
  expect(team.length).toBeGreaterThan(3);
  expect(outsiders.length).toBeGreaterThan(3);

  await openAs(page, 'leader');
  await page.getByRole('list', { name: 'Main menu' }).getByRole('link', { name: 'Your Team' }).click();
  await expect(page).toHaveURL(/\/manage-dealers$/);
  await expect(page.getByRole('heading', { name: 'Manage Teams' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Create User' })).toHaveAttribute('href', '/users/create');

  const label = (row: { id: number; first_name: string; surname: string }) =>
    `Z-${row.id}: ${row.first_name} ${row.surname}`;
  await expect(grid(page).getByRole('link', { name: label(team[0]!) })).toBeVisible();
  // The team fits on one page of 50: the footer counts exactly the team, and what the page was
  // given (the grid renders only the rows in view) is the team and nobody from outside.
  await expect(page.getByText(`1–${team.length} of ${team.length}`)).toBeVisible();
  const answer = await page.request.get('/api/teams/dealers?pageSize=100');
  const shown = ((await answer.json()) as { data: Array<{ id: number }> }).data.map((row) => row.id);
  expect(shown).toEqual(team.map((row) => row.id));
  for (const outsider of outsiders.slice(0, 5)) {
    await expect(grid(page).getByRole('link', { name: label(outsider), exact: true })).toHaveCount(0);
  }

  // 'View Pending Users' keeps lifecycle status 1 only.
  const pending = team.filter((row) => row.first_name === 'Palesa' && row.surname === 'Pending');
  await page.getByLabel('View Pending Users').check();
  await expect(grid(page).getByRole('link', { name: label(pending[0]!) })).toBeVisible();
  await expect(grid(page).getByRole('link', { name: label(team[0]!) })).toHaveCount(0);
});

test("an agent is told they don't have access to Manage Teams", async ({ page }) => {
  await openAs(page, 'agent', '/manage-dealers');
  await expect(page.getByText("You don't have access to this page")).toBeVisible();
});

test('the leader searches their downstream by phone, name and Z-ID, and cannot open another branch', async ({
  page,
}) => {
  const leaderId = await idOf(personas.leader);
  const agentId = await idOf(personas.agent);
  const [{ n: total }] = (await query<{ n: number }>(
    `SELECT count(*)::int AS n FROM users_hierarchy_closure c JOIN users_master u ON u.id = c.descendant_id
      WHERE c.ancestor_id = $1 AND c.descendant_id <> $1 AND u.refs_user_lifecycle_status_id <> 4`,
    [leaderId],
  )) as [{ n: number }];

  await openAs(page, 'leader', '/manage-dealers');
  await grid(page)
    .getByRole('link', { name: `Downstream of Z-${agentId}`, exact: true })
    .waitFor();
  await page.goto(`/child-dealer-downstream/${leaderId}`);
  await expect(page.getByRole('heading', { name: 'Downstream' })).toBeVisible();
  await expect(page.getByText(`Filtered: ${total}`)).toBeVisible();
  await expect(
    page.getByText(`Showing 1-${Math.min(50, total)} of ${total} results | Total dealers: ${total}`),
  ).toBeVisible();
  await expect(page.getByText(/search phone numbers with \+27 or 27 instead/)).toBeVisible();

  const search = page.getByPlaceholder('Search by name, email, phone, or Z-ID...');
  for (const term of ['0820000003', '27820000003', '+27820000003', `Z-${agentId}`, 'ayanda agent']) {
    await search.fill(term);
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByText('Filtered: 1', { exact: true })).toBeVisible();
    await expect(grid(page).getByRole('link', { name: `Z-${agentId}: Ayanda Agent`, exact: true })).toBeVisible();
    await expect(page.getByText(`Showing 1-1 of 1 results | Total dealers: ${total}`)).toBeVisible();
  }

  await search.fill('nobody-by-this-name');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText('No Rows')).toBeVisible();
  await expect(page.getByText('Filtered: 0', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Clear All' }).click();
  await expect(search).toHaveValue('');
  await expect(page.getByText(`Filtered: ${total}`)).toBeVisible();

  await page.getByLabel('Lifecycle Status').click();
  await page.getByRole('option', { name: 'Created' }).click();
  await expect(grid(page).getByRole('link', { name: /Palesa Pending$/ })).toBeVisible();
  await expect(grid(page).getByRole('link', { name: `Z-${agentId}: Ayanda Agent`, exact: true })).toHaveCount(0);

  // Another leader's branch is out of reach.
  const [other] = await query<{ id: number }>(
    `SELECT id FROM users_master WHERE is_leader AND parent_id = (SELECT parent_id FROM users_master WHERE id = $1)
        AND id <> $1 ORDER BY id LIMIT 1`,
    [leaderId],
  );
  await page.goto(`/child-dealer-downstream/${other!.id}`);
  await expect(
    page.getByText("You don't have permission to perform this action. Please contact your administrator."),
  ).toBeVisible();
});

test('bulk selection stops at 500 rows, and the admin marks selected users inactive', async ({ page }) => {
  test.setTimeout(90_000);
  const adminId = await idOf(personas.admin);
  // 520 extra people under the admin, so the whole list runs past 500.
  await query(
    `INSERT INTO users_master (first_name, surname, email, phone, parent_id, refs_user_lifecycle_status_id,
                               email_verified, phone_verified)
     SELECT 'Bulk' || n, 'Member', 'bulk' || n || '@bulk.test', '+2779' || lpad(n::text, 7, '0'), $1, 2, true, true
       FROM generate_series(1, 520) AS n
     ON CONFLICT DO NOTHING`,
    [adminId],
  );
  await openAs(page, 'admin', '/manage-dealers');
  await expect(page.getByRole('heading', { name: 'Manage Teams' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Approvals' })).toHaveAttribute('href', '/approvals');

  await page.getByRole('combobox', { name: /Records per page/ }).click();
  await page.getByRole('option', { name: '100' }).click();
  const selectAll = page.getByRole('checkbox', { name: 'Select all rows' });
  const nextPage = page.getByRole('button', { name: 'Go to next page' });
  for (let pageNumber = 1; pageNumber <= 5; pageNumber++) {
    await expect(page.getByText(`${(pageNumber - 1) * 100 + 1}–${pageNumber * 100} of`)).toBeVisible();
    await selectAll.check();
    await expect(page.getByText(`${pageNumber * 100} selected (up to 500)`)).toBeVisible();
    await nextPage.click();
  }
  await expect(page.getByText('501–')).toBeVisible();
  await selectAll.click();
  await expect(page.getByText('Maximum of 500 rows selectable.').first()).toBeVisible();
  await expect(page.getByText('500 selected (up to 500)')).toBeVisible();
  await expect(selectAll).not.toBeChecked();

  // A small selection goes through, in one transaction on the server.
  await page.getByRole('button', { name: 'Clear selection' }).click();
  await expect(page.getByText('Select rows to update them together')).toBeVisible();
  await page.getByPlaceholder('Search by name, email, phone, or Z-ID...').fill('bulk51');
  await expect(page.getByRole('link', { name: /Bulk51 Member$/ })).toBeVisible();
  const rows = grid(page).getByRole('row').filter({ hasText: 'Bulk51' });
  await expect(rows).toHaveCount(11);
  await rows.nth(0).getByRole('checkbox').check();
  await rows.nth(1).getByRole('checkbox').check();
  await expect(page.getByText('2 selected (up to 500)')).toBeVisible();
  await page.getByRole('button', { name: 'Mark As Inactive' }).click();
  // A status decides who is paid leader commission: the admin's own password (decision 076).
  await page.getByRole('dialog').getByLabel('Current password').fill(DEMO_PASSWORD);
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('2 users marked as inactive.')).toBeVisible();
  await expect(rows.nth(0).getByText('Inactive')).toBeVisible();
  await expect(rows.nth(1).getByText('Inactive')).toBeVisible();
  const audits = await query<{ n: number }>(
    `SELECT count(*)::int AS n FROM audit_log WHERE action = 'user.status.bulk_deactivate' AND actor_user_id = $1`,
    [adminId],
  );
  expect(audits[0]!.n).toBeGreaterThanOrEqual(2);
});

test('the admin downloads every user as CSV', async ({ page }) => {
  const users = await query<{ email: string | null }>('SELECT email FROM users_master ORDER BY id');
  await openAs(page, 'admin', '/all-users');
  await expect(page.getByRole('heading', { name: 'All Users' })).toBeVisible();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export All Users' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^all-users-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = (await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '');
  const lines = text.trimEnd().split('\r\n');
  expect(lines[0]).toMatch(/^Code,First Name,Middle Name,Surname,Company,Email,Phone,Status,Parent Code,/);
  expect(lines).toHaveLength(users.length + 1);
  for (const email of Object.values(personas)) expect(text).toContain(email);
  // The phone is a text formula (="0820000001", quoted) so a spreadsheet keeps its leading 0.
  expect(text).toMatch(
    /Z-\d+,Amara,[A-Za-z]+,Admin,Portal Head Office,admin@demo\.co\.za,"=""0820000001""",Active,Top Level,/,
  );
  await expect(page.getByText(`Exported ${users.length} users to`)).toBeVisible();
});
