import type { Leaderboard } from '@portal/domain/orders/leaderboard';
import type { ActiveOrderPage } from '@portal/domain/orders/my-lists';
import type {
  OverrideDealer,
  OverrideOrder,
  ReallocatedOrderPage,
  UnmatchedOrderPage,
} from '@portal/domain/orders/order-override';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { untilLockWaiters } from '../../../test/lock-waits.ts';
import { createTestContext, TEST_ORIGIN, type TestContext } from '../../../test/test-app.ts';
import { createOrders, markCommissionPaid, overrideOrders } from '../../db/seed/activity-factories.ts';
import {
  createProductType,
  createSupplier,
  createUser,
  grantFeatures,
  linkUser,
  nextSequence,
  type UserRow,
} from '../../db/seed/factories.ts';

// Order Override (spec 3 §2.13, §4.4, §5.3, §8, §9): admins with Reallocations only; the 60-day
// window; Find Order; reassignment to active linked dealers, refused once commission is paid,
// audited; the override then wins in the leaderboard and Active Orders.

const PASSWORD = 'Secret123';
let ctx: TestContext;
const cookies = { admin: '', adminWithout: '', agent: '', other: '', leader: '' };
type Who = keyof typeof cookies | 'anonymous';
let admin: UserRow;
let agent: UserRow;
let other: UserRow;
let inactive: UserRow;
let unlinked: UserRow;
let supplier: { id: number };
let otherSupplier: { id: number };
const ids: Record<string, number> = {};
const n = nextSequence();
const num = (name: string) => `${name}-${n}`;

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
const today = daysAgo(0);

async function call(method: 'GET' | 'POST', url: string, who: Who, payload?: unknown) {
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
  admin = await createUser(db, { isAdmin: true, password: PASSWORD, firstName: 'Ayanda', surname: 'Admin' });
  await grantFeatures(db, admin.id, ['Reallocations']);
  const adminWithout = await createUser(db, { isAdmin: true, password: PASSWORD });
  await grantFeatures(db, adminWithout.id, ['Commissions', 'Deals', 'Users Management']);
  const leader = await createUser(db, { isLeader: true, password: PASSWORD });
  agent = await createUser(db, { password: PASSWORD, firstName: 'Thabo', surname: 'Override' });
  other = await createUser(db, { password: PASSWORD, firstName: 'Other', surname: 'Seller' });
  inactive = await createUser(db, { refsUserLifecycleStatusId: 3, withoutLogin: true });
  unlinked = await createUser(db, { withoutLogin: true });
  const type = await createProductType(db, `Override Fibre ${n}`);
  supplier = await createSupplier(db, { supplierName: `Override Metro ${n}`, productTypeIds: [type.id] });
  otherSupplier = await createSupplier(db, { supplierName: `Override Coast ${n}`, productTypeIds: [type.id] });
  for (const user of [agent, other, inactive]) await linkUser(db, user.id, { supplierIds: [supplier.id] });
  await linkUser(db, unlinked.id, { supplierIds: [otherSupplier.id] });

  const base = { suppliersMasterId: supplier.id, refsProductTypeId: type.id };
  ids.typeId = type.id;
  const rows = await createOrders(db, [
    { ...base, orderNumber: num('U1'), orderCreatedDate: daysAgo(5), customerName: 'Unmatched Recent' },
    { ...base, orderNumber: num('U2'), orderCreatedDate: daysAgo(70) },
    { ...base, orderNumber: num('P1'), orderCreatedDate: daysAgo(20), orderPaidDate: daysAgo(19) },
    { ...base, orderNumber: num('A1'), orderCreatedDate: today, orderPaidDate: today, dealerId: other.id },
    { ...base, orderNumber: num('R1'), orderCreatedDate: daysAgo(100), dealerId: other.id },
    { ...base, orderNumber: num('R2'), orderCreatedDate: daysAgo(30), dealerId: other.id },
    {
      suppliersMasterId: otherSupplier.id,
      refsProductTypeId: type.id,
      orderNumber: num('T1'),
      orderCreatedDate: daysAgo(2),
    },
  ]);
  ['U1', 'U2', 'P1', 'A1', 'R1', 'R2', 'T1'].forEach((name, index) => {
    ids[name] = rows[index]!.id;
  });
  await markCommissionPaid(db, [ids.P1!], { paidDate: daysAgo(10) });
  await overrideOrders(db, [
    { orderId: ids.R1!, dealerId: agent.id, assignedBy: admin.id, createdAt: new Date(Date.now() - 90 * 86_400_000) },
    { orderId: ids.R2!, dealerId: agent.id, assignedBy: admin.id, createdAt: new Date(Date.now() - 3 * 86_400_000) },
  ]);

  cookies.admin = await ctx.signIn(admin.email!, PASSWORD);
  cookies.adminWithout = await ctx.signIn(adminWithout.email!, PASSWORD);
  cookies.leader = await ctx.signIn(leader.email!, PASSWORD);
  cookies.agent = await ctx.signIn(agent.email!, PASSWORD);
  cookies.other = await ctx.signIn(other.email!, PASSWORD);
});

