import { SALES_NOTE_MESSAGES, type SalesNote, type SalesNotePage } from '@portal/domain/orders/sales-notes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, TEST_ORIGIN, type TestContext } from '../../../test/test-app.ts';
import { createSalesNotes } from '../../db/seed/activity-factories.ts';
import {
  createProductType,
  createSupplier,
  createUser,
  linkUser,
  nextSequence,
  type UserRow,
} from '../../db/seed/factories.ts';

// Sales notes (spec 2 "Sales notes tab", §5, §8; spec 3 §2.14): the dealer's own Logged Sales per
// supplier, the supplier's reference pattern, owner-only changes, soft delete; every admin's page.

const PASSWORD = 'Secret123';
let ctx: TestContext;
const cookies = { agent: '', other: '', admin: '', waiting: '', stranger: '' };
type Who = keyof typeof cookies | 'anonymous';
let agent: UserRow;
let other: UserRow;
let admin: UserRow;
let metro: { id: number };
let plain: { id: number };
let silent: { id: number };
let code411: { id: number };
let hidden: { id: number };
let othersNote: number;
let stranger: UserRow;
const n = nextSequence();

async function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who: Who, payload?: unknown) {
  return ctx.app.inject({
    method,
    url,
    headers: { ...(who === 'anonymous' ? {} : { cookie: cookies[who] }), origin: TEST_ORIGIN },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

beforeAll(async () => {
  ctx = await createTestContext();
  const db = ctx.db;
  admin = await createUser(db, { isAdmin: true, password: PASSWORD });
  agent = await createUser(db, { password: PASSWORD, firstName: 'Lindiwe', surname: 'Notes' });
  other = await createUser(db, { password: PASSWORD, firstName: 'Other', surname: 'Notes' });
  const waiting = await createUser(db, { password: PASSWORD, refsUserLifecycleStatusId: 1 });
  const type = await createProductType(db, `Notes Fibre ${n}`);
  metro = await createSupplier(db, {
    supplierName: `Notes Metro ${n}`,
    productTypeIds: [type.id],
    regex: '^MFC-\\d{6}$',
    orderNotes: true,
    orderNotesName: 'Order number',
  });
  plain = await createSupplier(db, { supplierName: `Notes Plain ${n}`, productTypeIds: [type.id], orderNotes: true });
  silent = await createSupplier(db, { supplierName: `Notes Off ${n}`, productTypeIds: [type.id], orderNotes: false });
  code411 = await createSupplier(db, {
    supplierName: `Notes 411 ${n}`,
    productTypeIds: [type.id],
    orderNotes: true,
    logSalesName: true,
  });
  hidden = await createSupplier(db, {
    supplierName: `Notes Hidden ${n}`,
    productTypeIds: [type.id],
    orderNotes: true,
    supplierStatus: 3,
  });
  stranger = await createUser(db, { password: PASSWORD, firstName: 'Stranger', surname: 'Notes' });
  // Sales notes are a tab of the supplier page: the dealers are registered with the suppliers they log for.
  for (const dealer of [agent, other]) {
    await linkUser(db, dealer.id, { supplierIds: [metro.id, plain.id, silent.id, code411.id, hidden.id] });
  }
  await linkUser(db, stranger.id, { supplierIds: [plain.id] });
  const [note] = await createSalesNotes(db, [
    { usersMasterId: other.id, suppliersMasterId: metro.id, orderNumber: 'MFC-000001', agentNote: 'Other’s sale' },
    { usersMasterId: agent.id, suppliersMasterId: metro.id, orderNumber: 'MFC-000002', deleted: true },
  ]);
  othersNote = note!.id;
  cookies.agent = await ctx.signIn(agent.email!, PASSWORD);
  cookies.other = await ctx.signIn(other.email!, PASSWORD);
  cookies.admin = await ctx.signIn(admin.email!, PASSWORD);
  cookies.waiting = await ctx.signIn(waiting.email!, PASSWORD);
  cookies.stranger = await ctx.signIn(stranger.email!, PASSWORD);
});

afterAll(async () => {
  await ctx?.close();
});

const log = (who: Who, supplierId: number, orderNumber: string, agentNote: string | null = null) =>
  call('POST', '/api/sales-notes', who, { supplierId, orderNumber, agentNote });

describe('logging a sale', () => {
  it('checks the reference against the supplier’s pattern with the spec’s message', async () => {
    const bad = await log('agent', metro.id, '12345');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ detail: 'Reference number does not follow the correct format.' });
    expect(bad.json().errors).toEqual([{ field: 'orderNumber', message: SALES_NOTE_MESSAGES.referenceFormat }]);
    const good = await log('agent', metro.id, 'MFC- 123 456', 'Paid by card');
    expect(good.statusCode).toBe(201);
    expect(good.json() as SalesNote).toMatchObject({
      orderNumber: 'MFC-123456',
      agentNote: 'Paid by card',
      dealer: { id: agent.id, code: `Z-${agent.id}` },
    });
    // A supplier without a pattern takes any reference.
    expect((await log('agent', plain.id, 'anything-42')).statusCode).toBe(201);
  });

  it('answers at once on a supplier pattern that would take exponential time, refusing the reference', async () => {
    // A plausible admin pattern with nested repetition: on a reference that almost fits, running it
    // to the end takes seconds (minutes a few characters on) with every other request waiting.
    const slow = await createSupplier(ctx.db, {
      supplierName: `Notes Slow ${n}`,
      regex: '^([A-Z0-9]+-?)+$',
      orderNotes: true,
    });
    await linkUser(ctx.db, agent.id, { supplierIds: [slow.id] });
    const started = Date.now();
    const refused = await log('agent', slow.id, `${'A'.repeat(27)}!`);
    expect(Date.now() - started).toBeLessThan(1500);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().detail).toBe(SALES_NOTE_MESSAGES.referenceFormat);
    expect((await log('agent', slow.id, 'MFC-123-XYZ')).statusCode).toBe(201);
  }, 60_000);

  it('needs a reference', async () => {
    const empty = await log('agent', metro.id, '  ');
    expect(empty.statusCode).toBe(400);
    expect(JSON.stringify(empty.json())).toContain('Please enter a reference number.');
  });

  it('refuses a supplier without sales notes, and answers the code 411 case', async () => {
    const off = await log('agent', silent.id, 'X-1');
    expect(off.statusCode).toBe(400);
    expect(off.json().detail).toBe(SALES_NOTE_MESSAGES.notesOff);
    const flagged = await log('agent', code411.id, 'X-1');
    expect(flagged.statusCode).toBe(400);
    expect(flagged.json().detail).toBe('There has been an error, please contact support. Code: 411');
  });

  it('is refused in the waiting state and signed out', async () => {
    expect((await log('waiting', metro.id, 'MFC-123457')).statusCode).toBe(403);
    expect((await log('anonymous', metro.id, 'MFC-123457')).statusCode).toBe(401);
  });
});

