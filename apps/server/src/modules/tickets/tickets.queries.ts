import type { Feature } from '@portal/domain/accounts/me';
import { LIFECYCLE } from '@portal/domain/accounts/waiting';
import { likeContains } from '@portal/domain/teams/team-search';
import type { SupportStatusType, TicketKind, TicketStatus } from '@portal/domain/tickets/tickets';
import { sql } from 'drizzle-orm';
import type { Executor, SqlFragment } from '../../db/client.ts';

// The tickets' SQL (spec 2 §3, §4, §7; spec 3 §3.5, §3.5a, §4.2, §4.3, §7.1; DECISIONS "Tickets";
// decision 021). Lists are one statement each: the page, its unread flags (columns the
// ticket_activity trigger keeps) and the total. Lead Management: one dealer's sales-assist leads.

export interface OwnTicketsFilter {
  userId: number;
  search: string | undefined;
  limit: number;
  offset: number;
}

export async function findLeads(db: Executor, filter: OwnTicketsFilter) {
  const search = filter.search
    ? sql`and (t.customer_name ilike ${likeContains(filter.search)} or t.phone_number ilike ${likeContains(filter.search)}
               or t.address ilike ${likeContains(filter.search)} or t.ticket_num ilike ${likeContains(filter.search)})`
    : sql``;
  const result = await db.execute<{
    id: number;
    ticket_num: string;
    customer_name: string | null;
    phone_number: string | null;
    address: string | null;
    status: 'Open' | 'In Progress' | 'Closed';
    supplier_name: string;
    created_at: Date | string;
    total: number;
  }>(sql`
    select t.id, t.ticket_num, t.customer_name, t.phone_number, t.address, t.status, s.supplier_name, t.created_at,
           count(*) over ()::int as total
      from tickets t
      join suppliers_master s on s.id = t.suppliers_master_id
     where t.kind = 'sales_assist' and t.users_master_id = ${filter.userId} and t.is_active ${search}
     order by t.created_at desc nulls last, t.id desc nulls last
     limit ${filter.limit} offset ${filter.offset}
  `);
  return result.rows;
}

// ---------------------------------------------------------------------------------------------
// Rows.

export type TicketRowDb = {
  id: number;
  kind: TicketKind;
  ticket_num: string;
  users_master_id: number;
  suppliers_master_id: number;
  supplier_name: string;
  status: TicketStatus;
  category_id: number | null;
  category: string | null;
  in_progress_status_id: number | null;
  in_progress_status: string | null;
  in_progress_pauses: boolean | null;
  closed_status_id: number | null;
  closed_status: string | null;
  admin_note: string | null;
  user_note: string | null;
  customer_name: string | null;
  phone_number: string | null;
  address: string | null;
  ref_number: string | null;
  supplier_ticket_number: string | null;
  supplier_ticket_date: string | null;
  rating_star: number | null;
  rating_comment: string | null;
  rated_at: Date | string | null;
  dealer_code: string | null;
  created_at: Date | string;
  last_updated_at: Date | string;
  last_updated_by_name: string | null;
  closed_at: Date | string | null;
  first_response_due_at: Date | string | null;
  first_responded_at: Date | string | null;
  resolution_due_at: Date | string | null;
  paused_at: Date | string | null;
  paused_seconds: number;
  owner_first_name: string;
  owner_surname: string;
  unread: boolean;
  /** Seconds to the target that applies now, paused time added; null when closed or unset. */
  time_left: number | null;
  total?: number;
};

export type TicketFullDb = TicketRowDb & {
  platform: string | null;
  agreed_to_terms: boolean;
  alternative_number: string | null;
  email_address: string | null;
  id_number: string | null;
  title: string | null;
  job_title: string | null;
  marital_status: string | null;
  current_address_months: number | null;
  employer: string | null;
  employer_contact_number: string | null;
  company_name: string | null;
  industry: string | null;
  payment_type: string | null;
  gps_location: string | null;
  is_active: boolean;
};

/** Seconds left on the clock that applies now: the first response until answered, then resolution. */
const timeLeft = (now: Date) => sql`case when t.status = 'Closed' then null else
      extract(epoch from (coalesce(case when t.first_responded_at is null then t.first_response_due_at end, t.resolution_due_at)
        + make_interval(secs => t.paused_seconds + coalesce(extract(epoch from (${now}::timestamptz - t.paused_at)), 0))
        - ${now}::timestamptz))::int end`;

/** Kept by the ticket_activity trigger (migration 0012): no probe of the activity per row. */
const unreadFor = (side: 'dealer' | 'admin') => (side === 'admin' ? sql`t.unread_admin` : sql`t.unread_user`);

