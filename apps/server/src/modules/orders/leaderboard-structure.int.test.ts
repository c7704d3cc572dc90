import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/test-app.ts';
import { createOrders, type NewOrder } from '../../db/seed/activity-factories.ts';
import { createProductType, createSupplier, createUser, type UserRow } from '../../db/seed/factories.ts';
import { rankedSellers } from './leaderboard.queries.ts';
import { LEADERBOARD_BRANCHES_QUEUE } from './leaderboard-branches.job.ts';

// The structure view (decision 037) against a brute-force ranking, on a generated tree whose sales
// tie on count and on first paid date: both ways of reading (the month in ranking order with the
// branch's buckets, the branch's members ranked) and the automatic choice give every branch leader
// the same ranks, ties, own row and counts as ranking the branch's orders from scratch.

let ctx: TestContext;
let admin: UserRow;
let people: UserRow[];
let metro: { id: number };
let coast: { id: number };

const MONTH = '2026-10-01';

/** A small deterministic generator, so a failure can be replayed. */
function generator(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

/** The branch's month ranked from its orders: the leaderboard's rule, no aggregate used. */
async function bruteForce(withinId: number, supplierId: number | null) {
  const result = await ctx.db.execute(sql`
    with per_seller as (
      select coalesce(ov.newly_assigned_agent, om.users_master_id) as user_id, count(*)::int as sales,
             min(o.order_paid_date) as first_paid
        from orders_import o
        left join orders_master om on om.orders_import_id = o.id
        left join orders_admin_override ov on ov.orders_import_id = o.id
       where o.order_paid_date >= ${MONTH}::date and o.order_paid_date < ${MONTH}::date + interval '1 month'
         and ${supplierId === null ? sql`true` : sql`o.suppliers_master_id = ${supplierId}`}
         and coalesce(ov.newly_assigned_agent, om.users_master_id) is not null
       group by 1
    )
    select row_number() over (order by s.sales desc, s.first_paid, u.id)::int as rank, u.id as user_id, s.sales
      from per_seller s join users_master u on u.id = s.user_id
     where not u.is_admin and u.refs_type_id is distinct from 2
       and exists (select 1 from users_hierarchy_closure c where c.ancestor_id = ${withinId} and c.descendant_id = u.id)
     order by 1`);
  return result.rows.map((row) => ({ rank: Number(row.rank), userId: Number(row.user_id), sales: Number(row.sales) }));
}

beforeAll(async () => {
  ctx = await createTestContext();
  const db = ctx.db;
  const random = generator(37);
  admin = await createUser(db, { isAdmin: true, withoutLogin: true });
  // Three branches of different sizes under the admin, each a tree of random shape; one type-2
  // person and one admin inside them (they sell the most and are never ranked).
  people = [];
  for (let i = 0; i < 60; i += 1) {
    const parent = i < 3 ? admin : people[Math.floor(random() * i)]!;
    const unranked = i === 17 ? { refsTypeId: 2 } : i === 29 ? { isAdmin: true } : {};
    people.push(await createUser(db, { parentId: parent.id, withoutLogin: true, ...unranked }));
  }
  const fibre = await createProductType(db, 'Structure Fibre');
  metro = await createSupplier(db, { supplierName: 'Structure Metro', productTypeIds: [fibre.id] });
  coast = await createSupplier(db, { supplierName: 'Structure Coast', productTypeIds: [fibre.id] });
  // Sales of 0–4 on three possible first days: many ties on both, some broken only by the id.
  const orders: NewOrder[] = [];
  people.forEach((dealer, i) => {
    const sales = i === 17 || i === 29 ? 9 : Math.floor(random() * 5);
    const firstDay = 10 + Math.floor(random() * 3);
    for (let n = 0; n < sales; n += 1) {
      orders.push({
        suppliersMasterId: random() < 0.6 ? metro.id : coast.id,
        refsProductTypeId: fibre.id,
        orderCreatedDate: '2026-10-01',
        orderPaidDate: `2026-10-${firstDay + (n === 0 ? 0 : 3)}`,
        dealerId: dealer.id,
      });
    }
  });
  // Other months, so the buckets hold more than one.
  orders.push({
    suppliersMasterId: metro.id,
    refsProductTypeId: fibre.id,
    orderCreatedDate: '2026-09-01',
    orderPaidDate: '2026-09-03',
    dealerId: people[4]!.id,
  });
  await createOrders(db, orders);
  // Every branch of two people or more keeps buckets here (the threshold is for large trees).
  await db.execute(sql`select leaderboard_branches_refresh(2)`);
});

afterAll(async () => {
  await ctx?.close();
});

describe('the structure view', () => {
  it('ranks every branch as a brute-force ranking does, whichever way it reads', async () => {
    let compared = 0;
    for (const leader of [admin, ...people]) {
      for (const supplierId of [null, metro.id, coast.id]) {
        const expected = await bruteForce(leader.id, supplierId);
        for (const limit of [1, 3, 10, 100]) {
          const wanted = expected.filter((row) => row.rank <= limit || row.userId === leader.id);
          for (const plan of ['walk', 'members', undefined] as const) {
            const rows = await rankedSellers(ctx.db, {
              from: MONTH,
              supplierId,
              withinId: leader.id,
              limit,
              viewerId: leader.id,
              ...(plan ? { plan } : {}),
            });
            const listed = (
              await ctx.db.execute(sql`select 1 from leaderboard_branches where ancestor_id = ${leader.id}`)
            ).rows.length;
            // Only listed branches have buckets to walk with; the others always rank their members.
            if (plan === 'walk' && listed === 0) continue;
            expect(rows.map(({ rank, userId, sales }) => ({ rank, userId, sales }))).toEqual(wanted);
            for (const row of rows) {
              expect(row.ranked).toBe(expected.length);
              expect(row.topSales).toBe(expected[0]!.sales);
            }
            compared += 1;
          }
        }
      }
    }
    // The generated month has ties that only the id breaks, and own rows below the list.
    const all = await bruteForce(admin.id, null);
    const keys = all.map((row) => row.sales);
    expect(new Set(keys).size).toBeLessThan(keys.length);
    expect(compared).toBeGreaterThan(300);
  });

  it('keeps a branch’s buckets exact when people move between branches', async () => {
    // A person with a downstream moves under someone outside their own branch and their old parent.
    const moved = people[5]!;
    const target = (
      await ctx.db.execute(sql`
        select u.id from users_master u
         where u.id = any(${`{${people.map((p) => p.id).join(',')}}`}::int[]) and u.id <> ${moved.parentId!}
           and not exists (select 1 from users_hierarchy_closure c where c.ancestor_id = ${moved.id} and c.descendant_id = u.id)
         order by u.id desc limit 1`)
    ).rows[0]!.id as number;
    await ctx.db.execute(sql`update users_master set parent_id = ${target} where id = ${moved.id}`);
    const kept = await ctx.db.execute(sql`
      select ancestor_id, month::text, suppliers_master_id, sales, first_paid::text, dealers
        from leaderboard_branch_ranks where dealers <> 0 order by 1, 2, 3, 4, 5`);
    const recounted = await ctx.db.execute(sql`
      select c.ancestor_id, m.month::text, m.suppliers_master_id, m.sales, m.first_paid::text, count(*)::int as dealers
        from leaderboard_branches k
        join users_hierarchy_closure c on c.ancestor_id = k.ancestor_id
        join (select month, 0 as suppliers_master_id, users_master_id, sales, first_paid from leaderboard_monthly_totals
              union all
              select month, suppliers_master_id, users_master_id, sales, first_paid from leaderboard_monthly_sales) m
          on m.users_master_id = c.descendant_id
       group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5`);
    expect(kept.rows).toEqual(recounted.rows);
    const listed = (await ctx.db.execute(sql`select ancestor_id from leaderboard_branches`)).rows.map((row) =>
      Number(row.ancestor_id),
    );
    expect(listed).toContain(moved.parentId);
    for (const leader of listed) {
      const expected = await bruteForce(leader, null);
      const rows = await rankedSellers(ctx.db, {
        from: MONTH,
        supplierId: null,
        withinId: leader,
        limit: 100,
        viewerId: leader,
        plan: 'walk',
      });
      expect(rows.map(({ rank, userId, sales }) => ({ rank, userId, sales }))).toEqual(expected);
    }
  });

  it('drops small branches at the nightly job and still ranks them from their members', async () => {
    const run = await ctx.jobs.runNow(LEADERBOARD_BRANCHES_QUEUE, {});
    expect(run.state).toBe('completed');
    // Every generated branch is far below the production threshold.
    expect((await ctx.db.execute(sql`select 1 from leaderboard_branches`)).rows).toEqual([]);
    expect((await ctx.db.execute(sql`select 1 from leaderboard_branch_ranks`)).rows).toEqual([]);
    for (const leader of [admin, people[0]!, people[1]!]) {
      const expected = await bruteForce(leader.id, null);
      const rows = await rankedSellers(ctx.db, {
        from: MONTH,
        supplierId: null,
        withinId: leader.id,
        limit: 10,
        viewerId: leader.id,
      });
      const wanted = expected.filter((row) => row.rank <= 10 || row.userId === leader.id);
      expect(rows.map(({ rank, userId, sales }) => ({ rank, userId, sales }))).toEqual(wanted);
    }
  });
});
