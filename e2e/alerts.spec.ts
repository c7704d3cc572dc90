import type { Browser, Page } from '@playwright/test';
import pg from 'pg';
import { putAwayAlertPopups } from './db.ts';
import { e2eBaseUrl, e2eDatabaseUrl } from './environment.ts';
import { expect, openAs, personas, test } from './fixtures.ts';

async function query<T extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: e2eDatabaseUrl() });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

async function idOf(email: string): Promise<number> {
  const [row] = await query<{ id: number }>('SELECT id FROM users_master WHERE email = $1', [email]);
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
}

const headers = { origin: e2eBaseUrl };
const bell = (page: Page) => page.getByRole('button', { name: /^Notifications/ });

async function signedInPage(browser: Browser, who: keyof typeof personas): Promise<Page> {
  const context = await browser.newContext({
    baseURL: e2eBaseUrl,
    viewport: { width: 1366, height: 900 },
    serviceWorkers: 'block',
  });
  const page = await context.newPage();
  await openAs(page, who);
  return page;
}

async function unreadCount(page: Page): Promise<number> {
  const response = await page.request.get('/api/alerts/unread-count');
  return ((await response.json()) as { count: number }).count;
}

test('a leader alerts two team members; the agent sees it live, marks it read and unread', async ({ browser }) => {
  // Two people signed in, one after the other.
  test.setTimeout(90_000);
  const leaderId = await idOf(personas.leader);
  const agentId = await idOf(personas.agent);
  const [other] = await query<{ id: number }>(
    `SELECT id FROM users_master WHERE parent_id = $1 AND id <> $2 AND refs_user_lifecycle_status_id = 2 ORDER BY id LIMIT 1`,
    [leaderId, agentId],
  );
  expect(other).toBeTruthy();

  // The agent is signed in first and stays on the dashboard. The demo alerts would pop up on load:
  // put away beforehand (they stay unread), so the popup shows only what the leader sends.
  await putAwayAlertPopups(personas.agent);
  const agent = await signedInPage(browser, 'agent');
  const popup = agent.getByRole('alertdialog', { name: 'Your Alerts' });
  await expect(bell(agent)).toBeVisible();
  await expect(popup).toBeHidden();
  const before = await unreadCount(agent);
  await expect(bell(agent)).toHaveAccessibleName(before ? `Notifications, ${before} unread` : 'Notifications');

  await putAwayAlertPopups(personas.leader);
  const leader = await signedInPage(browser, 'leader');
  await expect(leader.getByRole('alertdialog', { name: 'Your Alerts' })).toBeHidden();
  await leader.goto('/alerts/create');
  const title = `Targets reached ${Date.now()}`;
  await leader.getByLabel('Title').fill(title);
  // A rich-text editor: the words are typed, not markup.
  const description = leader.getByRole('textbox', { name: 'Description' });
  await description.fill('Please check the new deals.');
  for (const id of [agentId, other!.id]) {
    const recipients = leader.getByRole('combobox', { name: 'Recipients' });
    await recipients.fill(`Z-${id}`);
    await leader.getByRole('option', { name: new RegExp(`^Z-${id}:`) }).click();
  }
  await leader.getByRole('button', { name: 'Send Alert' }).click();
  await expect(leader).toHaveURL(/\/alerts\/view$/);
  await expect(leader.getByRole('heading', { name: title })).toBeVisible();

  // Without a reload: the badge and the popup.
  await expect(bell(agent)).toHaveAccessibleName(`Notifications, ${before + 1} unread`);
  await expect(popup).toBeVisible();
  await expect(popup.getByText(title)).toBeVisible();
  await popup.getByText(title).locator('..').locator('..').getByRole('button', { name: 'View' }).click();

  const drawer = agent.getByRole('presentation').filter({ has: agent.getByRole('heading', { name: 'Notifications' }) });
  await expect(drawer.getByRole('heading', { name: title })).toBeVisible();
  await expect(drawer.getByText('check the new deals')).toBeVisible();
  // The drawer is modal (the bell behind it is hidden from assistive tech): the tab counts tell.
  await drawer.getByRole('button', { name: 'Mark as read' }).click();
  await drawer.getByRole('button', { name: 'Back' }).click();
  await expect(drawer.getByRole('tab', { name: `Unread (${before})` })).toBeVisible();
  await drawer.getByRole('tab', { name: 'All Notifications' }).click();
  await drawer.getByRole('button', { name: new RegExp(title) }).click();
  await drawer.getByRole('button', { name: 'Mark as unread' }).click();
  await drawer.getByRole('button', { name: 'Back' }).click();
  await expect(drawer.getByRole('tab', { name: `Unread (${before + 1})` })).toBeVisible();
  // Escape closes the drawer once focus is inside it; wait until it is gone (the page behind a
  // modal drawer is hidden from role queries until then).
  await drawer.getByRole('tab', { name: 'All Notifications' }).focus();
  await agent.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(bell(agent)).toHaveAccessibleName(`Notifications, ${before + 1} unread`);

  // The other member received it too.
  const [row] = await query(
    'SELECT 1 FROM alert_recipients r JOIN alerts a ON a.id = r.alert_id WHERE a.title = $1 AND r.user_id = $2',
    [title, other!.id],
  );
  expect(row).toBeTruthy();
});