const rowColumns = (side: 'dealer' | 'admin', now: Date) => sql`
    t.id, t.kind, t.ticket_num, t.users_master_id, t.suppliers_master_id, s.supplier_name, t.status,
    t.category_id, cat.status as category, t.in_progress_status_id, ip.status as in_progress_status,
    ip.pauses_sla as in_progress_pauses, t.closed_status_id, cl.status as closed_status,
    t.admin_note, t.user_note, t.customer_name, t.phone_number, t.address, t.ref_number,
    t.supplier_ticket_number, t.supplier_ticket_date::text as supplier_ticket_date,
    t.rating_star, t.rating_comment, t.rated_at, t.dealer_code, t.created_at, t.last_updated_at,
    t.last_updated_by_name, t.closed_at, t.first_response_due_at, t.first_responded_at, t.resolution_due_at,
    t.paused_at, t.paused_seconds, u.first_name as owner_first_name, u.surname as owner_surname,
    ${unreadFor(side)} as unread, ${timeLeft(now)} as time_left`;

const rowJoins = sql`
      join suppliers_master s on s.id = t.suppliers_master_id
      join users_master u on u.id = t.users_master_id
      left join refs_support_status cat on cat.id = t.category_id
      left join refs_support_status ip on ip.id = t.in_progress_status_id
      left join refs_support_status cl on cl.id = t.closed_status_id`;

// ---------------------------------------------------------------------------------------------
// Lists.

export interface DealerListFilter {
  kind: TicketKind;
  userId: number;
  supplierId: number;
  statuses: readonly TicketStatus[];
  limit: number;
  offset: number;
  now: Date;
}

/** The dealer's own tickets for a supplier, newest first, with their unread flags and the total. */
export async function findDealerTickets(db: Executor, f: DealerListFilter): Promise<TicketRowDb[]> {
  const where = sql`t.kind = ${f.kind} and t.users_master_id = ${f.userId} and t.suppliers_master_id = ${f.supplierId}
       and t.is_active and ${statusIn(f.statuses)}`;
  const result = await db.execute<TicketRowDb>(sql`
    with page as (
      select t.id from tickets t where ${where}
       order by t.created_at desc nulls last, t.id desc nulls last limit ${f.limit} offset ${f.offset}
    )
    select ${rowColumns('dealer', f.now)}, (select count(*)::int from tickets t where ${where}) as total
      from page p join tickets t on t.id = p.id ${rowJoins}
     order by t.created_at desc nulls last, t.id desc nulls last`);
  return result.rows;
}

const statusArray = (statuses: readonly TicketStatus[]) => `{${statuses.map((s) => `"${s}"`).join(',')}}`;

/** Every status is no condition at all: the count then needs only the index, not the rows. */
const statusIn = (statuses: readonly TicketStatus[]) =>
  new Set(statuses).size === 3 ? sql`true` : sql`t.status = any(${statusArray(statuses)}::text[])`;

export interface AdminListFilter {
  kind: TicketKind;
  statuses: readonly TicketStatus[];
  meUserId?: number | undefined;
  /** [start, end) of today in the portal's zone. */
  today?: { start: Date; end: Date; updated: boolean } | undefined;
  createdFrom?: Date | undefined;
  createdBefore?: Date | undefined;
  supplierId?: number | undefined;
  /** Already cleaned (quotes, newlines, commas as spaces). */
  search?: string | undefined;
  sort: 'newest' | 'oldest' | 'timeLeft' | 'lastUpdated';
  limit: number;
  offset: number;
  now: Date;
}

/** What the consoles search: every text field of the grid, in one expression. */
const searchable = sql`concat_ws(' ', t.ticket_num, t.customer_name, t.address, t.phone_number, t.alternative_number,
    t.email_address, t.id_number, t.ref_number, t.user_note, t.admin_note, t.supplier_ticket_number, t.dealer_code,
    t.last_updated_by_name, t.status, t.payment_type, t.company_name)`;

