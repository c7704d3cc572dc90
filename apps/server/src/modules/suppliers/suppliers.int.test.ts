import type { DashboardSuppliers, SupplierPage } from '@portal/domain/suppliers/supplier-page';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/test-app.ts';
import { createSupplier, createUser, linkUser, type UserRow } from '../../db/seed/factories.ts';

// The dashboard's supplier cards and the supplier page's refusals (spec 2 "Dashboard", "Supplier page").

let ctx: TestContext;
let admin: UserRow;
let cookies: Record<'admin' | 'leader' | 'agent' | 'waiting', string>;
let s: Record<'open' | 'visible' | 'registered' | 'other' | 'hidden' | 'custom', { id: number }>;

const PASSWORD = 'Secret123';

async function cards(cookie: string) {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/dashboard/suppliers', headers: { cookie } });
  return { status: res.statusCode, body: res.json() as DashboardSuppliers };
}

async function page(cookie: string, id: number) {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/suppliers/${id}`, headers: { cookie } });
  return { status: res.statusCode, body: res.json() as SupplierPage };
}

beforeAll(async () => {
  ctx = await createTestContext();
  const db = ctx.db;
  admin = await createUser(db, { isAdmin: true, password: PASSWORD });
  const leader = await createUser(db, { parentId: admin.id, isLeader: true, password: PASSWORD });
  const agent = await createUser(db, { parentId: leader.id, password: PASSWORD });
  const waiting = await createUser(db, { parentId: leader.id, password: PASSWORD, emailVerified: false });
  s = {
    open: await createSupplier(db, { supplierName: 'Open Fibre', supplierStatus: 1, reports: true, orderNotes: true }),
    visible: await createSupplier(db, { supplierName: 'Visible Fibre', supplierStatus: 1 }),
    registered: await createSupplier(db, { supplierName: 'Registered Mobile', supplierStatus: 2, salesAssist: true }),
    other: await createSupplier(db, { supplierName: 'Other Mobile', supplierStatus: 2 }),
    hidden: await createSupplier(db, { supplierName: 'Hidden Telecom', supplierStatus: 3 }),
    custom: await createSupplier(db, {
      supplierName: 'Custom LTE',
      supplierStatus: 1,
      customPage: true,
      customPageUrl: 'https://custom.example/dealers',
    }),
  };
  await linkUser(db, agent.id, { supplierIds: [s.open.id, s.registered.id, s.hidden.id, s.custom.id] });
  await linkUser(db, waiting.id, { supplierIds: [s.open.id] });
  cookies = {
    admin: await ctx.signIn(admin.email!, PASSWORD),
    leader: await ctx.signIn(leader.email!, PASSWORD),
    agent: await ctx.signIn(agent.email!, PASSWORD),
    waiting: await ctx.signIn(waiting.email!, PASSWORD),
  };
});

afterAll(async () => {
  await ctx?.close();
});

const byName = (body: DashboardSuppliers) =>
  Object.fromEntries(body.suppliers.map((card) => [card.name, { registered: card.registered, href: card.href }]));

describe('GET /api/dashboard/suppliers', () => {
  it('shows an agent their own suppliers active, other status-1 ones Not Registered, and hides the rest', async () => {
    const { status, body } = await cards(cookies.agent);
    expect(status).toBe(200);
    expect(byName(body)).toEqual({
      'Custom LTE': { registered: true, href: 'https://custom.example/dealers' },
      'Open Fibre': { registered: true, href: `/Supplier/${s.open.id}` },
      'Registered Mobile': { registered: true, href: `/Supplier/${s.registered.id}` },
      'Visible Fibre': { registered: false, href: `/Supplier/${s.visible.id}` },
    });
  });

  it('shows a leader without links only the status-1 suppliers, not registered', async () => {
    const { body } = await cards(cookies.leader);
    expect(byName(body)).toEqual({
      'Custom LTE': { registered: false, href: 'https://custom.example/dealers' },
      'Open Fibre': { registered: false, href: `/Supplier/${s.open.id}` },
      'Visible Fibre': { registered: false, href: `/Supplier/${s.visible.id}` },
    });
  });

  it('shows admins every supplier but hidden ones, all active', async () => {
    const { body } = await cards(cookies.admin);
    expect(body.suppliers.map((card) => card.name)).toEqual([
      'Custom LTE',
      'Open Fibre',
      'Other Mobile',
      'Registered Mobile',
      'Visible Fibre',
    ]);
    expect(body.suppliers.every((card) => card.registered)).toBe(true);
  });

  it('is not for waiting users or strangers', async () => {
    expect((await cards(cookies.waiting)).status).toBe(403);
    expect((await cards('')).status).toBe(401);
  });
});

describe('GET /api/suppliers/{supplierId}', () => {
  it("opens one of the agent's suppliers with what its tabs need", async () => {
    const { status, body } = await page(cookies.agent, s.open.id);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      id: s.open.id,
      name: 'Open Fibre',
      reports: true,
      orderNotes: true,
      salesAssist: false,
    });
    expect((await page(cookies.agent, s.registered.id)).body.salesAssist).toBe(true);
  });

  it("refuses a supplier not in a non-admin's list and a hidden one (403), an unknown one (404)", async () => {
    expect((await page(cookies.agent, s.visible.id)).status).toBe(403);
    expect((await page(cookies.agent, s.other.id)).status).toBe(403);
    expect((await page(cookies.agent, s.hidden.id)).status).toBe(403);
    expect((await page(cookies.leader, s.open.id)).status).toBe(403);
    expect((await page(cookies.agent, 999_999)).status).toBe(404);
    expect((await page(cookies.waiting, s.open.id)).status).toBe(403);
  });

  it('lets an admin open any supplier but a hidden one', async () => {
    expect((await page(cookies.admin, s.other.id)).status).toBe(200);
    expect((await page(cookies.admin, s.hidden.id)).status).toBe(403);
  });
});
