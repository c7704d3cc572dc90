import type {
  CommissionImportStatus,
  PostImportComplete,
  PreviewExceptions,
  PreviewLines,
  PreviewTotals,
} from '@portal/domain/commissions/calculation';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, TEST_ORIGIN, type TestContext } from '../../../test/test-app.ts';
import { createOrders, createTrainingModule, recordAttempts } from '../../db/seed/activity-factories.ts';
import { createCommissionPeriod } from '../../db/seed/commission-cycle-factories.ts';
import {
  createDeal,
  createProduct,
  createProductType,
  createSupplier,
  createUser,
  type DealRates,
  grantFeatures,
  linkUser,
  type UserRow,
} from '../../db/seed/factories.ts';
import { STOPPED_IMPORT_MESSAGE } from '../orders/import-job.ts';

// DECISIONS "Commissions" rule by rule over HTTP (decision 031): tiers, the leader walk skipping
// non-leaders and stopping at 7, zero rates, exceptions with reasons, imports replacing calculated
// lines and unmatched rows kept, the training gate and held lines rolling over, closed periods refused.

let ctx: TestContext;
let adminCookie: string;
let agentCookie: string;
let period: number;
let supplier: number;
let fibre: number;
let product: number;
let otherProduct: number;
let deal: number;
const leaders: UserRow[] = [];
let dealer: UserRow;
let heldDealer: UserRow;
let noDealDealer: UserRow;
let compulsory: number;
const orders: Record<string, number> = {};
const PASSWORD = 'Secret123';
const RATES: DealRates = { user: [100, 150, 175, 200], leader: [50, 0, 30, 20, 10, 5, 3] };

async function get<T>(url: string, cookie = adminCookie): Promise<{ status: number; body: T }> {
  const res = await ctx.app.inject({ method: 'GET', url, headers: { cookie } });
  return { status: res.statusCode, body: res.json() as T };
}

async function post<T>(url: string, payload: unknown, cookie = adminCookie): Promise<{ status: number; body: T }> {
  const res = await ctx.app.inject({
    method: 'POST',
    url,
    headers: { cookie, origin: TEST_ORIGIN },
    payload: payload as object,
  });
  return { status: res.statusCode, body: res.json() as T };
}

async function waitJob(jobId: string): Promise<{ state: string; message: string | null }> {
  for (let attempt = 0; attempt < 240; attempt += 1) {
    const { body } = await get<{ state: string; message: string | null }>(`/api/jobs/${jobId}`);
    if (body.state === 'completed' || body.state === 'failed') return body;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`job ${jobId} did not finish`);
}

async function agentStep(periodId = period) {
  const res = await get<{ jobId: string; message: string }>(`/api/commissions/agent-commissions?period=${periodId}`);
  expect(res.status).toBe(202);
  expect((await waitJob(res.body.jobId)).state).toBe('completed');
}

async function leaderStep(periodId = period) {
  const res = await post<{ jobId: string }>('/api/commissions/leader-commissions', { period: periodId });
  expect(res.status).toBe(202);
  expect((await waitJob(res.body.jobId)).state).toBe('completed');
}

async function linesOf(orderId: number) {
  const result = await ctx.db.execute<{
    payee: number;
    role: string;
    level: number | null;
    cents: number;
    source: string;
    held: boolean;
    period: number | null;
    rate_column: string | null;
    rule: string | null;
  }>(sql`
    select payee_users_master_id as payee, role, leader_level as level, amount_cents as cents, source,
           is_held as held, commissions_period_id as period, rate_column, rule
      from commission_lines_traced where orders_import_id = ${orderId}
     order by role, leader_level nulls first, payee_users_master_id`);
  return result.rows;
}