function adminWhere(f: AdminListFilter, status: SqlFragment = statusIn(f.statuses)) {
  const parts: SqlFragment[] = [sql`t.kind = ${f.kind}`, sql`t.is_active`, status];
  if (f.meUserId !== undefined) parts.push(sql`t.last_updated_by_user_id = ${f.meUserId}`);
  if (f.today) {
    parts.push(
      f.today.updated
        ? sql`t.last_updated_at >= ${f.today.start} and t.last_updated_at < ${f.today.end}`
        : sql`not (t.last_updated_at >= ${f.today.start} and t.last_updated_at < ${f.today.end})`,
    );
  }
  if (f.createdFrom) parts.push(sql`t.created_at >= ${f.createdFrom}`);
  if (f.createdBefore) parts.push(sql`t.created_at < ${f.createdBefore}`);
  if (f.supplierId !== undefined) parts.push(sql`t.suppliers_master_id = ${f.supplierId}`);
  if (f.search) {
    const pattern = likeContains(f.search);
    parts.push(sql`(${searchable} ilike ${pattern} or exists (select 1 from users_master su
        where su.id = t.users_master_id and concat_ws(' ', su.first_name, su.surname, 'Z-' || su.id) ilike ${pattern})
        or exists (select 1 from suppliers_master ss where ss.id = t.suppliers_master_id and ss.supplier_name ilike ${pattern}))`);
  }
  return sql.join(parts, sql` and `);
}

/** In the indexes' own terms (drizzle's DESC is NULLS LAST), so a page is read in order, not sorted. */
function adminOrder(f: AdminListFilter): SqlFragment {
  switch (f.sort) {
    case 'oldest':
      return sql`t.created_at asc nulls first, t.id asc nulls first`;
    case 'lastUpdated':
      return sql`t.last_updated_at desc, t.id desc`;
    case 'timeLeft':
      return sql`${timeLeft(f.now)} asc nulls last, t.id asc`;
    default:
      return sql`t.created_at desc nulls last, t.id desc nulls last`;
  }
}

/**
 * The ids of a console page. Ordered by a column, each status is read on its own along the grid
 * index (kind, status, created_at) and only the page's worth is kept, then merged: an IN over the
 * statuses would read and sort every matching ticket (tens of thousands) for 25 rows. Time left
 * is computed, so that sort reads them all.
 */
function adminPageIds(f: AdminListFilter, order: SqlFragment): SqlFragment {
  if (f.sort === 'timeLeft' || f.statuses.length < 2) {
    return sql`select t.id from tickets t where ${adminWhere(f)} order by ${order} limit ${f.limit} offset ${f.offset}`;
  }
  const branches = f.statuses.map(
    (status) => sql`(select t.id, t.created_at, t.last_updated_at from tickets t
        where ${adminWhere(f, sql`t.status = ${status}`)} order by ${order} limit ${f.limit + f.offset})`,
  );
  return sql`select t.id from (${sql.join(branches, sql` union all `)}) t
     order by ${order} limit ${f.limit} offset ${f.offset}`;
}

/** A console page: filtered, sorted, with unread flags for admins and the total, in one statement. */
export async function findAdminTickets(db: Executor, f: AdminListFilter): Promise<TicketRowDb[]> {
  const order = adminOrder(f);
  const result = await db.execute<TicketRowDb>(sql`
    with page as (${adminPageIds(f, order)})
    select ${rowColumns('admin', f.now)}, (select count(*)::int from tickets t where ${adminWhere(f)}) as total
      from page p join tickets t on t.id = p.id ${rowJoins}
     order by ${order}`);
  return result.rows;
}

/** Tickets of a kind with activity no admin has read (the console's badge): an index-only count. */
const adminUnreadCountSql = (kind: TicketKind) => sql`
    select count(*)::int as count from tickets t where t.kind = ${kind} and t.is_active and t.unread_admin`;

export async function countAdminUnread(db: Executor, kind: TicketKind): Promise<number> {
  const result = await db.execute<{ count: number }>(adminUnreadCountSql(kind));
  return Number(result.rows[0]?.count ?? 0);
}

/**
 * The same count as a fact of the actor's statement (platform/access.ts, decision 044): the
 * console's badge then costs one round trip, not two. The kind is the `kind` placeholder; it is
 * counted only for admins (the route answers only an admin with the kind's flag and counts again
 * itself when this is null).
 */
export const adminUnreadCountFact = {
  name: 'session_actor_admin_unread',
  sql: sql`case when users_master.is_admin then (select count(*)::int from tickets t
             where t.kind = ${sql.placeholder('kind')} and t.is_active and t.unread_admin) end`,
};

// ---------------------------------------------------------------------------------------------
// One ticket.

const fullColumns = (side: 'dealer' | 'admin', now: Date) => sql`${rowColumns(side, now)},
    t.platform, t.agreed_to_terms, t.alternative_number, t.email_address, t.id_number, t.title, t.job_title,
    t.marital_status, t.current_address_months, t.employer, t.employer_contact_number, t.company_name, t.industry,
    t.payment_type, t.gps_location, t.is_active`;