describe('a supplier whose page the dealer may not open', () => {
  it('takes no sale from a dealer not registered with it, and lists none for them (403, nothing stored)', async () => {
    const refused = await log('stranger', metro.id, 'MFC-999001', 'Not my supplier');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('SUPPLIER_NOT_OPEN');
    expect((await call('GET', `/api/sales-notes?supplierId=${metro.id}`, 'stranger')).statusCode).toBe(403);
    const { rows } = await ctx.db.$client.query('SELECT 1 FROM orders_agent_note WHERE order_number = $1', [
      'MFC-999001',
    ]);
    expect(rows).toEqual([]);
    // Their own supplier still takes notes.
    expect((await log('stranger', plain.id, 'REF-1')).statusCode).toBe(201);
  });

  it('takes no sale for a hidden supplier, even from a registered dealer or an admin', async () => {
    expect((await log('agent', hidden.id, 'H-1')).statusCode).toBe(403);
    expect((await call('GET', `/api/sales-notes?supplierId=${hidden.id}`, 'agent')).statusCode).toBe(403);
    expect((await log('admin', hidden.id, 'H-2')).statusCode).toBe(403);
  });

  it('lets a dealer no longer registered with it neither edit nor remove their old notes there (403, unchanged)', async () => {
    // The dealer logged there while registered; the supplier has since been taken off their list.
    const left = await createSupplier(ctx.db, { supplierName: `Notes Left ${n}`, orderNotes: true });
    const [old] = await createSalesNotes(ctx.db, [
      { usersMasterId: stranger.id, suppliersMasterId: left.id, orderNumber: 'MFC-777777', agentNote: 'Back then' },
    ]);
    const edit = await call('PUT', `/api/sales-notes/${old!.id}`, 'stranger', { orderNumber: 'MFC-888888' });
    expect(edit.statusCode).toBe(403);
    expect(edit.json().code).toBe('SUPPLIER_NOT_OPEN');
    expect((await call('DELETE', `/api/sales-notes/${old!.id}`, 'stranger')).statusCode).toBe(403);
    const { rows } = await ctx.db.$client.query('SELECT order_number, deleted FROM orders_agent_note WHERE id = $1', [
      old!.id,
    ]);
    expect(rows).toEqual([{ order_number: 'MFC-777777', deleted: false }]);
    // The admin page still edits it.
    expect((await call('PUT', `/api/sales-notes/${old!.id}`, 'admin', { orderNumber: 'MFC-888888' })).statusCode).toBe(
      200,
    );
  });

  it('answers 404 for no such supplier', async () => {
    expect((await log('agent', 2_000_000_000, 'X-1')).statusCode).toBe(404);
  });
});