async function upload(csv: string) {
  const boundary = 'commissionboundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="purpose"\r\n\r\ncommission_import\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="payouts.csv"\r\nContent-Type: text/csv\r\n\r\n`,
    ),
    Buffer.from(csv),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/files',
    headers: { cookie: adminCookie, origin: TEST_ORIGIN, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
  expect(res.statusCode).toBe(201);
  return res.json().id as string;
}

async function importCsv(type: 'Agent' | 'Leader', csv: string): Promise<CommissionImportStatus> {
  const fileId = await upload(csv);
  const started = await post<{ id: number; jobId: string }>('/api/commissions/import-commissions', { type, fileId });
  expect(started.status).toBe(202);
  await waitJob(started.body.jobId);
  const status = await get<CommissionImportStatus>(`/api/commissions/imports/${started.body.id}`);
  return status.body;
}

beforeAll(async () => {
  ctx = await createTestContext();
  const db = ctx.db;
  const admin = await createUser(db, {
    isAdmin: true,
    password: PASSWORD,
    email: `calc-admin-${Date.now()}@example.test`,
  });
  await grantFeatures(db, admin.id);
  adminCookie = await ctx.signIn(admin.email!, PASSWORD);
  fibre = (await createProductType(db, 'Fibre calc')).id;
  supplier = (await createSupplier(db, { productTypeIds: [fibre] })).id;
  product = (await createProduct(db, { suppliersMasterId: supplier, refsProductTypeId: fibre })).id;
  otherProduct = (await createProduct(db, { suppliersMasterId: supplier, refsProductTypeId: fibre })).id;
  deal = (
    await createDeal(db, { suppliersMasterId: supplier, refsProductTypeId: fibre }, [
      { productId: product, rates: RATES },
    ])
  ).id;

  // From the top: L9 … L1, with a non-leader and a deactivated leader between L2 and L1.
  let parentId: number | null = null;
  for (let n = 9; n >= 1; n -= 1) {
    const leader = await createUser(db, { withoutLogin: true, parentId, isLeader: true, firstName: `Leader${n}` });
    leaders[n] = leader;
    parentId = leader.id;
    if (n === 2) {
      const plain = await createUser(db, { withoutLogin: true, parentId, firstName: 'NotALeader' });
      const inactive = await createUser(db, {
        withoutLogin: true,
        parentId: plain.id,
        isLeader: true,
        refsUserLifecycleStatusId: 3,
        firstName: 'DeactivatedLeader',
      });
      parentId = inactive.id;
    }
  }
  dealer = await createUser(db, {
    parentId,
    refsUserTierId: 3,
    password: PASSWORD,
    email: `calc-agent-${Date.now()}@example.test`,
  });
  heldDealer = await createUser(db, { withoutLogin: true, parentId, refsUserTierId: 1, firstName: 'Untrained' });
  noDealDealer = await createUser(db, { withoutLogin: true, parentId, refsUserTierId: 2, firstName: 'NoDeal' });
  agentCookie = await ctx.signIn(dealer.email!, PASSWORD);
  for (const user of [dealer, heldDealer, ...leaders.filter(Boolean)]) await linkUser(db, user.id, { dealIds: [deal] });

  // Everyone passed the compulsory module but the untrained dealer.
  compulsory = (await createTrainingModule(db, { moduleName: 'Commission basics', isCompulsory: true })).id;
  const trained = [dealer, noDealDealer, ...leaders.filter(Boolean)].map((u) => ({ userId: u.id, pass: true }));
  const extra = await ctx.db.execute<{ id: number }>(
    sql`select id from users_master where first_name in ('NotALeader', 'DeactivatedLeader')`,
  );
  await recordAttempts(db, compulsory, [...trained, ...extra.rows.map((r) => ({ userId: r.id, pass: true }))]);

  period = (await createCommissionPeriod(db, { startDate: '2026-10-01', endDate: '2026-10-31', isActive: true })).id;
  const base = { suppliersMasterId: supplier, refsProductTypeId: fibre, orderCreatedDate: '2026-09-01' };
  const rows = await createOrders(db, [
    {
      ...base,
      orderNumber: 'CALC-1',
      productsMasterId: product,
      supplierActivationDate: '2026-10-10',
      dealerId: dealer.id,
    },
    {
      ...base,
      orderNumber: 'CALC-LATE',
      productsMasterId: product,
      supplierActivationDate: '2026-11-02',
      dealerId: dealer.id,
    },
    {
      ...base,
      orderNumber: 'CALC-HELD',
      productsMasterId: product,
      supplierActivationDate: '2026-10-11',
      dealerId: heldDealer.id,
    },
    {
      ...base,
      orderNumber: 'CALC-NODEAL',
      productsMasterId: product,
      supplierActivationDate: '2026-10-12',
      dealerId: noDealDealer.id,
    },
    {
      ...base,
      orderNumber: 'CALC-NOTINDEAL',
      productsMasterId: otherProduct,
      supplierActivationDate: '2026-10-12',
      dealerId: dealer.id,
    },
    {
      ...base,
      orderNumber: 'CALC-IMPORT',
      productsMasterId: product,
      supplierActivationDate: '2026-10-13',
      dealerId: dealer.id,
    },
    // Unattributed until post-import finds the dealer by Z-code.
    {
      ...base,
      orderNumber: 'CALC-LATEMATCH',
      productsMasterId: product,
      supplierActivationDate: '2026-10-14',
      agentIdentification: `Z-${dealer.id}`,
    },
  ]);
  ['CALC-1', 'CALC-LATE', 'CALC-HELD', 'CALC-NODEAL', 'CALC-NOTINDEAL', 'CALC-IMPORT', 'CALC-LATEMATCH'].forEach(
    (name, i) => {
      orders[name] = rows[i]!.id;
    },
  );
}, 120_000);

