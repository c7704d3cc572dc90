import { LIFECYCLE } from '@portal/domain/accounts/waiting';
import { likeContains, type TeamSearch } from '@portal/domain/teams/team-search';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { auditLog } from '../../db/schema/index.ts';

// The team lists' SQL (spec 1 §2.8, §2.9). How the plans stay fast at 100k users
// (docs/benchmarks.md has the figures):
// - Rows come in id order and a page is read by key (`id > last id of the previous page`), so a
//   deep page costs what the first does. A page without a key falls back to OFFSET.
// - A downstream is the closure table's (ancestor, descendant) primary key: one index range, read
//   in descendant order, each member then fetched by primary key (DOWNSTREAM_IN_ORDER). The
//   ancestor themself is left out by `descendant_id <> ancestor`, not by `depth > 0`, so counting
//   stays an index-only scan (depth is not in the index).
// - Counts avoid joining every descendant to users_master: everyone in the range minus the few in
//   a minority status (deleted, or all but active) found through the status index.
// - A search or a minority status filter first collects the matching ids (trigram index on the
//   search text, or the status index) in a MATERIALIZED CTE, counts them and pages over them; left
//   to itself the planner may walk the whole id order testing the pattern on every row, hoping to
//   fill a page early (seen: 265 ms instead of 3 ms on the bench data). A whole phone number is
//   looked up in the unique phone index instead.

/** Exactly the expression of users_master_search_trgm_idx (migration 0002), so the index serves it. */
const SEARCH_TEXT = sql.raw(
  `lower(coalesce(u.first_name, '') || ' ' || coalesce(u.surname, '') || ' ' || coalesce(u.email, '') || ' ' || coalesce(u.phone, ''))`,
);

export type TeamScope =
  | { kind: 'everyone' }
  | { kind: 'downstream'; ancestorId: number }
  | { kind: 'children'; parentId: number };

export interface TeamFilters {
  search: TeamSearch;
  /** 1–5, or 0 for none (then deleted users are left out). */
  status: number;
}

export interface PagePosition {
  limit: number;
  /** Rows after this id (keyset), or… */
  afterId?: number;
  /** …this many rows skipped (a page reached without a key). */
  offset?: number;
}

export type TeamRow = {
  id: number;
  firstName: string;
  surname: string;
  lifecycleStatusId: number;
  phone: string | null;
  email: string | null;
  parentId: number | null;
  parentFirstName: string | null;
  parentSurname: string | null;
  emailVerified: boolean;
  phoneVerified: boolean;
  isLeader: boolean;
  isAdmin: boolean;
};

const ROW_COLUMNS =
  sql.raw(`u.id, u.first_name AS "firstName", u.surname, u.refs_user_lifecycle_status_id AS "lifecycleStatusId",
  u.phone, u.email, u.parent_id AS "parentId", p.first_name AS "parentFirstName", p.surname AS "parentSurname",
  u.email_verified AS "emailVerified", u.phone_verified AS "phoneVerified", u.is_leader AS "isLeader", u.is_admin AS "isAdmin"`);

function statusCondition(status: number): SQL {
  return status
    ? sql`u.refs_user_lifecycle_status_id = ${status}`
    : sql`u.refs_user_lifecycle_status_id <> ${LIFECYCLE.deleted}`;
}

/** A whole phone number in the stored form: found through the unique phone index, not the trigrams. */
const WHOLE_PHONE = /^\+27\d{9}$/;

function searchCondition(search: TeamSearch): SQL | undefined {
  const byText = !search.text
    ? undefined
    : WHOLE_PHONE.test(search.text)
      ? sql`u.phone = ${search.text}`
      : sql`${SEARCH_TEXT} LIKE ${likeContains(search.text)}`;
  const byId = search.zId !== undefined ? sql`u.id = ${search.zId}` : undefined;
  if (byText && byId) return sql`(${byId} OR ${byText})`;
  return byText ?? byId;
}

/** FROM and WHERE of a scope; `key` is the ordered id column that pages are read by. */
function scopeSource(scope: TeamScope): { from: SQL; where: SQL; key: SQL } {
  switch (scope.kind) {
    case 'downstream':
      return {
        from: sql`users_hierarchy_closure c JOIN users_master u ON u.id = c.descendant_id`,
        where: sql`c.ancestor_id = ${scope.ancestorId} AND c.descendant_id <> ${scope.ancestorId}`,
        key: sql.raw('c.descendant_id'),
      };
    case 'children':
      return { from: sql`users_master u`, where: sql`u.parent_id = ${scope.parentId}`, key: sql.raw('u.id') };
    default:
      return { from: sql`users_master u`, where: sql`true`, key: sql.raw('u.id') };
  }
}