export async function findTicket(
  db: Executor,
  kind: TicketKind,
  id: number,
  side: 'dealer' | 'admin',
  now: Date,
): Promise<TicketFullDb | undefined> {
  const result = await db.execute<TicketFullDb>(sql`
    select ${fullColumns(side, now)} from tickets t ${rowJoins}
     where t.id = ${id} and t.kind = ${kind} and t.is_active`);
  return result.rows[0];
}

/** The live ticket's row, locked for a change. */
export async function lockTicket(tx: Executor, kind: TicketKind, id: number) {
  const result = await tx.execute<{
    id: number;
    users_master_id: number;
    suppliers_master_id: number;
    status: TicketStatus;
    rating_star: number | null;
    in_progress_status_id: number | null;
    paused_at: Date | string | null;
    first_responded_at: Date | string | null;
  }>(sql`
    select id, users_master_id, suppliers_master_id, status, rating_star, in_progress_status_id, paused_at,
           first_responded_at
      from tickets where id = ${id} and kind = ${kind} and is_active for update`);
  return result.rows[0];
}

export interface NewTicket {
  kind: TicketKind;
  usersMasterId: number;
  suppliersMasterId: number;
  categoryId: number | null;
  platform: string | null;
  dealerCode: string;
  agreedToTerms: boolean;
  userNote: string | null;
  lead?: Record<string, string | number | null>;
  supplierTicketNumber: string | null;
  supplierTicketDate: string | null;
  firstResponseDueAt: Date;
  resolutionDueAt: Date;
  now: Date;
}

/** The lead fields the helpdesk edits, by their column on `tickets`. */
export const LEAD_COLUMNS = {
  customerName: 'customer_name',
  address: 'address',
  phoneNumber: 'phone_number',
  alternativeNumber: 'alternative_number',
  emailAddress: 'email_address',
  idNumber: 'id_number',
  refNumber: 'ref_number',
  title: 'title',
  jobTitle: 'job_title',
  maritalStatus: 'marital_status',
  currentAddressMonths: 'current_address_months',
  employer: 'employer',
  employerContactNumber: 'employer_contact_number',
  companyName: 'company_name',
  industry: 'industry',
  paymentType: 'payment_type',
  gpsLocation: 'gps_location',
} as const;
export type LeadColumn = keyof typeof LEAD_COLUMNS;
export const LEAD_FIELDS = Object.keys(LEAD_COLUMNS) as LeadColumn[];

export async function insertTicket(tx: Executor, t: NewTicket): Promise<{ id: number; ticket_num: string }> {
  const lead = t.lead ?? {};
  const leadNames = LEAD_FIELDS.filter((name) => lead[name] !== undefined);
  const leadCols = leadNames.map((name) => sql.raw(`, ${LEAD_COLUMNS[name]}`));
  const leadVals = leadNames.map((name) => sql`, ${lead[name]}`);
  const result = await tx.execute<{ id: number; ticket_num: string }>(sql`
    insert into tickets (kind, users_master_id, suppliers_master_id, status, category_id, platform, dealer_code,
                         agreed_to_terms, user_note, supplier_ticket_number, supplier_ticket_date,
                         first_response_due_at, resolution_due_at, created_at, last_updated_at,
                         last_updated_by_user_id, last_updated_by_name ${sql.join(leadCols, sql``)})
    values (${t.kind}, ${t.usersMasterId}, ${t.suppliersMasterId}, 'Open', ${t.categoryId}, ${t.platform},
            ${t.dealerCode}, ${t.agreedToTerms}, ${t.userNote}, ${t.supplierTicketNumber}, ${t.supplierTicketDate},
            ${t.firstResponseDueAt}, ${t.resolutionDueAt}, ${t.now}, ${t.now}, ${t.usersMasterId}, 'New'
            ${sql.join(leadVals, sql``)})
    returning id, ticket_num`);
  return result.rows[0]!;
}

export interface TicketChange {
  status: TicketStatus;
  inProgressStatusId: number | null;
  closedStatusId: number | null;
  categoryId: number | null;
  adminNote: string | null;
  suppliersMasterId: number;
  supplierTicketNumber: string | null;
  supplierTicketDate: string | null;
  lead: Partial<Record<LeadColumn, string | number | null>>;
  lastUpdatedByUserId: number;
  lastUpdatedByName: string;
  closedAt: Date | null;
  pausedAt: Date | null;
  /** Seconds of pause ended by this change, added to the total. */
  addPausedSeconds: number;
  now: Date;
}

