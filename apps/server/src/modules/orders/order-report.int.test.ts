import {
  addMonths,
  OrderReport,
  OrderReportQuery,
  presetRange,
  type ReportAgents,
  todayIso,
  trendPeriods,
} from '@portal/domain/orders/order-report';
import { sql } from 'drizzle-orm';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/test-app.ts';
import { createOrders, type NewOrder } from '../../db/seed/activity-factories.ts';
import { createProductType, createSupplier, createUser, linkUser, type UserRow } from '../../db/seed/factories.ts';
import { type Actor, roleOf } from '../../platform/access.ts';
import { orderReport } from './order-report.service.ts';

// The supplier page's order reports over real orders: report types, tiles, search, ranges, reach,
// paging and the 'Agent Report' file.

let ctx: TestContext;
let cookies: Record<'admin' | 'leader' | 'agent', string>;
let admin: UserRow;
let leader: UserRow;
let agent: UserRow;
let deep: UserRow;
let outsider: UserRow;
let metro: { id: number };
let coast: { id: number };
let fibreId: number;

const PASSWORD = 'Secret123';
const today = todayIso();
const month = presetRange('This Month', today);
const lastMonth = presetRange('Last Month', today);
const day = (n: number) => `${month.from.slice(0, 8)}${String(n).padStart(2, '0')}`;
const RANGE = `from=${month.from}&to=${month.to}`;

const order = (dealerId: number, supplierId: number, dates: Partial<NewOrder>): NewOrder => ({
  suppliersMasterId: supplierId,
  refsProductTypeId: fibreId,
  orderCreatedDate: day(2),
  dealerId,
  ...dates,
});

