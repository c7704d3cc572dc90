import type { Leaderboard } from '@portal/domain/orders/leaderboard';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/test-app.ts';
import { createOrders, type NewOrder } from '../../db/seed/activity-factories.ts';
import { createProductType, createSupplier, createUser, type UserRow } from '../../db/seed/factories.ts';

// The leaderboard over real orders: who counts, in which month, for which supplier, in what order.

let ctx: TestContext;
let leaderCookie: string;
let agentCookie: string;
let waitingCookie: string;
let admin: UserRow;
let leader: UserRow;
let agent: UserRow;
let teammate: UserRow;
let outsider: UserRow;
let typeTwo: UserRow;
let fibre: { id: number };
let metro: { id: number };
let coast: { id: number };

const PASSWORD = 'Secret123';

const order = (dealerId: number | undefined, supplierId: number, paid: string | null, extra: Partial<NewOrder> = {}) =>
  ({
    suppliersMasterId: supplierId,
    refsProductTypeId: fibre.id,
    orderCreatedDate: '2026-10-01',
    orderPaidDate: paid,
    ...(dealerId ? { dealerId } : {}),
    ...extra,
  }) satisfies NewOrder;

const times = <T>(n: number, make: () => T) => Array.from({ length: n }, make);

async function board(cookie: string, query: string) {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/leaderboard?${query}`, headers: { cookie } });
  return { status: res.statusCode, body: res.json() as Leaderboard };
}

beforeAll(async () => {
  ctx = await createTestContext();
  const db = ctx.db;
  admin = await createUser(db, { isAdmin: true, password: PASSWORD });
  leader = await createUser(db, { parentId: admin.id, isLeader: true, password: PASSWORD, firstName: 'Lwazi' });
  agent = await createUser(db, { parentId: leader.id, password: PASSWORD, firstName: 'Ayanda' });
  teammate = await createUser(db, { parentId: agent.id, withoutLogin: true, firstName: 'Thabo' });
  const otherLeader = await createUser(db, { parentId: admin.id, isLeader: true, withoutLogin: true });
  outsider = await createUser(db, { parentId: otherLeader.id, withoutLogin: true, firstName: 'Olga' });
  typeTwo = await createUser(db, { parentId: admin.id, withoutLogin: true, refsTypeId: 2 });
  const waiting = await createUser(db, { parentId: leader.id, password: PASSWORD, emailVerified: false });
  fibre = await createProductType(db, 'Leaderboard Fibre');
  metro = await createSupplier(db, { supplierName: 'Leaderboard Metro', productTypeIds: [fibre.id] });
  coast = await createSupplier(db, { supplierName: 'Leaderboard Coast', productTypeIds: [fibre.id] });

  await createOrders(db, [
    // November: outsider 4 (metro 3, coast 1), teammate 3 (first paid earlier), agent 3, leader 1.
    ...times(3, () => order(outsider.id, metro.id, '2026-11-10')),
    order(outsider.id, coast.id, '2026-11-12'),
    ...times(3, () => order(teammate.id, metro.id, '2026-11-02')),
    ...times(3, () => order(agent.id, metro.id, '2026-11-05')),
    order(leader.id, coast.id, '2026-11-30'),
    // Not counted in November: unpaid, paid in October or December, unmatched, admins and type 2.
    order(agent.id, metro.id, null),
    order(agent.id, metro.id, '2026-10-31'),
    order(agent.id, metro.id, '2026-12-01'),
    order(undefined, metro.id, '2026-11-03', { agentIdentification: 'Z-99999999' }),
    ...times(9, () => order(admin.id, metro.id, '2026-11-03')),
    ...times(9, () => order(typeTwo.id, metro.id, '2026-11-03')),
  ]);
  // An order of the outsider reassigned by hand to the leader: it counts for the leader only.
  await db.execute(sql`
    insert into orders_admin_override (orders_import_id, newly_assigned_agent, assigned_by)
    select om.orders_import_id, ${leader.id}, ${admin.id}
      from orders_master om join orders_import o on o.id = om.orders_import_id
     where om.users_master_id = ${outsider.id} and o.suppliers_master_id = ${coast.id}`);

  leaderCookie = await ctx.signIn(leader.email!, PASSWORD);
  agentCookie = await ctx.signIn(agent.email!, PASSWORD);
  waitingCookie = await ctx.signIn(waiting.email!, PASSWORD);
});

afterAll(async () => {
  await ctx?.close();
});

describe('GET /api/leaderboard', () => {
  it('ranks the month’s paid orders per dealer, ties by the earlier first paid order, with the share of the top', async () => {
    const { status, body } = await board(agentCookie, 'year=2026&month=11');
    expect(status).toBe(200);
    expect(body.rows.map((row) => [row.rank, row.userId, row.sales, row.percentage])).toEqual([
      [1, teammate.id, 3, '100.00'],
      [2, agent.id, 3, '100.00'],
      [3, outsider.id, 3, '100.00'],
      [4, leader.id, 2, '66.67'],
    ]);
    expect(body.rows[0]!.zCode).toBe(`Z-${teammate.id}`);
    expect(body.ranked).toBe(4);
    expect(body.own).toBeNull();
  });

  it('counts one supplier’s orders when one is chosen', async () => {
    const { body } = await board(agentCookie, `year=2026&month=11&supplierId=${coast.id}`);
    expect(body.rows.map((row) => [row.userId, row.sales])).toEqual([[leader.id, 2]]);
  });

  it('shows only the viewer and their downstream in the structure view', async () => {
    const mine = await board(leaderCookie, 'year=2026&month=11&view=structure');
    expect(mine.body.rows.map((row) => row.userId)).toEqual([teammate.id, agent.id, leader.id]);
    const agents = await board(agentCookie, 'year=2026&month=11&view=structure');
    expect(agents.body.rows.map((row) => row.userId)).toEqual([teammate.id, agent.id]);
  });

  it('lists ten ranks, up to a hundred expanded, and gives the viewer their own rank below the list', async () => {
    const crowd = await Promise.all(times(11, () => createUser(ctx.db, { parentId: admin.id, withoutLogin: true })));
    await createOrders(
      ctx.db,
      crowd.flatMap((dealer) => times(5, () => order(dealer.id, metro.id, '2026-09-15'))),
    );
    await createOrders(ctx.db, [order(agent.id, metro.id, '2026-09-20')]);
    const listed = await board(agentCookie, 'year=2026&month=9');
    expect(listed.body.rows).toHaveLength(10);
    expect(listed.body.ranked).toBe(12);
    expect(listed.body.own).toMatchObject({ rank: 12, userId: agent.id, sales: 1, percentage: '20.00' });
    const expanded = await board(agentCookie, 'year=2026&month=9&limit=100');
    expect(expanded.body.rows).toHaveLength(12);
    expect(expanded.body.own).toBeNull();
  });

  it('ranks no supplier the filter does not offer: hidden or unranked is a 404, no names or sales', async () => {
    const secret = await createSupplier(ctx.db, { supplierName: 'Leaderboard Secret', supplierStatus: 3 });
    const unranked = await createSupplier(ctx.db, { supplierName: 'Leaderboard Unranked', leaderboard: false });
    await createOrders(ctx.db, [
      order(outsider.id, secret.id, '2026-11-12'),
      order(outsider.id, unranked.id, '2026-11-12'),
    ]);
    for (const supplierId of [secret.id, unranked.id, 2_000_000_000]) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/leaderboard?year=2026&month=11&supplierId=${supplierId}`,
        headers: { cookie: agentCookie },
      });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('Olga');
    }
  });

  it('answers an empty month with no rows', async () => {
    const { status, body } = await board(agentCookie, 'year=2025&month=1');
    expect(status).toBe(200);
    expect(body.rows).toEqual([]);
    expect(body.ranked).toBe(0);
  });

  it('offers the suppliers whose orders are ranked, hidden and unranked ones left out', async () => {
    await createSupplier(ctx.db, { supplierName: 'Leaderboard Hidden', supplierStatus: 3 });
    await createSupplier(ctx.db, { supplierName: 'Leaderboard Off', leaderboard: false });
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/leaderboard/suppliers',
      headers: { cookie: agentCookie },
    });
    const names = (res.json() as { name: string }[])
      .map((s) => s.name)
      .filter((name) => name.startsWith('Leaderboard'));
    expect(names).toEqual(['Leaderboard Coast', 'Leaderboard Metro']);
  });

  it('keeps the monthly sales exact through re-imports, overrides and their removal', async () => {
    const db = ctx.db;
    const fromScratch = async () =>
      (
        await db.execute(sql`
          select date_trunc('month', o.order_paid_date)::date::text as month, o.suppliers_master_id as supplier,
                 coalesce(ov.newly_assigned_agent, om.users_master_id) as user_id,
                 count(*)::int as sales, min(o.order_paid_date)::text as first_paid
            from orders_import o
            left join orders_master om on om.orders_import_id = o.id
            left join orders_admin_override ov on ov.orders_import_id = o.id
           where o.order_paid_date is not null and coalesce(ov.newly_assigned_agent, om.users_master_id) is not null
           group by 1, 2, 3 order by 1, 2, 3`)
      ).rows;
    const kept = async () =>
      (
        await db.execute(sql`
          select month::text, suppliers_master_id as supplier, users_master_id as user_id, sales, first_paid::text
            from leaderboard_monthly_sales order by 1, 2, 3`)
      ).rows;
    expect(await kept()).toEqual(await fromScratch());

    // A re-import moves the agent's first November order to December and pays an unpaid one.
    await db.execute(sql`
      update orders_import set order_paid_date = '2026-12-03'
       where id = (select min(o.id) from orders_import o join orders_master om on om.orders_import_id = o.id
                    where om.users_master_id = ${agent.id} and o.order_paid_date = '2026-11-05')`);
    await db.execute(sql`
      update orders_import set order_paid_date = '2026-11-01'
       where id in (select o.id from orders_import o join orders_master om on om.orders_import_id = o.id
                     where om.users_master_id = ${agent.id} and o.order_paid_date is null)`);
    expect(await kept()).toEqual(await fromScratch());

    // Overrides: two of the teammate's orders to the agent, then one moved on to the leader, then removed.
    await db.execute(sql`
      insert into orders_admin_override (orders_import_id, newly_assigned_agent)
      select om.orders_import_id, ${agent.id} from orders_master om
       where om.users_master_id = ${teammate.id}
         and not exists (select 1 from orders_admin_override ov where ov.orders_import_id = om.orders_import_id)
       order by om.orders_import_id limit 2`);
    expect(await kept()).toEqual(await fromScratch());
    await db.execute(sql`
      update orders_admin_override set newly_assigned_agent = ${leader.id}
       where id = (select min(id) from orders_admin_override where newly_assigned_agent = ${agent.id})`);
    expect(await kept()).toEqual(await fromScratch());
    await db.execute(sql`delete from orders_admin_override where newly_assigned_agent in (${agent.id}, ${leader.id})`);
    expect(await kept()).toEqual(await fromScratch());

    // An attribution removed and written again for someone else.
    await db.execute(sql`
      update orders_master set users_master_id = ${outsider.id}
       where orders_import_id = (select min(orders_import_id) from orders_master where users_master_id = ${teammate.id})`);
    expect(await kept()).toEqual(await fromScratch());
  });

  it('refuses bad months and limits by name, the waiting state and anonymous callers', async () => {
    expect((await board(agentCookie, 'year=2026&month=13')).status).toBe(400);
    expect((await board(agentCookie, 'year=2026&month=11&limit=5000')).status).toBe(400);
    expect((await board(agentCookie, 'year=2026&month=11&view=everyone')).status).toBe(400);
    expect((await board(waitingCookie, 'year=2026&month=11')).status).toBe(403);
    expect((await board('', 'year=2026&month=11')).status).toBe(401);
  });
});
