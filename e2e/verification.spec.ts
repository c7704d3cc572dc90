import { setVerified } from './db.ts';
import { expect, openAs, personas, phones, test } from './fixtures.ts';
import { AdminOutbox, codeIn, linkIn } from './outbox.ts';

// The journey verifies the persona; it is made unverified again afterwards for the others.
test.afterEach(async () => {
  await setVerified(personas.unverified, { email: false, phone: false });
});

test('unverified@demo.co.za verifies the e-mail address by the link and the phone by the pin', async ({
  page,
  browser,
}) => {
  // Two browsers and the outbox: more than the usual 30 seconds on a busy two-core machine.
  test.slow();
  await setVerified(personas.unverified, { email: false, phone: false });
  await openAs(page, 'unverified', '/profile');
  const phoneRow = page.getByRole('group', { name: 'Phone' });
  const emailRow = page.getByRole('group', { name: 'Email' });
  await expect(phoneRow.getByText('Not Verified')).toBeVisible();
  await expect(emailRow.getByText('Not Verified')).toBeVisible();

  // E-mail: 'Resend Verification Email', then the link from the outbox.
  const outbox = await AdminOutbox.open(browser, personas.unverified);
  try {
    const before = await outbox.newestId();
    await page.getByRole('button', { name: 'Resend Verification Email' }).click();
    await expect(page.getByText('Email verification link has been sent to your email address.')).toBeVisible();
    const mail = await outbox.waitForNewer(before);
    await page.goto(linkIn(mail, /\/verify-email\/[0-9a-f-]{36}/));
    await expect(page.getByText('Your email address has been verified.')).toBeVisible();
    await expect(page).toHaveURL(/\/profile$/, { timeout: 5_000 });
    await expect(emailRow.getByText('Verified', { exact: true })).toBeVisible();

    // Phone: 'Resend OTP' leads to '/verify-phone', which sends the pin.
    await outbox.showOnly(phones.unverified.slice(1));
    const beforeSms = await outbox.newestId();
    await page.getByRole('link', { name: 'Resend OTP' }).click();
    await expect(page).toHaveURL(/\/verify-phone$/);
    const sms = await outbox.waitForNewer(beforeSms);

    await page.getByLabel('One Time Pin').fill(codeIn(sms) === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(
      page
        .getByRole('alert')
        .filter({ hasText: 'Incorrect pin: Your One Time Pin is not correct. Please try again.' })
        .first(),
    ).toBeVisible();

    await page.getByLabel('One Time Pin').fill(codeIn(sms));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByText('Your phone number has been verified.')).toBeVisible();
    await expect(page).toHaveURL(/\/profile$/, { timeout: 5_000 });
    await expect(phoneRow.getByText('Verified', { exact: true })).toBeVisible();
  } finally {
    await outbox.close();
  }
  // Both verified: the account now waits for approval.
  await expect(page.getByText('Your account is awaiting approval.')).toBeVisible();
});
