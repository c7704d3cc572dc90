import type { StructureReport } from '@portal/domain/orders/structure-report';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/test-app.ts';
import { createOrders, type NewOrder } from '../../db/seed/activity-factories.ts';
import { createProductType, createSupplier, createUser, linkUser, type UserRow } from '../../db/seed/factories.ts';

// The structure report over a real tree and real orders: subtree totals, levels, reach.

let ctx: TestContext;
let adminCookie: string;
let leaderCookie: string;
let agentCookie: string;
let admin: UserRow;
let leader: UserRow;
let child: UserRow;
let grandchild: UserRow;
let sibling: UserRow;
let outsider: UserRow;
let metro: { id: number };
let coast: { id: number };
let hidden: { id: number };
let unlinked: { id: number };
let fibreId: number;

const PASSWORD = 'Secret123';
const NOVEMBER = 'from=2026-11-01&to=2026-11-30';

const order = (dealerId: number, supplierId: number, dates: Partial<NewOrder>): NewOrder => ({
  suppliersMasterId: supplierId,
  refsProductTypeId: fibreId,
  orderCreatedDate: '2026-11-03',
  dealerId,
  ...dates,
});

async function report(cookie: string, query: string) {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/orders/structure?${query}`, headers: { cookie } });
  return { status: res.statusCode, body: res.json() as StructureReport };
}

beforeAll(async () => {
  ctx = await createTestContext();
  const db = ctx.db;
  admin = await createUser(db, { isAdmin: true, password: PASSWORD });
  leader = await createUser(db, { parentId: admin.id, isLeader: true, password: PASSWORD, firstName: 'Lwazi' });
  child = await createUser(db, { parentId: leader.id, password: PASSWORD, firstName: 'Ayanda' });
  grandchild = await createUser(db, { parentId: child.id, withoutLogin: true, firstName: 'Thabo' });
  sibling = await createUser(db, { parentId: leader.id, withoutLogin: true, firstName: 'Zanele' });
  await createUser(db, { parentId: leader.id, withoutLogin: true, refsUserLifecycleStatusId: 4 });
  outsider = await createUser(db, { parentId: admin.id, withoutLogin: true });
  fibreId = (await createProductType(db, 'Structure Fibre')).id;
  metro = await createSupplier(db, { supplierName: 'Structure Metro', productTypeIds: [fibreId] });
  coast = await createSupplier(db, { supplierName: 'Structure Coast', productTypeIds: [fibreId] });
  hidden = await createSupplier(db, { supplierName: 'Structure Hidden', productTypeIds: [fibreId], supplierStatus: 3 });
  unlinked = await createSupplier(db, { supplierName: 'Structure Elsewhere', productTypeIds: [fibreId] });
  await linkUser(db, leader.id, { supplierIds: [metro.id, coast.id, hidden.id] });
  await createOrders(db, [
    // The grandchild: created, paid, installed and activated in November.
    order(grandchild.id, metro.id, {
      orderPaidDate: '2026-11-04',
      orderInstallationDate: '2026-11-10',
      supplierActivationDate: '2026-11-11',
    }),
    // Created in October, paid in November: counts as paid only.
    order(grandchild.id, metro.id, { orderCreatedDate: '2026-10-28', orderPaidDate: '2026-11-02' }),
    // The child's own, at the other supplier.
    order(child.id, coast.id, {}),
    // The sibling's, created in December: outside the range.
    order(sibling.id, metro.id, { orderCreatedDate: '2026-12-01' }),
    // The outsider's: outside the leader's tree.
    order(outsider.id, metro.id, { orderPaidDate: '2026-11-05' }),
    // The leader's own, reassigned by hand to the sibling below.
    order(leader.id, metro.id, { orderPaidDate: '2026-11-06' }),
  ]);
  await ctx.db.execute(sql`
    insert into orders_admin_override (orders_import_id, newly_assigned_agent, assigned_by)
    select om.orders_import_id, ${sibling.id}, ${admin.id} from orders_master om where om.users_master_id = ${leader.id}`);
  adminCookie = await ctx.signIn(admin.email!, PASSWORD);
  leaderCookie = await ctx.signIn(leader.email!, PASSWORD);
  agentCookie = await ctx.signIn(child.email!, PASSWORD);
});

afterAll(async () => {
  await ctx?.close();
});

describe('GET /api/orders/structure', () => {
  it('roots the tree at the viewer with the totals of the whole subtree, children by paid orders', async () => {
    const { status, body } = await report(leaderCookie, NOVEMBER);
    expect(status).toBe(200);
    expect(body.node).toMatchObject({ id: leader.id, zCode: `Z-${leader.id}`, level: 1, children: 2 });
    expect(body.node.totals).toEqual({ created: 3, paid: 3, installed: 1, activated: 1 });
    expect(body.children.map((c) => [c.id, c.level, c.children, c.totals])).toEqual([
      [child.id, 2, 1, { created: 2, paid: 2, installed: 1, activated: 1 }],
      [sibling.id, 2, 0, { created: 1, paid: 1, installed: 0, activated: 0 }],
    ]);
  });

  it('opens a node below the root with levels counted from the root, and filters by supplier', async () => {
    const opened = await report(leaderCookie, `${NOVEMBER}&nodeId=${child.id}`);
    expect(opened.body.node.level).toBe(2);
    expect(opened.body.children.map((c) => [c.id, c.level])).toEqual([[grandchild.id, 3]]);
    const coastOnly = await report(leaderCookie, `${NOVEMBER}&nodeId=${child.id}&supplierId=${coast.id}`);
    expect(coastOnly.body.node.totals).toEqual({ created: 1, paid: 0, installed: 0, activated: 0 });
    expect(coastOnly.body.children[0]!.totals.created).toBe(0);
  });

  it('roots at a chosen downstream dealer (level 1 there)', async () => {
    const { body } = await report(leaderCookie, `${NOVEMBER}&rootId=${child.id}`);
    expect(body.node).toMatchObject({ id: child.id, level: 1 });
  });

  it('lets an admin root anywhere, and answers an empty range with zero totals', async () => {
    const { status, body } = await report(adminCookie, `from=2025-01-01&to=2025-01-31&rootId=${leader.id}`);
    expect(status).toBe(200);
    expect(body.node.totals).toEqual({ created: 0, paid: 0, installed: 0, activated: 0 });
  });

  it('refuses a leader outside their branch, agents, a node outside the root, and bad ranges', async () => {
    expect((await report(leaderCookie, `${NOVEMBER}&rootId=${outsider.id}`)).status).toBe(403);
    expect((await report(leaderCookie, `${NOVEMBER}&rootId=${admin.id}`)).status).toBe(403);
    expect((await report(agentCookie, NOVEMBER)).status).toBe(403);
    expect((await report(leaderCookie, `${NOVEMBER}&nodeId=${outsider.id}`)).status).toBe(400);
    expect((await report(leaderCookie, 'from=2026-11-30&to=2026-11-01')).status).toBe(400);
    expect((await report(leaderCookie, 'from=2024-01-01&to=2026-11-30')).status).toBe(400);
    expect((await report(leaderCookie, 'from=2026-02-30&to=2026-03-01')).status).toBe(400);
    expect((await report('', NOVEMBER)).status).toBe(401);
  });

  it('is a tab of the supplier page: refused for a hidden supplier, one not the viewer’s, and an unknown one', async () => {
    expect((await report(leaderCookie, `${NOVEMBER}&supplierId=${metro.id}`)).status).toBe(200);
    expect((await report(leaderCookie, `${NOVEMBER}&supplierId=${hidden.id}`)).status).toBe(403);
    expect((await report(leaderCookie, `${NOVEMBER}&supplierId=${unlinked.id}`)).status).toBe(403);
    expect((await report(leaderCookie, `${NOVEMBER}&supplierId=2000000000`)).status).toBe(404);
    expect((await report(adminCookie, `${NOVEMBER}&supplierId=${unlinked.id}`)).status).toBe(200);
  });
});