afterAll(async () => {
  await ctx?.close();
});

describe('who may use Order Override', () => {
  it('is refused to admins without Reallocations, leaders, agents and the signed out', async () => {
    const urls = [
      '/api/orders/override/suppliers',
      `/api/orders/override/unmatched?supplierId=${supplier.id}`,
      `/api/orders/override/reallocated?supplierId=${supplier.id}`,
      `/api/orders/override/find?supplierId=${supplier.id}&orderNumber=${num('U1')}`,
      `/api/orders/override/dealers?supplierId=${supplier.id}`,
    ];
    for (const url of urls) {
      expect((await call('GET', url, 'adminWithout')).statusCode, url).toBe(403);
      expect((await call('GET', url, 'leader')).statusCode, url).toBe(403);
      expect((await call('GET', url, 'agent')).statusCode, url).toBe(403);
      expect((await call('GET', url, 'anonymous')).statusCode, url).toBe(401);
      expect((await call('GET', url, 'admin')).statusCode, url).toBe(200);
    }
    const body = { orderId: ids.U2!, dealerId: agent.id };
    const refused = await call('POST', '/api/orders/override', 'adminWithout', body);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe('Oops! Page Not Found or Access Denied');
  });
});

describe('an admin with Reallocations marked inactive or deleted', () => {
  it('reassigns nothing on the session they still hold', async () => {
    for (const status of [3, 4]) {
      const leaver = await createUser(ctx.db, { isAdmin: true, password: PASSWORD });
      await grantFeatures(ctx.db, leaver.id, ['Reallocations']);
      const cookie = await ctx.signIn(leaver.email!, PASSWORD);
      await ctx.db.$client.query('UPDATE users_master SET refs_user_lifecycle_status_id = $1 WHERE id = $2', [
        status,
        leaver.id,
      ]);
      const reassigned = await ctx.app.inject({
        method: 'POST',
        url: '/api/orders/override',
        headers: { cookie, origin: TEST_ORIGIN },
        payload: { orderId: ids.U2!, dealerId: agent.id },
      });
      expect(reassigned.statusCode).toBe(403);
      const listed = await ctx.app.inject({
        method: 'GET',
        url: '/api/orders/override/suppliers',
        headers: { cookie },
      });
      expect(listed.statusCode).toBe(403);
    }
  });
});

describe('the lists', () => {
  it('Unmatched Orders: the supplier’s orders of the last 60 days with no attribution and no override', async () => {
    const res = await call('GET', `/api/orders/override/unmatched?supplierId=${supplier.id}`, 'admin');
    const page = res.json() as UnmatchedOrderPage;
    expect(page.items.map((order) => order.orderNumber)).toEqual([num('U1'), num('P1')]);
    expect(page.items[0]).toMatchObject({ customerName: 'Unmatched Recent', createdDate: daysAgo(5) });
    expect(page.total).toBe(2);
    expect(page.pageSize).toBe(50);
    const other = await call('GET', `/api/orders/override/unmatched?supplierId=${otherSupplier.id}`, 'admin');
    expect((other.json() as UnmatchedOrderPage).items.map((order) => order.orderNumber)).toEqual([num('T1')]);
  });

  it('Reallocated Orders: overrides of the last 60 days, with whom it went to and who did it', async () => {
    const page = (
      await call('GET', `/api/orders/override/reallocated?supplierId=${supplier.id}`, 'admin')
    ).json() as ReallocatedOrderPage;
    expect(page.items.map((order) => order.orderNumber)).toEqual([num('R2')]);
    expect(page.items[0]).toMatchObject({
      previousDealer: { id: other.id, code: `Z-${other.id}`, name: 'Other Seller' },
      newDealer: { id: agent.id, code: `Z-${agent.id}`, name: 'Thabo Override' },
      assignedBy: { id: admin.id, name: 'Ayanda Admin' },
    });
  });

  it('needs a supplier', async () => {
    expect((await call('GET', '/api/orders/override/unmatched', 'admin')).statusCode).toBe(400);
  });
});

