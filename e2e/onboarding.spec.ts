import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { e2eBaseUrl } from './environment.ts';
import { expect, openAs, signIn, signOut, test } from './fixtures.ts';
import { AdminOutbox, codeIn, linkIn } from './outbox.ts';

/** The new user's own password, chosen in place of the temporary one. */
const OWN_PASSWORD = 'MyOwnPass1';

// The Create New User wizard end to end (spec 1 §2.7, §2.11a, §4): a leader creates a user, the
// user verifies e-mail and phone from the outbox, the admin approves, and the user is let in.

/** A valid South African ID number for a date of birth (YYYY-MM-DD), female, citizen. */
function saId(dateOfBirth: string, sequence: number): string {
  const [year, month, day] = dateOfBirth.split('-');
  const body = `${year!.slice(2)}${month}${day}${String(sequence % 5000).padStart(4, '0')}08`;
  for (let check = 0; check <= 9; check++) {
    const digits = body + check;
    let sum = 0;
    for (let i = 0; i < 13; i++) {
      let digit = Number(digits[12 - i]);
      if (i % 2 === 1) {
        digit *= 2;
        if (digit > 9) digit -= 9;
      }
      sum += digit;
    }
    if (sum % 10 === 0) return digits;
  }
  throw new Error('unreachable');
}

async function image(format: 'png' | 'jpeg'): Promise<Buffer> {
  const picture = sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 30, g: 110, b: 190 } } });
  return format === 'png' ? picture.png().toBuffer() : picture.jpeg().toBuffer();
}

/** Picks an option of an MUI select by the field's label. */
async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function typeDate(page: Page, label: string, digits: string) {
  await page.getByRole('group', { name: label }).getByRole('spinbutton', { name: 'Year' }).click();
  await page.keyboard.type(digits);
}

/** Next of the open step (the step closing above it shows its own for a moment). */
async function next(page: Page) {
  const button = page.getByRole('button', { name: 'Next' });
  await expect(button).toHaveCount(1);
  await button.click();
}

const unique = () => `${Date.now()}`.slice(-8);

/**
 * The 'Your Alerts' popup opens by itself after sign-in and hides the rest of the page from
 * assistive technology (and so from role queries) while open: close it whenever it shows.
 */
function dismissAlertsPopup(page: Page) {
  return page.addLocatorHandler(page.getByRole('dialog', { name: 'Your Alerts' }), async (popup) => {
    await popup.getByRole('button', { name: 'Got It' }).click();
  });
}

