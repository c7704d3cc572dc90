import { expect, openAs, type Persona, test } from './fixtures.ts';

const MENUS: Record<Persona, string[]> = {
  admin: ['Dashboard', 'Manage People', 'University', 'Alerts', 'Admin', 'Outbox', 'Profile', 'Logout'],
  leader: ['Dashboard', 'Your Team', 'University', 'Profile', 'Alerts', 'Logout'],
  agent: ['Dashboard', 'University', 'Profile', 'Logout'],
  pending: ['Home', 'University', 'Profile', 'Logout'],
  unverified: ['Home', 'University', 'Profile', 'Logout'],
};

for (const persona of ['admin', 'leader', 'agent', 'pending'] as const) {
  test(`the ${persona}'s side menu`, async ({ page }) => {
    await openAs(page, persona);
    const menu = page.getByRole('list', { name: 'Main menu' });
    await expect(menu.getByRole('listitem')).toHaveText(MENUS[persona]);
    await expect(page.getByText('V 2.0.0')).toBeVisible();
    const adminTag = page.getByRole('button', { name: /^Copy dealer code Z-\d+$/ }).getByText('Admin', { exact: true });
    await expect(adminTag).toHaveCount(persona === 'admin' ? 1 : 0);
  });
}

test('the admin reaches the people pages from the Admin hub', async ({ page }) => {
  // The 'Your Alerts' popup opens by itself after sign-in: close it whenever it shows.
  await page.addLocatorHandler(page.getByRole('dialog', { name: 'Your Alerts' }), async (popup) => {
    await popup.getByRole('button', { name: 'Got It' }).click();
  });
  await openAs(page, 'admin');
  await page.getByRole('list', { name: 'Main menu' }).getByRole('link', { name: 'Admin' }).click();
  await expect(page).toHaveURL(/\/admin-section$/);
  const agentActions = page.getByRole('region', { name: 'Agent Actions' });
  for (const [link, heading] of [
    ['All Dealers', 'All Dealers'],
    ['All Users', 'All Users'],
    ['Access Control', 'Access Control'],
    ['RICA', 'RICA a SIM card'],
  ] as const) {
    await agentActions.getByRole('link', { name: new RegExp(`^${link}`) }).click();
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await page.goBack();
  }
});
