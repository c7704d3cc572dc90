import { COMMISSION_FREEZE_MESSAGE, type ProfileUpdateRequest } from '@portal/domain/accounts/profile';
import {
  LINE_ALREADY_REVERSED,
  LINE_REVERSED,
  PERIOD_ALREADY_CLOSED,
  PERIOD_ALREADY_EXPORTED,
} from '@portal/domain/commissions/cycle';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, TEST_ORIGIN, type TestContext } from '../../../test/test-app.ts';
import {
  auditLog,
  commissionLines,
  commissionsPeriodIndex,
  ordersCommissionPaid,
  ordersImport,
} from '../../db/schema/index.ts';
import { createOrders } from '../../db/seed/activity-factories.ts';
import { createCommissionLines, createCommissionPeriod } from '../../db/seed/commission-cycle-factories.ts';
import {
  addBankingDetails,
  createProductType,
  createSupplier,
  createUser,
  grantFeatures,
  nextSequence,
  type UserRow,
} from '../../db/seed/factories.ts';

// The end of the commission cycle (spec 3 §2.9, §4.5, §7.3; DECISIONS "Commissions" 6–10; decision
// 032), in the order an admin runs it: freeze, stamp (held lines roll over), closure summary,
// banking export (step-up), close (step-up, once, final in the database), then a reversal in the
// next period and the exports. The tests share one period's lines, so they run in order.

const PASSWORD = 'Secret123';
let ctx: TestContext;
let admin: UserRow;
let bankAgent: UserRow;
let walletAgent: UserRow;
let leader: UserRow;
let heldAgent: UserRow;
let adminCookie = '';
let agentCookie = '';
let periodId = 0;
const orderIds: number[] = [];
const n = nextSequence();