describe('Find Order', () => {
  it('finds one order of the chosen supplier by its number', async () => {
    const res = await call(
      'GET',
      `/api/orders/override/find?supplierId=${supplier.id}&orderNumber=${num('A1')}`,
      'admin',
    );
    expect(res.statusCode).toBe(200);
    expect(res.json() as OverrideOrder).toMatchObject({
      id: ids.A1,
      currentDealer: { id: other.id },
      isOverridden: false,
      isCommissionPaid: false,
    });
    const paid = await call(
      'GET',
      `/api/orders/override/find?supplierId=${supplier.id}&orderNumber=${num('P1')}`,
      'admin',
    );
    expect(paid.json()).toMatchObject({ currentDealer: null, isCommissionPaid: true });
  });

  it('answers "Order {number} not found" for a missing number or another supplier’s order', async () => {
    const missing = await call(
      'GET',
      `/api/orders/override/find?supplierId=${supplier.id}&orderNumber=NOPE-1`,
      'admin',
    );
    expect(missing.statusCode).toBe(404);
    expect(missing.json().detail).toBe('Order NOPE-1 not found');
    const elsewhere = await call(
      'GET',
      `/api/orders/override/find?supplierId=${supplier.id}&orderNumber=${num('T1')}`,
      'admin',
    );
    expect(elsewhere.json().detail).toBe(`Order ${num('T1')} not found`);
    expect(
      (await call('GET', `/api/orders/override/find?supplierId=${supplier.id}&orderNumber=%20`, 'admin')).statusCode,
    ).toBe(400);
  });
});

