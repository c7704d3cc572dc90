// Tickets at scale (issue 13): 100 000 tickets of both kinds and a million activity rows, then the
// dealer's list page with unread flags, the helpdesk console's first page (default and with
// filters) and the console's unread count, each through the API beside its bare SQL, turn about.
import type { AdminTicketsQuery, TicketStatus } from '@portal/domain/tickets/tickets';
import type { Database } from '../../apps/server/src/db/client.ts';
import { createSupplier, grantFeatures, linkUser } from '../../apps/server/src/db/seed/factories.ts';
import {
  countAdminUnread,
  findAdminTickets,
  findDealerTickets,
} from '../../apps/server/src/modules/tickets/tickets.queries.ts';
import { createBenchGet } from './http-get.ts';
import { measurePair, PAIR_ROUNDS, type Row } from './measure.ts';

interface TicketsBenchInput {
  db: Database;
  origin: string;
  /** An admin's session cookie; the admin is given both ticket flags here. */
  adminCookie: string;
  adminId: number;
  /** A dealer's session cookie and users_master id: they own a few hundred tickets. */
  dealerCookie: string;
  dealerId: number;
  tickets?: number;
}

const ACTIVITY_PER_TICKET = 10;

/** Seeds the tickets and their threads set-based: one INSERT … SELECT each. */
async function seedTickets(input: TicketsBenchInput, total: number) {
  const { db, dealerId, adminId } = input;
  const q = (text: string, params: unknown[] = []) => db.$client.query(text, params);
  const suppliers = [];
  for (let i = 0; i < 12; i++) {
    suppliers.push(
      await createSupplier(db, { supplierName: `Bench Tickets ${i}`, salesAssist: true, agentAssist: true }),
    );
  }
  await linkUser(db, dealerId, { supplierIds: suppliers.map((s) => s.id) });
  const { rows: statusRows } = await q(
    `INSERT INTO refs_support_status (status, status_type, category, pauses_sla)
     VALUES ('Investigating', 'in_progress', 'agent_support', false), ('Awaiting supplier', 'in_progress', 'agent_support', true),
            ('Resolved', 'closed', 'agent_support', false), ('Installation delay', 'category', 'agent_support', false)
     RETURNING id`,
  );
  const [investigating, awaiting, resolved, category] = statusRows.map((row: { id: number }) => row.id);
  // Tickets: 60 % agent support; 60 % closed, 20 % in progress, 20 % open; over two years;
  // owners spread over 20 000 dealers; the bench dealer owns a further 600 at the first supplier.
  const insertTickets = (count: number, owner: string, supplier: string) =>
    q(
      `WITH u AS (SELECT array_agg(id ORDER BY id) AS ids FROM (SELECT id FROM users_master WHERE NOT is_admin ORDER BY id LIMIT 20000) x),
            s AS (SELECT array_agg(id ORDER BY id) AS ids FROM suppliers_master WHERE supplier_name LIKE 'Bench Tickets %')
       INSERT INTO tickets (kind, users_master_id, suppliers_master_id, status, category_id, in_progress_status_id,
                            closed_status_id, dealer_code, agreed_to_terms, user_note, admin_note, customer_name,
                            phone_number, address, created_at, last_updated_at, last_updated_by_user_id,
                            last_updated_by_name, closed_at, first_response_due_at, first_responded_at,
                            resolution_due_at, paused_at)
       SELECT kind, owner, supplier, status,
              CASE WHEN kind = 'agent_support' THEN $3::int END,
              CASE WHEN status = 'In Progress' THEN CASE WHEN g % 4 = 0 THEN $4::int ELSE $5::int END END,
              CASE WHEN status = 'Closed' THEN $6::int END,
              'Z-' || owner, true, 'Customer note ' || g, CASE WHEN status <> 'Open' THEN 'Feedback ' || g END,
              CASE WHEN kind = 'sales_assist' THEN 'Customer ' || g END,
              CASE WHEN kind = 'sales_assist' THEN '+2782' || lpad((g % 10000000)::text, 7, '0') END,
              CASE WHEN kind = 'sales_assist' THEN g || ' Main Road' END,
              created, created + interval '3 hours', CASE WHEN status <> 'Open' THEN $7::int ELSE owner END,
              CASE WHEN status <> 'Open' THEN 'Help Desk' ELSE 'New' END,
              CASE WHEN status = 'Closed' THEN created + interval '2 days' END,
              created + interval '8 hours', CASE WHEN status <> 'Open' THEN created + interval '2 hours' END,
              created + interval '3 days', CASE WHEN status = 'In Progress' AND g % 4 = 0 THEN created + interval '3 hours' END
         FROM (SELECT g,
                      CASE WHEN g % 5 < 3 THEN 'agent_support' ELSE 'sales_assist' END AS kind,
                      ${owner} AS owner, ${supplier} AS supplier,
                      CASE WHEN (g / 5) % 10 < 6 THEN 'Closed' WHEN (g / 5) % 10 < 8 THEN 'In Progress' ELSE 'Open' END AS status,
                      now() - (g % 730) * interval '1 day' - (g % 1440) * interval '1 minute' AS created
                 FROM generate_series(1, $1::int) g, u, s WHERE $2::int IS NOT NULL) t`,
      [count, dealerId, category, awaiting, investigating, resolved, adminId],
    );
  await insertTickets(
    total,
    'u.ids[1 + (g * 7919) % array_length(u.ids, 1)]',
    's.ids[1 + (g * 31) % array_length(s.ids, 1)]',
  );
  await insertTickets(600, '$2::int', 's.ids[1]');
  // Ten entries a ticket: the creation update, user and admin messages, every fifth an internal
  // note; the newest unread for the dealer on 1 ticket in 20 and for admins on 1 in 33.
  await q(
    `INSERT INTO ticket_activity (ticket_id, text, activity_type, admin_only, read_user, read_admin, created_by, created_at)
     SELECT t.id, 'Message ' || k,
            CASE WHEN k = 1 THEN 'update' WHEN k % 5 = 0 THEN 'internal' WHEN k % 2 = 0 THEN 'admin' ELSE 'user' END,
            k % 5 = 0,
            CASE WHEN k % 5 = 0 OR (k = $1 AND t.id % 20 = 0) THEN NULL ELSE t.created_at + k * interval '10 minutes' END,
            CASE WHEN k = $1 AND t.id % 33 = 0 THEN NULL ELSE t.created_at + k * interval '10 minutes' END,
            CASE WHEN k % 2 = 0 THEN $2::int ELSE t.users_master_id END,
            t.created_at + k * interval '10 minutes'
       FROM tickets t CROSS JOIN generate_series(1, $1::int) k`,
    [ACTIVITY_PER_TICKET, adminId],
  );
  await q('VACUUM ANALYZE tickets');
  await q('VACUUM ANALYZE ticket_activity');
  return suppliers;
}