async function call(method: 'GET' | 'POST' | 'PUT', url: string, cookie: string, payload?: unknown) {
  return ctx.app.inject({
    method,
    url,
    headers: { cookie, origin: TEST_ORIGIN },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

async function finished(jobId: string) {
  for (let attempt = 0; attempt < 240; attempt += 1) {
    const row = await ctx.jobs.get(jobId);
    if (row && (row.state === 'completed' || row.state === 'failed')) return row;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`job ${jobId} did not finish`);
}

/** The database's own message of a refused statement (drizzle wraps it). */
async function refusal(statement: Promise<unknown>): Promise<string> {
  try {
    await statement;
  } catch (error) {
    const cause = (error as { cause?: { message?: string } }).cause;
    return cause?.message ?? String(error);
  }
  return 'not refused';
}

async function stamp(period: number) {
  const started = await call('POST', `/api/commissions/commissions-period-stamping?period=${period}`, adminCookie);
  expect(started.statusCode).toBe(202);
  const job = await finished(started.json().jobId);
  expect(job.state).toBe('completed');
}

const linesOf = (period: number | null) =>
  ctx.db
    .select()
    .from(commissionLines)
    .where(
      period === null ? isNull(commissionLines.commissionsPeriodId) : eq(commissionLines.commissionsPeriodId, period),
    );

const profileUpdate: ProfileUpdateRequest = {
  country: 'ZAF',
  province: 'GP',
  street: '1 Main Road',
  suburb: 'Soweto',
  postalCode: '1804',
  city: 'Johannesburg',
  refsShirtSize: 'LARGE',
  refsPaymentType: 'bank',
  bank: 'Capitec',
  bankAccountNumber: '9876543210',
  refsBankAccountType: 2,
  agreedToRicaTerms: true,
  currentPassword: PASSWORD,
};

beforeAll(async () => {
  ctx = await createTestContext();
  const db = ctx.db;
  await ctx.jobs.start();
  admin = await createUser(db, { isAdmin: true, password: PASSWORD, firstName: 'Ayanda', surname: 'Admin' });
  await grantFeatures(db, admin.id, ['Commissions']);
  leader = await createUser(db, { isLeader: true, firstName: 'Lerato', surname: 'Leader', withoutLogin: true });
  bankAgent = await createUser(db, { password: PASSWORD, parentId: leader.id, firstName: 'Thabo', surname: 'Bank' });
  walletAgent = await createUser(db, {
    parentId: leader.id,
    firstName: 'Sipho "Sip"',
    surname: "O'Neil, Jr",
    refsPaymentType: 'eWallet',
    eWalletLink: 'https://wallet.example.test/sipho',
    withoutLogin: true,
  });
  heldAgent = await createUser(db, { parentId: leader.id, firstName: 'Naledi', surname: 'Held', withoutLogin: true });
  await addBankingDetails(db, bankAgent.id, { accountNumber: '0012345678', bank: 'Capitec' });
  await addBankingDetails(db, leader.id, { accountNumber: '7777777777', bank: 'ABSA', branchCode: '632005' });

  const type = await createProductType(db, `Cycle Fibre ${n}`);
  const supplier = await createSupplier(db, { supplierName: `Metro, Fibre "Co" ${n}`, productTypeIds: [type.id] });
  const orders = await createOrders(
    db,
    [bankAgent, walletAgent, heldAgent, bankAgent].map((dealer, index) => ({
      suppliersMasterId: supplier.id,
      refsProductTypeId: type.id,
      orderCreatedDate: '2026-10-02',
      supplierActivationDate: `2026-10-1${index}`,
      product: 'Home 50/50',
      dealerId: dealer.id,
    })),
  );
  orderIds.push(...orders.map((order) => order.id));
  const period = await createCommissionPeriod(db, {
    startDate: '2026-10-01',
    endDate: '2026-10-31',
    paidDate: '2026-11-07',
    isActive: true,
  });
  periodId = period.id;
  await createCommissionLines(db, [
    { ordersImportId: orderIds[0]!, payeeUsersMasterId: bankAgent.id, amountCents: 15000 },
    { ordersImportId: orderIds[0]!, payeeUsersMasterId: leader.id, amountCents: 5000, leaderLevel: 1 },
    { ordersImportId: orderIds[1]!, payeeUsersMasterId: walletAgent.id, amountCents: 20000 },
    { ordersImportId: orderIds[2]!, payeeUsersMasterId: heldAgent.id, amountCents: 9000, isHeld: true },
    { ordersImportId: orderIds[3]!, payeeUsersMasterId: bankAgent.id, amountCents: 12345, source: 'import' },
  ]);
  adminCookie = await ctx.signIn(admin.email!, PASSWORD);
  agentCookie = await ctx.signIn(bankAgent.email!, PASSWORD);
});

afterAll(() => ctx?.close());

describe('the commission freeze', () => {
  it('is toggled by the admin (audited) and refuses profile and banking edits while Active', async () => {
    expect((await call('GET', '/api/commissions/commission-freeze-status', adminCookie)).json()).toEqual({
      updateFreeze: false,
    });
    const on = await call('POST', '/api/commissions/toggle-commission-freeze', adminCookie, { updateFreeze: true });
    expect(on.statusCode).toBe(200);
    expect(on.json().updateFreeze).toBe(true);
    expect((await call('GET', '/api/commissions/commission-freeze-status', adminCookie)).json()).toEqual({
      updateFreeze: true,
    });

    const banking = await call('PUT', '/api/profile', agentCookie, profileUpdate);
    expect(banking.statusCode).toBe(409);
    expect(banking.json()).toMatchObject({ code: 'PROFILE_FROZEN', detail: COMMISSION_FREEZE_MESSAGE });
    const contact = await call('POST', '/api/profile/contact', agentCookie, { email: `frozen.${n}@example.test` });
    expect(contact.statusCode).toBe(409);
    expect(contact.json().detail).toBe(COMMISSION_FREEZE_MESSAGE);

    const audit = await ctx.db.select().from(auditLog).where(eq(auditLog.action, 'commission.freeze.toggle'));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorUserId: admin.id, after: { value: true } });

    const off = await call('POST', '/api/commissions/toggle-commission-freeze', adminCookie, { updateFreeze: false });
    expect(off.json().updateFreeze).toBe(false);
    expect((await call('PUT', '/api/profile', agentCookie, profileUpdate)).statusCode).toBe(200);
  });

  it('is not for an agent or an admin without the Commissions flag', async () => {
    const other = await createUser(ctx.db, { isAdmin: true, password: PASSWORD });
    await grantFeatures(ctx.db, other.id, ['Deals']);
    const otherCookie = await ctx.signIn(other.email!, PASSWORD);
    for (const cookie of [agentCookie, otherCookie]) {
      const response = await call('POST', '/api/commissions/toggle-commission-freeze', cookie, { updateFreeze: true });
      expect(response.statusCode).toBe(403);
    }
  });
});

describe('stamping', () => {
  it('attaches the unstamped lines that are not held; held lines stay unstamped', async () => {
    const before = (await call('GET', '/api/commissions/current-period', adminCookie)).json();
    expect(before).toMatchObject({ current: { id: periodId, status: 'open', stampedLines: 0 }, heldLines: 1 });
    // An export before stamping has nobody in it: nothing went to the bank, so stamping stays open.
    const empty = await call('POST', '/api/commissions/export-banking-details', adminCookie, {
      period: periodId,
      payment: 'bank',
      password: PASSWORD,
    });
    expect(empty.statusCode).toBe(200);
    expect(empty.body.replace('\uFEFF', '').trim().split('\r\n')).toEqual([
      'Z-Code,Name,Bank,Branch Code,Account Number,Account Type,Amount',
    ]);
    expect(
      (await call('GET', '/api/commissions/current-period', adminCookie)).json().current.bankingExportedAt,
    ).toBeNull();
    await stamp(periodId);
    const stamped = await linesOf(periodId);
    expect(stamped.map((line) => line.amountCents).sort((a, b) => a - b)).toEqual([5000, 12345, 15000, 20000]);
    const waiting = await linesOf(null);
    expect(waiting).toHaveLength(1);
    expect(waiting[0]).toMatchObject({ payeeUsersMasterId: heldAgent.id, isHeld: true });
    // Stamping again changes nothing.
    await stamp(periodId);
    expect(await linesOf(periodId)).toHaveLength(4);
  });
});

describe('closure summary', () => {
  it('sums the agent and dealer (leader) blocks and the total paid, in cents', async () => {
    const response = await call('GET', `/api/commissions/closure-summary?period=${periodId}`, adminCookie);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({
      agent: { order_count: 3, total_amount: 47345 },
      dealer: { order_count: 1, total_amount: 5000 },
      total_commissions_paid: 52345,
      payee_count: 3,
    });
  });
});

describe('banking export', () => {
  it('is refused without the right password', async () => {
    const wrong = await call('POST', '/api/commissions/export-banking-details', adminCookie, {
      period: periodId,
      payment: 'bank',
      password: 'not-it',
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().code).toBe('STEP_UP_FAILED');
  });

  it('has one row per bank payee with a positive total; eWallet payees in their own file', async () => {
    const bank = await call('POST', '/api/commissions/export-banking-details', adminCookie, {
      period: periodId,
      payment: 'bank',
      password: PASSWORD,
    });
    expect(bank.statusCode).toBe(200);
    expect(bank.headers['content-disposition']).toContain(`banking-bank-period-${periodId}.csv`);
    const bankRows = bank.body.replace('\uFEFF', '').trim().split('\r\n');
    expect(bankRows).toEqual([
      'Z-Code,Name,Bank,Branch Code,Account Number,Account Type,Amount',
      `Z-${leader.id},Lerato Leader,ABSA,"=""632005""","=""7777777777""",Savings,50.00`,
      `Z-${bankAgent.id},Thabo Bank,Capitec,"=""470010""","=""9876543210""",Savings,273.45`,
    ]);

    const wallet = await call('POST', '/api/commissions/export-banking-details', adminCookie, {
      period: periodId,
      payment: 'eWallet',
      password: PASSWORD,
    });
    const walletRows = wallet.body.replace('\uFEFF', '').trim().split('\r\n');
    expect(walletRows).toHaveLength(2);
    expect(walletRows[1]).toBe(
      `Z-${walletAgent.id},"Sipho ""Sip"" O'Neil, Jr",${walletRows[1]!.split(',')[3]},https://wallet.example.test/sipho,200.00`,
    );
    const audit = await ctx.db.select().from(auditLog).where(eq(auditLog.action, 'commission.banking.export'));
    expect(audit.map((row) => row.after)).toEqual([
      { payment: 'bank', payees: 0, totalCents: 0 },
      { payment: 'bank', payees: 2, totalCents: 32345 },
      { payment: 'eWallet', payees: 1, totalCents: 20000 },
    ]);
  });

  it('closes the period to stamping: a line stamped now would be marked paid but not be in the file (decision 054)', async () => {
    const [period] = await ctx.db.select().from(commissionsPeriodIndex).where(eq(commissionsPeriodIndex.id, periodId));
    expect(period!.bankingExportedAt).not.toBeNull();
    // A line calculated after the export: it waits for the next period.
    const late = await ctx.db.execute<{ id: number }>(sql`
      insert into commission_lines (orders_import_id, payee_users_master_id, role, leader_level, amount_cents, source)
      values (${orderIds[0]!}, ${leader.id}, 'leader', 7, 500, 'calculated') returning id`);
    try {
      const refused = await call(
        'POST',
        `/api/commissions/commissions-period-stamping?period=${periodId}`,
        adminCookie,
      );
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ code: 'PERIOD_EXPORTED', detail: PERIOD_ALREADY_EXPORTED });
      const [line] = await ctx.db.select().from(commissionLines).where(eq(commissionLines.id, late.rows[0]!.id));
      expect(line!.commissionsPeriodId).toBeNull();
    } finally {
      await ctx.db.execute(sql`delete from commission_lines where id = ${late.rows[0]!.id}`);
    }
  });
});

