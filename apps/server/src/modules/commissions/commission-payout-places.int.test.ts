import type { CommissionImportStatus, PreviewExceptions } from '@portal/domain/commissions/calculation';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, TEST_ORIGIN, type TestContext } from '../../../test/test-app.ts';
import { createOrders } from '../../db/seed/activity-factories.ts';
import { createCommissionPeriod } from '../../db/seed/commission-cycle-factories.ts';
import {
  createDeal,
  createProduct,
  createProductType,
  createSupplier,
  createUser,
  grantFeatures,
  linkUser,
  type UserRow,
} from '../../db/seed/factories.ts';
import {
  insertRun,
  lockCommissionLines,
  stageDealerLeaders,
  stageEligibleOrders,
  stageHeldPayees,
  stageKeptPairs,
  writeLeaderLines,
} from './commission-calc.queries.ts';

// One place of an order (its agent, or its k-th leader) is paid once, whatever the order in which
// the cycle's steps run: an import after stamping, an import naming someone who is not paid, and
// a stamping started while a calculation is writing lines.

const PASSWORD = 'Secret123';
let ctx: TestContext;
let admin: UserRow;
let adminCookie = '';
let leader: UserRow;
let dealer: UserRow;
let period = 0;
let supplier = 0;
let fibre = 0;
let product = 0;

