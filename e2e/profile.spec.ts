import { setCommissionFreeze } from './db.ts';
import { DEMO_PASSWORD, expect, openAs, test } from './fixtures.ts';

test('the profile page shows the banner, the tabs and the verification status', async ({ page }) => {
  await openAs(page, 'agent');
  await page.getByRole('list', { name: 'Main menu' }).getByRole('link', { name: 'Profile' }).click();
  await expect(page.getByRole('heading', { name: 'Profile - Ayanda Agent' })).toBeVisible();
  await expect(page.getByText('Ayanda Sales').first()).toBeVisible();
  await expect(page.getByText('0820000003').first()).toBeVisible();
  await expect(page.getByRole('group', { name: 'Phone' }).getByText('Verified', { exact: true })).toBeVisible();
  await page.getByRole('tab', { name: 'Services' }).click();
  await expect(page.getByRole('tabpanel')).toBeVisible();
  await page.getByRole('tab', { name: 'Address' }).click();
  await expect(page.getByText('Street', { exact: true })).toBeVisible();
  // The agent is tier 2: 'Become A Leader' cannot be used.
  await expect(page.getByRole('switch', { name: 'Become A Leader' })).toBeDisabled();
});

test('the agent edits the profile: a validation error first, then a save', async ({ page }) => {
  await openAs(page, 'agent', '/profile');
  await page.getByRole('button', { name: 'Edit Your Details' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Profile' });
  await expect(dialog).toBeVisible();

  await dialog.getByLabel('Street address').fill('');
  await dialog.getByLabel('Suburb').fill('');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  // Only the first failure, in the spec's order.
  await expect(dialog.getByText('Please add a Street Address')).toBeVisible();
  await expect(dialog.getByText('Please add a Suburb')).toHaveCount(0);

  const street = `${Date.now() % 1000} Long Street`;
  await dialog.getByLabel('Street address').fill(street);
  await dialog.getByLabel('Suburb').fill('Gardens');
  await dialog.getByLabel('City').fill('Cape Town');
  await dialog.getByLabel('Postal code').fill('8001');
  await dialog.getByLabel('Province').selectOption({ label: 'Western Cape' });
  await dialog.getByRole('combobox', { name: 'Bank' }).selectOption('Capitec');
  await expect(dialog.getByLabel('Branch code')).toHaveValue('470010');
  await dialog.getByLabel('Account number').fill('1234567890');
  await dialog.getByLabel('Account type').selectOption({ label: 'Savings' });
  // New banking details need the password again.
  await dialog.getByLabel('Current password').fill(DEMO_PASSWORD);
  await dialog.getByLabel('T-shirt size').selectOption('LARGE');
  await dialog.getByLabel('I Agree').check();
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog).toHaveCount(0);

  await page.getByRole('tab', { name: 'Address' }).click();
  await expect(page.getByText(street)).toBeVisible();
  await expect(page.getByText('Cape Town')).toBeVisible();
  await page.reload();
  await page.getByRole('tab', { name: 'Address' }).click();
  await expect(page.getByText(street)).toBeVisible();
  await page.getByRole('tab', { name: 'Personal Info' }).click();
  await expect(page.getByText('Capitec')).toBeVisible();
  await expect(page.getByText(/7890$/)).toBeVisible();
});

test('the commission freeze disables Edit Your Details', async ({ page }) => {
  await setCommissionFreeze(true);
  try {
    await openAs(page, 'leader', '/profile');
    await expect(page.getByText('Commission Period Active')).toBeVisible();
    await expect(page.getByText('Profile updates are temporarily frozen')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Edit Your Details' })).toBeDisabled();
    await expect(page.getByRole('link', { name: 'Change Your Password' })).toBeVisible();
  } finally {
    await setCommissionFreeze(false);
  }
});
