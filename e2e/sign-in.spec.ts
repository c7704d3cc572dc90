import { expect, personas, signIn, signOut, test } from './fixtures.ts';

test('the sign-in page is what a signed-out visitor sees', async ({ page }) => {
  await page.goto('/some/unknown/address');
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  await expect(page.getByText('Forgot password?')).toBeVisible();
  await expect(page.getByText('Sign in with phone')).toBeVisible();
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login$/);
});

test('an agent signs in by e-mail, sees the dashboard and signs out', async ({ page }) => {
  await signIn(page, 'agent');
  await expect(page.getByRole('heading', { name: 'Choose a dashboard' })).toBeVisible();
  await expect(page.getByText('Z-3').first()).toBeVisible();

  await signOut(page);
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  // The session is gone: a signed-in page sends the visitor back to sign in.
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login$/);
});

test('a wrong password keeps the visitor on the sign-in page with the message', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill(personas.agent);
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  // In the banner and in the snackbar.
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid email or password' }).first()).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('the reset view has the spec texts', async ({ page }) => {
  await page.goto('/login');
  await page.getByText('Forgot password?').click();
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await page.getByRole('button', { name: 'Send Reset Email' }).click();
  await expect(page.getByText('Please enter a valid email address.')).toBeVisible();
  await page
    .getByRole('button', { name: 'Back to login' })
    .or(page.getByRole('link', { name: 'Back to login' }))
    .click();
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
});

test('the admin reads the outbox; an agent is refused it', async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto('/outbox');
  await expect(page.getByRole('heading', { name: 'Outbox' })).toBeVisible();
  await signOut(page);
  await signIn(page, 'agent');
  await page.goto('/outbox');
  await expect(page.getByText('Oops! Page Not Found or Access Denied')).toBeVisible();
});
