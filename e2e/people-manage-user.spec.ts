import pg from 'pg';
import { e2eDatabaseUrl } from './environment.ts';
import { DEMO_PASSWORD, expect, openAs, test } from './fixtures.ts';

// The manage-user screen and user detail (spec 1 §2.10, §2.11): change manager with and without
// 'Move with children', the leader toggles, and who is refused a user's page.

const DENIED = 'Oops! Page Not Found or Access Denied';

// Several pages and server round trips per journey on a two-core machine.
test.describe.configure({ timeout: 90_000 });

async function query<T extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: e2eDatabaseUrl() });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** A dealer of our own under `parentId`, so the journeys never depend on the random demo teams. */
async function createDealer(firstName: string, parentId: number, fields: { isLeader?: boolean } = {}): Promise<number> {
  const phone = `+2761${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`;
  const [row] = await query<{ id: number }>(
    `INSERT INTO users_master (first_name, surname, phone, email, parent_id, is_leader, refs_user_lifecycle_status_id,
                               email_verified, phone_verified, street, city, province)
     VALUES ($1, 'Journey', $2, $3, $4, $5, 2, true, true, '1 Main Road', 'Johannesburg', 'GP') RETURNING id`,
    [
      firstName,
      phone,
      `${firstName.toLowerCase()}.${phone.slice(-7)}@journey.test`,
      parentId,
      fields.isLeader ?? false,
    ],
  );
  return row!.id;
}

async function personaId(email: string): Promise<number> {
  const [row] = await query<{ id: number }>('SELECT id FROM users_master WHERE email = $1', [email]);
  return row!.id;
}

async function parentOf(id: number): Promise<number | null> {
  const [row] = await query<{ parent_id: number | null }>('SELECT parent_id FROM users_master WHERE id = $1', [id]);
  return row!.parent_id;
}

