import { expect, personas, signIn, test } from './fixtures.ts';

test('the sign-in page is what a signed-out visitor sees', async ({ page }) => {
  await page.goto('/some/unknown/address');
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  await expect(page.getByText('Forgot password?')).toBeVisible();
  await expect(page.getByText('Sign in with phone')).toBeVisible();
});

test('an agent signs in by e-mail and sees the dashboard', async ({ page }) => {
  await signIn(page, 'agent');
  await expect(page.getByRole('heading', { name: 'Choose a dashboard' })).toBeVisible();
  await expect(page.getByText('Z-3').first()).toBeVisible();
});

test('a wrong password keeps the visitor on the sign-in page with the message', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill(personas.agent);
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Invalid email or password').first()).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('the admin reads the outbox; an agent is refused it', async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto('/outbox');
  await expect(page.getByRole('heading', { name: 'Outbox' })).toBeVisible();
  await page.getByRole('button', { name: /logout/i }).click();
  await signIn(page, 'agent');
  await page.goto('/outbox');
  await expect(page.getByText('Oops! Page Not Found or Access Denied')).toBeVisible();
});
