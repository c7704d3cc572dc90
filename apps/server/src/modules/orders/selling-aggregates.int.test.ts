import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/test-app.ts';
import { createOrders, type NewOrder, overrideOrders } from '../../db/seed/activity-factories.ts';
import { createProductType, createSupplier, createUser, type UserRow } from '../../db/seed/factories.ts';
import { rankedSellers } from './leaderboard.queries.ts';

// The pre-aggregates of migration 0014 (the leaderboard's per-dealer monthly totals and its dealers
// per sales and first paid date, the structure report's per-day milestone counts) stay equal to a
// recount from the orders through every kind of write, and the leaderboard read from them ranks exactly as ranking the month from scratch.

let ctx: TestContext;
let admin: UserRow;
let typeTwo: UserRow;
let leader: UserRow;
let dealers: UserRow[];
let fibre: { id: number };
let metro: { id: number };
let coast: { id: number };

const order = (dealerId: number, supplierId: number, dates: Partial<NewOrder>) =>
  ({
    suppliersMasterId: supplierId,
    refsProductTypeId: fibre.id,
    orderCreatedDate: '2026-10-20',
    orderPaidDate: null,
    dealerId,
    ...dates,
  }) satisfies NewOrder;

const effectiveDealer = sql`coalesce(ov.newly_assigned_agent, om.users_master_id)`;

async function totalsFromScratch() {
  const result = await ctx.db.execute(sql`
    select date_trunc('month', o.order_paid_date)::date::text as month, ${effectiveDealer} as user_id,
           count(*)::int as sales, min(o.order_paid_date)::text as first_paid
      from orders_import o
      left join orders_master om on om.orders_import_id = o.id
      left join orders_admin_override ov on ov.orders_import_id = o.id
     where o.order_paid_date is not null and ${effectiveDealer} is not null
     group by 1, 2 order by 1, 2`);
  return result.rows;
}

async function totalsKept() {
  const result = await ctx.db.execute(sql`
    select month::text, users_master_id as user_id, sales, first_paid::text
      from leaderboard_monthly_totals order by 1, 2`);
  return result.rows;
}

async function daysFromScratch() {
  const result = await ctx.db.execute(sql`
    select ${effectiveDealer} as user_id, m.day::text, o.suppliers_master_id as supplier, m.milestone, count(*)::int as orders
      from orders_import o
      left join orders_master om on om.orders_import_id = o.id
      left join orders_admin_override ov on ov.orders_import_id = o.id
     cross join lateral (values (1, o.order_created_date), (2, o.order_paid_date),
                                (3, o.order_installation_date), (4, o.supplier_activation_date)) m(milestone, day)
     where ${effectiveDealer} is not null and m.day is not null
     group by 1, 2, 3, 4 order by 1, 2, 3, 4`);
  return result.rows;
}

async function daysKept() {
  const result = await ctx.db.execute(sql`
    select users_master_id as user_id, day::text, suppliers_master_id as supplier, milestone::int, orders
      from structure_daily_orders order by 1, 2, 3, 4`);
  return result.rows;
}

/** Dealers per (sales, first paid) as counted from the two monthly tables; rows at 0 add nothing. */
async function ranksKept() {
  const result = await ctx.db.execute(sql`
    select month::text, suppliers_master_id as supplier, sales, first_paid::text, dealers
      from leaderboard_monthly_ranks where dealers <> 0 order by 1, 2, 3, 4`);
  return result.rows;
}

async function ranksFromTables() {
  const result = await ctx.db.execute(sql`
    select month::text, supplier, sales, first_paid::text, count(*)::int as dealers
      from (select month, suppliers_master_id as supplier, sales, first_paid from leaderboard_monthly_sales
            union all
            select month, 0, sales, first_paid from leaderboard_monthly_totals) x
     group by 1, 2, 3, 4 order by 1, 2, 3, 4`);
  return result.rows;
}

/** The listed branches' buckets (decision 037), kept and as counted from the two monthly tables. */
async function branchRanksKept() {
  const result = await ctx.db.execute(sql`
    select ancestor_id, month::text, suppliers_master_id as supplier, sales, first_paid::text, dealers
      from leaderboard_branch_ranks where dealers <> 0 order by 1, 2, 3, 4, 5`);
  return result.rows;
}

