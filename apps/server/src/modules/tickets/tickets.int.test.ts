import type { AddressInfo } from 'node:net';
import {
  type AdminTicketPage,
  type DealerTicketPage,
  TICKET_MESSAGES,
  type TicketCreated,
  type TicketDetail,
  type TicketThread,
} from '@portal/domain/tickets/tickets';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { untilLockWaiters } from '../../../test/lock-waits.ts';
import { lastMessageTo } from '../../../test/outbox-reader.ts';
import { connectEvents } from '../../../test/sse-client.ts';
import { createTestContext, TEST_ORIGIN, type TestContext } from '../../../test/test-app.ts';
import { authSession, outboxMessages, usersAccessIndex, usersMaster } from '../../db/schema/index.ts';
import { createSupportStatus } from '../../db/seed/activity-factories.ts';
import {
  addAssistRecipients,
  createProductType,
  createSupplier,
  createUser,
  grantFeatures,
  linkUser,
  nextSequence,
  type UserRow,
} from '../../db/seed/factories.ts';
import { HOUR } from '../../platform/clock.ts';
import { countAdminUnread } from './tickets.queries.ts';

// The ticket engine over HTTP and a real database (decision 021): creation rules and messages,
// the dealer's and the helpdesk's lists, read tracking on both sides, Mark as Unread, who may see
// what (another dealer's ticket is a 404; internal notes never reach a dealer, nor their stream),
// closed tickets, ratings, the helpdesk edit (history, audit, e-mail, alert), the SLA pause,
// canned replies and the console's search.

const PASSWORD = 'Secret123';
let ctx: TestContext;
let baseUrl: string;
const cookies = { agent: '', other: '', admin: '', flagless: '', contact: '' };
type Who = keyof typeof cookies;
let agent: UserRow;
let admin: UserRow;
let contact: UserRow;
let metro: { id: number; supplierName: string };
let unlinked: { id: number };
let hidden: { id: number };
let category: { id: number };
let waiting: { id: number };
let working: { id: number };
let resolved: { id: number };
const n = nextSequence();