describe('closing the period', () => {
  it('is refused with a wrong password and the period stays open', async () => {
    const wrong = await call('POST', `/api/commissions/close-commissions-period?period=${periodId}`, adminCookie, {
      password: 'not-it',
    });
    expect(wrong.statusCode).toBe(403);
    const [row] = await ctx.db.select().from(commissionsPeriodIndex).where(eq(commissionsPeriodIndex.id, periodId));
    expect(row!.closedAt).toBeNull();
  });

  it('closes once under 20 parallel calls, records the paid orders and refuses a second close', async () => {
    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        call('POST', `/api/commissions/close-commissions-period?period=${periodId}`, adminCookie, {
          password: PASSWORD,
        }),
      ),
    );
    const accepted = responses.filter((response) => response.statusCode === 202);
    expect(accepted).toHaveLength(1);
    expect(responses.filter((response) => response.statusCode === 409)).toHaveLength(19);
    const job = await finished(accepted[0]!.json().jobId);
    expect(job.state).toBe('completed');

    const [row] = await ctx.db.select().from(commissionsPeriodIndex).where(eq(commissionsPeriodIndex.id, periodId));
    expect(row!.closedAt).not.toBeNull();
    expect(row!.closedBy).toBe(admin.id);
    const paid = await ctx.db
      .select()
      .from(ordersCommissionPaid)
      .where(eq(ordersCommissionPaid.commissionsPeriodId, periodId));
    expect(paid.map((order) => order.ordersImportId).sort((a, b) => a - b)).toEqual(
      [orderIds[0], orderIds[1], orderIds[3]].sort((a, b) => a! - b!),
    );
    expect(new Set(paid.map((order) => order.paidDate))).toEqual(new Set(['2026-11-07']));
    const runs = await ctx.db.execute<{ count: number }>(
      sql`select count(*)::int as count from commission_runs where step_name = 'close' and status = 'completed'`,
    );
    expect(runs.rows[0]!.count).toBe(1);

    const again = await call('POST', `/api/commissions/close-commissions-period?period=${periodId}`, adminCookie, {
      password: PASSWORD,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe(PERIOD_ALREADY_CLOSED);
    const stampAgain = await call(
      'POST',
      `/api/commissions/commissions-period-stamping?period=${periodId}`,
      adminCookie,
    );
    expect(stampAgain.statusCode).toBe(409);
  });

  it("makes the period's lines read-only in the database, even for a direct UPDATE or DELETE", async () => {
    expect(
      await refusal(
        ctx.db.execute(sql`update commission_lines set amount_cents = 1 where commissions_period_id = ${periodId}`),
      ),
    ).toMatch(/read-only/);
    expect(
      await refusal(ctx.db.execute(sql`delete from commission_lines where commissions_period_id = ${periodId}`)),
    ).toMatch(/read-only/);
    expect(
      await refusal(
        createCommissionLines(ctx.db, [
          {
            ordersImportId: orderIds[2]!,
            payeeUsersMasterId: leader.id,
            amountCents: 1,
            commissionsPeriodId: periodId,
          },
        ]),
      ),
    ).toMatch(/is closed/);
    expect((await linesOf(periodId)).reduce((sum, line) => sum + line.amountCents, 0)).toBe(52345);
  });
});

