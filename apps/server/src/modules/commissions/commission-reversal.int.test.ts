import { LINE_ALREADY_REVERSED, LINE_REVERSED, reversalBeyondLeft } from '@portal/domain/commissions/cycle';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastMessageTo } from '../../../test/outbox-reader.ts';
import { createTestContext, TEST_ORIGIN, type TestContext } from '../../../test/test-app.ts';
import { auditLog } from '../../db/schema/index.ts';
import { createOrders } from '../../db/seed/activity-factories.ts';
import {
  closePeriodRow,
  createCommissionLines,
  createCommissionPeriod,
} from '../../db/seed/commission-cycle-factories.ts';
import {
  createProductType,
  createSupplier,
  createUser,
  grantFeatures,
  nextSequence,
  type UserRow,
} from '../../db/seed/factories.ts';

// Partial reversals (decision 046): a paid line is taken back in parts, never beyond its amount,
// whatever the order or the concurrency of the requests; the line lists what is already reversed.

const PASSWORD = 'Secret123';
let ctx: TestContext;
let admin: UserRow;
let agent: UserRow;
let adminCookie = '';
let periodId = 0;
let typeId = 0;
let supplierId = 0;
const n = nextSequence();

function reverse(lineId: number, takeBackCents?: number) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/commissions/reverse-line',
    headers: { cookie: adminCookie, origin: TEST_ORIGIN },
    payload: {
      lineId,
      reason: 'Partly refunded by the supplier',
      password: PASSWORD,
      ...(takeBackCents ? { takeBackCents } : {}),
    },
  });
}

async function listed(lineId: number) {
  const [order] = await ctx.db
    .execute<{ order_number: string }>(sql`
    select o.order_number from commission_lines l join orders_import o on o.id = l.orders_import_id where l.id = ${lineId}`)
    .then((r) => r.rows);
  const response = await ctx.app.inject({
    method: 'GET',
    url: `/api/commissions/period-lines?period=${periodId}&order=${encodeURIComponent(order!.order_number)}`,
    headers: { cookie: adminCookie, origin: TEST_ORIGIN },
  });
  expect(response.statusCode).toBe(200);
  return response.json().lines.find((line: { id: number }) => line.id === lineId);
}

/** Cents all reversal lines of the line take back, read from the table itself. */
async function takenBack(lineId: number): Promise<number> {
  const result = await ctx.db.execute<{ cents: number }>(
    sql`select coalesce(-sum(amount_cents), 0)::int as cents from commission_lines where reversal_of_line_id = ${lineId}`,
  );
  return result.rows[0]!.cents;
}

/** A paid line of `amountCents` in the closed period (made before the close: closed lines are read-only). */
const paidLines: Record<string, number> = {};

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createUser(ctx.db, { isAdmin: true, password: PASSWORD });
  await grantFeatures(ctx.db, admin.id, ['Commissions']);
  agent = await createUser(ctx.db, { withoutLogin: true, firstName: 'Zanele', surname: 'Agent' });
  typeId = (await createProductType(ctx.db, `Reversal Fibre ${n}`)).id;
  supplierId = (await createSupplier(ctx.db, { productTypeIds: [typeId] })).id;
  const period = await createCommissionPeriod(ctx.db, {
    startDate: '2026-09-01',
    endDate: '2026-09-30',
    paidDate: '2026-10-07',
  });
  periodId = period.id;
  const amounts = { partial: 15000, parallel: 10000 };
  const orders = await createOrders(
    ctx.db,
    Object.keys(amounts).map(() => ({
      suppliersMasterId: supplierId,
      refsProductTypeId: typeId,
      orderCreatedDate: '2026-09-02',
      supplierActivationDate: '2026-09-10',
      product: 'Home 100/100',
      dealerId: agent.id,
    })),
  );
  const lines = await createCommissionLines(
    ctx.db,
    Object.values(amounts).map((amountCents, index) => ({
      ordersImportId: orders[index]!.id,
      payeeUsersMasterId: agent.id,
      amountCents,
      commissionsPeriodId: periodId,
    })),
  );
  Object.keys(amounts).forEach((key, index) => {
    paidLines[key] = lines[index]!.id;
  });
  await closePeriodRow(ctx.db, periodId, admin.id);
  adminCookie = await ctx.signIn(admin.email!, PASSWORD);
});

