import { expect, phones, test } from './fixtures.ts';
import { AdminOutbox, codeIn } from './outbox.ts';

test('phone sign-in checks the number and answers an unknown one with Number not found', async ({ page }) => {
  await page.goto('/phone-login');
  const phone = page.getByLabel('Cellphone number');
  await expect(phone).toHaveAttribute('placeholder', '0821234567');

  await phone.fill('08212');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Cellphone number is incorrect length')).toBeVisible();
  await phone.fill('8212345678');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Cellphone number does not start with 0')).toBeVisible();
  await phone.fill('082abc4567');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Cellphone number is incorrectly formatted')).toBeVisible();

  await phone.fill('0839999999');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Number not found' }).first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Enter OTP' })).toHaveCount(0);
});

test('an agent signs in with the one-time pin the admin reads in the outbox', async ({ page, browser }) => {
  // Two browsers and the outbox: more than the usual 30 seconds on a busy two-core machine.
  test.slow();
  const outbox = await AdminOutbox.open(browser, phones.agent.slice(1));
  try {
    const before = await outbox.newestId();

    await page.goto('/phone-login');
    await page.getByLabel('Cellphone number').fill(phones.agent);
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByRole('heading', { name: 'Enter OTP' })).toBeVisible();
    await expect(page.getByText("If you haven't received your SMS within 40 seconds, please try again")).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign in with email' })).toBeVisible();

    await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();

    const sms = await outbox.waitForNewer(before);
    await page.getByLabel('One Time Pin').fill(codeIn(sms));
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Choose a dashboard' })).toBeVisible();
    await expect(page.getByText('Z-3').first()).toBeVisible();
  } finally {
    await outbox.close();
  }
});