afterAll(async () => {
  await ctx?.close();
});

describe('post-import and structure levels', () => {
  it('post-import attributes an unmatched order by Z-code and reports completion', async () => {
    const started = await get<{ jobId: string; message: string }>('/api/imports/run-post-import?supplier_id=all');
    expect(started.status).toBe(202);
    await waitJob(started.body.jobId);
    const done = await get<PostImportComplete>('/api/imports/post-import-complete');
    expect(done.body).toMatchObject({ complete: true, activeJobs: 0 });
    expect(done.body.message).toContain('Post-import complete');
    const attributed = await ctx.db.execute<{ id: number }>(
      sql`select users_master_id as id from orders_master where orders_import_id = ${orders['CALC-LATEMATCH']!}`,
    );
    expect(attributed.rows[0]?.id).toBe(dealer.id);
  });

  it('post-import attributes by ID number only to an approved dealer, never to a pending request', async () => {
    // Not activated: no commission step reads these orders, only the attribution.
    const approved = await createUser(ctx.db, { withoutLogin: true, identificationNo: `APPR${Date.now()}` });
    const pending = await createUser(ctx.db, {
      withoutLogin: true,
      refsUserLifecycleStatusId: 1,
      submittedBy: dealer.id,
      identificationNo: `PEND${Date.now()}`,
    });
    const base = { suppliersMasterId: supplier, refsProductTypeId: fibre, orderCreatedDate: '2026-09-01' };
    const [byApproved, byPending] = await createOrders(ctx.db, [
      { ...base, orderNumber: 'CALC-ID-APPROVED', agentIdentification: approved.identificationNo!.toLowerCase() },
      { ...base, orderNumber: 'CALC-ID-PENDING', agentIdentification: pending.identificationNo! },
    ]);
    const started = await get<{ jobId: string }>('/api/imports/run-post-import?supplier_id=all');
    expect(started.status).toBe(202);
    await waitJob(started.body.jobId);
    const attributed = await ctx.db.execute<{ order: number; dealer: number }>(sql`
      select orders_import_id as "order", users_master_id as dealer from orders_master
       where orders_import_id in (${byApproved!.id}, ${byPending!.id})`);
    expect(attributed.rows).toEqual([{ order: byApproved!.id, dealer: approved.id }]);
  });

  it('structure levels follow the depth in the tree', async () => {
    await ctx.db.execute(sql`update users_master set structure_level = 1 where id = ${dealer.id}`);
    const started = await post<{ jobId: string }>('/api/structure/update-structure-levels', {
      commissions_period: period,
    });
    expect(started.status).toBe(202);
    await waitJob(started.body.jobId);
    expect((await get<{ complete: boolean }>('/api/structure/structure-levels-update-complete')).body.complete).toBe(
      true,
    );
    const level = await ctx.db.execute<{ level: number }>(
      sql`select structure_level as level from users_master where id = ${dealer.id}`,
    );
    // L9..L1 (9) + the non-leader and the deactivated leader (2) above: the dealer is at level 12.
    expect(level.rows[0]?.level).toBe(12);
  });
});