export async function updateTicket(tx: Executor, id: number, c: TicketChange): Promise<void> {
  const leadSets = (Object.keys(c.lead) as LeadColumn[]).map(
    (name) => sql`, ${sql.raw(LEAD_COLUMNS[name])} = ${c.lead[name] ?? null}`,
  );
  await tx.execute(sql`
    update tickets set status = ${c.status}, in_progress_status_id = ${c.inProgressStatusId},
           closed_status_id = ${c.closedStatusId}, category_id = ${c.categoryId}, admin_note = ${c.adminNote},
           suppliers_master_id = ${c.suppliersMasterId}, supplier_ticket_number = ${c.supplierTicketNumber},
           supplier_ticket_date = ${c.supplierTicketDate}, last_updated_at = ${c.now},
           last_updated_by_user_id = ${c.lastUpdatedByUserId}, last_updated_by_name = ${c.lastUpdatedByName},
           closed_at = ${c.closedAt}, paused_at = ${c.pausedAt},
           paused_seconds = paused_seconds + ${c.addPausedSeconds} ${sql.join(leadSets, sql``)}
     where id = ${id}`);
}

/** The first helpdesk reply stops the first-response clock. */
export async function markFirstResponse(tx: Executor, id: number, now: Date): Promise<void> {
  await tx.execute(sql`update tickets set first_responded_at = ${now} where id = ${id} and first_responded_at is null`);
}

export async function touchTicket(tx: Executor, id: number, now: Date, userId: number, name: string): Promise<void> {
  await tx.execute(sql`update tickets set last_updated_at = ${now}, last_updated_by_user_id = ${userId},
      last_updated_by_name = ${name} where id = ${id}`);
}

export async function rateTicket(
  tx: Executor,
  id: number,
  rating: { star: number; comment: string | null; now: Date },
): Promise<boolean> {
  const result = await tx.execute(sql`
    update tickets set rating_star = ${rating.star}, rating_comment = ${rating.comment}, rated_at = ${rating.now}
     where id = ${id} and rating_star is null and status = 'Closed'`);
  return (result.rowCount ?? 0) > 0;
}

export async function softDeleteTicket(tx: Executor, kind: TicketKind, id: number): Promise<number | undefined> {
  const result = await tx.execute<{ users_master_id: number }>(sql`
    update tickets set is_active = false where id = ${id} and kind = ${kind} and is_active returning users_master_id`);
  return result.rows[0]?.users_master_id;
}

export async function insertHistory(
  tx: Executor,
  h: {
    ticketId: number;
    now: Date;
    userId: number;
    name: string;
    address: string | null;
    status: string;
    inProgress: string | null;
    closed: string | null;
    feedback: string | null;
  },
): Promise<void> {
  await tx.execute(sql`
    insert into ticket_history (ticket_id, updated_at, updated_by_user_id, updated_by_name, update_address,
                                update_status, update_in_progress_status, update_closed_status, update_feedback)
    values (${h.ticketId}, ${h.now}, ${h.userId}, ${h.name}, ${h.address}, ${h.status}, ${h.inProgress}, ${h.closed},
            ${h.feedback})`);
}

export type HistoryRowDb = {
  id: number;
  updated_at: Date | string;
  updated_by_user_id: number | null;
  updated_by_name: string | null;
  update_address: string | null;
  update_status: string | null;
  update_in_progress_status: string | null;
  update_closed_status: string | null;
  update_feedback: string | null;
};

export async function findHistory(db: Executor, ticketId: number): Promise<HistoryRowDb[]> {
  const result = await db.execute<HistoryRowDb>(sql`
    select id, updated_at, updated_by_user_id, updated_by_name, update_address, update_status,
           update_in_progress_status, update_closed_status, update_feedback
      from ticket_history where ticket_id = ${ticketId} order by updated_at desc, id desc`);
  return result.rows;
}

// ---------------------------------------------------------------------------------------------
// Activity.

export type ActivityRowDb = {
  id: number;
  activity_type: 'admin' | 'user' | 'internal' | 'update';
  text: string;
  admin_only: boolean;
  created_at: Date | string;
  created_by: number | null;
  first_name: string | null;
  surname: string | null;
};

export async function insertActivity(
  tx: Executor,
  a: {
    ticketId: number;
    type: 'admin' | 'user' | 'internal' | 'update';
    text: string;
    adminOnly: boolean;
    createdBy: number | null;
    now: Date;
    readUser: Date | null;
    readAdmin: Date | null;
  },
): Promise<number> {
  const result = await tx.execute<{ id: number }>(sql`
    insert into ticket_activity (ticket_id, text, activity_type, admin_only, read_user, read_admin, created_by, created_at)
    values (${a.ticketId}, ${a.text}, ${a.type}, ${a.adminOnly}, ${a.readUser}, ${a.readAdmin}, ${a.createdBy}, ${a.now})
    returning id`);
  return Number(result.rows[0]!.id);
}

