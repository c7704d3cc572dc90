import { removeFeature } from './db.ts';
import { expect, openAs, personas, test } from './fixtures.ts';

const DENIED = 'Oops! Page Not Found or Access Denied';

test('an admin without the Access Control flag gets the access-denied page', async ({ page }) => {
  const restore = await removeFeature(personas.admin, 'Access Control');
  try {
    await openAs(page, 'admin', '/access-control');
    await expect(page.getByRole('heading', { name: DENIED })).toBeVisible();
    await page.getByRole('link', { name: 'Go Home' }).click();
    await expect(page).toHaveURL(/\/$/);
  } finally {
    await restore();
  }
});

test('an admin without Users Management has no Manage People', async ({ page }) => {
  const restore = await removeFeature(personas.admin, 'Users Management');
  try {
    await openAs(page, 'admin');
    await expect(
      page.getByRole('list', { name: 'Main menu' }).getByRole('link', { name: 'Manage People' }),
    ).toHaveCount(0);
    await page.goto('/all-dealers');
    await expect(page.getByRole('heading', { name: DENIED })).toBeVisible();
  } finally {
    await restore();
  }
});

test('an agent is refused the leader and admin pages', async ({ page }) => {
  await openAs(page, 'agent');
  for (const path of ['/rica', '/all-dealers', '/access-control', '/outbox']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: DENIED })).toBeVisible();
  }
});