/** Whether the filters go through the collected-matches plan (see the top of this file). */
export function usesMatchSet(filters: TeamFilters): boolean {
  const minorityStatus = filters.status !== 0 && filters.status !== LIFECYCLE.active;
  return searchCondition(filters.search) !== undefined || minorityStatus;
}

function positionSql(key: SQL, position: PagePosition): { after: SQL; limit: SQL } {
  const after = position.afterId !== undefined ? sql` AND ${key} > ${position.afterId}` : sql``;
  const offset = position.afterId === undefined && position.offset ? sql` OFFSET ${position.offset}` : sql``;
  // One row more than the page: tells whether a next page exists without counting.
  return { after, limit: sql` LIMIT ${position.limit + 1}${offset}` };
}

/**
 * A downstream read in closure order, each member fetched by primary key: OFFSET 0 keeps the
 * planner from turning this into a merge join, which reads users_master from its first id up to
 * the page (seen: 150 ms for page 147 of a 9 841-person downstream; the same for page 1 of a team
 * whose ids all come late in the table). A page then costs about 50 index probes wherever it is.
 */
const DOWNSTREAM_IN_ORDER = sql.raw(`users_hierarchy_closure c CROSS JOIN LATERAL (
    SELECT id, first_name, surname, refs_user_lifecycle_status_id, phone, email, parent_id,
           email_verified, phone_verified, is_leader, is_admin
      FROM users_master WHERE id = c.descendant_id OFFSET 0) u`);

/** A page in id order, for filters that keep most of the scope (no search, no or active status). */
export async function findTeamPage(
  db: Executor,
  scope: TeamScope,
  filters: TeamFilters,
  position: PagePosition,
): Promise<TeamRow[]> {
  const source = scopeSource(scope);
  const { where, key } = source;
  const from = scope.kind === 'downstream' ? DOWNSTREAM_IN_ORDER : source.from;
  const { after, limit } = positionSql(key, position);
  const result = await db.execute<TeamRow>(sql`
    SELECT ${ROW_COLUMNS}
      FROM ${from} LEFT JOIN users_master p ON p.id = u.parent_id
     WHERE ${where} AND ${statusCondition(filters.status)}${after}
     ORDER BY ${key}${limit}`);
  return result.rows;
}

/** A page and the filtered count from the collected matches (search or minority status). */
export async function findMatchPage(
  db: Executor,
  scope: TeamScope,
  filters: TeamFilters,
  position: PagePosition,
): Promise<{ rows: TeamRow[]; filteredCount: number }> {
  const { from, where, key } = scopeSource(scope);
  const search = searchCondition(filters.search);
  const { after, limit } = positionSql(sql.raw('m.id'), position);
  const result = await db.execute<TeamRow & { filteredCount: number; id: number | null }>(sql`
    WITH m AS MATERIALIZED (
      SELECT ${key} AS id FROM ${from}
       WHERE ${where} AND ${statusCondition(filters.status)}${search ? sql` AND ${search}` : sql``}
    )
    SELECT n.count::int AS "filteredCount", page.*
      FROM (SELECT count(*) FROM m) n
      LEFT JOIN LATERAL (
        SELECT ${ROW_COLUMNS}
          FROM (SELECT m.id FROM m WHERE true${after} ORDER BY m.id${limit}) k
          JOIN users_master u ON u.id = k.id
          LEFT JOIN users_master p ON p.id = u.parent_id
      ) page ON true
     ORDER BY page.id`);
  const filteredCount = result.rows[0]?.filteredCount ?? 0;
  const rows = result.rows.filter((row) => row.id !== null).map(({ filteredCount: _count, ...row }) => row as TeamRow);
  return { rows, filteredCount };
}

export interface TeamCounts {
  /** Everyone in scope except deleted users. */
  totalCount: number;
  /** With the status filter applied (no search); equal to totalCount without a filter. */
  filteredCount: number;
}

/**
 * The scope's counts without a join per member: everyone in the scope (an index-only count),
 * minus those in the minority statuses that matter, found through the status index.
 */
