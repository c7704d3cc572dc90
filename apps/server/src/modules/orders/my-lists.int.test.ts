import type { ActiveOrderPage, LeadPage } from '@portal/domain/orders/my-lists';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/test-app.ts';
import { createOrders, createTicket } from '../../db/seed/activity-factories.ts';
import { createProductType, createSupplier, createUser, type UserRow } from '../../db/seed/factories.ts';

// The agent's own lists: Active Orders (not activated yet, override wins) and Lead Management.

let ctx: TestContext;
let agentCookie: string;
let otherCookie: string;
let waitingCookie: string;
let agent: UserRow;
let other: UserRow;

const PASSWORD = 'Secret123';

async function get<T>(cookie: string, url: string) {
  const res = await ctx.app.inject({ method: 'GET', url, headers: { cookie } });
  return { status: res.statusCode, body: res.json() as T };
}

beforeAll(async () => {
  ctx = await createTestContext();
  const db = ctx.db;
  const admin = await createUser(db, { isAdmin: true, withoutLogin: true });
  agent = await createUser(db, { parentId: admin.id, password: PASSWORD });
  other = await createUser(db, { parentId: admin.id, password: PASSWORD });
  const waiting = await createUser(db, { parentId: admin.id, password: PASSWORD, emailVerified: false });
  const type = await createProductType(db, 'Lists Fibre');
  const supplier = await createSupplier(db, { supplierName: 'Lists Metro', productTypeIds: [type.id] });
  const base = { suppliersMasterId: supplier.id, refsProductTypeId: type.id };
  await createOrders(db, [
    { ...base, dealerId: agent.id, orderNumber: 'A-1', customerName: 'Nomsa Dube', orderCreatedDate: '2026-11-01' },
    {
      ...base,
      dealerId: agent.id,
      orderNumber: 'A-2',
      customerName: 'Pieter Botha',
      customerAddress: '12 Long Street',
      orderCreatedDate: '2026-11-05',
      orderPaidDate: '2026-11-06',
    },
    // Activated: not active any more.
    {
      ...base,
      dealerId: agent.id,
      orderNumber: 'A-3',
      orderCreatedDate: '2026-11-02',
      supplierActivationDate: '2026-11-09',
    },
    // The other dealer's, reassigned by hand to the agent.
    { ...base, dealerId: other.id, orderNumber: 'O-1', customerName: 'Sipho Mokoena', orderCreatedDate: '2026-11-03' },
    // The other dealer's own.
    { ...base, dealerId: other.id, orderNumber: 'O-2', orderCreatedDate: '2026-11-04' },
  ]);
  await db.execute(sql`
    insert into orders_admin_override (orders_import_id, newly_assigned_agent)
    select id, ${agent.id} from orders_import where order_number = 'O-1'`);
  await createTicket(db, {
    kind: 'sales_assist',
    usersMasterId: agent.id,
    suppliersMasterId: supplier.id,
    customerName: 'Lerato Lead',
    phoneNumber: '+27821234567',
    address: '4 Main Road',
  });
  await createTicket(db, {
    kind: 'sales_assist',
    usersMasterId: agent.id,
    suppliersMasterId: supplier.id,
    customerName: 'Removed Lead',
    isActive: false,
  });
  await createTicket(db, { kind: 'agent_support', usersMasterId: agent.id, suppliersMasterId: supplier.id });
  await createTicket(db, { kind: 'sales_assist', usersMasterId: other.id, suppliersMasterId: supplier.id });
  agentCookie = await ctx.signIn(agent.email!, PASSWORD);
  otherCookie = await ctx.signIn(other.email!, PASSWORD);
  waitingCookie = await ctx.signIn(waiting.email!, PASSWORD);
});

afterAll(async () => {
  await ctx?.close();
});

describe('GET /api/orders/active', () => {
  it('lists the dealer’s orders not yet activated, reassigned ones included, newest first', async () => {
    const { status, body } = await get<ActiveOrderPage>(agentCookie, '/api/orders/active');
    expect(status).toBe(200);
    expect(body.items.map((o) => [o.orderNumber, o.progress])).toEqual([
      ['A-2', 'Paid'],
      ['O-1', 'Placed'],
      ['A-1', 'Placed'],
    ]);
    expect(body.items[0]).toMatchObject({ orderName: 'Pieter Botha', orderAddress: '12 Long Street' });
    expect(body.total).toBe(3);
    const others = await get<ActiveOrderPage>(otherCookie, '/api/orders/active');
    expect(others.body.items.map((o) => o.orderNumber)).toEqual(['O-2']);
  });

  it('searches from two characters, and pages', async () => {
    expect((await get<ActiveOrderPage>(agentCookie, '/api/orders/active?search=sip')).body.items).toHaveLength(1);
    expect((await get<ActiveOrderPage>(agentCookie, '/api/orders/active?search=s')).body.total).toBe(3);
    const second = await get<ActiveOrderPage>(agentCookie, '/api/orders/active?pageSize=2&page=2');
    expect(second.body.items.map((o) => o.orderNumber)).toEqual(['A-1']);
    expect(second.body.total).toBe(3);
  });

  it('is refused in the waiting state and without a session', async () => {
    expect((await get(waitingCookie, '/api/orders/active')).status).toBe(403);
    expect((await get('', '/api/orders/active')).status).toBe(401);
    expect((await get(agentCookie, '/api/orders/active?pageSize=5000')).status).toBe(400);
  });
});

describe('GET /api/leads/mine', () => {
  it('lists the dealer’s active sales-assist leads with the phone shown with a leading 0', async () => {
    const { status, body } = await get<LeadPage>(agentCookie, '/api/leads/mine');
    expect(status).toBe(200);
    expect(body.items).toHaveLength(1);
    expect(body.items[0]).toMatchObject({
      leadName: 'Lerato Lead',
      leadPhone: '0821234567',
      leadAddress: '4 Main Road',
      leadStatus: 'Open',
      supplierName: 'Lists Metro',
    });
    expect(body.items[0]!.ticketNum).toMatch(/^ZSA-\d{6}$/);
    expect((await get<LeadPage>(agentCookie, '/api/leads/mine?search=main road')).body.total).toBe(1);
    expect((await get<LeadPage>(agentCookie, '/api/leads/mine?search=nobody')).body.total).toBe(0);
  });

  it('is refused in the waiting state and without a session', async () => {
    expect((await get(waitingCookie, '/api/leads/mine')).status).toBe(403);
    expect((await get('', '/api/leads/mine')).status).toBe(401);
  });
});
