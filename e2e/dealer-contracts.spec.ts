import { query } from './db.ts';
import { expect as baseExpect, openAs, personas, test } from './fixtures.ts';
import { linkIn } from './outbox.ts';
import { pdfText } from './pdf-text.ts';

// Dealer contracts (issue 16 points 2–3, decision 034): the admin generates a contract for the
// agent in the Dealer Contracts modal; the signing link arrives in the outbox; the link's holder
// signs on the public page without signing in; the admin opens the signed PDF, which carries the
// typed name and the signing certificate. SHOTS_DIR=… saves the screenshots looked at in review.

// Many pages, two browser contexts and PDF work on a shared two-core machine.
test.describe.configure({ timeout: 300_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

const shots = process.env.SHOTS_DIR;

test('the admin generates a contract, the agent signs it by the e-mailed link, the admin opens the signed PDF', async ({
  page,
  browser,
}) => {
  const [agent] = await query<{ id: number }>('SELECT id FROM users_master WHERE email = $1', [personas.agent]);
  const typedName = `Agent Demo ${Date.now() % 100000}`;
  const newestMail = async () =>
    (
      await query<{ id: number; body: string }>(
        'SELECT id::int AS id, body FROM outbox_messages WHERE recipient = $1 AND channel = $2 ORDER BY id DESC LIMIT 1',
        [personas.agent, 'email'],
      )
    )[0];
  const before = (await newestMail())?.id ?? 0;
  await openAs(page, 'admin', `/manage-user/${agent!.id}`);
  await page.getByRole('button', { name: 'Dealer Contracts' }).click();
  const dialog = page.getByRole('dialog', { name: /Dealer Contracts/ });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Dealer Code')).toHaveValue(`Z-${agent!.id}`);
  await expect(dialog.getByLabel(/E-mail/)).toHaveValue(personas.agent);

  // Two annexures only: refused before anything is sent.
  await dialog.getByRole('combobox', { name: /Annexure 1/ }).click();
  await page.getByRole('option', { name: 'Resellers (306180)' }).click();
  await dialog.getByRole('combobox', { name: /Annexure 2/ }).click();
  await page.getByRole('option', { name: 'Standard Leader Commission (306181)' }).click();
  await dialog.getByRole('button', { name: 'Generate Contract' }).click();
  await expect(dialog.getByText('Choose three annexures')).toBeVisible();

  await dialog.getByRole('combobox', { name: /Annexure 3/ }).click();
  // An annexure already chosen cannot be chosen twice.
  await expect(page.getByRole('option', { name: 'Resellers (306180)' })).toHaveAttribute('aria-disabled', 'true');
  await page.getByRole('option', { name: 'Multiple Teams Onboarding Growth TL1% (306174)' }).click();
  if (shots) {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: `${shots}/modal-1280.png` });
  }
  await dialog.getByRole('button', { name: 'Generate Contract' }).click();
  await expect(dialog.getByText('Contract generated and sent for signing')).toBeVisible({ timeout: 30_000 });
  const newest = dialog.getByRole('row').nth(1);
  await expect(newest.getByText('Pending')).toBeVisible();
  await expect(newest.getByRole('button', { name: 'Open Signed Contract' })).toHaveCount(0);

  // The signing link, as the agent receives it.
  await expect.poll(async () => (await newestMail())?.id ?? 0).toBeGreaterThan(before);
  const mail = (await newestMail())!.body;
  const link = linkIn(mail, /\/sign-contract\/[A-Za-z0-9_-]{43}$/);
  const signingPath = new URL(link).pathname;

  // The link's holder signs without signing in.
  const holder = await browser.newContext({ baseURL: page.url(), serviceWorkers: 'block' });
  const signer = await holder.newPage();
  await signer.goto(signingPath);
  await expect(signer.getByRole('heading', { name: 'Sign your Dealer Agency Agreement' })).toBeVisible();
  await expect(signer.getByText(/Multiple Teams Onboarding Growth TL1% \(306174\)/)).toBeVisible();
  const readHref = await signer.getByRole('link', { name: 'Read the agreement (PDF)' }).getAttribute('href');
  const unsigned = await signer.request.get(readHref!);
  expect(unsigned.headers()['content-type']).toBe('application/pdf');
  expect(pdfText(await unsigned.body())).toContain('DEALER AGENCY AGREEMENT');

  // Without consent nothing is signed.
  await signer.getByLabel(/Your full name/).fill(typedName);
  await signer.getByRole('button', { name: 'Sign Contract' }).click();
  await expect(signer.getByText('Tick the box to agree to sign electronically')).toBeVisible();
  if (shots) {
    await signer.setViewportSize({ width: 1280, height: 900 });
    await signer.screenshot({ path: `${shots}/signing-1280.png`, fullPage: true });
    await signer.setViewportSize({ width: 400, height: 860 });
    await signer.screenshot({ path: `${shots}/signing-400.png`, fullPage: true });
  }
  await signer.getByLabel(/I agree to sign it electronically/).check();
  await signer.getByRole('button', { name: 'Sign Contract' }).click();
  await expect(signer.getByRole('heading', { name: 'Your signed contract' })).toBeVisible();
  await expect(signer.getByText(`Signed by ${typedName}`)).toBeVisible();
  if (shots) await signer.screenshot({ path: `${shots}/signed-400.png`, fullPage: true });

  // The same link cannot sign again.
  const again = await signer.request.post(`/api${signingPath}/sign`, {
    data: { name: 'Someone Else', consent: true },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(again.status()).toBe(409);
  await holder.close();

  // The admin opens the signed contract.
  await page.reload();
  await page.getByRole('button', { name: 'Dealer Contracts' }).click();
  const reopened = page.getByRole('dialog', { name: /Dealer Contracts/ });
  const signedRow = reopened.getByRole('row').nth(1);
  await expect(signedRow.getByText('Completed')).toBeVisible();
  await expect(signedRow.getByText(`Signed by ${typedName}`)).toBeVisible();
  if (shots) {
    await page.screenshot({ path: `${shots}/modal-completed-1280.png` });
    await page.setViewportSize({ width: 400, height: 860 });
    await page.screenshot({ path: `${shots}/modal-400.png` });
    await page.setViewportSize({ width: 1280, height: 900 });
  }
  const popup = page.waitForEvent('popup');
  await signedRow.getByRole('button', { name: 'Open Signed Contract' }).click();
  const opened = await popup;
  const pdf = await page.request.get(opened.url());
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  const lines = pdfText(await pdf.body());
  expect(lines).toContain(typedName);
  expect(lines).toContain('SIGNING CERTIFICATE');
  expect(lines).toContain('Original document SHA-256');
});