test('an admin segment alert by supplier reaches only linked users', async ({ page }) => {
  const leaderId = await idOf(personas.leader);
  const agentId = await idOf(personas.agent);
  const linked = await query<{ user_id: number }>(
    `SELECT s.user_id FROM users_supplier_index s JOIN suppliers_master m ON m.id = s.supplier_id
      WHERE m.supplier_name = 'Coastline Fibre' AND s.user_id IN ($1, $2)`,
    [leaderId, agentId],
  );
  expect(linked.map((r) => r.user_id)).toEqual([leaderId]);

  await openAs(page, 'admin', '/alerts/create');
  const title = `Coastline news ${Date.now()}`;
  await page.getByLabel('Title').fill(title);
  await page.getByRole('radio', { name: 'Segment' }).check();
  await page.getByRole('combobox', { name: 'Segment' }).click();
  await page.getByRole('option', { name: 'By suppliers' }).click();
  await page.getByRole('combobox', { name: 'Suppliers' }).click();
  await page.getByRole('option', { name: 'Coastline Fibre' }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Send Alert' }).click();
  await expect(page).toHaveURL(/\/alerts\/view$/);

  const listOf = async (userId: number) =>
    ((await (await page.request.get(`/api/alerts/for-user?user_id=${userId}`)).json()) as Array<{ title: string }>).map(
      (alert) => alert.title,
    );
  expect(await listOf(leaderId)).toContain(title);
  expect(await listOf(agentId)).not.toContain(title);
});

test('a leader cannot target someone outside their branch', async ({ page }) => {
  const leaderId = await idOf(personas.leader);
  const [outsider] = await query<{ id: number }>(
    `SELECT u.id FROM users_master u WHERE NOT EXISTS (
       SELECT 1 FROM users_hierarchy_closure c WHERE c.ancestor_id = $1 AND c.descendant_id = u.id) ORDER BY u.id DESC LIMIT 1`,
    [leaderId],
  );
  await openAs(page, 'leader');
  const title = `Outside ${Date.now()}`;
  const response = await page.request.post('/api/alerts/new-alert', {
    headers,
    data: {
      title,
      active: true,
      description: '',
      created_by: leaderId,
      type: 'structure',
      target_user_ids: [outsider!.id],
    },
  });
  expect(response.status()).toBe(403);
  expect(await query('SELECT 1 FROM alerts WHERE title = $1', [title])).toHaveLength(0);
});

test('HTML with a script tag is stored and shown without the script', async ({ browser }) => {
  test.setTimeout(60_000);
  const agentId = await idOf(personas.agent);
  const leader = await signedInPage(browser, 'leader');
  const title = `Script test ${Date.now()}`;
  const response = await leader.request.post('/api/alerts/new-alert', {
    headers,
    data: {
      title,
      active: true,
      description:
        '<p>Safe <b>bold</b> text</p><script>window.__pwned = 1</script><img src="x" onerror="window.__pwned = 2">',
      target_user_ids: [agentId],
    },
  });
  expect(response.status()).toBe(200);
  const [stored] = await query<{ description_html: string }>('SELECT description_html FROM alerts WHERE title = $1', [
    title,
  ]);
  expect(stored!.description_html).not.toMatch(/script|onerror/i);

  await leader.goto('/alerts/view');
  const card = leader.locator('.MuiCard-root').filter({ has: leader.getByRole('heading', { name: title }) });
  await expect(card.getByText('Safe bold text')).toBeVisible();
  expect(await card.locator('script').count()).toBe(0);

  const agent = await signedInPage(browser, 'agent');
  await bell(agent).click();
  await agent.getByRole('tab', { name: 'All Notifications' }).click();
  await agent.getByRole('button', { name: new RegExp(title) }).click();
  await expect(agent.locator('.alert-html').getByText('Safe bold text')).toBeVisible();
  expect(await agent.locator('.alert-html script').count()).toBe(0);
  expect(await agent.evaluate(() => (globalThis as { __pwned?: number }).__pwned)).toBeUndefined();
});