async function report(cookie: string, query: string) {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/orders/report?${query}`, headers: { cookie } });
  return { status: res.statusCode, body: res.json() as OrderReport };
}

const metroReport = (cookie: string, query = '') => report(cookie, `supplierId=${metro.id}&${RANGE}${query}`);

beforeAll(async () => {
  ctx = await createTestContext();
  const db = ctx.db;
  admin = await createUser(db, { isAdmin: true, password: PASSWORD });
  leader = await createUser(db, { parentId: admin.id, isLeader: true, password: PASSWORD, firstName: 'Lwazi' });
  agent = await createUser(db, { parentId: leader.id, password: PASSWORD, firstName: 'Ayanda', surname: 'Dlamini' });
  deep = await createUser(db, { parentId: agent.id, withoutLogin: true, firstName: 'Thabo', surname: 'Mokoena' });
  outsider = await createUser(db, { parentId: admin.id, withoutLogin: true, firstName: 'Olga', surname: 'Smit' });
  fibreId = (await createProductType(db, 'Report Fibre')).id;
  metro = await createSupplier(db, {
    supplierName: 'Report Metro',
    supplierStatus: 1,
    reports: true,
    productTypeIds: [fibreId],
  });
  coast = await createSupplier(db, {
    supplierName: 'Report Coast',
    supplierStatus: 2,
    reports: true,
    productTypeIds: [fibreId],
  });
  // Awaiting approval: linked, but never offered in the picker.
  const pending = await createUser(db, { parentId: agent.id, withoutLogin: true, refsUserLifecycleStatusId: 1 });
  for (const user of [leader, agent, deep, outsider, pending]) await linkUser(db, user.id, { supplierIds: [metro.id] });

  await createOrders(db, [
    // A: every milestone this month and its commission paid.
    order(agent.id, metro.id, {
      orderNumber: 'A-1',
      orderCreatedDate: day(1),
      orderPaidDate: day(2),
      orderInstallationDate: day(5),
      supplierActivationDate: day(6),
    }),
    // B: created this month, not paid.
    order(agent.id, metro.id, {
      orderNumber: 'B-1',
      customerName: 'Thandi Nkosi',
      customerAccountNumber: '0012345',
      customerPhone: '821234567',
      orderCreatedDate: day(3),
    }),
    // C: created last month, paid this month, not installed.
    order(agent.id, metro.id, { orderNumber: 'C-1', orderCreatedDate: lastMonth.from, orderPaidDate: day(1) }),
    // D: activated this month, no commission, status Reactivation.
    order(agent.id, metro.id, {
      orderNumber: 'D-1',
      orderCreatedDate: day(2),
      orderPaidDate: day(2),
      orderInstallationDate: day(3),
      supplierActivationDate: day(4),
      customerStatus1: 'Reactivation',
    }),
    // E: at another supplier.
    order(agent.id, coast.id, { orderNumber: 'E-1' }),
    // F: the agent's, reassigned to the deep dealer.
    order(agent.id, metro.id, { orderNumber: 'F-1' }),
    // G: the outsider's.
    order(outsider.id, metro.id, { orderNumber: 'G-1' }),
    // 60 for the deep dealer, for paging.
    ...Array.from({ length: 60 }, (_, i) =>
      order(deep.id, metro.id, { orderNumber: `P-${i}`, orderCreatedDate: day(1 + (i % 27)) }),
    ),
  ]);
  await db.execute(sql`
    insert into orders_commission_paid (orders_import_id, paid_date)
    select id, ${day(7)}::date from orders_import where order_number = 'A-1'`);
  await db.execute(sql`
    insert into orders_admin_override (orders_import_id, newly_assigned_agent, assigned_by)
    select id, ${deep.id}, ${admin.id} from orders_import where order_number = 'F-1'`);
  cookies = {
    admin: await ctx.signIn(admin.email!, PASSWORD),
    leader: await ctx.signIn(leader.email!, PASSWORD),
    agent: await ctx.signIn(agent.email!, PASSWORD),
  };
});

afterAll(async () => {
  await ctx?.close();
});

const numbers = (body: OrderReport) => body.rows.map((row) => row.orderNumber).sort();

describe('GET /api/orders/report', () => {
  it("gives the tiles' trend per day of a month, each milestone by its own date, empty days as zeros", async () => {
    const { status, body } = await metroReport(cookies.agent);
    expect(status).toBe(200);
    expect(body.trend.map((point) => point.period)).toEqual(trendPeriods(month.from, month.to).periods);
    expect(body.trend[0]!.period).toBe(month.from);
    // B-1 created and D-1 installed on the 3rd.
    expect(body.trend.find((point) => point.period === day(3))).toEqual({
      period: day(3),
      created: 1,
      paid: 0,
      installed: 1,
      activated: 0,
    });
    expect(body.trend.find((point) => point.period === day(20))).toEqual({
      period: day(20),
      created: 0,
      paid: 0,
      installed: 0,
      activated: 0,
    });
    const sums = body.trend.reduce(
      (total, point) => ({
        created: total.created + point.created,
        paid: total.paid + point.paid,
        installed: total.installed + point.installed,
        activated: total.activated + point.activated,
      }),
      { created: 0, paid: 0, installed: 0, activated: 0 },
    );
    expect(sums).toEqual(body.tiles);
  });

  it('gives the trend per calendar month over a range longer than 62 days', async () => {
    const start = new Date(`${lastMonth.from}T00:00:00Z`);
    start.setUTCMonth(start.getUTCMonth() - 1);
    const earlier = start.toISOString().slice(0, 10);
    const { body } = await report(cookies.agent, `supplierId=${metro.id}&from=${earlier}&to=${month.to}`);
    expect(body.trend).toEqual([
      { period: earlier.slice(0, 7), created: 0, paid: 0, installed: 0, activated: 0 },
      // C-1 was created last month and paid this month.
      { period: lastMonth.from.slice(0, 7), created: 1, paid: 0, installed: 0, activated: 0 },
      { period: month.from.slice(0, 7), created: 3, paid: 3, installed: 2, activated: 2 },
    ]);
  });

  it('lists the orders created in the range with the tiles, each milestone by its own date', async () => {
    const { status, body } = await metroReport(cookies.agent);
    expect(status).toBe(200);
    expect(numbers(body)).toEqual(['A-1', 'B-1', 'D-1']);
    expect(body.total).toBe(3);
    expect(body.tiles).toEqual({ created: 3, paid: 3, installed: 2, activated: 2 });
    const byNumber = Object.fromEntries(body.rows.map((row) => [row.orderNumber, row]));
    expect(byNumber['A-1']).toMatchObject({
      progress: 'Commission Paid',
      commissionPaidDate: day(7),
      commissionStatus: null,
    });
    expect(byNumber['B-1']).toMatchObject({
      progress: 'Placed',
      customerPhone: '821234567',
      commissionStatus: 'not_activated',
    });
    expect(byNumber['D-1']).toMatchObject({ progress: 'Reactivated', commissionStatus: 'activated_unpaid' });
  });

  it('answers each report type by its own rule', async () => {
    expect(numbers((await metroReport(cookies.agent, '&report=unpaid')).body)).toEqual(['B-1']);
    expect(numbers((await metroReport(cookies.agent, '&report=uninstalled')).body)).toEqual(['C-1']);
    expect(numbers((await metroReport(cookies.agent, '&report=commission_not_paid')).body)).toEqual(['D-1']);
  });

  it('searches every date with at least 2 characters; an empty search is no search', async () => {
    expect(numbers((await metroReport(cookies.agent, '&search=Thandi')).body)).toEqual(['B-1']);
    expect(numbers((await metroReport(cookies.agent, '&search=082123')).body)).toEqual(['B-1']);
    expect(numbers((await metroReport(cookies.agent, '&search=C-1')).body)).toEqual(['C-1']);
    const short = await metroReport(cookies.agent, '&search=T');
    expect(short.status).toBe(400);
    expect(JSON.stringify(short.body)).toContain('The order search needs at least 2 characters');
    expect(numbers((await metroReport(cookies.agent, '&search=')).body)).toEqual(['A-1', 'B-1', 'D-1']);
  });

  it('keeps the range within 12 months back and 12 ahead, in order', async () => {
    const tooEarly = addMonths(today, -13);
    const tooLate = addMonths(today, 13);
    expect((await report(cookies.agent, `supplierId=${metro.id}&from=${tooEarly}&to=${today}`)).status).toBe(400);
    expect((await report(cookies.agent, `supplierId=${metro.id}&from=${today}&to=${tooLate}`)).status).toBe(400);
    expect((await report(cookies.agent, `supplierId=${metro.id}&from=${month.to}&to=${month.from}`)).status).toBe(400);
    const ok = await report(
      cookies.agent,
      `supplierId=${metro.id}&from=${addMonths(today, -12)}&to=${addMonths(today, 12)}`,
    );
    expect(ok.status).toBe(200);
    expect(ok.body.total).toBe(4);
  });

  it("shows a leader a downstream dealer's report, the override winning, and refuses other branches", async () => {
    const deepReport = await metroReport(cookies.leader, `&userId=${deep.id}`);
    expect(deepReport.status).toBe(200);
    expect(deepReport.body.userId).toBe(deep.id);
    expect(deepReport.body.total).toBe(61);
    expect((await metroReport(cookies.leader, `&userId=${agent.id}`)).body.total).toBe(3);
    expect((await metroReport(cookies.leader, `&userId=${outsider.id}`)).status).toBe(403);
    expect((await metroReport(cookies.leader, `&userId=${admin.id}`)).status).toBe(403);
  });

  it('lets an agent see only their own report, and an admin anyone', async () => {
    expect((await metroReport(cookies.agent, `&userId=${agent.id}`)).status).toBe(200);
    expect((await metroReport(cookies.agent, `&userId=${deep.id}`)).status).toBe(403);
    expect((await metroReport(cookies.agent, `&userId=${leader.id}`)).status).toBe(403);
    const outsiders = await metroReport(cookies.admin, `&userId=${outsider.id}`);
    expect(outsiders.status).toBe(200);
    expect(numbers(outsiders.body)).toEqual(['G-1']);
  });

  it('refuses a supplier the viewer may not open and an unknown one', async () => {
    expect((await report(cookies.agent, `supplierId=${coast.id}&${RANGE}`)).status).toBe(403);
    expect((await report(cookies.agent, `supplierId=999999&${RANGE}`)).status).toBe(404);
    expect((await report('', `supplierId=${metro.id}&${RANGE}`)).status).toBe(401);
  });

  it("refuses another branch's report before saying anything about the supplier or the range", async () => {
    const refused = await report(cookies.leader, `supplierId=999999&${RANGE}&userId=${outsider.id}`);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'NO_PERMISSION' });
    const closed = await report(cookies.agent, `supplierId=${coast.id}&from=2000-01-01&to=${month.to}`);
    expect(closed.body).toMatchObject({ code: 'SUPPLIER_NOT_OPEN' });
  });

  it('reads the checks with the session on every request: a supplier unlinked between two requests is refused on the next', async () => {
    expect((await metroReport(cookies.agent)).status).toBe(200);
    await ctx.db.execute(
      sql`delete from users_supplier_index where user_id = ${agent.id} and supplier_id = ${metro.id}`,
    );
    try {
      const refused = await metroReport(cookies.agent);
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ code: 'SUPPLIER_NOT_OPEN' });
    } finally {
      await linkUser(ctx.db, agent.id, { supplierIds: [metro.id] });
    }
    expect((await metroReport(cookies.agent)).status).toBe(200);
  });

  it('answers and refuses alike when the service reads the checks itself (the actor loaded without them)', async () => {
    const actorOf = (user: UserRow): Actor => ({ user, authId: '', sessionId: '', role: roleOf(user), features: [] });
    const query = (fields: Record<string, unknown>) =>
      OrderReportQuery.parse({ supplierId: metro.id, from: month.from, to: month.to, ...fields });
    const refusal = (work: Promise<unknown>) =>
      work.then(
        () => 'answered',
        (error: { status?: number; code?: string }) => `${error.status} ${error.code}`,
      );

    const read = await orderReport(ctx.db, actorOf(leader), query({ userId: deep.id }));
    expect(read).toEqual((await metroReport(cookies.leader, `&userId=${deep.id}`)).body);
    expect(
      await refusal(orderReport(ctx.db, actorOf(leader), query({ userId: outsider.id, supplierId: 999999 }))),
    ).toBe('403 NO_PERMISSION');
    expect(await refusal(orderReport(ctx.db, actorOf(agent), query({ supplierId: coast.id })))).toBe(
      '403 SUPPLIER_NOT_OPEN',
    );
    expect(await refusal(orderReport(ctx.db, actorOf(agent), query({ supplierId: 999999 })))).toBe('404 NOT_FOUND');
  });

  it('sends the page byte for byte as the Zod encode and JSON.stringify did, with nulls, dates and unicode', async () => {
    const dealer = await createUser(ctx.db, { parentId: agent.id, withoutLogin: true, firstName: 'Zoë' });
    const text = 'Zoë “Nkosi” \\ 日本語 📞🇿🇦 \u2028 tab\tline\nend </script>';
    await createOrders(ctx.db, [
      order(dealer.id, metro.id, {
        orderNumber: 'U-1 ünïcode',
        customerName: text,
        customerAddress: '12 Long Street,\nKaapstad',
        customerEmail: 'zoë@example.co.za',
        customerAccountNumber: '0012345',
        customerPhone: '821234567',
        orderCreatedDate: day(1),
        orderPaidDate: day(2),
        orderInstallationDate: day(3),
        supplierActivationDate: day(4),
        customerStatus1: 'Reactivation',
        customerStatus2: text,
      }),
      // Every optional column left empty: nulls throughout.
      order(dealer.id, metro.id, { orderNumber: 'U-2', orderCreatedDate: day(2) }),
    ]);
    const query = `supplierId=${metro.id}&${RANGE}&userId=${dealer.id}`;
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/orders/report?${query}`,
      headers: { cookie: cookies.leader },
    });
    expect(res.statusCode).toBe(200);

    // The same page from the service, written by the serializer the route had before (decision 050).
    const page = await orderReport(
      ctx.db,
      { user: leader, authId: '', sessionId: '', role: roleOf(leader), features: [] },
      OrderReportQuery.parse({ supplierId: metro.id, from: month.from, to: month.to, userId: dealer.id }),
    );
    const before = serializerCompiler({
      schema: OrderReport,
      method: 'GET',
      url: '/api/orders/report',
      httpStatus: '200',
    });
    expect(res.body).toBe(before(page));
    const body = res.json() as OrderReport;
    expect(body.rows.map((row) => row.customerName)).toEqual([null, text]);
    expect(body.rows[1]).toMatchObject({ paidDate: day(2), commissionPaidDate: null, progress: 'Reactivated' });
  });

  it('pages 50 at a time, newest first', async () => {
    const first = await metroReport(cookies.leader, `&userId=${deep.id}&page=1`);
    const second = await metroReport(cookies.leader, `&userId=${deep.id}&page=2`);
    expect(first.body.rows).toHaveLength(50);
    expect(second.body.rows).toHaveLength(11);
    expect(second.body.total).toBe(61);
    const all = [...first.body.rows, ...second.body.rows];
    expect(new Set(all.map((row) => row.id)).size).toBe(61);
    const dates = all.map((row) => row.createdDate);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect((await metroReport(cookies.leader, `&userId=${deep.id}&limit=51`)).status).toBe(400);
  });
});