describe('agent and leader lines', () => {
  it("the agent line uses the dealer's tier column; leaders skip non-leaders, zero rates give no line, at most 7", async () => {
    await agentStep();
    await leaderStep();
    const lines = await linesOf(orders['CALC-1']!);
    expect(lines[0]).toMatchObject({
      payee: dealer.id,
      role: 'agent',
      cents: 17_500,
      source: 'calculated',
      held: false,
    });
    expect(lines[0]!.rate_column).toBe('deal_once_off_user_com_rate_3');
    expect(lines[0]!.rule).toBe('agent: dealer tier 3');
    // Read back in words from the parts the line stores (decision 042): L1 is right above the
    // dealer; L2 is above the deactivated leader and the non-leader, so L3 is 5 up.
    const byLevel = new Map(lines.filter((l) => l.role === 'leader').map((l) => [l.level, l]));
    expect(byLevel.get(1)).toMatchObject({
      rate_column: 'deal_once_off_leader_com_rate_1',
      rule: `leader: k=1 above dealer Z-${dealer.id} (tree depth 1)`,
    });
    expect(byLevel.get(3)).toMatchObject({
      rate_column: 'deal_once_off_leader_com_rate_3',
      rule: `leader: k=3 above dealer Z-${dealer.id} (tree depth 5)`,
    });
    // k=1 L1, k=2 L2 (rate 0: no line), k=3 L3 … k=7 L7; L8 and L9 are beyond 7 levels.
    const leaderLines = lines.filter((l) => l.role === 'leader').map((l) => [l.payee, l.level, l.cents]);
    expect(leaderLines).toEqual([
      [leaders[1]!.id, 1, 5_000],
      [leaders[3]!.id, 3, 3_000],
      [leaders[4]!.id, 4, 2_000],
      [leaders[5]!.id, 5, 1_000],
      [leaders[6]!.id, 6, 500],
      [leaders[7]!.id, 7, 300],
    ]);
    expect(await linesOf(orders['CALC-LATE']!)).toEqual([]);
  });

  it('orders that cannot be paid are exceptions with the reason', async () => {
    expect(await linesOf(orders['CALC-NODEAL']!)).toEqual([]);
    expect(await linesOf(orders['CALC-NOTINDEAL']!)).toEqual([]);
    const page = await get<PreviewExceptions>('/api/commissions/preview/exceptions?pageSize=100');
    const reasons = page.body.items
      .filter((e) => e.source === 'agent_commissions')
      .map((e) => [e.orderNumber, e.reason]);
    expect(reasons).toEqual(
      expect.arrayContaining([
        ['CALC-NODEAL', `Dealer Z-${noDealDealer.id} has no deal for this supplier and product type`],
        ['CALC-NOTINDEAL', `The product is not in deal ${deal} of dealer Z-${dealer.id}`],
      ]),
    );
  });

  it('an untrained payee (status 102) has held lines, shown in the preview', async () => {
    const lines = await linesOf(orders['CALC-HELD']!);
    expect(lines[0]).toMatchObject({ payee: heldDealer.id, role: 'agent', cents: 10_000, held: true });
    expect(lines.filter((l) => l.role === 'leader').every((l) => !l.held)).toBe(true);
    const preview = await get<PreviewLines>(`/api/commissions/preview/lines?held=true`);
    expect(preview.body.items.map((l) => l.orderNumber)).toEqual(['CALC-HELD']);
    expect(preview.body.totals.heldCents).toBe(10_000);
  });

  it('the preview pages every line and totals per payee', async () => {
    const all = await get<PreviewLines>('/api/commissions/preview/lines?pageSize=5&page=2');
    expect(all.status).toBe(200);
    expect(all.body.items).toHaveLength(5);
    expect(all.body.total).toBeGreaterThan(15);
    const totals = await get<PreviewTotals>('/api/commissions/preview/totals');
    const mine = totals.body.payees.find((p) => p.payeeId === dealer.id)!;
    // CALC-1, CALC-IMPORT and CALC-LATEMATCH at tier 3.
    expect(mine).toMatchObject({
      agentCents: 3 * 17_500,
      leaderCents: 0,
      totalCents: 3 * 17_500,
      payeeCode: `Z-${dealer.id}`,
    });
    expect(totals.body.totalCents).toBe(all.body.totals.amountCents);
  });

  it("starts a step from the portal's own script only, never from an image or a page load", async () => {
    // An admin's browser sends the cookie for an <img src> in an alert, or for a link from elsewhere.
    const asLoaded = (dest: string, site: string) =>
      ctx.app.inject({
        method: 'GET',
        url: `/api/commissions/agent-commissions?period=${period}`,
        headers: { cookie: adminCookie, 'sec-fetch-dest': dest, 'sec-fetch-site': site, 'sec-fetch-mode': 'no-cors' },
      });
    for (const [dest, site] of [
      ['image', 'same-origin'],
      ['document', 'cross-site'],
      ['iframe', 'same-origin'],
      ['empty', 'cross-site'],
    ]) {
      const refused = await asLoaded(dest!, site!);
      expect(refused.statusCode, `${dest} from ${site}`).toBe(403);
      expect(refused.json().code).toBe('ORIGIN_REFUSED');
    }
    const posts = await ctx.app.inject({
      method: 'GET',
      url: '/api/imports/run-post-import?supplier_id=all',
      headers: { cookie: adminCookie, 'sec-fetch-dest': 'image', 'sec-fetch-site': 'same-origin' },
    });
    expect(posts.statusCode).toBe(403);
    const fromScript = await ctx.app.inject({
      method: 'GET',
      url: `/api/commissions/agent-commissions?period=${period}`,
      headers: {
        cookie: adminCookie,
        'sec-fetch-dest': 'empty',
        'sec-fetch-site': 'same-origin',
        'sec-fetch-mode': 'cors',
      },
    });
    expect(fromScript.statusCode).toBe(202);
    expect((await waitJob(fromScript.json().jobId)).state).toBe('completed');
  });

  it('an agent cannot start a step or read the preview', async () => {
    expect((await get(`/api/commissions/agent-commissions?period=${period}`, agentCookie)).status).toBe(403);
    expect((await get('/api/commissions/preview/lines', agentCookie)).status).toBe(403);
  });
});

