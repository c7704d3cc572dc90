import { expect, type Persona, signIn, test } from './fixtures.ts';

const MENUS: Record<Persona, string[]> = {
  admin: ['Dashboard', 'Manage People', 'University', 'Alerts', 'Admin', 'Outbox', 'Profile', 'Logout'],
  leader: ['Dashboard', 'Your Team', 'University', 'Profile', 'Alerts', 'Logout'],
  agent: ['Dashboard', 'University', 'Profile', 'Logout'],
  pending: ['Home', 'University', 'Profile', 'Logout'],
  unverified: ['Home', 'University', 'Profile', 'Logout'],
};

for (const persona of ['admin', 'leader', 'agent', 'pending'] as const) {
  test(`the ${persona}'s side menu`, async ({ page }) => {
    await signIn(page, persona);
    const menu = page.getByRole('list', { name: 'Main menu' });
    await expect(menu.getByRole('listitem')).toHaveText(MENUS[persona]);
    await expect(page.getByText('V 2.0.0')).toBeVisible();
    const adminTag = page.getByRole('button', { name: /^Copy dealer code Z-\d+$/ }).getByText('Admin', { exact: true });
    await expect(adminTag).toHaveCount(persona === 'admin' ? 1 : 0);
  });
}