async function call(method: 'GET' | 'POST', url: string, payload?: unknown) {
  return ctx.app.inject({
    method,
    url,
    headers: { cookie: adminCookie, origin: TEST_ORIGIN },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

async function waitJob(jobId: string) {
  for (let attempt = 0; attempt < 240; attempt += 1) {
    const row = await ctx.jobs.get(jobId);
    if (row && (row.state === 'completed' || row.state === 'failed')) return row.state;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`job ${jobId} did not finish`);
}

async function agentStep() {
  const res = await call('GET', `/api/commissions/agent-commissions?period=${period}`);
  expect(res.statusCode).toBe(202);
  expect(await waitJob(res.json().jobId)).toBe('completed');
}

async function leaderStep() {
  const res = await call('POST', '/api/commissions/leader-commissions', { period });
  expect(res.statusCode).toBe(202);
  expect(await waitJob(res.json().jobId)).toBe('completed');
}

async function startStamping(): Promise<string> {
  const res = await call('POST', `/api/commissions/commissions-period-stamping?period=${period}`);
  expect(res.statusCode).toBe(202);
  return res.json().jobId;
}

async function importCsv(type: 'Agent' | 'Leader', csv: string): Promise<CommissionImportStatus> {
  const boundary = 'payoutplaces';
  const upload = await ctx.app.inject({
    method: 'POST',
    url: '/api/files',
    headers: { cookie: adminCookie, origin: TEST_ORIGIN, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="purpose"\r\n\r\ncommission_import\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="payouts.csv"\r\nContent-Type: text/csv\r\n\r\n`,
      ),
      Buffer.from(csv),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });
  expect(upload.statusCode).toBe(201);
  const started = await call('POST', '/api/commissions/import-commissions', { type, fileId: upload.json().id });
  expect(started.statusCode).toBe(202);
  await waitJob(started.json().jobId);
  return (await call('GET', `/api/commissions/imports/${started.json().id}`)).json();
}

async function linesOf(orderId: number) {
  const result = await ctx.db.execute<{
    payee: number;
    role: string;
    level: number | null;
    cents: number;
    source: string;
    period: number | null;
  }>(sql`
    select payee_users_master_id as payee, role, leader_level as level, amount_cents as cents, source,
           commissions_period_id as period
      from commission_lines where orders_import_id = ${orderId}
     order by role, leader_level nulls first, id`);
  return result.rows;
}

async function importExceptions(): Promise<string[]> {
  const page = (await call('GET', '/api/commissions/preview/exceptions?pageSize=100')).json() as PreviewExceptions;
  return page.items.filter((item) => item.source === 'import').map((item) => item.reason);
}

async function newOrder(orderNumber: string, dealerId = dealer.id): Promise<number> {
  const [row] = await createOrders(ctx.db, [
    {
      suppliersMasterId: supplier,
      refsProductTypeId: fibre,
      orderCreatedDate: '2026-09-01',
      supplierActivationDate: '2026-10-10',
      productsMasterId: product,
      orderNumber,
      dealerId,
    },
  ]);
  return row!.id;
}

beforeAll(async () => {
  ctx = await createTestContext();
  const db = ctx.db;
  await ctx.jobs.start();
  admin = await createUser(db, { isAdmin: true, password: PASSWORD });
  await grantFeatures(db, admin.id, ['Commissions']);
  adminCookie = await ctx.signIn(admin.email!, PASSWORD);
  // Nobody is held back by training here: the gate is off.
  await db.execute(sql`
    insert into app_settings (key, value) values ('commission_training_gate', 'false'::jsonb)
    on conflict (key) do update set value = excluded.value`);
  fibre = (await createProductType(db, 'Fibre places')).id;
  supplier = (await createSupplier(db, { productTypeIds: [fibre] })).id;
  product = (await createProduct(db, { suppliersMasterId: supplier, refsProductTypeId: fibre })).id;
  const deal = await createDeal(db, { suppliersMasterId: supplier, refsProductTypeId: fibre }, [
    { productId: product, rates: { user: [100, 100, 100, 100], leader: [50, 0, 0, 0, 0, 0, 0] } },
  ]);
  leader = await createUser(db, { withoutLogin: true, isLeader: true, firstName: 'Placed', surname: 'Leader' });
  dealer = await createUser(db, { withoutLogin: true, parentId: leader.id, refsUserTierId: 1 });
  for (const user of [leader, dealer]) await linkUser(db, user.id, { dealIds: [deal.id] });
  period = (await createCommissionPeriod(db, { startDate: '2026-10-01', endDate: '2026-10-31', isActive: true })).id;
}, 120_000);

afterAll(async () => {
  await ctx?.close();
});

describe('a place of an order is paid once', () => {
  it('an import for a place already stamped to a payout is an exception, not a second line', async () => {
    const order = await newOrder('PLACE-STAMPED');
    await agentStep();
    await leaderStep();
    expect(await waitJob(await startStamping())).toBe('completed');
    const stamped = await linesOf(order);
    expect(stamped).toEqual([
      expect.objectContaining({ payee: dealer.id, role: 'agent', cents: 10_000, period }),
      expect.objectContaining({ payee: leader.id, role: 'leader', level: 1, cents: 5_000, period }),
    ]);

    const agent = await importCsv(
      'Agent',
      `order_number,agent payment date,paid to 1,amount 1,tier 1\nPLACE-STAMPED,2026-10-31,Z-${dealer.id},R250,1\n`,
    );
    const leaderFile = await importCsv(
      'Leader',
      `order_number,payment_date,tier_1,paid_to_1,amount_1\nPLACE-STAMPED,2026-10-31,1,Z-${leader.id},R80\n`,
    );
    expect(agent.counts).toEqual({ rows: 1, imported: 0, exceptions: 1 });
    expect(leaderFile.counts).toEqual({ rows: 1, imported: 0, exceptions: 1 });
    expect(await importExceptions()).toEqual(
      expect.arrayContaining([
        'The agent commission of order PLACE-STAMPED is already stamped to a payout',
        'The tier 1 leader commission of order PLACE-STAMPED is already stamped to a payout',
      ]),
    );
    // Stamping again adds nothing to the period for the order.
    expect(await waitJob(await startStamping())).toBe('completed');
    expect(await linesOf(order)).toEqual(stamped);
  });

  it('an import naming a dealer who is pending, deleted or rejected is an exception', async () => {
    const order = await newOrder('PLACE-PAYEE');
    const deleted = await createUser(ctx.db, { withoutLogin: true, refsUserLifecycleStatusId: 4 });
    const pending = await createUser(ctx.db, { withoutLogin: true, refsUserLifecycleStatusId: 1 });
    const status = await importCsv(
      'Leader',
      [
        'order_number,payment_date,tier_1,paid_to_1,amount_1,tier_2,paid_to_2,amount_2',
        `PLACE-PAYEE,2026-10-31,1,Z-${deleted.id},R80,2,Z-${pending.id},R40`,
      ].join('\n'),
    );
    expect(status.counts).toEqual({ rows: 1, imported: 0, exceptions: 2 });
    expect(await importExceptions()).toEqual(
      expect.arrayContaining([
        `Dealer Z-${deleted.id} is in lifecycle status 4 (only active or deactivated dealers are paid)`,
        `Dealer Z-${pending.id} is in lifecycle status 1 (only active or deactivated dealers are paid)`,
      ]),
    );
    expect((await linesOf(order)).filter((line) => line.source === 'import')).toEqual([]);
  });

  it('an imported line takes its place from the calculated one, whoever it names, and a rerun keeps it so', async () => {
    const order = await newOrder('PLACE-OTHER');
    const other = await createUser(ctx.db, { withoutLogin: true, firstName: 'Named', surname: 'BySupplier' });
    const otherLeader = await createUser(ctx.db, { withoutLogin: true, isLeader: true });
    await agentStep();
    await leaderStep();
    const agent = await importCsv(
      'Agent',
      [
        'order_number,agent payment date,paid to 1,amount 1,tier 1',
        `PLACE-OTHER,2026-10-31,Z-${dealer.id},R150,1`,
        `PLACE-OTHER,2026-10-31,Z-${other.id},R120,1`,
      ].join('\n'),
    );
    expect(agent.counts).toEqual({ rows: 2, imported: 1, exceptions: 1 });
    expect(await importExceptions()).toContain('Replaced by line 3 of the same file');
    const leaderFile = await importCsv(
      'Leader',
      `order_number,payment_date,tier_1,paid_to_1,amount_1\nPLACE-OTHER,2026-10-31,1,Z-${otherLeader.id},R30\n`,
    );
    expect(leaderFile.counts).toEqual({ rows: 1, imported: 1, exceptions: 0 });
    const expected = [
      expect.objectContaining({ payee: other.id, role: 'agent', cents: 12_000, source: 'import' }),
      expect.objectContaining({ payee: otherLeader.id, role: 'leader', level: 1, cents: 3_000, source: 'import' }),
    ];
    expect(await linesOf(order)).toEqual(expected);
    await agentStep();
    await leaderStep();
    expect(await linesOf(order)).toEqual(expected);
    // A later file naming someone else again replaces the earlier import, not adds to it.
    await importCsv(
      'Agent',
      `order_number,agent payment date,paid to 1,amount 1,tier 1\nPLACE-OTHER,2026-10-31,Z-${dealer.id},R90,1\n`,
    );
    expect((await linesOf(order)).filter((line) => line.role === 'agent')).toEqual([
      expect.objectContaining({ payee: dealer.id, cents: 9_000, source: 'import' }),
    ]);
  });

  it('a leader the file names at another tier than ours is paid once, at the tier the file names', async () => {
    const order = await newOrder('PLACE-TIER');
    await agentStep();
    await leaderStep();
    expect((await linesOf(order)).filter((line) => line.role === 'leader')).toEqual([
      expect.objectContaining({ payee: leader.id, level: 1, source: 'calculated' }),
    ]);
    const status = await importCsv(
      'Leader',
      `order_number,payment_date,tier_1,paid_to_1,amount_1\nPLACE-TIER,2026-10-31,2,Z-${leader.id},R20\n`,
    );
    expect(status.counts).toEqual({ rows: 1, imported: 1, exceptions: 0 });
    await leaderStep();
    expect((await linesOf(order)).filter((line) => line.role === 'leader')).toEqual([
      expect.objectContaining({ payee: leader.id, level: 2, cents: 2_000, source: 'import' }),
    ]);
  });

  it('a leader pushed down a level after stamping is not paid again at the new level', async () => {
    const twoLevels = await createDeal(ctx.db, { suppliersMasterId: supplier, refsProductTypeId: fibre }, [
      { productId: product, rates: { user: [100, 100, 100, 100], leader: [50, 30, 0, 0, 0, 0, 0] } },
    ]);
    const top = await createUser(ctx.db, { withoutLogin: true, isLeader: true });
    const seller = await createUser(ctx.db, { withoutLogin: true, parentId: top.id, refsUserTierId: 1 });
    await linkUser(ctx.db, seller.id, { dealIds: [twoLevels.id] });
    const order = await newOrder('PLACE-PUSHED', seller.id);
    await agentStep();
    await leaderStep();
    expect(await waitJob(await startStamping())).toBe('completed');
    const stamped = (await linesOf(order)).filter((line) => line.role === 'leader');
    expect(stamped).toEqual([expect.objectContaining({ payee: top.id, level: 1, cents: 5_000, period })]);
    // A leader moves in between: the top leader is now the second above the seller.
    const newcomer = await createUser(ctx.db, { withoutLogin: true, parentId: top.id, isLeader: true });
    await ctx.db.execute(sql`update users_master set parent_id = ${newcomer.id} where id = ${seller.id}`);
    await leaderStep();
    expect((await linesOf(order)).filter((line) => line.role === 'leader')).toEqual(stamped);
  });

  it('a stamping started while a calculation writes lines waits for it, so no place gets a second line', async () => {
    const order = await newOrder('PLACE-RACE');
    await agentStep();
    await leaderStep();
    expect((await linesOf(order)).filter((line) => line.role === 'leader')).toEqual([
      expect.objectContaining({ payee: leader.id, level: 1, period: null }),
    ]);
    // A leader moves in right above the dealer (Change Manager): the next leader step pays them.
    const newcomer = await createUser(ctx.db, { withoutLogin: true, parentId: leader.id, isLeader: true });
    await ctx.db.execute(sql`update users_master set parent_id = ${newcomer.id} where id = ${dealer.id}`);

    const run = await insertRun(ctx.db, {
      stepName: 'leader_commissions',
      commissionsPeriodId: period,
      status: 'running',
      startedBy: admin.id,
    });
    let stampJob = '';
    // The leader step as its job runs it, held open after it has read which places are stamped.
    await ctx.db.transaction(async (tx) => {
      await lockCommissionLines(tx);
      await stageEligibleOrders(tx, '2026-10-31');
      await stageHeldPayees(tx, false);
      await stageDealerLeaders(tx);
      await stageKeptPairs(tx, 'leader');
      stampJob = await startStamping();
      // Long enough for a stamping that does not wait to finish.
      for (let waited = 0; waited < 30; waited += 1) {
        const job = await ctx.jobs.get(stampJob);
        if (job?.state === 'completed' || job?.state === 'failed') break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await writeLeaderLines(tx, run.id);
    });
    expect(await waitJob(stampJob)).toBe('completed');
    expect((await linesOf(order)).filter((line) => line.role === 'leader')).toEqual([
      expect.objectContaining({ payee: newcomer.id, level: 1, cents: 5_000, period }),
    ]);
  });
});
