import { query } from './db.ts';
import { expect, openAs, personas, test } from './fixtures.ts';

// The dashboard's parts (spec 2): the leaderboard, Insights and the dealer's own lists.

/** Orders paid today for the agent, so that they lead this month's board. */
async function agentSellsToday(count: number) {
  await query(
    `WITH s AS (SELECT s.id AS supplier_id, t.refs_product_type_id
                  FROM suppliers_master s JOIN suppliers_product_type_index t ON t.suppliers_master_id = s.id
                 WHERE s.leaderboard AND s.supplier_status <> 3 ORDER BY s.id LIMIT 1),
          agent AS (SELECT id FROM users_master WHERE email = $1),
          o AS (INSERT INTO orders_import (suppliers_master_id, refs_product_type_id, order_number,
                                           agent_identification, order_created_date, order_paid_date)
                SELECT s.supplier_id, s.refs_product_type_id, 'LB-' || g || '-' || floor(random() * 1e9)::text,
                       'Z-' || agent.id, (now() AT TIME ZONE 'Africa/Johannesburg')::date,
                       (now() AT TIME ZONE 'Africa/Johannesburg')::date
                  FROM s, agent, generate_series(1, $2) g
                RETURNING id)
     INSERT INTO orders_master (orders_import_id, users_master_id) SELECT o.id, agent.id FROM o, agent`,
    [personas.agent, count],
  );
}

test('the agent leads this month on the dashboard, steps back a month and opens the full page', async ({ page }) => {
  await agentSellsToday(500);
  await openAs(page, 'agent');
  // The newest banner an admin set, loaded for the agent.
  const banner = page.getByRole('img', { name: 'Dashboard banner' });
  await expect(banner).toBeVisible();
  await expect.poll(() => banner.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  const board = page.getByRole('region', { name: 'Leaderboard' });
  await expect(board).toBeVisible();
  const overall = board.getByRole('region', { name: 'Overall' });
  const gold = overall.getByRole('listitem', { name: /^Gold medal: Ayanda/ });
  await expect(gold).toBeVisible();
  await expect(gold).toContainText('100.00%');
  await expect(overall.getByRole('list', { name: 'Top three' }).getByRole('listitem')).toHaveCount(3);
  // The agent's own structure is the agent alone.
  await expect(
    board.getByRole('region', { name: 'Structure' }).getByRole('listitem', { name: /^Gold medal/ }),
  ).toBeVisible();

  const next = board.getByRole('button', { name: 'NEXT' });
  await expect(next).toBeDisabled();
  const month = board.getByRole('group', { name: 'Month' });
  const thisMonth = new Intl.DateTimeFormat('en-ZA', {
    month: 'long',
    year: 'numeric',
    timeZone: 'Africa/Johannesburg',
  }).format(new Date());
  await expect(month).toContainText(thisMonth);
  await board.getByRole('button', { name: 'PREV' }).click();
  await expect(next).toBeEnabled();
  await expect(month).not.toContainText(thisMonth);

  await page.goto('/agent-dash/leaderBoard');
  await expect(page.getByRole('heading', { name: 'Leaderboard', level: 1 })).toBeVisible();
  await expect(page.getByRole('listitem', { name: /^Gold medal: Ayanda/ }).first()).toBeVisible();
  // The full page draws the top ten (Overall and Structure side by side on a wide screen).
  await expect(page.getByRole('img', { name: /^Top \d+ by sales: Ayanda \d+/ }).first()).toBeVisible();
});

test('on a phone the leaderboard shows one list at a time', async ({ page }) => {
  await page.setViewportSize({ width: 400, height: 850 });
  await openAs(page, 'agent');
  const board = page.getByRole('region', { name: 'Leaderboard' });
  await expect(board.getByRole('button', { name: 'Overall' })).toHaveAttribute('aria-pressed', 'true');
  await expect(board.getByRole('region', { name: 'Overall' })).toHaveCount(0);
  await board.getByRole('button', { name: 'Structure' }).click();
  await expect(board.getByRole('button', { name: 'Structure' })).toHaveAttribute('aria-pressed', 'true');
});

test('a waiting user has no leaderboard', async ({ page }) => {
  await openAs(page, 'pending');
  await expect(page.getByRole('heading', { name: 'Choose a dashboard' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Leaderboard' })).toHaveCount(0);
  await page.goto('/agent-dash/leaderBoard');
  await expect(page.getByText('Oops! Page Not Found or Access Denied')).toBeVisible();
});

test('a leader opens Insights: the structure totals and the tree rooted at the leader', async ({ page }) => {
  await openAs(page, 'leader');
  await page.getByRole('button', { name: 'Insights' }).click();
  const dialog = page.getByRole('dialog', { name: 'User Insights' });
  await expect(dialog).toBeVisible();
  await expect(
    dialog.getByRole('img', { name: /^Created \d+, Paid \d+, Installed \d+, Activated \d+$/ }),
  ).toBeVisible();
  const tree = dialog.getByRole('tree', { name: 'Structure report' });
  const root = tree.getByRole('treeitem', { name: 'Lwazi Leader, level 1' });
  await expect(root).toHaveAttribute('aria-expanded', 'true');
  const agent = tree.getByRole('treeitem', { name: 'Ayanda Agent, level 2' });
  await expect(agent).toBeVisible();
  await dialog.getByRole('button', { name: 'Last Month' }).click();
  await expect(dialog.getByText(/^Your structure, /)).not.toContainText(
    new Intl.DateTimeFormat('en-ZA', { month: 'long', year: 'numeric', timeZone: 'Africa/Johannesburg' }).format(
      new Date(),
    ),
  );
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
});

test('an agent has no Insights', async ({ page }) => {
  await openAs(page, 'agent');
  await expect(page.getByRole('heading', { name: 'Choose a dashboard' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Leaderboard' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Insights' })).toHaveCount(0);
});

test('the agent opens Active Orders and Lead Management from the dashboard and searches them', async ({ page }) => {
  await openAs(page, 'agent');
  await page.getByRole('link', { name: 'Active Orders' }).click();
  await expect(page.getByRole('heading', { name: 'Active Orders', level: 1 })).toBeVisible();
  await expect(page.getByText(/^\d+ in all$/)).toBeVisible();
  await page.getByLabel('Search orders').fill('zzzz-no-such-order');
  await expect(page.getByText('Nothing matches “zzzz-no-such-order”.')).toBeVisible();
  await page.getByRole('button', { name: 'Back' }).click();
  await page.getByRole('link', { name: 'Lead Management' }).click();
  await expect(page.getByRole('heading', { name: 'Lead Management', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Back' })).toBeVisible();
});
