import { findSpareUser } from './db.ts';
import { DEMO_PASSWORD, expect, signIn, test } from './fixtures.ts';
import { AdminOutbox, codeIn } from './outbox.ts';

// Decision 069: a new own phone is pending until the pin sent to it comes back; the old number is
// told first, and keeps signing in until then. A spare demo user, so no persona's phone moves.
test('a user changes their phone: the old number is told, the pin to the new one makes it current', async ({
  page,
  browser,
}) => {
  // Two browsers and the outbox: more than the usual 30 seconds on a busy two-core machine.
  test.slow();
  const user = await findSpareUser(3);
  const oldPhone = user.phone;
  const newPhone = `+2783${String(Date.now()).slice(-7)}`;
  // The outbox is searched by the last nine digits, whichever way a number is written.
  const local = (phone: string) => phone.slice(-9);
  const outbox = await AdminOutbox.open(browser, local(newPhone));
  try {
    const before = await outbox.newestId();
    await signIn(page, user.email);
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Edit Your Details' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Profile' });
    await dialog.getByLabel('Phone number').fill(newPhone);
    // Demo users differ in what they filled in; the form wants every section whole before it saves.
    await dialog.getByLabel('Street address').fill('12 Long Street');
    await dialog.getByLabel('Suburb').fill('Gardens');
    await dialog.getByLabel('City').fill('Cape Town');
    await dialog.getByLabel('Postal code').fill('8001');
    await dialog.getByLabel('Province').selectOption({ label: 'Western Cape' });
    await dialog.getByRole('radio', { name: 'Bank' }).check();
    await dialog.getByRole('combobox', { name: 'Bank' }).selectOption('Capitec');
    await dialog.getByLabel('Account number').fill('1234567890');
    await dialog.getByLabel('Account type').selectOption({ label: 'Savings' });
    await dialog.getByLabel('T-shirt size').selectOption('LARGE');
    await dialog.getByLabel('Current password').fill(DEMO_PASSWORD);
    await dialog.getByLabel('I Agree').check();
    await dialog.getByRole('button', { name: 'Submit' }).click();

    // The pin went to the new number; the profile still signs in with the old one meanwhile.
    await expect(page).toHaveURL(/\/verify-phone$/);
    const sms = await outbox.waitForNewer(before);
    await outbox.showOnly(local(oldPhone));
    await expect(
      outbox.page.getByText(/A change of the phone number on your Dealer Portal account/).first(),
    ).toBeVisible();

    await page.goto('/profile');
    const pending = page.getByRole('region', { name: 'Contact change waiting for verification' });
    await expect(pending.getByText(/^Verification sent to /)).toBeVisible();
    await expect(
      page
        .getByRole('group', { name: 'Phone' })
        .getByText(`0${local(oldPhone)}`)
        .first(),
    ).toBeVisible();

    await pending.getByLabel('One Time Pin').fill(codeIn(sms));
    await pending.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByText('Your new phone number is verified and now in use.')).toBeVisible();
    await expect(pending).toHaveCount(0);
    await expect(
      page
        .getByRole('group', { name: 'Phone' })
        .getByText(`0${local(newPhone)}`)
        .first(),
    ).toBeVisible();

    // The old number hears that the change happened.
    await outbox.showOnly(local(oldPhone));
    await expect(
      outbox.page.getByText(/The phone number on your Dealer Portal account \(Z-\d+\) was changed/).first(),
    ).toBeVisible({ timeout: 15_000 });
  } finally {
    await outbox.close();
  }
});