describe('the next period', () => {
  let nextId = 0;

  it('opens after the close, after the last period ends', async () => {
    const early = await call('POST', '/api/commissions/periods', adminCookie, {
      startDate: '2026-10-15',
      endDate: '2026-11-30',
      paidDate: '2026-12-07',
    });
    expect(early.statusCode).toBe(400);
    const opened = await call('POST', '/api/commissions/periods', adminCookie, {
      startDate: '2026-11-01',
      endDate: '2026-11-30',
      paidDate: '2026-12-07',
    });
    expect(opened.statusCode).toBe(201);
    nextId = opened.json().id;
    const current = (await call('GET', '/api/commissions/current-period', adminCookie)).json();
    expect(current).toMatchObject({
      current: { id: nextId, status: 'open' },
      previous: { id: periodId, status: 'closed' },
    });
    const twice = await call('POST', '/api/commissions/periods', adminCookie, {
      startDate: '2026-12-01',
      endDate: '2026-12-31',
      paidDate: '2027-01-07',
    });
    expect(twice.statusCode).toBe(409);
  });

  it('takes the held line once released, and a reversal of a closed line, never an edit', async () => {
    const [closedLine] = await ctx.db
      .select()
      .from(commissionLines)
      .where(and(eq(commissionLines.commissionsPeriodId, periodId), eq(commissionLines.amountCents, 15000)));
    const [order] = await ctx.db
      .select({ orderNumber: ordersImport.orderNumber })
      .from(ordersImport)
      .where(eq(ordersImport.id, closedLine!.ordersImportId));
    const listed = await call(
      'GET',
      `/api/commissions/period-lines?period=${periodId}&order=${encodeURIComponent(order!.orderNumber)}`,
      adminCookie,
    );
    expect(listed.statusCode).toBe(200);
    expect(listed.json().lines).toContainEqual(
      expect.objectContaining({ id: closedLine!.id, amountCents: 15000, reversedCents: 0 }),
    );

    const reverse = (lineId: number, password = PASSWORD) =>
      call('POST', '/api/commissions/reverse-line', adminCookie, {
        lineId,
        reason: 'Order cancelled by the supplier',
        password,
      });
    const wrongPassword = await reverse(closedLine!.id, 'not-my-password');
    expect(wrongPassword.statusCode).toBe(403);
    expect(wrongPassword.json().code).toBe('STEP_UP_FAILED');

    const reversed = await reverse(closedLine!.id);
    expect(reversed.statusCode).toBe(201);
    expect(reversed.json()).toMatchObject({ amountCents: -15000, message: LINE_REVERSED });
    const [reversal] = await ctx.db
      .select()
      .from(commissionLines)
      .where(eq(commissionLines.id, reversed.json().reversalLineId));
    // Same payee, order, role and level as the original; negative; waiting for the next stamping.
    expect(reversal).toMatchObject({
      ordersImportId: closedLine!.ordersImportId,
      payeeUsersMasterId: closedLine!.payeeUsersMasterId,
      role: closedLine!.role,
      leaderLevel: closedLine!.leaderLevel,
      amountCents: -15000,
      source: 'reversal',
      reversalOfLineId: closedLine!.id,
      commissionsPeriodId: null,
    });
    const [audit] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'commission.line.reverse'), eq(auditLog.entityId, String(reversal!.id))));
    expect(audit?.after).toMatchObject({ reversalOfLineId: closedLine!.id, reason: 'Order cancelled by the supplier' });

    const twice = await reverse(closedLine!.id);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().detail).toBe(LINE_ALREADY_REVERSED);
    const relisted = await call(
      'GET',
      `/api/commissions/period-lines?period=${periodId}&order=${encodeURIComponent(order!.orderNumber)}`,
      adminCookie,
    );
    expect(relisted.json().lines).toContainEqual(expect.objectContaining({ id: closedLine!.id, reversedCents: 15000 }));

    // The training gate lifted: the held line is released and rolls into this period.
    await ctx.db
      .update(commissionLines)
      .set({ isHeld: false })
      .where(eq(commissionLines.payeeUsersMasterId, heldAgent.id));
    await stamp(nextId);
    const lines = await linesOf(nextId);
    expect(lines.map((line) => [line.source, line.amountCents, line.reversalOfLineId]).sort()).toEqual(
      [
        ['calculated', 9000, null],
        ['reversal', -15000, closedLine!.id],
      ].sort(),
    );
    // A line of the open period is corrected by re-running its step, not reversed.
    const openLine = lines.find((line) => line.source === 'calculated')!;
    const open = await reverse(openLine.id);
    expect(open.statusCode).toBe(409);
    expect(open.json().detail).toMatch(/closed period/);

    const summary = (await call('GET', `/api/commissions/closure-summary?period=${nextId}`, adminCookie)).json().data;
    expect(summary).toMatchObject({ agent: { order_count: 2, total_amount: -6000 }, total_commissions_paid: -6000 });
    // The original line in the closed period is untouched.
    expect((await linesOf(periodId)).find((line) => line.id === closedLine!.id)).toEqual(closedLine);
  });
});