describe('GET /api/orders/report/export', () => {
  it("sends 'Agent Report' as CSV with the leading zeros kept", async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/orders/report/export?supplierId=${metro.id}&${RANGE}&report=unpaid`,
      headers: { cookie: cookies.agent },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toBe('attachment; filename="Agent Report.csv"');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toContain('Account Number');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('"=""0012345"""');
    expect(lines[1]).toContain('"=""0821234567"""');
    expect(lines[1]).toContain('Thandi Nkosi');
  });

  it('streams every row of a long report, and refuses other branches', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/orders/report/export?supplierId=${metro.id}&${RANGE}&userId=${deep.id}`,
      headers: { cookie: cookies.leader },
    });
    expect(res.body.trim().split('\r\n')).toHaveLength(62);
    const refused = await ctx.app.inject({
      method: 'GET',
      url: `/api/orders/report/export?supplierId=${metro.id}&${RANGE}&userId=${outsider.id}`,
      headers: { cookie: cookies.leader },
    });
    expect(refused.statusCode).toBe(403);
  });
});

describe('GET /api/orders/report/agents', () => {
  const agents = async (cookie: string, query: string) => {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/orders/report/agents?${query}`, headers: { cookie } });
    return { status: res.statusCode, body: res.json() as ReportAgents };
  };

  it("offers a leader their downstream dealers linked to the supplier (not those awaiting approval), labelled 'Z-{id} First Surname'", async () => {
    const { status, body } = await agents(cookies.leader, `supplierId=${metro.id}`);
    expect(status).toBe(200);
    expect(body.agents.map((option) => option.label)).toEqual([
      `Z-${agent.id} Ayanda Dlamini`,
      `Z-${deep.id} Thabo Mokoena`,
    ]);
    expect((await agents(cookies.leader, `supplierId=${metro.id}&search=thab`)).body.agents).toEqual([
      { id: deep.id, label: `Z-${deep.id} Thabo Mokoena` },
    ]);
    expect((await agents(cookies.leader, `supplierId=${metro.id}&search=Z-${deep.id}`)).body.agents[0]?.id).toBe(
      deep.id,
    );
  });

  it('offers admins anyone linked, and refuses agents', async () => {
    const { body } = await agents(cookies.admin, `supplierId=${metro.id}&search=Olga`);
    expect(body.agents.map((option) => option.id)).toEqual([outsider.id]);
    expect((await agents(cookies.agent, `supplierId=${metro.id}`)).status).toBe(403);
  });
});