/** Marks the thread read for the viewer's side; returns the ids that were unread. */
export async function markThreadRead(
  tx: Executor,
  ticketId: number,
  side: 'dealer' | 'admin',
  now: Date,
): Promise<number[]> {
  const result = await tx.execute<{ id: number }>(
    side === 'admin'
      ? sql`update ticket_activity set read_admin = ${now} where ticket_id = ${ticketId} and read_admin is null returning id`
      : sql`update ticket_activity set read_user = ${now}
             where ticket_id = ${ticketId} and read_user is null and not admin_only returning id`,
  );
  return result.rows.map((row) => Number(row.id));
}

/** The thread in order; internal notes only for admins. */
export async function findThread(db: Executor, ticketId: number, side: 'dealer' | 'admin'): Promise<ActivityRowDb[]> {
  const visible = side === 'admin' ? sql`` : sql`and not a.admin_only`;
  const result = await db.execute<ActivityRowDb>(sql`
    select a.id, a.activity_type, a.text, a.admin_only, a.created_at, a.created_by, u.first_name, u.surname
      from ticket_activity a left join users_master u on u.id = a.created_by
     where a.ticket_id = ${ticketId} ${visible}
     order by a.id`);
  return result.rows;
}

export async function findActivity(db: Executor, activityId: number): Promise<ActivityRowDb | undefined> {
  const result = await db.execute<ActivityRowDb>(sql`
    select a.id, a.activity_type, a.text, a.admin_only, a.created_at, a.created_by, u.first_name, u.surname
      from ticket_activity a left join users_master u on u.id = a.created_by
     where a.id = ${activityId}`);
  return result.rows[0];
}

/** "Mark as Unread": the latest activity becomes unread for admins. */
export async function markLatestUnreadForAdmin(tx: Executor, ticketId: number): Promise<boolean> {
  const result = await tx.execute(sql`
    update ticket_activity set read_admin = null
     where id = (select max(id) from ticket_activity where ticket_id = ${ticketId})`);
  return (result.rowCount ?? 0) > 0;
}

// ---------------------------------------------------------------------------------------------
// Files.

export type TicketFileDb = {
  id: string;
  original_name: string;
  content_type: string;
  size_bytes: number;
  created_at: Date | string;
  first_name: string | null;
  surname: string | null;
};

export async function findTicketFiles(db: Executor, ticketId: number): Promise<TicketFileDb[]> {
  const result = await db.execute<TicketFileDb>(sql`
    select f.id, f.original_name, f.content_type, f.size_bytes, tf.created_at, u.first_name, u.surname
      from ticket_files tf
      join stored_files f on f.id = tf.stored_file_id
      left join users_master u on u.id = tf.uploaded_by
     where tf.ticket_id = ${ticketId}
     order by tf.created_at, f.original_name`);
  return result.rows;
}

/**
 * Of `fileIds`, those this user uploaded as ticket documents and that no ticket holds yet. The
 * files' rows are locked first and read in a statement of their own: two attachments of one file
 * at once queue up, and the second sees the first's ticket once it has committed.
 */
export async function findAttachableFiles(tx: Executor, userId: number, fileIds: readonly string[]): Promise<string[]> {
  if (!fileIds.length) return [];
  await tx.execute(sql`select id from stored_files
     where id = any(${`{${fileIds.join(',')}}`}::uuid[]) order by id for update`);
  const result = await tx.execute<{ id: string }>(sql`
    select f.id from stored_files f
     where f.id = any(${`{${fileIds.join(',')}}`}::uuid[]) and f.purpose = 'ticket_document'
       and f.uploaded_by_user_id = ${userId}
       and not exists (select 1 from ticket_files tf where tf.stored_file_id = f.id)`);
  return result.rows.map((row) => row.id);
}

/** Links files to a ticket; the ticket's owner becomes their owner, so both sides can read them. */
export async function attachFiles(
  tx: Executor,
  ticketId: number,
  ownerId: number,
  fileIds: readonly string[],
  uploadedBy: number,
  now: Date,
): Promise<void> {
  if (!fileIds.length) return;
  const ids = `{${fileIds.join(',')}}`;
  await tx.execute(sql`
    insert into ticket_files (ticket_id, stored_file_id, uploaded_by, created_at)
    select ${ticketId}, f.id, ${uploadedBy}, ${now} from unnest(${ids}::uuid[]) as f(id)
    on conflict do nothing`);
  await tx.execute(sql`update stored_files set owner_user_id = ${ownerId} where id = any(${ids}::uuid[])`);
}

