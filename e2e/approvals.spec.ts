import type { Browser, Page } from '@playwright/test';
import sharp from 'sharp';
import { setVerified } from './db.ts';
import { e2eBaseUrl } from './environment.ts';
import { expect, openAs, test } from './fixtures.ts';

// Approvals (spec 1 §2.11a, §4; spec 2 §4 "Dealer request"): the admin declines a request with a
// reason, the leader who submitted it fixes it and resubmits, and it is pending again.

/** A valid South African ID number for a date of birth (YYYY-MM-DD), male, citizen. */
function saId(dateOfBirth: string, sequence: number): string {
  const [year, month, day] = dateOfBirth.split('-');
  const body = `${year!.slice(2)}${month}${day}${5000 + (sequence % 5000)}08`;
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

/** The leader submits a request through the API the wizard uses; the new user is then verified. */
async function submitRequest(page: Page, name: { firstName: string; surname: string }) {
  const run = `${Date.now()}`.slice(-8);
  const headers = { origin: e2eBaseUrl };
  const png = await sharp({ create: { width: 32, height: 32, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .png()
    .toBuffer();
  const upload = async (purpose: string) => {
    const response = await page.request.post('/api/files', {
      headers,
      multipart: { purpose, file: { name: `${purpose}.png`, mimeType: 'image/png', buffer: png } },
    });
    expect(response.status()).toBe(201);
    return `/api/files/${(await response.json()).id}`;
  };
  const email = `sipho.${run}@example.test`;
  const phone = `+2776${run.slice(-7)}`;
  const response = await page.request.post('/api/people', {
    headers,
    data: {
      ...name,
      dateOfBirth: '1990-08-09',
      refsGender: 'M',
      refsIdentityDocType: 'RSAID',
      identificationNo: saId('1990-08-09', Number(run.slice(-4))),
      nationality: 'ZAF',
      email,
      phone,
      parentDealer: 2,
      province: 'KZN',
      street: '4 Florida Road',
      suburb: 'Morningside',
      postalCode: '4001',
      city: 'Durban',
      country: 'ZAF',
      refsPaymentType: 'eWallet',
      idPhotoUrl: await upload('id_photo'),
      personPhotoUrl: await upload('person_photo'),
      TandCs: true,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  await setVerified(email, { email: true, phone: true });
  return { ...(await response.json()), email, phone: `0${phone.slice(3)}` } as {
    id: number;
    zCode: string;
    phone: string;
  };
}

/**
 * The 'Your Alerts' popup opens by itself after sign-in and hides the rest of the page from
 * assistive technology (and so from role queries) while open: close it whenever it shows.
 */
function dismissAlertsPopup(page: Page) {
  return page.addLocatorHandler(page.getByRole('dialog', { name: 'Your Alerts' }), async (popup) => {
    await popup.getByRole('button', { name: 'Got It' }).click();
  });
}

/** The admin, signed in in a browser context of their own beside the leader's page. */
async function signInAdminBeside(browser: Browser) {
  const context = await browser.newContext({
    baseURL: e2eBaseUrl,
    viewport: { width: 1366, height: 900 },
    serviceWorkers: 'block',
  });
  const page = await context.newPage();
  await dismissAlertsPopup(page);
  try {
    await openAs(page, 'admin');
  } catch (error) {
    await context.close();
    throw error;
  }
  return { context, page };
}

test('the admin declines a request with a reason; the leader resubmits it and it is pending again', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  // Letters only (a surname allows no digits), different on every run.
  const tag = [...`${Date.now()}`.slice(-5)].map((digit) => 'abcdefghij'[Number(digit)]).join('');
  const name = { firstName: 'Sipho', surname: `Ndlovu${tag}` };
  await dismissAlertsPopup(page);
  await openAs(page, 'leader');
  const request = await submitRequest(page, name);

  // The admin declines it; a reason is required.
  const { context: admin, page: adminPage } = await signInAdminBeside(browser);
  try {
    await adminPage.goto('/approvals');
    const row = adminPage.locator('.MuiDataGrid-row', { hasText: name.surname });
    await expect(row.getByText(request.phone)).toBeVisible();
    await row.getByRole('link', { name: `View ${name.firstName} ${name.surname}` }).click();
    await expect(adminPage.getByRole('heading', { name: 'Agent Creation Request' })).toBeVisible();
    await adminPage.getByRole('button', { name: 'Decline' }).click();
    const dialog = adminPage.getByRole('dialog', { name: 'Decline request' });
    await dialog.getByRole('button', { name: 'Decline' }).click();
    await expect(dialog.getByText('Please give a reason for declining this request.')).toBeVisible();
    await dialog.getByLabel('Reason').fill('The street address is incomplete: add the unit number.');
    await dialog.getByRole('button', { name: 'Decline' }).click();
    await expect(adminPage).toHaveURL(/\/approvals$/);
    await adminPage.getByRole('tab', { name: 'Declined' }).click();
    await expect(adminPage.locator('.MuiDataGrid-row', { hasText: name.surname })).toBeVisible();
  } finally {
    await admin.close();
  }

  // The leader sees it declined on 'Your Pending Requests' and resubmits it.
  await page.goto('/pending-requests');
  const mine = page.locator('.MuiDataGrid-row', { hasText: name.surname });
  await expect(mine.getByText('Declined')).toBeVisible();
  await mine.getByRole('link', { name: 'Resubmit' }).click();
  await expect(page.getByRole('heading', { name: 'Agent Creation Request' })).toBeVisible();
  await expect(page.getByText('The street address is incomplete: add the unit number.')).toBeVisible();
  const resubmit = page.getByRole('button', { name: 'Resubmit Request' });
  // Nothing edited yet.
  await expect(resubmit).toBeDisabled();
  await page.getByLabel('Street address').fill('Unit 7, 4 Florida Road');
  await expect(resubmit).toBeEnabled();
  await resubmit.click();
  await expect(page).toHaveURL(/\/approvals$/);
  await expect(page.getByRole('heading', { name: 'Your Pending Requests' })).toBeVisible();
  await expect(page.locator('.MuiDataGrid-row', { hasText: name.surname }).getByText('Pending')).toBeVisible();

  // Pending again: the form can no longer be sent.
  await page.goto(`/approval-detail/${request.id}`);
  await expect(page.getByText('This request is pending approval.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Resubmit Request' })).toBeDisabled();

  // And back on the admin's Pending tab, marked as resubmitted.
  const { context: again, page: againPage } = await signInAdminBeside(browser);
  try {
    await againPage.goto('/approvals');
    const row = againPage.locator('.MuiDataGrid-row', { hasText: name.surname });
    await expect(row.getByText('Resubmitted')).toBeVisible();
  } finally {
    await again.close();
  }
});

test('a leader cannot reach the admin approval list or decide on a request', async ({ page }) => {
  await dismissAlertsPopup(page);
  await openAs(page, 'leader', '/approvals');
  // A leader's '/approvals' is their own requests, without the Pending / Declined tabs.
  await expect(page.getByRole('heading', { name: 'Your Pending Requests' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Declined' })).toHaveCount(0);
  const response = await page.request.post('/api/approvals/4/approve', { headers: { origin: e2eBaseUrl } });
  expect(response.status()).toBe(403);
  // The demo's pending persona was submitted by the leader: they may read it but get no approval panel.
  await page.goto('/approval-detail/4');
  await expect(page.getByRole('heading', { name: 'Agent Creation Request' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Approve' })).toHaveCount(0);
});

test('the admin approves a pending user from the manage-user screen', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const tag = [...`${Date.now()}`.slice(-5)].map((digit) => 'abcdefghij'[Number(digit)]).join('');
  const name = { firstName: 'Lerato', surname: `Khumalo${tag}` };
  await dismissAlertsPopup(page);
  await openAs(page, 'leader');
  const request = await submitRequest(page, name);

  const { context: admin, page: adminPage } = await signInAdminBeside(browser);
  try {
    await adminPage.goto(`/manage-user/${request.id}`);
    await expect(adminPage.getByText(request.zCode).first()).toBeVisible();
    await adminPage.getByRole('button', { name: 'Approve' }).click();
    await expect(adminPage.getByText(`${name.firstName} ${name.surname} (${request.zCode}) approved.`)).toBeVisible();
    await expect(adminPage).toHaveURL(/\/manage-dealers$/);
    // Approved: the manage-user screen no longer offers a decision.
    await adminPage.goto(`/manage-user/${request.id}`);
    await expect(adminPage.getByText(request.zCode).first()).toBeVisible();
    await expect(adminPage.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  } finally {
    await admin.close();
  }
});