describe('reassignment', () => {
  it('offers only active dealers linked to the supplier, searched by name or Z-code', async () => {
    const all = (
      await call('GET', `/api/orders/override/dealers?supplierId=${supplier.id}`, 'admin')
    ).json() as OverrideDealer[];
    expect(all.map((dealer) => dealer.id).sort()).toEqual([agent.id, other.id].sort());
    const byName = (
      await call('GET', `/api/orders/override/dealers?supplierId=${supplier.id}&search=thabo`, 'admin')
    ).json();
    expect(byName).toEqual([{ id: agent.id, code: `Z-${agent.id}`, name: 'Thabo Override' }]);
    const byCode = (
      await call('GET', `/api/orders/override/dealers?supplierId=${supplier.id}&search=Z-${other.id}`, 'admin')
    ).json();
    expect(byCode.map((dealer: OverrideDealer) => dealer.id)).toEqual([other.id]);
  });

  it('refuses an inactive dealer and a dealer not linked to the supplier', async () => {
    for (const dealer of [inactive, unlinked]) {
      const res = await call('POST', '/api/orders/override', 'admin', { orderId: ids.U1, dealerId: dealer.id });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('DEALER_NOT_ALLOWED');
    }
  });

  it('refuses an order whose commission is paid with the spec’s message', async () => {
    const res = await call('POST', '/api/orders/override', 'admin', { orderId: ids.P1, dealerId: agent.id });
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe('Commission has already been paid');
    const { rows } = await ctx.db.$client.query('SELECT 1 FROM orders_admin_override WHERE orders_import_id = $1', [
      ids.P1,
    ]);
    expect(rows).toHaveLength(0);
  });

  it('reassigns an unmatched order: it leaves Unmatched, shows under Reallocated, with an audit row', async () => {
    const res = await call('POST', '/api/orders/override', 'admin', { orderId: ids.U1, dealerId: agent.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: ids.U1, currentDealer: { id: agent.id }, isOverridden: true });
    const unmatched = (await call('GET', `/api/orders/override/unmatched?supplierId=${supplier.id}`, 'admin')).json();
    expect(unmatched.items.map((order: { orderNumber: string }) => order.orderNumber)).toEqual([num('P1')]);
    const reallocated = (
      await call('GET', `/api/orders/override/reallocated?supplierId=${supplier.id}`, 'admin')
    ).json();
    expect(reallocated.items[0]).toMatchObject({
      orderNumber: num('U1'),
      previousDealer: null,
      newDealer: { id: agent.id },
      assignedBy: { id: admin.id },
    });
    const { rows } = await ctx.db.$client.query(
      `SELECT actor_user_id, before, after FROM audit_log WHERE action = 'order.reassign' AND entity_id = $1`,
      [String(ids.U1)],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0].actor_user_id).toBe(admin.id);
    expect(rows[0].before).toMatchObject({ dealerId: null });
    expect(rows[0].after).toMatchObject({ dealerId: agent.id, assignedBy: admin.id });
  });

  it('then wins in the leaderboard and in Active Orders', async () => {
    const month = `year=${today.slice(0, 4)}&month=${Number(today.slice(5, 7))}&supplierId=${supplier.id}`;
    const before = (await call('GET', `/api/leaderboard?${month}`, 'agent')).json() as Leaderboard;
    expect(before.rows.map((row) => row.userId)).toEqual([other.id]);
    const res = await call('POST', '/api/orders/override', 'admin', { orderId: ids.A1, dealerId: agent.id });
    expect(res.statusCode).toBe(200);
    const after = (await call('GET', `/api/leaderboard?${month}`, 'agent')).json() as Leaderboard;
    expect(after.rows.map((row) => [row.userId, row.sales])).toEqual([[agent.id, 1]]);
    const agentOrders = (await call('GET', '/api/orders/active', 'agent')).json() as ActiveOrderPage;
    expect(agentOrders.items.map((order) => order.orderNumber)).toContain(num('A1'));
    const otherOrders = (await call('GET', '/api/orders/active', 'other')).json() as ActiveOrderPage;
    expect(otherOrders.items.map((order) => order.orderNumber)).not.toContain(num('A1'));
    const { rows } = await ctx.db.$client.query(
      `SELECT before, after FROM audit_log WHERE action = 'order.reassign' AND entity_id = $1`,
      [String(ids.A1)],
    );
    expect(rows[0].before).toMatchObject({ dealerId: other.id });
    expect(rows[0].after).toMatchObject({ dealerId: agent.id });
  });

  describe('while another transaction holds the order', () => {
    /** Holds the order's row as another reassignment would, until its COMMIT. */
    async function holdOrder(orderId: number) {
      const holder = await ctx.db.$client.connect();
      await holder.query('BEGIN');
      await holder.query('SELECT 1 FROM orders_import WHERE id = $1 FOR UPDATE', [orderId]);
      return holder;
    }
    async function newOrder(name: string) {
      const [row] = await createOrders(ctx.db, [
        {
          suppliersMasterId: supplier.id,
          refsProductTypeId: ids.typeId!,
          orderNumber: num(name),
          orderCreatedDate: today,
        },
      ]);
      return row!.id;
    }

    it('refuses an order whose commission was paid while the reassignment waited for it', async () => {
      const orderId = await newOrder('RACE-PAID');
      // A commission close recording the order paid: its insert holds the order's key until it commits.
      const closing = await ctx.db.$client.connect();
      await closing.query('BEGIN');
      await closing.query(
        'INSERT INTO orders_commission_paid (orders_import_id, paid_date) VALUES ($1, current_date)',
        [orderId],
      );
      const pending = call('POST', '/api/orders/override', 'admin', { orderId, dealerId: agent.id });
      try {
        await untilLockWaiters(ctx.db);
        await closing.query('COMMIT');
      } finally {
        closing.release();
      }
      const res = await pending;
      expect(res.statusCode).toBe(409);
      expect(res.json().detail).toBe('Commission has already been paid');
      const { rows } = await ctx.db.$client.query('SELECT 1 FROM orders_admin_override WHERE orders_import_id = $1', [
        orderId,
      ]);
      expect(rows).toHaveLength(0);
    });

    it('audits two reassignments at once as a chain: the second one’s before is the first one’s after', async () => {
      const orderId = await newOrder('RACE-TWO');
      const holder = await holdOrder(orderId);
      const first = call('POST', '/api/orders/override', 'admin', { orderId, dealerId: agent.id });
      const second = call('POST', '/api/orders/override', 'admin', { orderId, dealerId: other.id });
      try {
        await untilLockWaiters(ctx.db, { count: 2 });
        await holder.query('COMMIT');
      } finally {
        holder.release();
      }
      expect((await first).statusCode).toBe(200);
      expect((await second).statusCode).toBe(200);
      const { rows } = await ctx.db.$client.query(
        `SELECT before, after FROM audit_log WHERE action = 'order.reassign' AND entity_id = $1 ORDER BY id`,
        [String(orderId)],
      );
      expect(rows).toHaveLength(2);
      expect(rows[0].before).toMatchObject({ overrideDealerId: null });
      expect(rows[1].before).toMatchObject({ overrideDealerId: rows[0].after.overrideDealerId });
    });
  });

  describe('and the commission lines of the order (decision 054)', () => {
    async function orderWithLine(name: string, stamped: boolean) {
      const [row] = await createOrders(ctx.db, [
        {
          suppliersMasterId: supplier.id,
          refsProductTypeId: ids.typeId!,
          orderNumber: num(name),
          orderCreatedDate: today,
          dealerId: other.id,
        },
      ]);
      const period = stamped
        ? (
            await ctx.db.$client.query(
              `INSERT INTO commissions_period_index (start_date, end_date, paid_date)
               VALUES (current_date - 30, current_date, current_date + 5) RETURNING id`,
            )
          ).rows[0].id
        : null;
      await ctx.db.$client.query(
        `INSERT INTO commission_lines (orders_import_id, payee_users_master_id, role, leader_level, amount_cents, source, commissions_period_id)
         VALUES ($1, $2, 'agent', null, 15000, 'calculated', $3), ($1, $4, 'leader', 1, 2000, 'calculated', $3)`,
        [row!.id, other.id, period, admin.id],
      );
      return row!.id;
    }
    const linesOf = async (orderId: number) =>
      (
        await ctx.db.$client.query(
          'SELECT payee_users_master_id AS payee FROM commission_lines WHERE orders_import_id = $1',
          [orderId],
        )
      ).rows;

    it('drops the order’s unstamped calculated lines with the reassignment, so stamping cannot pay the old dealer', async () => {
      const orderId = await orderWithLine('LINES-OPEN', false);
      const res = await call('POST', '/api/orders/override', 'admin', { orderId, dealerId: agent.id });
      expect(res.statusCode).toBe(200);
      expect(await linesOf(orderId)).toEqual([]);
      const { rows } = await ctx.db.$client.query(
        `SELECT after FROM audit_log WHERE action = 'order.reassign' AND entity_id = $1`,
        [String(orderId)],
      );
      expect(rows[0].after).toMatchObject({ dealerId: agent.id, droppedCommissionLines: 2 });
    });

    it('refuses an order whose lines are stamped to a period not yet closed: it is in a payout', async () => {
      const orderId = await orderWithLine('LINES-STAMPED', true);
      const found = await call(
        'GET',
        `/api/orders/override/find?supplierId=${supplier.id}&orderNumber=${num('LINES-STAMPED')}`,
        'admin',
      );
      expect(found.json()).toMatchObject({ isCommissionPaid: true });
      const res = await call('POST', '/api/orders/override', 'admin', { orderId, dealerId: agent.id });
      expect(res.statusCode).toBe(409);
      expect(res.json().detail).toBe('Commission has already been paid');
      expect(await linesOf(orderId)).toEqual([{ payee: other.id }, { payee: admin.id }]);
      const { rows } = await ctx.db.$client.query('SELECT 1 FROM orders_admin_override WHERE orders_import_id = $1', [
        orderId,
      ]);
      expect(rows).toHaveLength(0);
    });

    it('refuses while a commission step holds the lines, and leaves the order as it was', async () => {
      const orderId = await orderWithLine('LINES-RUNNING', false);
      const step = await ctx.db.$client.connect();
      try {
        await step.query('BEGIN');
        await step.query(`SELECT pg_advisory_xact_lock(hashtext('commission_lines'))`);
        const res = await call('POST', '/api/orders/override', 'admin', { orderId, dealerId: agent.id });
        expect(res.statusCode).toBe(409);
        expect(res.json()).toMatchObject({
          code: 'COMMISSIONS_RUNNING',
          detail: 'Commissions are being calculated. Please try again when the step has finished.',
        });
      } finally {
        await step.query('ROLLBACK');
        step.release();
      }
      expect(await linesOf(orderId)).toHaveLength(2);
      const res = await call('POST', '/api/orders/override', 'admin', { orderId, dealerId: agent.id });
      expect(res.statusCode).toBe(200);
    });
  });

  it('refuses a missing order', async () => {
    const res = await call('POST', '/api/orders/override', 'admin', { orderId: 2_000_000_000, dealerId: agent.id });
    expect(res.statusCode).toBe(404);
  });
});