/** Whether the user owns a ticket holding this file (the owner reads files the helpdesk added). */
export async function ownsTicketWithFile(db: Executor, userId: number, fileId: string): Promise<boolean> {
  const result = await db.execute(sql`
    select 1 from ticket_files tf join tickets t on t.id = tf.ticket_id
     where tf.stored_file_id = ${fileId} and t.users_master_id = ${userId} limit 1`);
  return result.rows.length > 0;
}

// ---------------------------------------------------------------------------------------------
// Suppliers, contacts, people.

export type TicketSupplierDb = {
  id: number;
  supplier_name: string;
  sales_assist: boolean;
  sales_assist_text: string | null;
  agent_assist: boolean;
  agent_assist_text: string | null;
  payment_types: string[];
  regex: string | null;
  supplier_status: number;
  linked: boolean;
};

export async function findTicketSupplier(
  db: Executor,
  supplierId: number,
  userId: number,
): Promise<TicketSupplierDb | undefined> {
  const result = await db.execute<TicketSupplierDb>(sql`
    select s.id, s.supplier_name, s.sales_assist, s.sales_assist_text, s.agent_assist, s.agent_assist_text,
           s.payment_types, s.regex, s.supplier_status,
           exists (select 1 from users_supplier_index i where i.user_id = ${userId} and i.supplier_id = s.id) as linked
      from suppliers_master s where s.id = ${supplierId}`);
  return result.rows[0];
}

/**
 * The supplier's active admin contacts for a kind (suppliers_assist_email_index): those who are
 * admins and active now. A contact who left, was deleted or is no longer an admin stays on the
 * list until the supplier is next edited, but no longer gets its leads' customers (decision 059).
 * Only those holding `feature` now (the kind's console flag: Sales Assist, decision 068; Agent
 * Support, decision 078), in the same statement: a contact listed without it, or since losing it,
 * gets nothing.
 */
export async function findAssistContacts(
  db: Executor,
  supplierId: number,
  typeId: number,
  feature: Feature,
): Promise<{ email: string; first_name: string }[]> {
  const result = await db.execute<{ email: string; first_name: string }>(sql`
    select u.email, u.first_name from suppliers_assist_email_index i join users_master u on u.id = i.users_master_id
     where i.suppliers_master_id = ${supplierId} and i.refs_supplier_assist_email_type_id = ${typeId}
       and i.is_active and u.email is not null and u.is_admin and u.refs_user_lifecycle_status_id = ${LIFECYCLE.active}
       and exists (select 1 from users_access_index a join features_master f on f.id = a.features_master_id
                    where a.user_master_id = u.id and f.name = ${feature})
     order by u.email`);
  return result.rows;
}

export async function findPerson(
  db: Executor,
  userId: number,
): Promise<{ first_name: string; surname: string; email: string | null } | undefined> {
  const result = await db.execute<{ first_name: string; surname: string; email: string | null }>(sql`
    select first_name, surname, email from users_master where id = ${userId}`);
  return result.rows[0];
}

// ---------------------------------------------------------------------------------------------
// Support statuses.

export type SupportStatusDb = {
  id: number;
  category: TicketKind;
  status_type: SupportStatusType;
  status: string;
  suppliers_master_id: number | null;
  supplier_name: string | null;
  pauses_sla: boolean;
  is_active: boolean;
  sort_order: number;
};

export async function findSupportStatuses(
  db: Executor,
  f: {
    kind: TicketKind;
    statusType?: SupportStatusType | undefined;
    supplierId?: number | undefined;
    includeInactive: boolean;
  },
): Promise<SupportStatusDb[]> {
  const parts: SqlFragment[] = [sql`r.category = ${f.kind}`];
  if (f.statusType) parts.push(sql`r.status_type = ${f.statusType}`);
  if (f.supplierId !== undefined)
    parts.push(sql`(r.suppliers_master_id is null or r.suppliers_master_id = ${f.supplierId})`);
  if (!f.includeInactive) parts.push(sql`r.is_active`);
  const result = await db.execute<SupportStatusDb>(sql`
    select r.id, r.category, r.status_type, r.status, r.suppliers_master_id, s.supplier_name, r.pauses_sla,
           r.is_active, r.sort_order
      from refs_support_status r left join suppliers_master s on s.id = r.suppliers_master_id
     where ${sql.join(parts, sql` and `)}
     order by r.status_type, r.sort_order, lower(r.status), r.id`);
  return result.rows;
}

export async function findSupportStatus(db: Executor, id: number): Promise<SupportStatusDb | undefined> {
  const result = await db.execute<SupportStatusDb>(sql`
    select r.id, r.category, r.status_type, r.status, r.suppliers_master_id, s.supplier_name, r.pauses_sla,
           r.is_active, r.sort_order
      from refs_support_status r left join suppliers_master s on s.id = r.suppliers_master_id
     where r.id = ${id}`);
  return result.rows[0];
}