test('a leader creates a user through all five steps; the user verifies, the admin approves, the user signs in', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const run = unique();
  const email = `naledi.${run}@example.test`;
  const phone = `07${run}`;
  const idNumber = saId('1992-03-14', Number(run.slice(-4)));

  await dismissAlertsPopup(page);
  await openAs(page, 'leader', '/users/create');
  await expect(page.getByRole('heading', { name: 'Create New User' })).toBeVisible();

  // Step 1: nothing filled in yet, so Next shows the step's messages and stays.
  await next(page);
  await expect(page.getByText('First name is required')).toBeVisible();
  await expect(page.getByText('Phone number is required')).toBeVisible();
  // A step more than one ahead cannot be opened.
  await expect(page.getByRole('button', { name: 'Documents' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Address Information' })).toBeEnabled();

  await page.getByLabel('First name').fill('Naledi');
  await page.getByLabel('Surname').fill('Dube');
  await typeDate(page, 'Date of birth', '19920315');
  await expect(page.getByRole('group', { name: 'Date of birth' })).toContainText('1992/03/15');
  await choose(page, 'Gender', 'Female');
  await page.getByLabel('ID number').fill(idNumber);
  await page.getByRole('textbox', { name: 'Email', exact: true }).click();
  // The ID's first six digits say 14 March, not 15 March.
  await expect(page.getByText('ID Number does not match Date of Birth.')).toBeVisible();
  await page.getByRole('group', { name: 'Date of birth' }).getByRole('spinbutton', { name: 'Day' }).click();
  await page.keyboard.type('14');
  await page.getByLabel('ID number').click();
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await expect(page.getByText('ID Number does not match Date of Birth.')).toBeHidden();
  // A digit too many is kept and refused, never cut to a number nobody typed.
  const phoneBox = page.getByRole('textbox', { name: 'Phone', exact: true });
  await phoneBox.fill(`${phone}999`);
  await expect(phoneBox).toHaveValue(`${phone}999`);
  await next(page);
  await expect(page.getByText('Phone number has too many digits')).toBeVisible();
  await phoneBox.fill(phone);
  await page.getByLabel('RICA username').fill('nd1');
  await expect(page.getByLabel('RICA username')).toHaveValue('ND1');
  await next(page);

  // Step 2
  await expect(page.getByLabel('Street address')).toBeVisible();
  await page.getByLabel('Street address').fill('8 Vilakazi Street');
  await page.getByLabel('Suburb').fill('Orlando West');
  await page.getByLabel('City').fill('Soweto');
  await choose(page, 'Province', 'Gauteng');
  await page.getByLabel('Postal code').pressSequentially('18a04');
  await expect(page.getByLabel('Postal code')).toHaveValue('1804');
  await next(page);

  // Step 3: both photos, uploaded with progress.
  await next(page);
  await expect(page.getByText('ID photo is required')).toBeVisible();
  await page
    .getByLabel('Upload ID photo')
    .setInputFiles({ name: 'id.png', mimeType: 'image/png', buffer: await image('png') });
  await expect(page.getByLabel('ID photo uploaded')).toBeVisible();
  await page
    .getByLabel('Upload Person photo')
    .setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: await image('jpeg') });
  await expect(page.getByLabel('Person photo uploaded')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Person photo' })).toBeVisible();
  await next(page);

  // Step 4: the bank fills its branch code.
  await choose(page, 'Bank', 'Capitec');
  await expect(page.getByLabel('Branch code')).toHaveValue('470010');
  await choose(page, 'Account type', 'Savings');
  await page.getByLabel('Account number').fill('12345');
  await next(page);
  await expect(page.getByText('Account number must be at least 6 digits')).toBeVisible();
  await page.getByLabel('Account number').fill('1234567890');
  await next(page);

  // Step 5: suppliers follow the product types; unchecking a type removes its suppliers.
  await expect(page.getByRole('button', { name: 'Skip This Step' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Proceed to Review & Submit' })).toBeVisible();
  await page.getByRole('checkbox', { name: 'Fibre', exact: true }).check();
  await page.getByRole('checkbox', { name: 'Metro Fibre Connect' }).check();
  await page.getByRole('checkbox', { name: 'Fibre', exact: true }).uncheck();
  await expect(page.getByRole('checkbox', { name: 'Metro Fibre Connect' })).toHaveCount(0);
  await page.getByRole('checkbox', { name: 'Fibre', exact: true }).check();
  await expect(page.getByRole('checkbox', { name: 'Metro Fibre Connect' })).not.toBeChecked();
  await page.getByRole('checkbox', { name: 'Metro Fibre Connect' }).check();
  await page.getByRole('button', { name: 'Continue to Review' }).click();

  // Review: the terms must be agreed.
  const review = page.getByRole('region', { name: 'Review & Submit' });
  await expect(review.getByText('1992/03/14')).toBeVisible();
  await expect(review.getByText('Metro Fibre Connect')).toBeVisible();
  await expect(review.getByText('470010')).toBeVisible();
  await page.getByRole('button', { name: 'Create User Account' }).click();
  await expect(page.getByText('You must agree to the terms and conditions to proceed')).toBeVisible();
  await page.getByLabel('I agree to the terms and conditions').check();

  // A failed submission shows 'Submission Error' with the §8 message, at the top of the page.
  // A gateway in front of the server failing with no message of its own.
  await page.route('**/api/people', (route) => route.fulfill({ status: 502, body: '' }));
  await page.getByRole('button', { name: 'Create User Account' }).click();
  const failure = page.getByRole('alert').filter({ hasText: 'Submission Error' });
  await expect(failure).toContainText(
    'Failed to create user: A server error occurred. Please try again in a few moments or contact support if the problem persists.',
  );
  await expect.poll(() => page.evaluate(() => (globalThis as unknown as { scrollY: number }).scrollY)).toBe(0);
  await page.unroute('**/api/people');

  await page.getByRole('button', { name: 'Create User Account' }).click();

  await expect(page.getByRole('heading', { name: 'User Created Successfully' })).toBeVisible();
  await expect(page.getByText('Request Submitted for Approval.')).toBeVisible();
  const zCode = (await page.getByLabel('User ID', { exact: true }).textContent())!;
  const password = (await page.getByLabel('Temporary password', { exact: true }).textContent())!;
  expect(zCode).toMatch(/^Z-\d+$/);
  expect(password).toMatch(/^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)[A-Za-z\d]{8}$/);
  await expect(page.getByRole('button', { name: 'Create Another User' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to Manage Dealers page' })).toHaveAttribute(
    'href',
    '/manage-dealers',
  );

  // 'Your Pending Requests' lists the new request as Pending.
  await page.getByRole('link', { name: 'Your Pending Requests' }).first().click();
  await expect(page.getByRole('heading', { name: 'Your Pending Requests' })).toBeVisible();
  const row = page.locator('.MuiDataGrid-row', { hasText: 'Naledi' }).filter({ hasText: phone });
  await expect(row.getByText('Pending')).toBeVisible();

  // The new user signs in with the temporary password and is held until verified and approved.
  const newcomer = await browser.newContext({
    baseURL: e2eBaseUrl,
    viewport: { width: 1366, height: 900 },
    serviceWorkers: 'block',
  });
  const newPage = await newcomer.newPage();
  await dismissAlertsPopup(newPage);
  try {
    await signIn(newPage, email, password);
    // The temporary password is replaced before anything else.
    await expect(newPage).toHaveURL(/\/update-password$/);
    await newPage.getByLabel('Current password').fill(password);
    await newPage.getByLabel('New password').fill(OWN_PASSWORD);
    await newPage.getByRole('button', { name: 'Update Password' }).click();
    await expect(newPage.getByText('Password updated successfully')).toBeVisible();
    await expect(
      newPage.getByText('Please verify your email address and cellphone number in order to get your profile approved.'),
    ).toBeVisible();

    // E-mail: the link mailed at creation, read on '/outbox' as the admin.
    const mails = await AdminOutbox.open(browser, email);
    let verificationMailId: number | null;
    try {
      const mail = await mails.waitForNewer(null);
      verificationMailId = await mails.newestId();
      await newPage.goto(linkIn(mail, /\/verify-email\/[0-9a-f-]{36}/));
      await expect(newPage.getByText('Your email address has been verified.')).toBeVisible();
    } finally {
      await mails.close();
    }

    // Phone: '/verify-phone' sends a pin; it arrives in the outbox.
    const texts = await AdminOutbox.open(browser, `27${phone.slice(1)}`);
    try {
      const before = await texts.newestId();
      await newPage.goto('/verify-phone');
      const sms = await texts.waitForNewer(before);
      await newPage.getByLabel('One Time Pin').fill(codeIn(sms));
      await newPage.getByRole('button', { name: 'Verify' }).click();
      await expect(newPage.getByText('Your phone number has been verified.')).toBeVisible();
    } finally {
      await texts.close();
    }
    await expect(newPage.getByText('Your account is awaiting approval.')).toBeVisible();

    // The admin approves from '/approvals'.
    const admin = await browser.newContext({
      baseURL: e2eBaseUrl,
      viewport: { width: 1366, height: 900 },
      serviceWorkers: 'block',
    });
    const adminPage = await admin.newPage();
    await dismissAlertsPopup(adminPage);
    try {
      await openAs(adminPage, 'admin', '/approvals');
      await expect(adminPage.getByRole('tab', { name: 'Pending' })).toHaveAttribute('aria-selected', 'true');
      const pendingRow = adminPage.locator('.MuiDataGrid-row', { hasText: 'Naledi' }).filter({ hasText: phone });
      await expect(pendingRow.getByText('Z-2: Lwazi Leader')).toBeVisible();
      await pendingRow.getByRole('link', { name: 'View Naledi Dube' }).click();
      await expect(adminPage.getByRole('heading', { name: 'Agent Creation Request' })).toBeVisible();
      await expect(adminPage.getByText(`${zCode}: Naledi Dube`)).toBeVisible();
      await adminPage.getByRole('button', { name: 'Approve' }).click();
      await expect(adminPage).toHaveURL(/\/manage-dealers$/);
    } finally {
      await admin.close();
    }

    // The approval e-mail reaches the outbox: Z-code and sign-in details, never the password.
    const approvalMails = await AdminOutbox.open(browser, email);
    try {
      const approval = await approvalMails.waitForNewer(verificationMailId);
      expect(approval).toContain(zCode);
      expect(approval).toContain(email);
      expect(approval).not.toContain(password);
    } finally {
      await approvalMails.close();
    }

    // Signed in again, the new user is no longer waiting.
    await signOut(newPage);
    await signIn(newPage, email, OWN_PASSWORD);
    await expect(newPage.getByRole('heading', { name: 'Choose a dashboard' })).toBeVisible();
    await expect(newPage.getByText('Your account is awaiting approval.')).toBeHidden();
    await expect(newPage.getByText(zCode).first()).toBeVisible();
  } finally {
    await newcomer.close();
  }
});
