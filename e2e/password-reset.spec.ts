import { findSpareUser } from './db.ts';
import { DEMO_PASSWORD, expect, signIn, test } from './fixtures.ts';
import { AdminOutbox, linkIn } from './outbox.ts';

// A spare demo user (not one of the personas), so no other journey sees the changed password;
// the journey sets the demo password back at the end through '/update-password'.
test('a user resets the password by the e-mailed link, signs in with it and changes it back', async ({
  page,
  browser,
}) => {
  // Two browsers and the outbox: more than the usual 30 seconds on a busy two-core machine.
  test.slow();
  const user = await findSpareUser();
  const newPassword = 'Fresh-Pass-2468';
  const outbox = await AdminOutbox.open(browser, user.email);
  try {
    const before = await outbox.newestId();

    await page.goto('/login');
    await page.getByText('Forgot password?').click();
    await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
    await page.getByLabel('Email').fill(user.email);
    await page.getByRole('button', { name: 'Send Reset Email' }).click();
    await expect(page.getByText('Request Sent. Please check your inbox for further instructions.')).toBeVisible();

    const mail = await outbox.waitForNewer(before);
    await page.goto(linkIn(mail, /reset-password/));
    await expect(page).toHaveURL(/\/reset-password\?token=/);
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm new password').fill(newPassword);
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expect(page.getByText('Your password has been changed. You can now sign in with it.')).toBeVisible();

    // The old password no longer works; the new one does.
    await page.goto('/login');
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('alert').first()).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    await signIn(page, user.email, newPassword);

    // '/update-password' from the profile: empty first, then back to the demo password.
    await page.goto('/profile');
    await page.getByRole('link', { name: 'Change Your Password' }).click();
    await expect(page).toHaveURL(/\/update-password$/);
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expect(page.getByText('Please enter a valid password.')).toBeVisible();
    await page.getByLabel('Current password').fill(newPassword);
    await page.getByLabel('New password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expect(page.getByText('Password updated successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/profile$/);
  } finally {
    await outbox.close();
  }
});