test('the admin changes a manager with and without Move with children', async ({ page }) => {
  const adminId = await personaId('admin@demo.co.za');
  const mover = await createDealer('Mover', adminId, { isLeader: true });
  const child = await createDealer('Child', mover);
  const firstManager = await createDealer('Firstmanager', adminId, { isLeader: true });
  const secondManager = await createDealer('Secondmanager', adminId, { isLeader: true });

  await openAs(page, 'admin', `/manage-user/${mover}`);
  await expect(page.getByRole('heading', { name: 'Mover Journey' })).toBeVisible();
  await expect(page.getByTestId('hierarchy-parent')).toHaveText(/Z-\d+: Amara Admin/);

  // With children (the default): the child stays under the mover.
  await page.getByRole('button', { name: 'Change Manager' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change Manager' });
  await expect(dialog.getByRole('checkbox', { name: 'Move with children' })).toBeChecked();
  await dialog.getByLabel('New manager').fill(`Z-${firstManager}`);
  await page.getByRole('option', { name: `Z-${firstManager}: Firstmanager Journey` }).click();
  // A move changes who is paid on the mover's sales: the admin's own password (decision 075).
  await dialog.getByLabel('Current password').fill(DEMO_PASSWORD);
  await dialog.getByRole('button', { name: 'Change Manager' }).click();
  await expect(page.getByText(`Z-${mover} now reports to Z-${firstManager} Firstmanager Journey.`)).toBeVisible();
  await expect(page.getByTestId('hierarchy-parent')).toHaveText(`Z-${firstManager}: Firstmanager Journey`);
  await page.goto(`/manage-user/${child}`);
  await expect(page.getByTestId('hierarchy-parent')).toHaveText(`Z-${mover}: Mover Journey`);

  // A user's own downstream is not offered as a manager.
  await page.goto(`/manage-user/${firstManager}`);
  await page.getByRole('button', { name: 'Change Manager' }).click();
  await page.getByRole('dialog', { name: 'Change Manager' }).getByLabel('New manager').fill(`Z-${mover}`);
  await expect(page.getByText('No matching managers')).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();

  // Without children: the child is first handed to the mover's former manager.
  await page.goto(`/manage-user/${mover}`);
  await page.getByRole('button', { name: 'Change Manager' }).click();
  await dialog.getByRole('checkbox', { name: 'Move with children' }).uncheck();
  await expect(dialog.getByRole('checkbox', { name: 'Move with children' })).not.toBeChecked();
  await dialog.getByLabel('New manager').fill(`Z-${secondManager}`);
  await page.getByRole('option', { name: `Z-${secondManager}: Secondmanager Journey` }).click();
  await dialog.getByLabel('Current password').fill(DEMO_PASSWORD);
  await dialog.getByRole('button', { name: 'Change Manager' }).click();
  await expect(page.getByTestId('hierarchy-parent')).toHaveText(`Z-${secondManager}: Secondmanager Journey`);
  await page.goto(`/manage-user/${child}`);
  await expect(page.getByTestId('hierarchy-parent')).toHaveText(`Z-${firstManager}: Firstmanager Journey`);
  expect(await parentOf(child)).toBe(firstManager);
  expect(await parentOf(mover)).toBe(secondManager);

  // The team lists follow: the child is in the first manager's downstream, the mover no longer.
  await page.goto(`/child-dealer-downstream/${firstManager}`);
  await expect(page.getByRole('link', { name: `Z-${child}: Child Journey` })).toBeVisible();
  await expect(page.getByRole('link', { name: `Z-${mover}: Mover Journey` })).toHaveCount(0);
  await page.goto(`/child-dealer-downstream/${secondManager}`);
  await expect(page.getByRole('link', { name: `Z-${mover}: Mover Journey` })).toBeVisible();
  await expect(page.getByRole('link', { name: `Z-${child}: Child Journey` })).toHaveCount(0);
});

test('the admin toggles Trainer and Growth Leader', async ({ page }) => {
  const adminId = await personaId('admin@demo.co.za');
  const dealer = await createDealer('Toggled', adminId);
  await openAs(page, 'admin', `/manage-user/${dealer}`);
  const status = page.getByRole('region', { name: 'User Status' });
  await expect(page.getByText('Growth Leader', { exact: true })).toHaveCount(1);

  await status.getByRole('switch', { name: 'Growth Leader' }).click();
  await expect(page.getByText('Growth leader status turned on')).toBeVisible();
  await expect(status.getByRole('switch', { name: 'Growth Leader' })).toBeChecked();
  await expect(page.getByText('Growth Leader', { exact: true })).toHaveCount(2);

  // Trainer decides who is paid leader commission: the admin's own password first (decision 076).
  await status.getByRole('switch', { name: 'Trainer', exact: true }).click();
  const turnOn = page.getByRole('dialog', { name: `Turn on Trainer status for Z-${dealer}` });
  await turnOn.getByLabel('Current password').fill(DEMO_PASSWORD);
  await turnOn.getByRole('button', { name: 'Turn on' }).click();
  await expect(page.getByText('Trainer status turned on')).toBeVisible();
  await expect(page.getByText('Trainer', { exact: true })).toHaveCount(2);

  const [row] = await query<{ is_leader: boolean; growth_leader: boolean; growth_leader_time: Date | null }>(
    'SELECT is_leader, growth_leader, growth_leader_time FROM users_master WHERE id = $1',
    [dealer],
  );
  expect(row).toMatchObject({ is_leader: true, growth_leader: true });
  expect(row!.growth_leader_time).not.toBeNull();

  // On the user detail page the same switch reads 'Trainer Status', and an admin may turn it off.
  await page.goto(`/user-detail/${dealer}`);
  await expect(page.getByRole('heading', { name: `Z-${dealer}: Toggled Journey` })).toBeVisible();
  await page.getByRole('switch', { name: 'Trainer Status' }).click();
  const turnOff = page.getByRole('dialog', { name: `Turn off Trainer status for Z-${dealer}` });
  await turnOff.getByLabel('Current password').fill(DEMO_PASSWORD);
  await turnOff.getByRole('button', { name: 'Turn off' }).click();
  await expect(page.getByText('Trainer status turned off')).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Trainer Status' })).not.toBeChecked();
});

test("an agent gets the access-denied page for another user's detail, but sees their own", async ({ page }) => {
  const leaderId = await personaId('leader@demo.co.za');
  const agentId = await personaId('agent@demo.co.za');
  await openAs(page, 'agent', `/user-detail/${leaderId}`);
  await expect(page.getByRole('heading', { name: DENIED })).toBeVisible();
  await page.goto(`/user-detail/${agentId}`);
  await expect(page.getByRole('heading', { name: `Z-${agentId}: Ayanda Agent` })).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Trainer Status' })).toBeDisabled();
  await page.goto(`/manage-user/${agentId}`);
  await expect(page.getByRole('heading', { name: DENIED })).toBeVisible();
});

test('a leader is refused a user outside their branch, and manages one inside it', async ({ page }) => {
  const adminId = await personaId('admin@demo.co.za');
  const leaderId = await personaId('leader@demo.co.za');
  const outsider = await createDealer('Outsider', adminId);
  const member = await createDealer('Member', leaderId);
  await openAs(page, 'leader');
  for (const path of [`/user-detail/${outsider}`, `/manage-user/${outsider}`]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: DENIED })).toBeVisible();
  }

  await page.goto(`/user-detail/${member}`);
  await expect(page.getByRole('heading', { name: `Z-${member}: Member Journey` })).toBeVisible();
  await page.getByRole('link', { name: 'Manage user' }).click();
  const actions = page.getByRole('region', { name: 'Quick Actions' });
  await expect(actions.getByRole('button', { name: 'Suppliers & Product Types' })).toBeVisible();
  await expect(actions.getByRole('button', { name: 'Change Password' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Change Manager' })).toHaveCount(0);
  await actions.getByRole('switch', { name: 'Trainer' }).click();
  // The leader's own password (decision 076).
  const turnOn = page.getByRole('dialog', { name: `Turn on Trainer status for Z-${member}` });
  await turnOn.getByLabel('Current password').fill(DEMO_PASSWORD);
  await turnOn.getByRole('button', { name: 'Turn on' }).click();
  await expect(page.getByText('Trainer status turned on')).toBeVisible();
  // Once on, a leader cannot turn it off again.
  await expect(actions.getByRole('switch', { name: 'Trainer' })).toBeDisabled();
});