export async function benchTickets(input: TicketsBenchInput): Promise<Row[]> {
  const { db, origin, adminCookie, dealerCookie, dealerId } = input;
  const started = Date.now();
  await grantFeatures(db, input.adminId, ['Sales Assist', 'Agent Support']);
  const suppliers = await seedTickets(input, input.tickets ?? 100_000);
  const count = async (table: string) =>
    Number((await db.$client.query(`SELECT count(*) FROM ${table}`)).rows[0].count).toLocaleString('en-ZA');
  const scale = `${await count('tickets')} tickets, ${await count('ticket_activity')} activity rows`;
  console.log(`tickets seeded (${scale}) in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  const get = createBenchGet(origin);
  const first = suppliers[0]!.id;
  // What every signed-in call pays before its own work (session, dealer, flags, HTTP, JSON), so a
  // list's API figure can be read as this floor plus its own SQL.
  const rows: Row[] = [
    {
      name: 'request floor: GET /api/me as the dealer, beside one SQL round trip (SELECT 1)',
      ...(await measurePair(
        PAIR_ROUNDS,
        () => get(dealerCookie, '/api/me'),
        () => db.$client.query('SELECT 1'),
      )),
    },
  ];
  const statuses: TicketStatus[] = ['Open', 'In Progress', 'Closed'];

  rows.push({
    name: `dealer's agent support list, page 1 of their ~360 at a supplier, unread flags (${scale})`,
    ...(await measurePair(
      PAIR_ROUNDS,
      () => get(dealerCookie, `/api/tickets/agent_support?supplierId=${first}`),
      () =>
        findDealerTickets(db, {
          kind: 'agent_support',
          userId: dealerId,
          supplierId: first,
          statuses,
          limit: 7,
          offset: 0,
          now: new Date(),
        }),
    )),
    target: 'p95 < 20 ms, ≤ 2× SQL',
  });

  const adminFilter = (query: Partial<AdminTicketsQuery>) => ({
    kind: 'agent_support' as const,
    statuses: query.status ?? (['Open', 'In Progress'] as TicketStatus[]),
    supplierId: query.supplierId,
    sort: 'newest' as const,
    limit: 25,
    offset: 0,
    now: new Date(),
  });
  rows.push({
    name: 'agent support console, page 1, default filter (New + In Progress), unread flags',
    ...(await measurePair(
      PAIR_ROUNDS,
      () => get(adminCookie, '/api/admin/tickets/agent_support'),
      () => findAdminTickets(db, adminFilter({})),
    )),
    target: 'p95 < 20 ms, ≤ 2× SQL',
  });
  const from = new Date(Date.now() - 180 * 86_400_000).toISOString().slice(0, 10);
  rows.push({
    name: 'agent support console with filters (status, supplier, created in the last 180 days)',
    ...(await measurePair(
      PAIR_ROUNDS,
      () =>
        get(
          adminCookie,
          `/api/admin/tickets/agent_support?status=In%20Progress&supplierId=${suppliers[3]!.id}&from=${from}`,
        ),
      () =>
        findAdminTickets(db, {
          ...adminFilter({ status: ['In Progress'], supplierId: suppliers[3]!.id }),
          createdFrom: new Date(`${from}T00:00:00+02:00`),
        }),
    )),
    target: 'p95 < 20 ms, ≤ 2× SQL',
  });
  rows.push({
    name: 'agent support console unread count',
    ...(await measurePair(
      PAIR_ROUNDS,
      () => get(adminCookie, '/api/admin/tickets/agent_support/unread-count'),
      () => countAdminUnread(db, 'agent_support'),
    )),
    target: 'p95 < 20 ms, ≤ 2× SQL',
  });
  return rows;
}