export async function countTeam(db: Executor, scope: TeamScope, status: number): Promise<TeamCounts> {
  const { from, where } = scopeSource(scope);
  const everyone =
    scope.kind === 'downstream'
      ? sql`(SELECT count(*) - 1 FROM users_hierarchy_closure WHERE ancestor_id = ${scope.ancestorId})`
      : scope.kind === 'children'
        ? sql`(SELECT count(*) FROM users_master WHERE parent_id = ${scope.parentId})`
        : sql`(SELECT count(*) FROM users_master)`;
  const minority: number[] =
    status === LIFECYCLE.active
      ? [LIFECYCLE.pending, LIFECYCLE.inactive, LIFECYCLE.deleted, LIFECYCLE.declined]
      : [LIFECYCLE.deleted, ...(status && status !== LIFECYCLE.deleted ? [status] : [])];
  const result = await db.execute<{ everyone: number; deleted: number; chosen: number; nonActive: number }>(sql`
    SELECT ${everyone}::int AS everyone,
           count(*) FILTER (WHERE u.refs_user_lifecycle_status_id = ${LIFECYCLE.deleted})::int AS deleted,
           count(*) FILTER (WHERE u.refs_user_lifecycle_status_id = ${status})::int AS chosen,
           count(*) FILTER (WHERE u.refs_user_lifecycle_status_id <> ${LIFECYCLE.active})::int AS "nonActive"
      FROM ${from}
     WHERE ${where} AND u.refs_user_lifecycle_status_id IN (${sql.join(
       minority.map((value) => sql`${value}`),
       sql`, `,
     )})`);
  const row = result.rows[0] ?? { everyone: 0, deleted: 0, chosen: 0, nonActive: 0 };
  const totalCount = row.everyone - row.deleted;
  if (!status) return { totalCount, filteredCount: totalCount };
  if (status === LIFECYCLE.active) return { totalCount, filteredCount: row.everyone - row.nonActive };
  return { totalCount, filteredCount: row.chosen };
}

export type DealerSummaryRow = {
  id: number;
  firstName: string;
  surname: string;
  companyName: string | null;
  lifecycleStatusId: number;
  phone: string | null;
  email: string | null;
  city: string | null;
  province: string | null;
  isLeader: boolean;
  isAdmin: boolean;
  emailVerified: boolean;
  phoneVerified: boolean;
  createdAt: Date | string;
  parentId: number | null;
  parentFirstName: string | null;
  parentSurname: string | null;
  directCount: number;
  downstreamCount: number;
};

export async function getDealerSummary(db: Executor, dealerId: number): Promise<DealerSummaryRow | undefined> {
  const result = await db.execute<DealerSummaryRow>(sql`
    SELECT u.id, u.first_name AS "firstName", u.surname, u.company_name AS "companyName",
           u.refs_user_lifecycle_status_id AS "lifecycleStatusId", u.phone, u.email, u.city, u.province,
           u.is_leader AS "isLeader", u.is_admin AS "isAdmin", u.email_verified AS "emailVerified",
           u.phone_verified AS "phoneVerified", u.created_at AS "createdAt", u.parent_id AS "parentId",
           p.first_name AS "parentFirstName", p.surname AS "parentSurname",
           (SELECT count(*) FROM users_master d
             WHERE d.parent_id = u.id AND d.refs_user_lifecycle_status_id <> ${LIFECYCLE.deleted})::int AS "directCount",
           ((SELECT count(*) - 1 FROM users_hierarchy_closure c WHERE c.ancestor_id = u.id)
            - (SELECT count(*) FROM users_master d JOIN users_hierarchy_closure c
                 ON c.descendant_id = d.id AND c.ancestor_id = u.id AND c.descendant_id <> u.id
                WHERE d.refs_user_lifecycle_status_id = ${LIFECYCLE.deleted}))::int AS "downstreamCount"
      FROM users_master u LEFT JOIN users_master p ON p.id = u.parent_id
     WHERE u.id = ${dealerId}`);
  return result.rows[0];
}

/**
 * The dealer and whether the viewer reaches them, in one statement: `viewerId` undefined means
 * everyone is reachable (admins); otherwise the viewer themself or their downstream.
 */
export async function findDealerForViewer(
  db: Executor,
  dealerId: number,
  viewerId: number | undefined,
): Promise<{ id: number; firstName: string; surname: string; reachable: boolean } | undefined> {
  const reachable =
    viewerId === undefined
      ? sql`true`
      : sql`(u.id = ${viewerId} OR EXISTS (SELECT 1 FROM users_hierarchy_closure c
               WHERE c.ancestor_id = ${viewerId} AND c.descendant_id = u.id))`;
  const result = await db.execute<{ id: number; firstName: string; surname: string; reachable: boolean }>(
    sql`SELECT u.id, u.first_name AS "firstName", u.surname, ${reachable} AS reachable FROM users_master u WHERE u.id = ${dealerId}`,
  );
  return result.rows[0];
}

// --- Bulk status ---------------------------------------------------------------------------------

/**
 * The selected users, locked for the change (in id order, so two selections queue up without a
 * deadlock), then read in a statement of their own: a statement that waited for a lock re-reads
 * only the locked rows, and would judge on the flags as they were before a grant that committed
 * while it waited (decision 074).
 */