export interface SupportStatusValues {
  kind: TicketKind;
  statusType: SupportStatusType;
  status: string;
  supplierId: number | null;
  pausesSla: boolean;
  isActive: boolean;
  sortOrder: number;
}

export async function insertSupportStatus(tx: Executor, v: SupportStatusValues): Promise<number> {
  const result = await tx.execute<{ id: number }>(sql`
    insert into refs_support_status (category, status_type, status, suppliers_master_id, pauses_sla, is_active, sort_order)
    values (${v.kind}, ${v.statusType}, ${v.status}, ${v.supplierId}, ${v.pausesSla}, ${v.isActive}, ${v.sortOrder})
    returning id`);
  return Number(result.rows[0]!.id);
}

export async function updateSupportStatus(tx: Executor, id: number, v: SupportStatusValues): Promise<boolean> {
  const result = await tx.execute(sql`
    update refs_support_status set status_type = ${v.statusType}, status = ${v.status},
           suppliers_master_id = ${v.supplierId}, pauses_sla = ${v.pausesSla}, is_active = ${v.isActive},
           sort_order = ${v.sortOrder}
     where id = ${id} and category = ${v.kind}`);
  return (result.rowCount ?? 0) > 0;
}

export async function deactivateSupportStatus(tx: Executor, kind: TicketKind, id: number): Promise<boolean> {
  const result = await tx.execute(sql`
    update refs_support_status set is_active = false where id = ${id} and category = ${kind}`);
  return (result.rowCount ?? 0) > 0;
}

// ---------------------------------------------------------------------------------------------
// Canned replies.

export type CannedReplyDb = {
  id: number;
  kind: TicketKind;
  title: string;
  body: string;
  is_active: boolean;
  updated_at: Date | string;
};

export async function findCannedReplies(db: Executor, kind: TicketKind): Promise<CannedReplyDb[]> {
  const result = await db.execute<CannedReplyDb>(sql`
    select id, kind, title, body, is_active, updated_at from ticket_canned_replies
     where kind = ${kind} order by not is_active, lower(title), id`);
  return result.rows;
}

export async function findCannedReply(db: Executor, kind: TicketKind, id: number): Promise<CannedReplyDb | undefined> {
  const result = await db.execute<CannedReplyDb>(sql`
    select id, kind, title, body, is_active, updated_at from ticket_canned_replies where id = ${id} and kind = ${kind}`);
  return result.rows[0];
}

export async function insertCannedReply(
  tx: Executor,
  v: { kind: TicketKind; title: string; body: string; isActive: boolean; createdBy: number | null },
): Promise<number> {
  const result = await tx.execute<{ id: number }>(sql`
    insert into ticket_canned_replies (kind, title, body, is_active, created_by)
    values (${v.kind}, ${v.title}, ${v.body}, ${v.isActive}, ${v.createdBy}) returning id`);
  return Number(result.rows[0]!.id);
}

export async function updateCannedReply(
  tx: Executor,
  id: number,
  v: { kind: TicketKind; title: string; body: string; isActive: boolean; now: Date },
): Promise<boolean> {
  const result = await tx.execute(sql`
    update ticket_canned_replies set title = ${v.title}, body = ${v.body}, is_active = ${v.isActive},
           updated_at = ${v.now}
     where id = ${id} and kind = ${v.kind}`);
  return (result.rowCount ?? 0) > 0;
}

export async function deleteCannedReply(tx: Executor, kind: TicketKind, id: number): Promise<boolean> {
  const result = await tx.execute(sql`delete from ticket_canned_replies where id = ${id} and kind = ${kind}`);
  return (result.rowCount ?? 0) > 0;
}

// ---------------------------------------------------------------------------------------------
// SLA settings (app_settings, key ticket_sla.{kind}).

export async function findSlaSetting(db: Executor, kind: TicketKind): Promise<unknown> {
  const result = await db.execute<{ value: unknown }>(sql`
    select value from app_settings where key = ${`ticket_sla.${kind}`}`);
  return result.rows[0]?.value;
}

export async function saveSlaSetting(tx: Executor, kind: TicketKind, value: unknown, userId: number): Promise<void> {
  await tx.execute(sql`
    insert into app_settings (key, value, updated_by_user_id, updated_at)
    values (${`ticket_sla.${kind}`}, ${JSON.stringify(value)}::jsonb, ${userId}, now())
    on conflict (key) do update set value = excluded.value, updated_by_user_id = excluded.updated_by_user_id,
                                    updated_at = excluded.updated_at`);
}