describe('imports', () => {
  it('an Agent CSV row replaces the calculated line; unmatched rows are kept as exceptions', async () => {
    const csv = [
      'order_number,agent payment date,paid to 1,amount 1,tier 1',
      `CALC-IMPORT,2026-10-31,Z-${dealer.id},R123.45,3`,
      `NO-SUCH-ORDER,2026-10-31,Z-${dealer.id},50,3`,
      `CALC-1,2026-10-31,not-a-code,50,3`,
      'CALC-1,2026-10-31,Z-999999999,50,3',
      `CALC-1,2026-10-31,Z-${dealer.id},abc,3`,
    ].join('\n');
    const status = await importCsv('Agent', csv);
    expect(status).toMatchObject({
      status: 'completed',
      stage: 'complete',
      percent: 100,
      counts: { rows: 5, imported: 1, exceptions: 4 },
    });
    const lines = (await linesOf(orders['CALC-IMPORT']!)).filter((l) => l.role === 'agent');
    expect(lines).toEqual([
      expect.objectContaining({
        payee: dealer.id,
        cents: 12_345,
        source: 'import',
        rate_column: null,
        rule: 'import: Agent file payouts.csv line 2',
      }),
    ]);

    // Rerunning the calculation keeps the imported line and adds no calculated one beside it.
    await agentStep();
    expect((await linesOf(orders['CALC-IMPORT']!)).filter((l) => l.role === 'agent')).toEqual(lines);
    // CALC-1 is untouched by the unmatched rows.
    expect((await linesOf(orders['CALC-1']!))[0]).toMatchObject({ source: 'calculated', cents: 17_500 });

    const page = await get<PreviewExceptions>('/api/commissions/preview/exceptions?pageSize=100');
    const imported = page.body.items.filter((e) => e.source === 'import').map((e) => [e.line, e.reason]);
    expect(imported).toEqual([
      [3, 'Order NO-SUCH-ORDER not found'],
      [4, 'Paid-to "not-a-code" is not a Z-code'],
      [5, 'No dealer with Z-code Z-999999999'],
      [6, 'The amount is not an amount in rand'],
    ]);
  });

  it('a Leader CSV row gives leader lines at its tier, replacing calculated ones; importing it again changes nothing', async () => {
    const csv = [
      'order_number,payment_date,tier_1,paid_to_1,amount_1,tier_2,paid_to_2,amount_2',
      `CALC-IMPORT,2026-10-31,1,Z-${leaders[1]!.id},99.99,2,Z-${leaders[2]!.id},10`,
    ].join('\n');
    const first = await importCsv('Leader', csv);
    expect(first.counts).toEqual({ rows: 1, imported: 2, exceptions: 0 });
    const again = await importCsv('Leader', csv);
    expect(again.counts.imported).toBe(2);
    await leaderStep();
    const lines = (await linesOf(orders['CALC-IMPORT']!)).filter((l) => l.role === 'leader');
    expect(lines.filter((l) => l.payee === leaders[1]!.id)).toEqual([
      expect.objectContaining({ level: 1, cents: 9_999, source: 'import' }),
    ]);
    expect(lines.filter((l) => l.payee === leaders[2]!.id)).toEqual([
      expect.objectContaining({ level: 2, cents: 1_000, source: 'import' }),
    ]);
    expect(lines.filter((l) => l.payee === leaders[3]!.id)).toEqual([
      expect.objectContaining({ level: 3, cents: 3_000, source: 'calculated' }),
    ]);
  });

  it('a file without the columns fails with the reason', async () => {
    const status = await importCsv('Agent', 'order,amount\nX,1\n');
    expect(status.status).toBe('failed');
    expect(status.error).toContain('paid_to_1');
  });

  it('an import left queued or running by a job that has stopped reads as failed with the reason', async () => {
    const done = await importCsv('Agent', 'order,amount\nX,1\n');
    // What a server that died mid-import leaves: the batch running under an active job, then the
    // job failed by pg-boss on expiry.
    await ctx.db.execute(sql`update commission_imports set status = 'running', error = null where id = ${done.id}`);
    await ctx.db.execute(sql`update pgboss.job set state = 'active' where id = ${done.jobId}::uuid`);
    const live = await get<CommissionImportStatus>(`/api/commissions/imports/${done.id}`);
    expect(live.body).toMatchObject({ status: 'running', error: null });
    await ctx.db.execute(sql`update pgboss.job set state = 'failed' where id = ${done.jobId}::uuid`);
    const stopped = await get<CommissionImportStatus>(`/api/commissions/imports/${done.id}`);
    expect(stopped.body).toMatchObject({ status: 'failed', error: STOPPED_IMPORT_MESSAGE });
  });
});

