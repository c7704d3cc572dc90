import type { Browser, Page } from '@playwright/test';
import sharp from 'sharp';
import { putAwayAlertPopups, query } from './db.ts';
import { e2eBaseUrl } from './environment.ts';
import { expect, openAs, personas, test } from './fixtures.ts';
import { AdminOutbox } from './outbox.ts';

// The dealer side of support tickets (spec 2 "Sales Assist tab", "Agent Support tab", §4, §5):
// the agent adds a lead, raises an agent support ticket with a document, sees the helpdesk's
// reply arrive without a reload, and rates the closed ticket once.

const headers = { origin: e2eBaseUrl };
const SUPPLIER = 'Metro Fibre Connect';

async function signedInPage(browser: Browser, who: keyof typeof personas): Promise<Page> {
  const context = await browser.newContext({
    baseURL: e2eBaseUrl,
    viewport: { width: 1366, height: 900 },
    serviceWorkers: 'block',
  });
  const page = await context.newPage();
  await openAs(page, who);
  return page;
}

async function openSupplierTab(page: Page, tab: 'Sales Assist' | 'Agent Support'): Promise<void> {
  await page.getByRole('region', { name: 'Supplier dashboards' }).getByRole('link', { name: SUPPLIER }).click();
  await expect(page.getByRole('heading', { name: SUPPLIER, level: 1 })).toBeVisible();
  await page.getByRole('tab', { name: tab }).click();
}

async function shoot(page: Page, name: string): Promise<void> {
  const shots = process.env.SHOTS_DIR;
  if (!shots) return;
  for (const width of [1280, 400]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${shots}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1366, height: 900 });
}

