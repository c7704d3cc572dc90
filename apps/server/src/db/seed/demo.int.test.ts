import { dealerVariables, isSafeLinkAddress } from '@portal/domain/links/supplier-links';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/test-app.ts';
import { DEMO_PERSONAS, isDatabaseEmpty, seedDemo } from './demo.ts';

let ctx: TestContext;
const today = new Date('2026-11-22T10:00:00Z');
beforeAll(async () => {
  ctx = await createTestContext();
  await seedDemo(ctx.db, today, { storage: ctx.storage, esign: ctx.services.esign });
});
afterAll(() => ctx?.close());

const query = async <T = Record<string, unknown>>(sql: string, params: unknown[] = []) =>
  (await ctx.db.$client.query(sql, params)).rows as T[];

describe('demo data', () => {
  it('has dealer contracts: the leader’s signed with its certificate, the agent’s waiting with a link in the outbox', async () => {
    const contracts = await query<{ email: string; status: string; signed: boolean }>(
      `SELECT u.email, c.status, c.signed_file_id IS NOT NULL AS signed
         FROM dealer_contracts c JOIN users_master u ON u.id = c.users_master_id ORDER BY c.id`,
    );
    expect(contracts.length).toBeGreaterThanOrEqual(6);
    expect(contracts).toContainEqual({ email: 'leader@demo.co.za', status: 'completed', signed: true });
    expect(contracts).toContainEqual({ email: 'agent@demo.co.za', status: 'pending', signed: false });
    const [mail] = await query<{ body: string }>(
      `SELECT body FROM outbox_messages WHERE recipient = 'agent@demo.co.za' AND subject LIKE 'Please sign%'`,
    );
    expect(mail?.body).toMatch(/\/sign-contract\/[A-Za-z0-9_-]{43}/);
  });

  it('has a closed previous commissions period with lines and paid orders, and an open current one', async () => {
    const periods = await query<{ id: number; start_date: string; closed: boolean; is_active: boolean; lines: number }>(
      `SELECT p.id, p.start_date::text, p.closed_at IS NOT NULL AS closed, p.is_active,
              (SELECT count(*)::int FROM commission_lines l WHERE l.commissions_period_id = p.id) AS lines
         FROM commissions_period_index p ORDER BY p.start_date`,
    );
    expect(periods.map(({ start_date, closed, is_active }) => ({ start_date, closed, is_active }))).toEqual([
      { start_date: '2026-10-01', closed: true, is_active: false },
      { start_date: '2026-11-01', closed: false, is_active: true },
    ]);
    expect(periods[0]!.lines).toBeGreaterThan(50);
    const [paid] = await query<{ orders: number }>(
      'SELECT count(*)::int AS orders FROM orders_commission_paid WHERE commissions_period_id = $1',
      [periods[0]!.id],
    );
    expect(paid!.orders).toBeGreaterThan(20);
    const [waiting] = await query<{ lines: number; held: number }>(
      `SELECT count(*)::int AS lines, count(*) FILTER (WHERE is_held)::int AS held
         FROM commission_lines WHERE commissions_period_id IS NULL`,
    );
    expect(waiting!.lines).toBeGreaterThan(20);
    expect(waiting!.held).toBeGreaterThan(0);
  });

  it('has deals with products and rates, a few services and a dashboard banner', async () => {
    const deals = await query<{ deal_name: string; products: number; top_rate: number }>(
      `SELECT d.deal_name, count(p.*)::int AS products, max(p.deal_once_off_user_com_rate_4) AS top_rate
         FROM deals_master d JOIN products_deal_index p ON p.deals_master_id = d.id
        WHERE d.deal_description IS NOT NULL GROUP BY d.id ORDER BY d.deal_name`,
    );
    expect(deals.map((deal) => deal.deal_name)).toEqual(['Coastline Launch', 'Kasi Standard', 'Metro Standard']);
    expect(deals.every((deal) => deal.products > 0 && deal.top_rate > 0)).toBe(true);
    const services = await query<{ service_name: string }>('SELECT service_name FROM services WHERE NOT is_deleted');
    expect(services.length).toBeGreaterThanOrEqual(3);
    const [banner] = await query<{ storage_key: string; content_type: string }>(
      `SELECT f.storage_key, f.content_type FROM dashboard_banners b JOIN stored_files f ON f.id = b.stored_file_id`,
    );
    expect(banner).toMatchObject({ storage_key: expect.stringMatching(/^dash\//), content_type: 'image/png' });
  });

  it('has a handful of safe links per supplier, using only the dealer variables each supplier offers', async () => {
    const rows = await query<{
      supplier: string;
      links: number;
      addresses: string[];
      variables: string[];
      types: string[];
    }>(
      `SELECT s.supplier_name AS supplier, count(*)::int AS links, array_agg(l.link_address) AS addresses,
              coalesce((SELECT array_agg(DISTINCT v->>'var') FROM suppliers_link_index l2, jsonb_array_elements(l2.rest_var) v
                         WHERE l2.supplier_id = s.id AND NOT (v->>'is_static')::boolean), '{}') AS variables,
              (SELECT coalesce(array_agg(t.name), '{}') FROM suppliers_product_type_index i
                 JOIN product_types t ON t.id = i.refs_product_type_id WHERE i.suppliers_master_id = s.id) AS types
         FROM suppliers_link_index l JOIN suppliers_master s ON s.id = l.supplier_id
        WHERE l.is_active GROUP BY s.id ORDER BY s.supplier_name`,
    );
    expect(rows.map((row) => row.supplier)).toEqual([
      'Coastline Fibre',
      'Kasi Mobile',
      'Legacy Telecom',
      'Metro Fibre Connect',
    ]);
    for (const row of rows) {
      expect(row.addresses.every(isSafeLinkAddress)).toBe(true);
      const offered = dealerVariables(row.types);
      expect(row.variables.filter((variable) => !offered.includes(variable))).toEqual([]);
    }
    expect(rows.find((row) => row.supplier === 'Metro Fibre Connect')!.variables).toEqual(
      expect.arrayContaining(['DEALER_CODE', 'DEALER_NAME']),
    );
  });

  it('has the five personas in order with the phones 0820000001 to 0820000005', async () => {
    const rows = await query<{ email: string; phone: string }>(
      'SELECT email, phone FROM users_master WHERE email LIKE $1 ORDER BY phone',
      ['%@demo.co.za'],
    );
    expect(rows).toEqual(DEMO_PERSONAS.map((p) => ({ email: p.email, phone: p.phone })));
  });

  it('gives each persona the role, status and verification the README promises', async () => {
    const [admin, leader, agent, pending, unverified] = await query<Record<string, unknown>>(
      `SELECT u.id, u.is_admin, u.is_leader, u.refs_user_tier_id, u.parent_id, u.submitted_by,
              u.refs_user_lifecycle_status_id AS status, u.email_verified, u.phone_verified,
              (SELECT count(*)::int FROM users_access_index a WHERE a.user_master_id = u.id) AS features,
              (SELECT count(*)::int FROM users_supplier_index s WHERE s.user_id = u.id) AS suppliers
         FROM users_master u WHERE u.email LIKE '%@demo.co.za' ORDER BY u.phone`,
    );
    expect(admin).toMatchObject({ is_admin: true, features: 8, status: 2 });
    expect(leader).toMatchObject({ is_leader: true, refs_user_tier_id: 3, status: 2 });
    expect(agent).toMatchObject({
      parent_id: leader!.id,
      status: 2,
      email_verified: true,
      phone_verified: true,
      suppliers: 2,
    });
    expect(pending).toMatchObject({ status: 1, email_verified: true, phone_verified: true, submitted_by: leader!.id });
    expect(unverified).toMatchObject({ status: 1, email_verified: false, phone_verified: false });
  });

  it('puts about fifty people under one admin', async () => {
    const [row] = await query<{ n: number; roots: number }>(
      `SELECT count(*)::int AS n, count(*) FILTER (WHERE parent_id IS NULL)::int AS roots FROM users_master`,
    );
    expect(row).toEqual({ n: 50, roots: 1 });
    const [under] = await query<{ n: number }>(
      `SELECT count(*)::int AS n FROM users_hierarchy_closure c JOIN users_master u ON u.id = c.ancestor_id
        WHERE u.email = 'admin@demo.co.za' AND c.depth > 0`,
    );
    expect(under!.n).toBe(49);
  });

  it('has a supplier visible to all and a hidden one, with products and deals with rates', async () => {
    const statuses = await query<{ supplier_status: number }>('SELECT supplier_status FROM suppliers_master');
    expect(statuses.map((s) => s.supplier_status)).toEqual(expect.arrayContaining([1, 3]));
    const [rates] = await query<{ n: number }>(
      'SELECT count(*)::int AS n FROM products_deal_index WHERE deal_once_off_user_com_rate_1 > 0',
    );
    expect(rates!.n).toBeGreaterThan(3);
  });

  it('has a catalogue to manage: contacts of every required type, products in each status, unmatched imports', async () => {
    const [missing] = await query<{ n: number }>(
      `SELECT count(*)::int AS n FROM suppliers_master s CROSS JOIN refs_supplier_contact_type t
        WHERE t.is_required AND NOT EXISTS (
          SELECT 1 FROM suppliers_contacts c WHERE c.supplier_id = s.id AND c.contact_type_id = t.id)`,
    );
    expect(missing!.n).toBe(0);
    const statuses = await query<{ status: number | null }>(
      'SELECT DISTINCT refs_product_status_id AS status FROM products_master',
    );
    expect(statuses.map((row) => row.status)).toEqual(expect.arrayContaining([1, 2, 3, null]));
    const [imports] = await query<{ unmatched: number; matched: number; suppliers: number }>(
      `SELECT count(*) FILTER (WHERE products_master_id IS NULL)::int AS unmatched,
              count(*) FILTER (WHERE products_master_id IS NOT NULL)::int AS matched,
              count(DISTINCT suppliers_master_id) FILTER (WHERE products_master_id IS NULL)::int AS suppliers
         FROM products_import`,
    );
    expect(imports).toMatchObject({ suppliers: 2 });
    expect(imports!.unmatched).toBeGreaterThan(3);
    expect(imports!.matched).toBeGreaterThan(3);
  });

  it('has orders across the last three months, mostly attributed, none in the future', async () => {
    const [row] = await query<{ months: number; attributed: number; total: number; future: number }>(
      `SELECT count(DISTINCT date_trunc('month', order_created_date))::int AS months,
              count(m.id)::int AS attributed, count(*)::int AS total,
              count(*) FILTER (WHERE order_created_date > $1::date OR supplier_activation_date > $1::date)::int AS future
         FROM orders_import o LEFT JOIN orders_master m ON m.orders_import_id = o.id`,
      ['2026-11-22'],
    );
    expect(row!.months).toBeGreaterThanOrEqual(3);
    expect(row!.attributed / row!.total).toBeGreaterThan(0.85);
    expect(row!.future).toBe(0);
  });

  it('has tickets, alerts and training modules', async () => {
    const [row] = await query<{ tickets: number; alerts: number; modules: number }>(
      `SELECT (SELECT count(*)::int FROM tickets) AS tickets, (SELECT count(*)::int FROM alerts) AS alerts,
              (SELECT count(*)::int FROM training_master) AS modules`,
    );
    expect(row!.tickets).toBeGreaterThanOrEqual(3);
    expect(row!.alerts).toBeGreaterThanOrEqual(2);
    expect(row!.modules).toBeGreaterThanOrEqual(3);
    expect(await isDatabaseEmpty(ctx.db)).toBe(false);
  });

  it('lets the leader and the agent past the waiting state (compulsory training passed)', async () => {
    for (const email of ['leader@demo.co.za', 'agent@demo.co.za']) {
      const cookie = await ctx.signIn(email);
      const me = (await ctx.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).json();
      expect(me.user.waiting, email).toEqual({ isWaiting: false, reason: null });
    }
  });

  it('lets the agent download the Metro Fibre installation guide from its module page', async () => {
    const cookie = await ctx.signIn('agent@demo.co.za');
    const [module] = await query<{ id: number }>(
      `SELECT id FROM training_master WHERE module_name = 'Selling Metro Fibre' AND NOT is_deleted`,
    );
    const detail = (
      await ctx.app.inject({ method: 'GET', url: `/api/university/modules/${module!.id}`, headers: { cookie } })
    ).json() as { files: Array<{ id: string; name: string }> };
    const guide = detail.files.find((file) => file.name === 'Metro Fibre installation guide.pdf');
    expect(guide).toBeDefined();
    const download = await ctx.app.inject({ method: 'GET', url: `/api/files/${guide!.id}`, headers: { cookie } });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
  });

  it('lets every persona sign in with the demo password', async () => {
    for (const persona of DEMO_PERSONAS) {
      await expect(ctx.signIn(persona.email)).resolves.toContain('session_token=');
    }
  });
});