async function branchRanksFromTables() {
  const result = await ctx.db.execute(sql`
    select c.ancestor_id, x.month::text, x.supplier, x.sales, x.first_paid::text, count(*)::int as dealers
      from leaderboard_branches k
      join users_hierarchy_closure c on c.ancestor_id = k.ancestor_id
      join (select month, suppliers_master_id as supplier, users_master_id, sales, first_paid from leaderboard_monthly_sales
            union all
            select month, 0, users_master_id, sales, first_paid from leaderboard_monthly_totals) x
        on x.users_master_id = c.descendant_id
     group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5`);
  return result.rows;
}

async function expectExact() {
  expect(await totalsKept()).toEqual(await totalsFromScratch());
  expect(await ranksKept()).toEqual(await ranksFromTables());
  expect(await branchRanksKept()).toEqual(await branchRanksFromTables());
  expect(await daysKept()).toEqual(await daysFromScratch());
}

/** The month ranked from the orders themselves: the leaderboard's rule without any aggregate. */
async function rankedFromScratch(from: string, supplierId: number | null, withinId: number | null) {
  const result = await ctx.db.execute(sql`
    with per_seller as (
      select ${effectiveDealer} as user_id, count(*)::int as sales, min(o.order_paid_date) as first_paid
        from orders_import o
        left join orders_master om on om.orders_import_id = o.id
        left join orders_admin_override ov on ov.orders_import_id = o.id
       where o.order_paid_date >= ${from}::date and o.order_paid_date < ${from}::date + interval '1 month'
         and ${supplierId === null ? sql`true` : sql`o.suppliers_master_id = ${supplierId}`}
         and ${effectiveDealer} is not null
       group by 1
    )
    select row_number() over (order by s.sales desc, s.first_paid, u.id)::int as rank, u.id as user_id, s.sales
      from per_seller s join users_master u on u.id = s.user_id
     where not u.is_admin and u.refs_type_id is distinct from 2
       and ${
         withinId === null
           ? sql`true`
           : sql`exists (select 1 from users_hierarchy_closure c where c.ancestor_id = ${withinId} and c.descendant_id = u.id)`
       }
     order by 1`);
  return result.rows.map((row) => ({ rank: Number(row.rank), userId: Number(row.user_id), sales: Number(row.sales) }));
}

beforeAll(async () => {
  ctx = await createTestContext();
  const db = ctx.db;
  admin = await createUser(db, { isAdmin: true, withoutLogin: true });
  leader = await createUser(db, { parentId: admin.id, isLeader: true, withoutLogin: true });
  typeTwo = await createUser(db, { parentId: admin.id, withoutLogin: true, refsTypeId: 2 });
  dealers = [];
  for (let i = 0; i < 8; i += 1) {
    dealers.push(await createUser(db, { parentId: i < 5 ? leader.id : admin.id, withoutLogin: true }));
  }
  fibre = await createProductType(db, 'Aggregates Fibre');
  metro = await createSupplier(db, { supplierName: 'Aggregates Metro', productTypeIds: [fibre.id] });
  coast = await createSupplier(db, { supplierName: 'Aggregates Coast', productTypeIds: [fibre.id] });
  // October: sales 1..8 across both suppliers with ties; the admin and type 2 sell the most.
  const orders: NewOrder[] = [];
  dealers.forEach((dealer, i) => {
    for (let n = 0; n <= i % 4; n += 1) {
      orders.push(
        order(dealer.id, n % 2 ? coast.id : metro.id, {
          orderPaidDate: `2026-10-${String(10 + (i % 3) + n).padStart(2, '0')}`,
          orderInstallationDate: n % 2 ? '2026-10-25' : null,
          supplierActivationDate: n === 0 ? '2026-11-02' : null,
        }),
      );
    }
  });
  for (let n = 0; n < 6; n += 1) {
    orders.push(order(admin.id, metro.id, { orderPaidDate: '2026-10-05' }));
    orders.push(order(typeTwo.id, coast.id, { orderPaidDate: '2026-10-07' }));
  }
  orders.push(order(dealers[0]!.id, metro.id, {}));
  await createOrders(db, orders);
  // The admin's and the leader's branches keep buckets (the threshold is for large trees); the
  // orders written from here on reach them through the triggers only.
  await db.execute(sql`select leaderboard_branches_refresh(6)`);
});

afterAll(async () => {
  await ctx?.close();
});