describe('exports', () => {
  it('streams the agent and leader reports as CSV with quoting', async () => {
    const agents = await call('GET', `/api/commissions/fibre-comms-report?commissions_period=${periodId}`, adminCookie);
    expect(agents.statusCode).toBe(200);
    expect(agents.headers['content-type']).toContain('text/csv');
    const rows = agents.body.replace('\uFEFF', '').trim().split('\r\n');
    expect(rows[0]).toBe('Order Number,Supplier,Product,Activation Date,Z-Code,Name,Tier,Amount,Source,Reverses Line');
    expect(rows).toHaveLength(4);
    expect(agents.body).toContain(`"Metro, Fibre ""Co"" ${n}"`);
    expect(agents.body).toContain(`"Sipho ""Sip"" O'Neil, Jr"`);
    expect(agents.body).toContain(',123.45,import,');

    const leaders = await call(
      'GET',
      `/api/commissions/fibre-leader-comms-report?commissions_period=${periodId}`,
      adminCookie,
    );
    const leaderRows = leaders.body.replace('\uFEFF', '').trim().split('\r\n');
    expect(leaderRows).toHaveLength(2);
    expect(leaderRows[1]).toMatch(/,Lerato Leader,1,50\.00,calculated,,1$/);
  });

  it('answers the user count and pages of users, and the tiers and structure files', async () => {
    const count = (await call('GET', '/api/commissions/user-count', adminCookie)).json().count;
    expect(count).toBeGreaterThanOrEqual(4);
    const page = (await call('GET', '/api/commissions/users?page=1&pageSize=2', adminCookie)).json();
    expect(page.data).toHaveLength(2);
    expect(page.totalCount).toBe(count);
    expect(page.totalPages).toBe(Math.ceil(count / 2));
    const structure = await call('GET', '/api/commissions/user-structure', adminCookie);
    expect(structure.body).toContain(`Z-${bankAgent.id},Thabo Bank,Z-${leader.id},`);
    const banking = await call('GET', `/api/commissions/banking-report?commissions_period=${periodId}`, adminCookie);
    expect(banking.body).toContain(`Z-${bankAgent.id},Thabo Bank,bank,Capitec,"=""3210""",2,273.45`);
    expect(banking.body).not.toContain('9876543210');
  });
});