export async function lockUsersForStatus(
  db: Executor,
  ids: number[],
): Promise<Array<{ id: number; lifecycleStatusId: number; isAdmin: boolean; features: string[] }>> {
  await db.execute(sql`
    SELECT 1 FROM users_master WHERE id = ANY(${sql.param(ids)}::int[]) ORDER BY id FOR UPDATE`);
  const result = await db.execute<{ id: number; lifecycleStatusId: number; isAdmin: boolean; features: string[] }>(sql`
    SELECT u.id, u.refs_user_lifecycle_status_id AS "lifecycleStatusId", u.is_admin AS "isAdmin",
           array(SELECT f.name FROM users_access_index a JOIN features_master f ON f.id = a.features_master_id
                  WHERE a.user_master_id = u.id) AS features
      FROM users_master u
     WHERE u.id = ANY(${sql.param(ids)}::int[]) ORDER BY u.id`);
  return result.rows;
}

/** One statement for the whole selection; only rows still in `from` change. */
export async function setLifecycleStatus(
  db: Executor,
  input: { ids: number[]; from: number; to: number; actorId: number; actorAuthId: string },
): Promise<number[]> {
  const result = await db.execute<{ id: number }>(sql`
    UPDATE users_master
       SET refs_user_lifecycle_status_id = ${input.to}, last_updated_by = ${input.actorId},
           last_updated_by_auth_id = ${input.actorAuthId}, updated_at = now()
     WHERE id = ANY(${sql.param(input.ids)}::int[]) AND refs_user_lifecycle_status_id = ${input.from}
     RETURNING id`);
  return result.rows.map((row) => row.id).sort((a, b) => a - b);
}

/** One audit row per changed user, written in the same transaction as the change. */
export async function insertStatusAudits(
  db: Executor,
  input: {
    ids: number[];
    from: number;
    to: number;
    action: string;
    actorId: number;
    actorAuthId: string;
    requestId: string;
    ipAddress: string;
  },
): Promise<void> {
  if (!input.ids.length) return;
  await db.insert(auditLog).values(
    input.ids.map((id) => ({
      actorUserId: input.actorId,
      actorAuthId: input.actorAuthId,
      action: input.action,
      entity: 'users_master',
      entityId: String(id),
      before: { refsUserLifecycleStatusId: input.from },
      after: { refsUserLifecycleStatusId: input.to },
      requestId: input.requestId,
      ipAddress: input.ipAddress,
    })),
  );
}

// --- All-users export ----------------------------------------------------------------------------

export type ExportRow = {
  id: number;
  firstName: string;
  middleName: string | null;
  surname: string;
  companyName: string | null;
  email: string | null;
  phone: string | null;
  lifecycleStatusId: number;
  lifecycleStatus: string;
  parentId: number | null;
  parentName: string | null;
  isAdmin: boolean;
  isLeader: boolean;
  userType: string;
  tier: number;
  emailVerified: boolean;
  phoneVerified: boolean;
  street: string | null;
  suburb: string | null;
  city: string | null;
  province: string | null;
  postalCode: string | null;
  createdAt: Date | string;
};

/** Every user, deleted ones included, in id order; read by key like the lists. */
export async function findExportPage(db: Executor, position: PagePosition): Promise<ExportRow[]> {
  const { after, limit } = positionSql(sql.raw('u.id'), position);
  const result = await db.execute<ExportRow>(sql`
    SELECT u.id, u.first_name AS "firstName", u.middle_name AS "middleName", u.surname,
           u.company_name AS "companyName", u.email, u.phone,
           u.refs_user_lifecycle_status_id AS "lifecycleStatusId", s.name AS "lifecycleStatus",
           u.parent_id AS "parentId", nullif(concat_ws(' ', p.first_name, p.surname), '') AS "parentName",
           u.is_admin AS "isAdmin", u.is_leader AS "isLeader", t.type AS "userType", u.refs_user_tier_id AS tier,
           u.email_verified AS "emailVerified", u.phone_verified AS "phoneVerified",
           u.street, u.suburb, u.city, u.province, u.postal_code AS "postalCode", u.created_at AS "createdAt"
      FROM users_master u
      LEFT JOIN users_master p ON p.id = u.parent_id
      JOIN refs_user_lifecycle_status s ON s.id = u.refs_user_lifecycle_status_id
      JOIN refs_user_type t ON t.id = u.refs_type_id
     WHERE true${after}
     ORDER BY u.id${limit}`);
  return result.rows;
}

export async function countAllUsers(db: Executor): Promise<number> {
  const result = await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM users_master`);
  return result.rows[0]?.n ?? 0;
}