afterAll(() => ctx?.close());

describe('a partial reversal', () => {
  it('takes back part of a paid line, then what is left, and refuses anything beyond', async () => {
    const lineId = paidLines.partial!;
    expect(await listed(lineId)).toMatchObject({ amountCents: 15000, reversedCents: 0 });

    const part = await reverse(lineId, 4000);
    expect(part.statusCode).toBe(201);
    expect(part.json()).toMatchObject({ amountCents: -4000, message: LINE_REVERSED });
    expect(await listed(lineId)).toMatchObject({ amountCents: 15000, reversedCents: 4000 });
    // Money leaves the payee's next payout: they are told what, for which order and why.
    const notice = await lastMessageTo(ctx.db, agent.email!, 'email');
    expect(notice.subject).toBe('A commission payment was reversed');
    expect(notice.body).toContain('R 40.00');
    expect(notice.body).toContain('Reason: Partly refunded by the supplier');
    const [audit] = await ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(part.json().reversalLineId)));
    expect(audit).toMatchObject({
      action: 'commission.line.reverse',
      before: expect.objectContaining({ amountCents: 15000 }),
      after: expect.objectContaining({ amountCents: -4000, leftCents: 11000 }),
    });

    // More than the R 110 left: refused, with what is left; nothing written.
    const beyond = await reverse(lineId, 11001);
    expect(beyond.statusCode).toBe(409);
    expect(beyond.json()).toMatchObject({ code: 'REVERSAL_EXCEEDS_LINE', detail: reversalBeyondLeft(11000) });
    expect(await takenBack(lineId)).toBe(4000);

    // No amount: all that is left.
    const rest = await reverse(lineId);
    expect(rest.statusCode).toBe(201);
    expect(rest.json().amountCents).toBe(-11000);
    expect(await listed(lineId)).toMatchObject({ reversedCents: 15000 });

    const again = await reverse(lineId, 1);
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe(LINE_ALREADY_REVERSED);
    expect(await takenBack(lineId)).toBe(15000);
  });

  it('refuses an amount that is not positive whole cents before looking at the line', async () => {
    for (const takeBackCents of [0, -100, 10.5]) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/commissions/reverse-line',
        headers: { cookie: adminCookie, origin: TEST_ORIGIN },
        payload: { lineId: paidLines.parallel, takeBackCents, reason: 'Wrong amount', password: PASSWORD },
      });
      expect(response.statusCode).toBe(400);
    }
    expect(await takenBack(paidLines.parallel!)).toBe(0);
  });

  it('never lets parallel partial reversals together take back more than the line', async () => {
    const lineId = paidLines.parallel!;
    // Ten admins' clicks at once, R 30 each, on a R 100 line: three fit, the others are refused.
    const answers = await Promise.all(Array.from({ length: 10 }, () => reverse(lineId, 3000)));
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes).toEqual([201, 201, 201, 409, 409, 409, 409, 409, 409, 409]);
    const refusals = answers.filter((answer) => answer.statusCode === 409).map((answer) => answer.json().detail);
    expect(new Set(refusals)).toEqual(new Set([reversalBeyondLeft(1000)]));
    expect(await takenBack(lineId)).toBe(9000);
    expect(await listed(lineId)).toMatchObject({ amountCents: 10000, reversedCents: 9000 });
    // The R 10 left can still be taken back.
    expect((await reverse(lineId, 1000)).statusCode).toBe(201);
    expect(await takenBack(lineId)).toBe(10000);
  });
});