describe('Logged Sales', () => {
  it('lists the dealer’s own notes, not deleted, newest first, 50 a page, with the supplier’s rules', async () => {
    await log('agent', metro.id, 'MFC-654321');
    const page = (await call('GET', `/api/sales-notes?supplierId=${metro.id}`, 'agent')).json() as SalesNotePage;
    expect(page.items.map((note) => note.orderNumber)).toEqual(['MFC-654321', 'MFC-123456']);
    expect(page.pageSize).toBe(50);
    expect(page.supplier).toMatchObject({
      id: metro.id,
      regex: '^MFC-\\d{6}$',
      orderNotes: true,
      referenceLabel: 'Order number',
    });
  });

  it('lets only the owner edit and delete; the deleted note leaves the list but stays in the table', async () => {
    const mine = (await log('agent', metro.id, 'MFC-111111')).json() as SalesNote;
    expect((await call('PUT', `/api/sales-notes/${mine.id}`, 'other', { orderNumber: 'MFC-222222' })).statusCode).toBe(
      403,
    );
    expect((await call('DELETE', `/api/sales-notes/${mine.id}`, 'other')).statusCode).toBe(403);
    const badEdit = await call('PUT', `/api/sales-notes/${mine.id}`, 'agent', { orderNumber: 'nope' });
    expect(badEdit.json().detail).toBe(SALES_NOTE_MESSAGES.referenceFormat);
    const edited = await call('PUT', `/api/sales-notes/${mine.id}`, 'agent', {
      orderNumber: 'MFC-222222',
      agentNote: 'Fixed',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ orderNumber: 'MFC-222222', agentNote: 'Fixed' });
    expect((await call('DELETE', `/api/sales-notes/${mine.id}`, 'agent')).statusCode).toBe(200);
    const page = (await call('GET', `/api/sales-notes?supplierId=${metro.id}`, 'agent')).json() as SalesNotePage;
    expect(page.items.map((note) => note.id)).not.toContain(mine.id);
    expect((await call('DELETE', `/api/sales-notes/${mine.id}`, 'agent')).statusCode).toBe(404);
    const { rows } = await ctx.db.$client.query('SELECT deleted FROM orders_agent_note WHERE id = $1', [mine.id]);
    expect(rows).toEqual([{ deleted: true }]);
    const audit = await ctx.db.$client.query(
      `SELECT action FROM audit_log WHERE entity = 'orders_agent_note' AND entity_id = $1 ORDER BY id`,
      [String(mine.id)],
    );
    expect(audit.rows.map((row) => row.action)).toEqual([
      'sales-note.create',
      'sales-note.update',
      'sales-note.delete',
    ]);
  });
});

describe('Edit Sales Note (every admin)', () => {
  it('lists every dealer’s notes of a supplier and the suppliers taking notes', async () => {
    const page = (await call('GET', `/api/sales-notes/all?supplierId=${metro.id}`, 'admin')).json() as SalesNotePage;
    const dealers = new Set(page.items.map((note) => note.dealer.id));
    expect(dealers).toEqual(new Set([agent.id, other.id]));
    expect(page.items.map((note) => note.orderNumber)).not.toContain('MFC-000002');
    const suppliers = (await call('GET', '/api/sales-notes/suppliers', 'admin')).json() as { id: number }[];
    const supplierIds = suppliers.map((supplier) => supplier.id);
    expect(supplierIds).toEqual(expect.arrayContaining([metro.id, plain.id, code411.id]));
    expect(supplierIds).not.toContain(silent.id);
  });

  it('lets the admin edit and delete anyone’s note, audited as the admin, with the pattern checked', async () => {
    const bad = await call('PUT', `/api/sales-notes/${othersNote}`, 'admin', { orderNumber: 'ABC' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toBe('Reference number does not follow the correct format.');
    const edited = await call('PUT', `/api/sales-notes/${othersNote}`, 'admin', { orderNumber: 'MFC-000009' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ orderNumber: 'MFC-000009', dealer: { id: other.id } });
    expect((await call('DELETE', `/api/sales-notes/${othersNote}`, 'admin')).statusCode).toBe(200);
    const { rows } = await ctx.db.$client.query(
      `SELECT actor_user_id, action FROM audit_log WHERE entity = 'orders_agent_note' AND entity_id = $1 ORDER BY id`,
      [String(othersNote)],
    );
    expect(rows).toEqual([
      { actor_user_id: admin.id, action: 'sales-note.update' },
      { actor_user_id: admin.id, action: 'sales-note.delete' },
    ]);
  });

  it('is refused to dealers', async () => {
    expect((await call('GET', `/api/sales-notes/all?supplierId=${metro.id}`, 'agent')).statusCode).toBe(403);
    expect((await call('GET', '/api/sales-notes/suppliers', 'agent')).statusCode).toBe(403);
    expect((await call('GET', '/api/sales-notes/suppliers', 'anonymous')).statusCode).toBe(401);
  });
});