async function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who: Who, payload?: unknown) {
  return ctx.app.inject({
    method,
    url,
    headers: { cookie: cookies[who], origin: TEST_ORIGIN },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

const newSupportTicket = (who: Who = 'agent', extra: Record<string, unknown> = {}) =>
  call('POST', '/api/tickets/agent_support', who, {
    supplierId: metro.id,
    categoryId: category.id,
    ticketDate: '2026-11-20',
    supplierTicketNumber: 'SUP-1',
    userNote: 'Router not delivered',
    agreedToTerms: true,
    ...extra,
  });

async function createSupport(who: Who = 'agent'): Promise<TicketCreated> {
  const res = await newSupportTicket(who);
  expect(res.statusCode).toBe(201);
  return res.json() as TicketCreated;
}

const lead = (extra: Record<string, unknown> = {}) => ({
  supplierId: metro.id,
  customerName: 'Nandi Zulu',
  address: '14 Vilakazi Street',
  phoneNumber: '0831234567',
  emailAddress: 'nandi@mail.test',
  idNumber: '9004120123088',
  paymentType: 'Card',
  agreedToTerms: true,
  ...extra,
});

const url = (id: number, rest = '', kind = 'agent_support') => `/api/tickets/${kind}/${id}${rest}`;
const adminUrl = (id: number, rest = '', kind = 'agent_support') => `/api/admin/tickets/${kind}/${id}${rest}`;

/** A ticket document uploaded (POST /api/files) by `who`; its id. */
async function uploadDocument(who: Who): Promise<string> {
  const boundary = 'ticketboundary';
  const pdf = '%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="purpose"\r\n\r\nticket_document\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="invoice.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
    ),
    Buffer.from(pdf),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const uploaded = await ctx.app.inject({
    method: 'POST',
    url: '/api/files',
    headers: { cookie: cookies[who], origin: TEST_ORIGIN, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
  expect(uploaded.statusCode).toBe(201);
  return uploaded.json().id as string;
}

async function dealerRow(id: number, who: Who = 'agent') {
  const page = (await call('GET', `/api/tickets/agent_support?supplierId=${metro.id}&pageSize=100`, who)).json();
  return (page as DealerTicketPage).items.find((row) => row.id === id);
}
async function adminRow(id: number, query = '') {
  const page = (
    await call('GET', `/api/admin/tickets/agent_support?pageSize=100&status=Open,In Progress,Closed${query}`, 'admin')
  ).json();
  return (page as AdminTicketPage).items.find((row) => row.id === id);
}
const update = (id: number, body: Record<string, unknown>) => call('PUT', adminUrl(id), 'admin', body);

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  baseUrl = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  const db = ctx.db;
  admin = await createUser(db, { isAdmin: true, password: PASSWORD, firstName: 'Help', surname: 'Desk' });
  await grantFeatures(db, admin.id, ['Sales Assist', 'Agent Support']);
  const flagless = await createUser(db, { isAdmin: true, password: PASSWORD });
  agent = await createUser(db, { password: PASSWORD, firstName: 'Thandi', surname: 'Mokoena' });
  const other = await createUser(db, { password: PASSWORD, firstName: 'Other', surname: 'Agent' });
  contact = await createUser(db, { isAdmin: true, password: PASSWORD, firstName: 'Supplier', surname: 'Contact' });
  // A sales-assist recipient holds the Sales Assist flag (decision 068), an agent-support one the
  // Agent Support flag (decision 078).
  await grantFeatures(db, contact.id, ['Sales Assist', 'Agent Support']);
  const type = await createProductType(db, `Tickets Fibre ${n}`);
  metro = await createSupplier(db, {
    supplierName: `Tickets Metro ${n}`,
    productTypeIds: [type.id],
    regex: '^MFC-\\d{6}$',
    salesAssist: true,
    agentAssist: true,
    paymentTypes: ['Debit order', 'Card'],
  });
  unlinked = await createSupplier(db, { supplierName: `Tickets Elsewhere ${n}`, salesAssist: true, agentAssist: true });
  hidden = await createSupplier(db, {
    supplierName: `Tickets Hidden ${n}`,
    supplierStatus: 3,
    salesAssist: true,
    agentAssist: true,
    salesAssistText: 'Hidden instructions',
  });
  await linkUser(db, agent.id, { supplierIds: [metro.id, hidden.id] });
  await linkUser(db, other.id, { supplierIds: [metro.id] });
  await addAssistRecipients(db, metro.id, 2, [contact.id]);
  await addAssistRecipients(db, metro.id, 1, [contact.id]);
  category = await createSupportStatus(db, {
    status: 'Installation delay',
    statusType: 'category',
    category: 'agent_support',
  });
  waiting = await createSupportStatus(db, {
    status: 'Waiting on supplier',
    statusType: 'in_progress',
    category: 'agent_support',
    pausesSla: true,
  });
  working = await createSupportStatus(db, {
    status: 'Investigating',
    statusType: 'in_progress',
    category: 'agent_support',
  });
  resolved = await createSupportStatus(db, { status: 'Resolved', statusType: 'closed', category: 'agent_support' });
  cookies.agent = await ctx.signIn(agent.email!, PASSWORD);
  cookies.other = await ctx.signIn(other.email!, PASSWORD);
  cookies.admin = await ctx.signIn(admin.email!, PASSWORD);
  cookies.flagless = await ctx.signIn(flagless.email!, PASSWORD);
  cookies.contact = await ctx.signIn(contact.email!, PASSWORD);
});

afterAll(async () => {
  await ctx?.close();
});

describe('creating tickets', () => {
  it('refuses a lead without its required fields, with the spec’s message', async () => {
    const res = await call(
      'POST',
      '/api/tickets/sales_assist',
      'agent',
      lead({ customerName: '', agreedToTerms: false }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe('Please add all required fields');
  });

  it('answers at once on a supplier pattern that would take exponential time, refusing the reference', async () => {
    const slow = await createSupplier(ctx.db, {
      supplierName: `Tickets Slow ${n}`,
      regex: '^([A-Z0-9]+-?)+$',
      salesAssist: true,
    });
    await linkUser(ctx.db, agent.id, { supplierIds: [slow.id] });
    const started = Date.now();
    const refused = await call(
      'POST',
      '/api/tickets/sales_assist',
      'agent',
      lead({ supplierId: slow.id, paymentType: null, refNumber: `${'A'.repeat(27)}!` }),
    );
    expect(Date.now() - started).toBeLessThan(1500);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().detail).toBe('Reference number does not follow the correct format.');
  }, 60_000);

  it('asks for a payment type when the supplier has them, and checks the reference pattern without spaces', async () => {
    const noPayment = await call('POST', '/api/tickets/sales_assist', 'agent', lead({ paymentType: null }));
    expect(noPayment.statusCode).toBe(400);
    expect(noPayment.json().detail).toBe('Please add all required fields');
    const badRef = await call('POST', '/api/tickets/sales_assist', 'agent', lead({ refNumber: '12345' }));
    expect(badRef.json().detail).toBe('Reference number does not follow the correct format.');
    const good = await call('POST', '/api/tickets/sales_assist', 'agent', lead({ refNumber: 'MFC- 123 456' }));
    expect(good.statusCode).toBe(201);
    const created = good.json() as TicketCreated;
    expect(created.ticketNum).toBe(`ZSA-${String(created.id).padStart(6, '0')}`);
    const detail = (await call('GET', url(created.id, '', 'sales_assist'), 'agent')).json() as TicketDetail;
    expect(detail).toMatchObject({ refNumber: 'MFC-123456', status: 'Open', customerName: 'Nandi Zulu' });
    const mail = await lastMessageTo(ctx.db, contact.email!, 'email');
    expect(mail.subject).toBe(`New Sales Assist for ${metro.supplierName}`);
  });

  it('refuses an agent support ticket without category, date or terms', async () => {
    for (const missing of [{ categoryId: undefined }, { ticketDate: '' }, { agreedToTerms: false }]) {
      const res = await newSupportTicket('agent', missing);
      expect(res.statusCode).toBe(400);
      expect(res.json().detail).toBe('Please complete all required fields');
    }
  });

  it('refuses a supplier the dealer is not linked to', async () => {
    const res = await call('POST', '/api/tickets/agent_support', 'agent', {
      supplierId: unlinked.id,
      categoryId: category.id,
      ticketDate: '2026-11-20',
      agreedToTerms: true,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toBe(TICKET_MESSAGES.supplierNotLinked);
  });

  it('refuses a hidden supplier as its page does, even to a dealer registered with it: no form, no ticket', async () => {
    const form = await call('GET', `/api/tickets/sales_assist/form?supplierId=${hidden.id}`, 'agent');
    expect(form.statusCode).toBe(404);
    expect(form.body).not.toContain('Hidden instructions');
    const support = await call('POST', '/api/tickets/agent_support', 'agent', {
      supplierId: hidden.id,
      categoryId: category.id,
      ticketDate: '2026-11-20',
      agreedToTerms: true,
    });
    expect(support.statusCode).toBe(403);
    expect(support.json().code).toBe('SUPPLIER_NOT_OPEN');
    const leadRes = await call(
      'POST',
      '/api/tickets/sales_assist',
      'agent',
      lead({ supplierId: hidden.id, paymentType: null }),
    );
    expect(leadRes.statusCode).toBe(403);
    const { rows } = await ctx.db.$client.query('SELECT 1 FROM tickets WHERE suppliers_master_id = $1', [hidden.id]);
    expect(rows).toEqual([]);
  });

  it('writes the creation activity and e-mails the supplier’s agent support contacts', async () => {
    const created = await createSupport();
    expect(created.ticketNum).toBe(`ZAA${created.id}`);
    const thread = (await call('GET', url(created.id, '/activity'), 'agent')).json() as TicketThread;
    expect(thread.items).toEqual([
      expect.objectContaining({ type: 'update', text: `Ticket ZAA${created.id} created` }),
    ]);
    const mail = await lastMessageTo(ctx.db, contact.email!, 'email');
    expect(mail.subject).toBe(`New Agent Support for ${metro.supplierName}`);
    expect(mail.body).toContain(`Ticket number: ZAA${created.id}`);
    expect(mail.body).toContain(`Dealer: Z-${agent.id}: Thandi Mokoena`);
    expect(mail.body).toContain('Category: Installation delay');
    expect(mail.body).toContain('Date: 2026-11-20');
    expect(mail.body).toContain('Note: Router not delivered');
    const row = await dealerRow(created.id);
    expect(row).toMatchObject({ statusLabel: 'New', category: 'Installation delay', unread: false });
  });
});

describe('the new-ticket e-mail', () => {
  it('goes to recipients who are admins now: not to one who left, was deleted or is no longer an admin', async () => {
    // The recipients were picked among admins; a leaver must not keep getting every lead's customer.
    const leavers = [];
    for (const change of [{ status: 3 }, { status: 4 }, { notAdmin: true }]) {
      const leaver = await createUser(ctx.db, { isAdmin: true, password: PASSWORD });
      await addAssistRecipients(ctx.db, metro.id, 1, [leaver.id]);
      await addAssistRecipients(ctx.db, metro.id, 2, [leaver.id]);
      if ('status' in change) {
        await ctx.db
          .update(usersMaster)
          .set({ refsUserLifecycleStatusId: change.status })
          .where(eq(usersMaster.id, leaver.id));
      } else {
        await ctx.db.update(usersMaster).set({ isAdmin: false }).where(eq(usersMaster.id, leaver.id));
      }
      leavers.push(leaver);
    }
    const created = await call('POST', '/api/tickets/sales_assist', 'agent', lead());
    expect(created.statusCode).toBe(201);
    await createSupport();
    const mailed = await ctx.db
      .select({ recipient: outboxMessages.recipient })
      .from(outboxMessages)
      .where(
        inArray(
          outboxMessages.recipient,
          leavers.map((leaver) => leaver.email!),
        ),
      );
    expect(mailed).toEqual([]);
    // The supplier's current contact still hears of both.
    expect((await lastMessageTo(ctx.db, contact.email!, 'email')).subject).toBe(
      `New Agent Support for ${metro.supplierName}`,
    );
  });
});

describe('the new-lead e-mail (decision 068)', () => {
  it('reaches no recipient who lacks the Sales Assist flag, though they are an active admin on the list', async () => {
    // The lead's customer name and phone are the helpdesk's to read: an admin put on the list
    // without the flag (before the rule, or since losing it) receives nothing.
    const flagless = await createUser(ctx.db, { isAdmin: true, password: PASSWORD });
    const lost = await createUser(ctx.db, { isAdmin: true, password: PASSWORD });
    await grantFeatures(ctx.db, lost.id, ['Agent Support']);
    await addAssistRecipients(ctx.db, metro.id, 1, [flagless.id, lost.id]);
    const created = await call('POST', '/api/tickets/sales_assist', 'agent', lead());
    expect(created.statusCode).toBe(201);
    const { ticketNum } = created.json() as TicketCreated;
    const mailed = await ctx.db
      .select({ recipient: outboxMessages.recipient })
      .from(outboxMessages)
      .where(inArray(outboxMessages.recipient, [flagless.email!, lost.email!]));
    expect(mailed).toEqual([]);
    // The flag holder on the list still hears of it, with the lead.
    const mail = await lastMessageTo(ctx.db, contact.email!, 'email');
    expect(mail.subject).toBe(`New Sales Assist for ${metro.supplierName}`);
    expect(mail.body).toContain(`Ticket number: ${ticketNum}`);
  });
});

describe('the new-ticket e-mail to agent-support recipients (decision 078)', () => {
  it('reaches no recipient who lacks the Agent Support flag, though they are an active admin on the list', async () => {
    // An admin put on the list without the flag (before the rule, or since losing it), or holding
    // only Sales Assist, receives nothing; the flag holder on the list does.
    const flagless = await createUser(ctx.db, { isAdmin: true, password: PASSWORD });
    const salesOnly = await createUser(ctx.db, { isAdmin: true, password: PASSWORD });
    await grantFeatures(ctx.db, salesOnly.id, ['Sales Assist']);
    const holder = await createUser(ctx.db, { isAdmin: true, password: PASSWORD });
    await grantFeatures(ctx.db, holder.id, ['Agent Support']);
    await addAssistRecipients(ctx.db, metro.id, 2, [flagless.id, salesOnly.id, holder.id]);
    const { ticketNum } = await createSupport();
    const mailed = await ctx.db
      .select({ recipient: outboxMessages.recipient, subject: outboxMessages.subject })
      .from(outboxMessages)
      .where(inArray(outboxMessages.recipient, [flagless.email!, salesOnly.email!, holder.email!]));
    expect(mailed).toEqual([{ recipient: holder.email!, subject: `New Agent Support for ${metro.supplierName}` }]);
    const mail = await lastMessageTo(ctx.db, contact.email!, 'email');
    expect(mail.subject).toBe(`New Agent Support for ${metro.supplierName}`);
    expect(mail.body).toContain(ticketNum);
  });
});

describe('read tracking', () => {
  it('flags a helpdesk reply unread for the dealer until they open the thread', async () => {
    const { id } = await createSupport();
    expect((await call('POST', url(id, '/activity'), 'admin', { text: 'We are on it' })).statusCode).toBe(201);
    expect((await dealerRow(id))?.unread).toBe(true);
    const thread = (await call('GET', url(id, '/activity'), 'agent')).json() as TicketThread;
    expect(thread.items.at(-1)).toMatchObject({ type: 'admin', text: 'We are on it', wasUnread: true });
    expect((await dealerRow(id))?.unread).toBe(false);
    const mail = await lastMessageTo(ctx.db, agent.email!, 'email');
    expect(mail.subject).toBe('Ticket Response');
  });

  it('flags a dealer message unread for admins until an admin opens it; Mark as Unread brings it back', async () => {
    const { id } = await createSupport();
    const countBefore = (await call('GET', '/api/admin/tickets/agent_support/unread-count', 'admin')).json().count;
    expect(countBefore).toBeGreaterThan(0);
    expect((await adminRow(id))?.unread).toBe(true);
    await call('GET', url(id, '/activity'), 'admin');
    expect((await adminRow(id))?.unread).toBe(false);
    const countAfter = (await call('GET', '/api/admin/tickets/agent_support/unread-count', 'admin')).json().count;
    expect(countAfter).toBe(countBefore - 1);
    await call('POST', url(id, '/activity'), 'agent', { text: 'Any news?' });
    expect((await adminRow(id))?.unread).toBe(true);
    await call('GET', url(id, '/activity'), 'admin');
    expect((await adminRow(id))?.unread).toBe(false);
    expect((await call('POST', adminUrl(id, '/mark-unread'), 'admin')).statusCode).toBe(200);
    expect((await adminRow(id))?.unread).toBe(true);
    // The dealer's side is untouched by the admin's mark.
    expect((await dealerRow(id))?.unread).toBe(false);
  });
});

describe('who sees what', () => {
  it('answers another dealer with 404 for reading and writing', async () => {
    const { id } = await createSupport();
    for (const [method, rest, body] of [
      ['GET', '', undefined],
      ['GET', '/activity', undefined],
      ['GET', '/files', undefined],
      ['POST', '/activity', { text: 'Hi' }],
      ['POST', '/rating', { star: 5 }],
    ] as const) {
      expect((await call(method, url(id, rest), 'other', body)).statusCode).toBe(404);
    }
    expect(await dealerRow(id, 'other')).toBeUndefined();
  });

  it('refuses the console to a helpdesk admin marked inactive or deleted, on the session they still hold', async () => {
    const { id } = await createSupport();
    for (const status of [3, 4]) {
      const leaver = await createUser(ctx.db, { isAdmin: true, password: PASSWORD });
      await grantFeatures(ctx.db, leaver.id, ['Agent Support']);
      const cookie = await ctx.signIn(leaver.email!, PASSWORD);
      await ctx.db.$client.query('UPDATE users_master SET refs_user_lifecycle_status_id = $1 WHERE id = $2', [
        status,
        leaver.id,
      ]);
      const as = (method: 'GET' | 'DELETE', path: string, payload?: object) =>
        ctx.app.inject({
          method,
          url: path,
          headers: { cookie, origin: TEST_ORIGIN },
          ...(payload ? { payload } : {}),
        });
      expect((await as('GET', '/api/admin/tickets/agent_support')).statusCode).toBe(403);
      expect((await as('GET', '/api/admin/tickets/agent_support/unread-count')).statusCode).toBe(403);
      expect((await as('DELETE', adminUrl(id))).statusCode).toBe(403);
    }
  });

  it('reads the console’s badge with the session every time: a removed flag, role or session is refused at once', async () => {
    // The count is read in the actor's own statement (decision 044); nothing about the actor is kept.
    const helpdesk = await createUser(ctx.db, { isAdmin: true, password: PASSWORD });
    await grantFeatures(ctx.db, helpdesk.id, ['Agent Support']);
    const cookie = await ctx.signIn(helpdesk.email!, PASSWORD);
    const badge = () =>
      ctx.app.inject({
        method: 'GET',
        url: '/api/admin/tickets/agent_support/unread-count',
        headers: { cookie, origin: TEST_ORIGIN },
      });
    await createSupport();
    const first = await badge();
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ count: await countAdminUnread(ctx.db, 'agent_support') });
    await ctx.db.delete(usersAccessIndex).where(eq(usersAccessIndex.userMasterId, helpdesk.id));
    expect((await badge()).statusCode).toBe(403);
    await grantFeatures(ctx.db, helpdesk.id, ['Agent Support']);
    expect((await badge()).statusCode).toBe(200);
    await ctx.db.update(usersMaster).set({ isAdmin: false }).where(eq(usersMaster.id, helpdesk.id));
    expect((await badge()).statusCode).toBe(403);
    await ctx.db.update(usersMaster).set({ isAdmin: true }).where(eq(usersMaster.id, helpdesk.id));
    expect((await badge()).statusCode).toBe(200);
    await ctx.db.delete(authSession).where(eq(authSession.userId, helpdesk.authId!));
    expect((await badge()).statusCode).toBe(401);
    // A dealer is refused (the count is not even read for a non-admin).
    expect((await call('GET', '/api/admin/tickets/agent_support/unread-count', 'agent')).statusCode).toBe(403);
  });

  it('refuses the consoles to an admin without the kind’s flag', async () => {
    expect((await call('GET', '/api/admin/tickets/agent_support', 'flagless')).statusCode).toBe(403);
    expect((await call('GET', '/api/admin/tickets/sales_assist/unread-count', 'flagless')).statusCode).toBe(403);
    const { id } = await createSupport();
    expect((await update(id, { status: 'Closed' })).statusCode).toBe(200);
    expect((await call('PUT', adminUrl(id), 'flagless', { status: 'Open' })).statusCode).toBe(403);
    expect((await call('GET', url(id), 'flagless')).statusCode).toBe(404);
  });

  it('never shows an internal note to the dealer: thread, detail, list, unread flag and event stream', async () => {
    const { id } = await createSupport();
    await call('GET', url(id, '/activity'), 'agent');
    const dealerStream = await connectEvents(baseUrl, cookies.agent);
    const adminStream = await connectEvents(baseUrl, cookies.admin);
    try {
      const secret = `Dealer is difficult ${n}`;
      const note = await call('POST', url(id, '/activity'), 'admin', { text: secret, internal: true });
      expect(note.statusCode).toBe(201);
      expect(note.json()).toMatchObject({ type: 'internal', adminOnly: true });
      await adminStream.next((e) => e.type === 'ticket.activity' && e.data.ticketId === id);
      // Then something the dealer may hear, so the stream has caught up to the note.
      await call('POST', url(id, '/activity'), 'admin', { text: 'Public reply' });
      await dealerStream.next((e) => e.type === 'ticket.activity' && e.data.ticketId === id);
      const heard = dealerStream.events.filter((e) => e.data.ticketId === id);
      expect(heard).toHaveLength(1);
      expect(JSON.stringify(dealerStream.events)).not.toContain(secret);

      const thread = await call('GET', url(id, '/activity'), 'agent');
      expect(thread.body).not.toContain(secret);
      expect((thread.json() as TicketThread).items.map((a) => a.type)).not.toContain('internal');
      expect((await call('GET', url(id), 'agent')).body).not.toContain(secret);
      expect((await call('GET', `/api/tickets/agent_support?supplierId=${metro.id}`, 'agent')).body).not.toContain(
        secret,
      );
      expect((await dealerRow(id))?.unread).toBe(false);
      const adminThread = (await call('GET', url(id, '/activity'), 'admin')).json() as TicketThread;
      expect(adminThread.items.map((a) => a.text)).toContain(secret);
    } finally {
      dealerStream.close();
      adminStream.close();
    }
  });

  it('leaves no trace of an internal note a dealer can read: the ticket’s last update and its author stay', async () => {
    const { id } = await createSupport();
    const before = (await call('GET', url(id), 'agent')).json() as TicketDetail;
    const rowBefore = await dealerRow(id);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const note = await call('POST', url(id, '/activity'), 'admin', { text: `Internal only ${n}`, internal: true });
    expect(note.statusCode).toBe(201);
    const after = (await call('GET', url(id), 'agent')).json() as TicketDetail;
    expect(after.lastUpdatedAt).toBe(before.lastUpdatedAt);
    expect(after.lastUpdatedByName).toBe(before.lastUpdatedByName);
    expect((await dealerRow(id))?.lastUpdatedAt).toBe(rowBefore?.lastUpdatedAt);
    // A reply the dealer sees is an update they may see.
    await call('POST', url(id, '/activity'), 'admin', { text: 'Public reply' });
    expect(((await call('GET', url(id), 'agent')).json() as TicketDetail).lastUpdatedByName).toBe('Help Desk');
  });

  it('refuses an internal note from a dealer', async () => {
    const { id } = await createSupport();
    const res = await call('POST', url(id, '/activity'), 'agent', { text: 'psst', internal: true });
    expect(res.statusCode).toBe(403);
  });
});

describe('closing, documents and rating', () => {
  it('refuses messages and files on a Closed ticket, with a clear 409', async () => {
    const { id } = await createSupport();
    await update(id, { status: 'Closed', closedStatusId: resolved.id });
    const message = await call('POST', url(id, '/activity'), 'agent', { text: 'One more thing' });
    expect(message.statusCode).toBe(409);
    expect(message.json().detail).toBe(TICKET_MESSAGES.closed);
    const files = await call('POST', url(id, '/files'), 'agent', { fileIds: ['00000000-0000-4000-8000-000000000000'] });
    expect(files.statusCode).toBe(409);
    expect((await call('POST', url(id, '/activity'), 'admin', { text: 'Late reply' })).statusCode).toBe(409);
  });

  it('attaches an uploaded document and says so in the thread', async () => {
    const { id } = await createSupport();
    const fileId = await uploadDocument('agent');
    const res = await call('POST', url(id, '/files'), 'agent', { fileIds: [fileId] });
    expect(res.statusCode).toBe(201);
    expect(res.json().items).toEqual([expect.objectContaining({ id: fileId, originalName: 'invoice.pdf' })]);
    const thread = (await call('GET', url(id, '/activity'), 'admin')).json() as TicketThread;
    expect(thread.items.map((a) => a.text)).toContain('New file uploaded to ticket');
    // The same file cannot join a second ticket.
    const again = await call('POST', url(id, '/files'), 'agent', { fileIds: [fileId] });
    expect(again.statusCode).toBe(400);

    // Who downloads it: the owner and the kind's helpdesk; not another dealer, nor an admin without
    // the kind's flag (another kind's flag is not it), and not once the flag is taken away.
    const download = (who: Who) => call('GET', `/api/files/${fileId}`, who);
    expect((await download('agent')).statusCode).toBe(200);
    expect((await download('admin')).statusCode).toBe(200);
    expect((await download('other')).statusCode).toBe(403);
    expect((await download('flagless')).statusCode).toBe(403);
    const helpdesk2 = await createUser(ctx.db, { isAdmin: true, password: PASSWORD });
    await grantFeatures(ctx.db, helpdesk2.id, ['Sales Assist', 'Agent Support']);
    const helpdesk2Cookie = await ctx.signIn(helpdesk2.email!, PASSWORD);
    const asHelpdesk2 = () =>
      ctx.app.inject({
        method: 'GET',
        url: `/api/files/${fileId}`,
        headers: { cookie: helpdesk2Cookie, origin: TEST_ORIGIN },
      });
    expect((await asHelpdesk2()).statusCode).toBe(200);
    await ctx.db.$client.query(
      `DELETE FROM users_access_index WHERE user_master_id = $1
          AND features_master_id = (SELECT id FROM features_master WHERE name = 'Agent Support')`,
      [helpdesk2.id],
    );
    expect((await asHelpdesk2()).statusCode).toBe(403);
  });

  it('attaches documents named at creation, each to that one ticket', async () => {
    const fileId = await uploadDocument('agent');
    const created = await newSupportTicket('agent', { documentIds: [fileId] });
    expect(created.statusCode).toBe(201);
    const { id } = created.json() as TicketCreated;
    expect((await call('GET', url(id, '/files'), 'agent')).json().items).toEqual([
      expect.objectContaining({ id: fileId }),
    ]);
    const reused = await newSupportTicket('agent', { documentIds: [fileId] });
    expect(reused.statusCode).toBe(400);
    // Another dealer's upload is not theirs to attach.
    const othersFile = await uploadDocument('other');
    expect((await newSupportTicket('agent', { documentIds: [othersFile] })).statusCode).toBe(400);
  });

  it('lets a document join one ticket even when it is attached to two at once', async () => {
    const [first, second] = [await createSupport(), await createSupport()];
    const fileId = await uploadDocument('agent');
    // Another transaction holds the file's row, so both attachments reach it before either commits.
    const holder = await ctx.db.$client.connect();
    await holder.query('BEGIN');
    await holder.query('SELECT 1 FROM stored_files WHERE id = $1 FOR UPDATE', [fileId]);
    const attaching = [first, second].map((t) => call('POST', url(t.id, '/files'), 'agent', { fileIds: [fileId] }));
    try {
      await untilLockWaiters(ctx.db, { count: 2 });
      await holder.query('COMMIT');
    } finally {
      holder.release();
    }
    const answers = (await Promise.all(attaching)).map((res) => res.statusCode).sort();
    expect(answers).toEqual([201, 400]);
    const { rows } = await ctx.db.$client.query('SELECT ticket_id FROM ticket_files WHERE stored_file_id = $1', [
      fileId,
    ]);
    expect(rows).toHaveLength(1);
  });

  it('lets the owner rate a Closed ticket once', async () => {
    const { id } = await createSupport();
    const early = await call('POST', url(id, '/rating'), 'agent', { star: 4 });
    expect(early.statusCode).toBe(409);
    await update(id, { status: 'Closed' });
    expect((await call('POST', url(id, '/rating'), 'agent', { star: 0 })).json().detail).toBe(
      TICKET_MESSAGES.ratingRequired,
    );
    expect((await call('POST', url(id, '/rating'), 'admin', { star: 5 })).statusCode).toBe(403);
    const rated = await call('POST', url(id, '/rating'), 'agent', { star: 2, comment: 'Slow' });
    expect(rated.statusCode).toBe(200);
    expect(rated.json()).toMatchObject({ rating: { star: 2, comment: 'Slow' }, canRate: false });
    const again = await call('POST', url(id, '/rating'), 'agent', { star: 5 });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe(TICKET_MESSAGES.alreadyRated);
    expect((await dealerRow(id))?.rating).toEqual({ star: 2, comment: 'Slow' });
  });
});

describe('the helpdesk edit', () => {
  it('writes history, an update activity and an audit line, and tells the owner by e-mail and alert', async () => {
    const { id } = await createSupport();
    const res = await update(id, { status: 'In Progress', inProgressStatusId: working.id, feedback: 'Checking' });
    expect(res.statusCode).toBe(200);
    const detail = res.json() as TicketDetail;
    expect(detail).toMatchObject({ status: 'In Progress', statusFeedback: 'Investigating', feedback: 'Checking' });
    expect(detail.history).toEqual([
      expect.objectContaining({
        updateStatus: 'In Progress',
        updateInProgressStatus: 'Investigating',
        updateFeedback: 'Checking',
        updatedByName: 'Help Desk',
      }),
    ]);
    const thread = (await call('GET', url(id, '/activity'), 'agent')).json() as TicketThread;
    expect(thread.items.at(-1)).toMatchObject({ type: 'update', wasUnread: true });
    const audit = await ctx.db.$client.query(
      `SELECT action, before, after FROM audit_log WHERE entity = 'tickets' AND entity_id = $1 ORDER BY id`,
      [String(id)],
    );
    expect(audit.rows.map((row) => row.action)).toEqual(['ticket.create', 'ticket.update']);
    expect(audit.rows[1].after).toMatchObject({ status: 'In Progress', feedback: 'Checking' });
    const mail = await lastMessageTo(ctx.db, agent.email!, 'email');
    expect(mail.subject).toBe(`Ticket Update - ZAA${id}`);
    expect(mail.body).toBe('Your ticket received an update. Please view in Agent Assist');
    const alerts = await ctx.db.$client.query(
      `SELECT a.title FROM alerts a JOIN alert_recipients r ON r.alert_id = a.id WHERE r.user_id = $1 ORDER BY a.id DESC LIMIT 1`,
      [agent.id],
    );
    expect(alerts.rows[0].title).toBe(`Ticket Update - ZAA${id}`);

    await update(id, { status: 'Closed', closedStatusId: resolved.id });
    const closing = await lastMessageTo(ctx.db, agent.email!, 'email');
    expect(closing.body).toContain('rate the service using the Star icon');
  });

  it('refuses the supplier "all" and a sub-status of another kind', async () => {
    const { id } = await createSupport();
    const all = await update(id, { status: 'Open', supplierId: 'all' });
    expect(all.statusCode).toBe(400);
    expect(all.json().detail).toBe('All is not a Supplier please select one!');
    const wrong = await update(id, { status: 'In Progress', inProgressStatusId: resolved.id });
    expect(wrong.statusCode).toBe(400);
  });

  it('soft-deletes a ticket: gone from both sides', async () => {
    const { id } = await createSupport();
    expect((await call('DELETE', adminUrl(id), 'admin')).statusCode).toBe(200);
    expect((await call('GET', url(id), 'agent')).statusCode).toBe(404);
    expect(await adminRow(id)).toBeUndefined();
    const { rows } = await ctx.db.$client.query('SELECT is_active FROM tickets WHERE id = $1', [id]);
    expect(rows).toEqual([{ is_active: false }]);
  });
});

describe('the support status reference and the lead edit', () => {
  it('adds, edits and deactivates statuses per kind and supplier; only in-progress ones pause the clock', async () => {
    const base = '/api/admin/ticket-statuses/agent_support';
    const made = await call('POST', base, 'admin', {
      statusType: 'in_progress',
      status: `Waiting on courier ${n}`,
      supplierId: metro.id,
      pausesSla: true,
    });
    expect(made.statusCode).toBe(201);
    expect(made.json()).toMatchObject({ supplierId: metro.id, pausesSla: true, isActive: true });
    const again = await call('POST', base, 'admin', {
      statusType: 'in_progress',
      status: `waiting on COURIER ${n}`,
      supplierId: metro.id,
    });
    expect(again.statusCode).toBe(409);
    const badPause = await call('POST', base, 'admin', {
      statusType: 'closed',
      status: `Closed pause ${n}`,
      pausesSla: true,
    });
    expect(badPause.statusCode).toBe(400);
    const listed = (await call('GET', `${base}?statusType=in_progress&supplierId=${unlinked.id}`, 'admin')).json();
    expect(listed.items.map((item: { id: number }) => item.id)).not.toContain(made.json().id);
    const edited = await call('PUT', `${base}/${made.json().id}`, 'admin', {
      statusType: 'in_progress',
      status: `Waiting on courier ${n}`,
      supplierId: null,
      pausesSla: true,
    });
    expect(edited.json()).toMatchObject({ supplierId: null });
    const off = await call('DELETE', `${base}/${made.json().id}`, 'admin');
    expect(off.json()).toMatchObject({ isActive: false });
    const { id } = await createSupport();
    const refused = await update(id, { status: 'In Progress', inProgressStatusId: made.json().id });
    expect(refused.json().detail).toBe(TICKET_MESSAGES.statusOption);
    expect((await call('GET', base, 'agent')).statusCode).toBe(403);
  });

  it('edits a lead’s fields and keeps the address in the history', async () => {
    const created = (await call('POST', '/api/tickets/sales_assist', 'agent', lead())).json() as TicketCreated;
    const res = await call('PUT', adminUrl(created.id, '', 'sales_assist'), 'admin', {
      status: 'In Progress',
      address: '22 New Street',
      refNumber: 'MFC-654 321',
    });
    expect(res.statusCode).toBe(200);
    const detail = res.json() as TicketDetail;
    expect(detail).toMatchObject({ address: '22 New Street', refNumber: 'MFC-654321' });
    expect(detail.history?.[0]).toMatchObject({ updateAddress: '22 New Street', updateStatus: 'In Progress' });
    const bad = await call('PUT', adminUrl(created.id, '', 'sales_assist'), 'admin', {
      status: 'Open',
      refNumber: 'X1',
    });
    expect(bad.json().detail).toBe('Reference number does not follow the correct format.');
    const support = await createSupport();
    expect((await update(support.id, { status: 'Open', customerName: 'Nope' })).statusCode).toBe(400);
  });
});

describe('SLA, canned replies and search', () => {
  it('stops the clock while the ticket waits on the supplier', async () => {
    const { id } = await createSupport();
    const start = (await adminRow(id))!.sla;
    expect(start.timeLeftSeconds).not.toBeNull();
    await update(id, { status: 'In Progress', inProgressStatusId: waiting.id });
    const paused = (await adminRow(id))!.sla;
    expect(paused.paused).toBe(true);
    ctx.clock.advance(3 * HOUR);
    const later = (await adminRow(id))!.sla;
    expect(later.timeLeftSeconds).toBe(paused.timeLeftSeconds);
    await update(id, { status: 'In Progress', inProgressStatusId: working.id });
    ctx.clock.advance(1 * HOUR);
    const running = (await adminRow(id))!.sla;
    expect(running.paused).toBe(false);
    expect(running.timeLeftSeconds).toBe(paused.timeLeftSeconds! - 3600);
  });

  it('sorts the console by time left', async () => {
    const page = (await call('GET', '/api/admin/tickets/agent_support?sort=timeLeft&pageSize=100', 'admin')).json();
    const left = (page as AdminTicketPage).items.map((row) => row.sla.timeLeftSeconds ?? Number.POSITIVE_INFINITY);
    expect(left).toEqual([...left].sort((a, b) => a - b));
  });

  it('fills a canned reply’s variables for the ticket', async () => {
    const { id } = await createSupport();
    const made = await call('POST', '/api/admin/canned-replies/agent_support', 'admin', {
      title: `Greeting ${n}`,
      body: 'Hi {dealer_name}, about {ticket_number} ({supplier_name}): {unknown}',
    });
    expect(made.statusCode).toBe(201);
    const filled = await call('GET', adminUrl(id, `/canned-replies/${made.json().id}`), 'admin');
    expect(filled.json().text).toBe(`Hi Thandi Mokoena, about ZAA${id} (${metro.supplierName}): {unknown}`);
    expect((await call('GET', '/api/admin/canned-replies/agent_support', 'flagless')).statusCode).toBe(403);
  });

  it('searches every field case-insensitively, treating quotes and commas as spaces and % as a letter', async () => {
    const { id } = await createSupport();
    await call('POST', url(id, '/activity'), 'admin', { text: 'x' });
    await update(id, { status: 'Open', feedback: `Unique 50% feedback ${n}` });
    expect((await adminRow(id, `&search=${encodeURIComponent(`"UNIQUE 50%, feedback"`)}`))?.id).toBe(id);
    const none = (
      await call(
        'GET',
        `/api/admin/tickets/agent_support?status=Open&search=${encodeURIComponent('%')}_${n}zz`,
        'admin',
      )
    ).json();
    expect((none as AdminTicketPage).total).toBe(0);
    expect((await adminRow(id, `&search=${encodeURIComponent(`Z-${agent.id}`)}`))?.id).toBe(id);
  });
});