test('an agent adds a lead: the required fields, the payment type, then the lead in the table', async ({ page }) => {
  test.setTimeout(60_000);
  const run = `${Date.now()}`.slice(-6);
  const customer = `Lerato Mokoena ${run}`;
  // The demo alerts would pop up on load: put away beforehand (they stay unread).
  await putAwayAlertPopups(personas.agent);
  await openAs(page, 'agent');
  await openSupplierTab(page, 'Sales Assist');
  await expect(page.getByText(/handles lead-related queries only/)).toBeVisible();
  for (const status of ['Open', 'In Progress', 'Closed']) {
    await expect(page.getByRole('checkbox', { name: status })).toBeChecked();
  }
  await shoot(page, 'sales-assist');

  await page.getByRole('button', { name: 'Add Lead' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Lead' });
  await dialog.getByRole('button', { name: 'Submit Lead' }).click();
  await expect(page.getByText('Please add all required fields').first()).toBeVisible();

  await dialog.getByLabel('Customer Name').fill(customer);
  await dialog.getByLabel('ID Number').fill('9004120077081');
  await dialog.getByLabel('Phone Number').fill('0831234567');
  await dialog.getByLabel('Email Address').fill(`lerato.${run}@mail.test`);
  await dialog.getByLabel(/^Address/).fill('12 Jabavu Street, Soweto');
  await dialog.getByLabel('I agree to the Terms and Conditions').check();
  // Metro takes payment types: the lead needs one.
  await dialog.getByRole('button', { name: 'Submit Lead' }).click();
  await expect(dialog.getByText('Please add all required fields')).toBeVisible();
  await dialog.getByLabel('Payment Type').selectOption('Debit order');
  await dialog.getByRole('button', { name: 'Submit Lead' }).click();
  await expect(page.getByText(/Lead ZSA-\d{6} created/)).toBeVisible();
  await expect(dialog).toBeHidden();

  const grid = page.getByRole('grid', { name: 'Sales Assist tickets' });
  const lead = grid.getByRole('row').filter({ hasText: customer });
  await expect(lead).toContainText(/ZSA-\d{6}/);
  await expect(lead).toContainText('Open');
  const [stored] = await query<{ payment_type: string; ticket_num: string }>(
    'SELECT payment_type, ticket_num FROM tickets WHERE customer_name = $1',
    [customer],
  );
  expect(stored?.payment_type).toBe('Debit order');
});

test('an agent raises a support ticket with a document, reads the reply live and rates it once', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const run = `${Date.now()}`.slice(-6);
  const supplierTicket = `MFC-E2E-${run}`;
  // The demo alerts would pop up on load: put away beforehand (they stay unread).
  await putAwayAlertPopups(personas.agent);
  await openAs(page, 'agent');
  await openSupplierTab(page, 'Agent Support');
  await expect(page.getByRole('heading', { name: 'Agent Support Tickets' })).toBeVisible();
  await shoot(page, 'agent-support');

  await page.getByRole('button', { name: 'New Ticket' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Agent Support Ticket' });
  // The supplier's instructions, as formatted text.
  await expect(dialog.locator('strong', { hasText: 'Before you log a ticket' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Upload Documents' }).click();
  await expect(page.getByText('Please complete all required fields before uploading documents.')).toBeVisible();

  await dialog.getByRole('combobox', { name: 'Ticket Category' }).click();
  await page.getByRole('option', { name: 'Installation delay' }).click();
  const today = new Date().toISOString().slice(0, 10);
  const date = dialog.getByRole('group', { name: 'Ticket Date' });
  await date.click();
  await page.keyboard.type(today.replaceAll('-', ''));
  await dialog.getByLabel('Supplier Ticket Number').fill(supplierTicket);
  await dialog.getByLabel('Additional Notes').fill('The installer did not arrive on the booked day.');
  await dialog.getByLabel('I agree to the Terms and Conditions').check();
  await shoot(page, 'new-ticket');

  const png = await sharp({ create: { width: 24, height: 24, channels: 3, background: { r: 20, g: 90, b: 200 } } })
    .png()
    .toBuffer();
  await dialog
    .getByTestId('ticket-documents-input')
    .setInputFiles([{ name: 'installer-booking.png', mimeType: 'image/png', buffer: png }]);
  await expect(dialog.getByText('installer-booking.png')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Manage Documents' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Submit Ticket' }).click();
  await expect(page.getByText(/Ticket ZAA\d+ created/)).toBeVisible();

  const [ticket] = await query<{ id: number; ticket_num: string }>(
    'SELECT id, ticket_num FROM tickets WHERE supplier_ticket_number = $1',
    [supplierTicket],
  );
  const id = Number(ticket!.id);
  const number = ticket!.ticket_num;
  const grid = page.getByRole('grid', { name: 'Agent Support Tickets' });
  const row = grid.getByRole('row').filter({ hasText: supplierTicket });
  await expect(row).toContainText(number);
  await expect(row).toContainText('New');
  await expect(row).toContainText('Installation delay');

  // The ticket view: the creation notice, the document, the details.
  await row.getByRole('button', { name: `View ${number}` }).click();
  const view = page.getByRole('dialog', { name: new RegExp(number) });
  const log = view.getByRole('log', { name: 'Ticket activity' });
  await expect(log.getByText('Ticket Update').first()).toBeVisible();
  await view.getByRole('tab', { name: 'Documents' }).click();
  await expect(view.getByText('installer-booking.png')).toBeVisible();
  await expect(view.getByRole('button', { name: 'Add Supporting Documents' })).toBeEnabled();
  await view.getByRole('tab', { name: 'Details' }).click();
  await expect(view.getByText('Supplier Ticket Number')).toBeVisible();
  await expect(view.getByText(supplierTicket)).toBeVisible();
  await view.getByRole('tab', { name: 'Activity' }).click();

  // The agent writes; the helpdesk answers from elsewhere; the answer shows without a reload.
  await view.getByLabel('Message').fill('Any news from the installer?');
  await view.getByRole('button', { name: 'Send' }).click();
  await expect(log.getByText('Any news from the installer?')).toBeVisible();
  const mails = await AdminOutbox.open(browser, 'agent@demo.co.za');
  const mailBefore = await mails.newestId();
  const admin = await signedInPage(browser, 'admin');
  const reply = `Booked for tomorrow ${run}`;
  const answered = await admin.request.post(`/api/tickets/agent_support/${id}/activity`, {
    headers,
    data: { text: reply, internal: false },
  });
  expect(answered.ok()).toBe(true);
  const secret = `Internal: supplier slow ${run}`;
  const noted = await admin.request.post(`/api/tickets/agent_support/${id}/activity`, {
    headers,
    data: { text: secret, internal: true },
  });
  expect(noted.ok()).toBe(true);
  await expect(log.getByText(reply)).toBeVisible();
  await expect(log.getByText(secret)).toHaveCount(0);
  // The reply is mailed to the agent ('Ticket Response'), read as a tester would on '/outbox'.
  try {
    expect(await mails.waitForNewer(mailBefore)).toContain('Your ticket received a response');
  } finally {
    await mails.close();
  }
  // Nor does the internal note reach the agent through the API.
  const thread = await page.request.get(`/api/tickets/agent_support/${id}/activity`);
  expect(thread.ok()).toBe(true);
  const threadText = await thread.text();
  expect(threadText).toContain(reply);
  expect(threadText).not.toContain(secret);

  // Closed by the helpdesk: no more messages; the agent rates once, in the thread.
  const closed = await admin.request.put(`/api/admin/tickets/agent_support/${id}`, {
    headers,
    data: { status: 'Closed' },
  });
  expect(closed.ok()).toBe(true);
  await admin.context().close();
  await expect(view.getByLabel('Message')).toHaveCount(0);
  const rateForm = view.getByRole('form', { name: 'Rate the service' });
  await expect(rateForm).toBeVisible();
  // The stars are radios hidden behind their labels, as MUI draws them.
  await rateForm.locator('label').filter({ hasText: '4 Stars' }).click();
  await rateForm.getByLabel('Comment (optional)').fill('Sorted quickly');
  await rateForm.getByRole('button', { name: 'Submit Rating' }).click();
  await expect(page.getByText('Service rated successfully')).toBeVisible();
  await expect(view.getByText('This ticket is closed and was rated 4/5.')).toBeVisible();
  await shoot(page, 'ticket-view');
  await view.getByRole('tab', { name: 'Documents' }).click();
  await expect(view.getByRole('button', { name: 'Add Supporting Documents' })).toBeDisabled();
  await view.getByRole('button', { name: 'Close' }).click();

  // Rated: the table shows the read-only neutral icon, and the server refuses a second rating.
  await expect(row.getByRole('button', { name: `Rate service ${number}` })).toHaveCount(0);
  await expect(row.getByLabel('Rated 4/5 Sorted quickly')).toBeVisible();
  const again = await page.request.post(`/api/tickets/agent_support/${id}/rating`, {
    headers,
    data: { star: 5, comment: null },
  });
  expect(again.ok()).toBe(false);
  const [rated] = await query<{ rating_star: number }>('SELECT rating_star FROM tickets WHERE id = $1', [id]);
  expect(Number(rated!.rating_star)).toBe(4);
});