describe('the selling pre-aggregates', () => {
  it('start equal to a recount of the orders written', async () => {
    await expectExact();
    expect((await totalsKept()).length).toBeGreaterThan(0);
    expect((await branchRanksKept()).length).toBeGreaterThan(0);
    expect((await daysKept()).length).toBeGreaterThan(0);
  });

  it('rank every viewer exactly as ranking the month from its orders, overall, per supplier and per branch', async () => {
    const viewers = [...dealers, leader];
    for (const supplierId of [null, metro.id, coast.id]) {
      for (const withinId of [null, leader.id]) {
        const expected = await rankedFromScratch('2026-10-01', supplierId, withinId);
        for (const viewer of viewers) {
          for (const limit of [3, 100]) {
            const rows = await rankedSellers(ctx.db, {
              from: '2026-10-01',
              supplierId,
              withinId,
              limit,
              viewerId: viewer.id,
            });
            const wanted = expected.filter((row) => row.rank <= limit || row.userId === viewer.id);
            expect(rows.map(({ rank, userId, sales }) => ({ rank, userId, sales }))).toEqual(wanted);
            for (const row of rows) {
              expect(row.ranked).toBe(expected.length);
              expect(row.topSales).toBe(expected[0]!.sales);
            }
          }
        }
      }
    }
  });

  it('follow re-imported dates and suppliers, attributions changed and removed, and overrides', async () => {
    const db = ctx.db;
    const idsOf = async (dealer: UserRow) =>
      (
        await db.execute(sql`select orders_import_id as id from orders_master where users_master_id = ${dealer.id}
                              order by orders_import_id`)
      ).rows.map((row) => Number(row.id));

    // A re-import: a paid date moves month, a supplier changes, milestones are reached and undone.
    const [first] = await idsOf(dealers[3]!);
    await db.execute(sql`update orders_import set order_paid_date = '2026-11-01' where id = ${first}`);
    await expectExact();
    await db.execute(sql`
      update orders_import set suppliers_master_id = ${coast.id}, order_installation_date = '2026-10-26',
             order_created_date = '2026-10-21'
       where id in (select orders_import_id from orders_master where users_master_id = ${dealers[2]!.id})`);
    await expectExact();
    await db.execute(sql`
      update orders_import set supplier_activation_date = null, order_paid_date = null
       where id in (select orders_import_id from orders_master where users_master_id = ${dealers[7]!.id})`);
    await expectExact();

    // An attribution changed to another dealer, then removed.
    const [moved] = await idsOf(dealers[5]!);
    await db.execute(
      sql`update orders_master set users_master_id = ${dealers[1]!.id} where orders_import_id = ${moved}`,
    );
    await expectExact();
    await db.execute(sql`delete from orders_master where orders_import_id = ${moved}`);
    await expectExact();

    // Overrides written, moved on and removed.
    const twoOfSix = (await idsOf(dealers[6]!)).slice(0, 2);
    await overrideOrders(
      db,
      twoOfSix.map((orderId) => ({ orderId, dealerId: dealers[0]!.id })),
    );
    await expectExact();
    await db.execute(sql`
      update orders_admin_override set newly_assigned_agent = ${dealers[4]!.id} where orders_import_id = ${twoOfSix[0]}`);
    await expectExact();
    await db.execute(sql`delete from orders_admin_override where orders_import_id = ${twoOfSix[1]}`);
    await expectExact();

    // A new order attributed later (the import writes the order first, then its attribution).
    const [late] = await createOrders(db, [
      { ...order(dealers[0]!.id, metro.id, { orderPaidDate: '2026-10-09' }), dealerId: undefined },
    ]);
    await expectExact();
    await db.execute(
      sql`insert into orders_master (orders_import_id, users_master_id) values (${late!.id}, ${dealers[0]!.id})`,
    );
    await expectExact();

    // A dealer moves out of the leader's branch, another into it: their months go with them.
    await db.execute(sql`update users_master set parent_id = ${admin.id} where id = ${dealers[1]!.id}`);
    await db.execute(sql`update users_master set parent_id = ${leader.id} where id = ${dealers[6]!.id}`);
    await expectExact();

    // The leaderboard still ranks as from scratch after all of it.
    const expected = await rankedFromScratch('2026-10-01', null, null);
    const rows = await rankedSellers(db, {
      from: '2026-10-01',
      supplierId: null,
      withinId: null,
      limit: 100,
      viewerId: dealers[0]!.id,
    });
    expect(rows.map(({ rank, userId, sales }) => ({ rank, userId, sales }))).toEqual(expected);
  });
});