describe('held lines roll over; closed periods are refused', () => {
  it('rerunning the steps after stamping leaves the stamped lines as they are, without a second line', async () => {
    const stamped = await ctx.db.execute<{ id: number }>(sql`
      update commission_lines set commissions_period_id = ${period}
       where orders_import_id = ${orders['CALC-1']!} and source = 'calculated' and not is_held
      returning id`);
    expect(stamped.rows.length).toBeGreaterThan(1);
    await agentStep();
    await leaderStep();
    const lines = await linesOf(orders['CALC-1']!);
    expect(lines.map((l) => l.period)).toEqual(lines.map(() => period));
    expect(lines.length).toBe(stamped.rows.length);
    // Unstamped again (the period is still open), for the tests that follow.
    await ctx.db.execute(sql`
      update commission_lines set commissions_period_id = null where orders_import_id = ${orders['CALC-1']!}`);
  });

  it('after stamping, a new dealer or a new leader above them gets no second line for the same place (decision 054)', async () => {
    const stamped = await ctx.db.execute<{ id: number }>(sql`
      update commission_lines set commissions_period_id = ${period}
       where orders_import_id = ${orders['CALC-1']!} and source = 'calculated' and not is_held
      returning id`);
    const before = await linesOf(orders['CALC-1']!);
    // The order goes to another dealer, and a leader moves in right above the first one.
    await ctx.db.execute(sql`
      insert into orders_admin_override (orders_import_id, newly_assigned_agent) values (${orders['CALC-1']!}, ${heldDealer.id})`);
    const newcomer = await createUser(ctx.db, { withoutLogin: true, parentId: leaders[1]!.id, isLeader: true });
    await ctx.db.execute(sql`update users_master set parent_id = ${newcomer.id} where id = ${heldDealer.id}`);
    try {
      await agentStep();
      await leaderStep();
      expect(await linesOf(orders['CALC-1']!)).toEqual(before);
      expect(before).toHaveLength(stamped.rows.length);
    } finally {
      await ctx.db.execute(sql`delete from orders_admin_override where orders_import_id = ${orders['CALC-1']!}`);
      await ctx.db.execute(sql`update users_master set parent_id = ${leaders[1]!.id} where id = ${heldDealer.id}`);
      await ctx.db.execute(sql`
        update commission_lines set commissions_period_id = null where orders_import_id = ${orders['CALC-1']!}`);
    }
  });

  it('after close, the held line stays unstamped and is released once the payee passes', async () => {
    // What stamping and closing do (the comm-cycle half): attach the unheld lines, mark the orders paid, close.
    await ctx.db.execute(
      sql`update commission_lines set commissions_period_id = ${period} where not is_held and commissions_period_id is null`,
    );
    await ctx.db.execute(sql`
      insert into orders_commission_paid (orders_import_id, paid_date, commissions_period_id)
      select distinct orders_import_id, '2026-11-05'::date, ${period}::int from commission_lines`);
    await ctx.db.execute(
      sql`update commissions_period_index set closed_at = now(), is_active = false where id = ${period}`,
    );

    const closed = await get<{ code: string }>(`/api/commissions/agent-commissions?period=${period}`);
    expect(closed.status).toBe(409);

    const next = (
      await createCommissionPeriod(ctx.db, { startDate: '2026-11-01', endDate: '2026-11-30', isActive: true })
    ).id;
    await agentStep(next);
    expect((await linesOf(orders['CALC-HELD']!)).find((l) => l.role === 'agent')).toMatchObject({
      held: true,
      period: null,
    });

    await recordAttempts(ctx.db, compulsory, [{ userId: heldDealer.id, pass: true }]);
    await agentStep(next);
    await leaderStep(next);
    const released = (await linesOf(orders['CALC-HELD']!)).find((l) => l.role === 'agent');
    expect(released).toMatchObject({ held: false, period: null, cents: 10_000 });
    // The late order is paid in the next period; the closed period's lines did not change.
    expect((await linesOf(orders['CALC-LATE']!))[0]).toMatchObject({ role: 'agent', cents: 17_500, period: null });
    const closedLines = await ctx.db.execute<{ n: number }>(
      sql`select count(*)::int as n from commission_lines where commissions_period_id = ${period}`,
    );
    expect(closedLines.rows[0]?.n).toBeGreaterThan(10);
  });
});

describe('references and totals kept set-based (decision 041)', () => {
  it('the preview totals summary equals the unstamped lines after steps, imports, stamping and releases', async () => {
    const drift = await ctx.db.execute<{ n: number; payees: number }>(sql`
      select count(*) filter (where l.lines is distinct from t.lines or l.cents is distinct from t.amount_cents)::int as n,
             count(distinct coalesce(l.payee_users_master_id, t.payee_users_master_id))::int as payees
        from (select payee_users_master_id, role, source, is_held, count(*)::int as lines, sum(amount_cents)::bigint as cents
                from commission_lines where commissions_period_id is null group by 1, 2, 3, 4) l
        full join commission_unstamped_totals t using (payee_users_master_id, role, source, is_held)`);
    expect(drift.rows[0]).toMatchObject({ n: 0 });
    expect(drift.rows[0]!.payees).toBeGreaterThan(3);
  });

  /** The database's message for a refused statement (drizzle wraps it as the cause). */
  const refusal = async (statement: Promise<unknown>) => {
    try {
      await statement;
    } catch (error) {
      return String((error as { cause?: { message?: string } }).cause?.message ?? error);
    }
    return 'accepted';
  };

  it('a line naming a missing order, payee, run or period is refused, and a run that lines name cannot be deleted', async () => {
    const [line] = (
      await ctx.db.execute<{ id: number; orders_import_id: number; payee_users_master_id: number; run: number }>(
        sql`select id, orders_import_id, payee_users_master_id, commission_run_id as run from commission_lines
             where commission_run_id is not null order by id limit 1`,
      )
    ).rows;
    const insert = (order: number, payee: number, run: number | null, periodId: number | null = null) =>
      ctx.db.execute(sql`
        insert into commission_lines (orders_import_id, payee_users_master_id, role, leader_level, amount_cents, source,
                                      commission_run_id, commissions_period_id)
        values (${order}, ${payee}, 'leader', 7, 100, 'import', ${run}, ${periodId})`);
    expect(await refusal(insert(999_999_999, line!.payee_users_master_id, null))).toMatch(/order 999999999/);
    expect(await refusal(insert(line!.orders_import_id, 999_999_999, null))).toMatch(/payee 999999999/);
    expect(await refusal(insert(line!.orders_import_id, line!.payee_users_master_id, 999_999_999))).toMatch(
      /run 999999999/,
    );
    expect(await refusal(insert(line!.orders_import_id, line!.payee_users_master_id, null, 999_999_999))).toMatch(
      /period 999999999, which does not exist/,
    );
    expect(
      await refusal(
        ctx.db.execute(sql`update commission_lines set payee_users_master_id = 999999999 where id = ${line!.id}`),
      ),
    ).toMatch(/payee 999999999/);
    // Other tables' keys refuse deleting an order or a user first; a run is named by lines only.
    expect(await refusal(ctx.db.execute(sql`delete from commission_runs where id = ${line!.run}`))).toMatch(
      /commission_runs \d+ is named by commission lines/,
    );
  });
});
