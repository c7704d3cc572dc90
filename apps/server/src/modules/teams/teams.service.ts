import { can, scopeOf } from '@portal/domain/access/permissions';
import { knownFeatures } from '@portal/domain/accounts/me';
import { zCode } from '@portal/domain/people/z-code';
import { BULK_STATUS_ACTIONS, type BulkStatusRequest, type BulkStatusResult } from '@portal/domain/teams/bulk-status';
import {
  type DealerDetail,
  type DownstreamPage,
  type DownstreamQuery,
  NO_ACCESS,
  paginationOf,
  type TeamListQuery,
  type TeamMember,
  type TeamPage,
} from '@portal/domain/teams/team-list';
import { parseTeamSearch } from '@portal/domain/teams/team-search';
import type { UsersExportPage, UsersExportQuery } from '@portal/domain/teams/users-export';
import type { FastifyRequest } from 'fastify';
import type { AppDependencies } from '../../app-dependencies.ts';
import type { Database } from '../../db/client.ts';
import { ACCESS_DENIED, type Actor } from '../../platform/access.ts';
import { writeAudit } from '../../platform/audit.ts';
import { forbidden, notFound } from '../../platform/errors.ts';
import { assertActorCan, permissionActor } from '../../platform/permissions.ts';
import { assertCurrentPassword } from '../../platform/step-up.ts';
import { countsAreFresh, decodeCursor, encodeCursor, listFingerprint } from './team-cursor.ts';
import {
  countAllUsers,
  countTeam,
  findDealerForViewer,
  findExportPage,
  findMatchPage,
  findTeamPage,
  getDealerSummary,
  insertStatusAudits,
  lockUsersForStatus,
  setLifecycleStatus,
  type TeamFilters,
  type TeamRow,
  type TeamScope,
  usesMatchSet,
} from './teams.queries.ts';

const NO_PERMISSION = "You don't have permission to perform this action. Please contact your administrator.";
const dealerNotFound = (id: number) => `Dealer with ID ${id} not found`;

type TeamRole = 'admin' | 'leader';

/** What the bulk status change needs: the database and the clock of the step-up lock. */
export type BulkStatusDeps = Pick<AppDependencies, 'db' | 'clock'>;

/**
 * Who may open the team lists (spec 1 §2.2, §2.8, §6): leaders (their own downstream) and admins
 * with the Users Management flag (everyone); not agents. The routes keep waiting users out first.
 */
export function teamRoleOf(actor: Actor): TeamRole {
  const scope = scopeOf(permissionActor(actor), 'list', 'team');
  if (scope === 'any') return 'admin';
  if (scope === 'downstream') return 'leader';
  throw forbidden(
    actor.user.isAdmin ? ACCESS_DENIED : NO_ACCESS,
    actor.user.isAdmin ? 'FEATURE_REQUIRED' : 'FORBIDDEN',
  );
}

/** The fields a team row and the dealer summary share, as the pages read them. */
function memberFields(row: TeamRow) {
  return {
    id: row.id,
    zCode: zCode(row.id),
    firstName: row.firstName,
    surname: row.surname,
    lifecycleStatusId: row.lifecycleStatusId,
    phone: row.phone,
    email: row.email,
    parent:
      row.parentId === null
        ? null
        : {
            id: row.parentId,
            zCode: zCode(row.parentId),
            name: [row.parentFirstName, row.parentSurname].filter(Boolean).join(' '),
          },
    emailVerified: row.emailVerified,
    phoneVerified: row.phoneVerified,
    isLeader: row.isLeader,
    isAdmin: row.isAdmin,
  };
}

function toMember(row: TeamRow): TeamMember {
  return memberFields(row);
}

interface PageRequest {
  page: number;
  pageSize: number;
  cursor?: string | undefined;
  search?: string | undefined;
}

/**
 * One page of a scope with the spec's pagination numbers. With a cursor of this list the page is
 * read by key and the counts it carries are reused while fresh; otherwise by offset, counting anew.
 */
export async function readTeamPage(
  db: Database,
  scope: TeamScope,
  filters: TeamFilters,
  request: PageRequest,
): Promise<TeamPage> {
  const started = performance.now();
  const { page, pageSize: limit } = request;
  const fingerprint = listFingerprint({ scope, filters, limit });
  const cursor = decodeCursor(request.cursor, { page, fingerprint });
  const now = Date.now();
  const fresh = cursor && countsAreFresh(cursor, now) ? cursor : undefined;
  const position = cursor ? { limit, afterId: cursor.afterId } : { limit, offset: (page - 1) * limit };

  let rows: TeamRow[];
  let totalCount: number;
  let filteredCount: number;
  if (usesMatchSet(filters)) {
    const [matches, counts] = await Promise.all([
      findMatchPage(db, scope, filters, position),
      fresh ? undefined : countTeam(db, scope, 0),
    ]);
    rows = matches.rows;
    filteredCount = matches.filteredCount;
    totalCount = counts?.totalCount ?? fresh!.totalCount;
  } else {
    const [pageRows, counts] = await Promise.all([
      findTeamPage(db, scope, filters, position),
      fresh ? undefined : countTeam(db, scope, filters.status),
    ]);
    rows = pageRows;
    totalCount = counts?.totalCount ?? fresh!.totalCount;
    filteredCount = counts?.filteredCount ?? fresh!.filteredCount;
  }

  const hasMore = rows.length > limit;
  const shown = rows.slice(0, limit);
  const last = shown.at(-1);
  const nextCursor =
    hasMore && last
      ? encodeCursor({
          afterId: last.id,
          page: page + 1,
          totalCount,
          filteredCount,
          fingerprint,
          countedAt: fresh?.countedAt ?? now,
        })
      : null;
  return {
    data: shown.map(toMember),
    pagination: paginationOf({ page, limit, totalCount, filteredCount, rowsOnPage: shown.length, hasMore, nextCursor }),
    query: {
      search: request.search ?? '',
      statusFilter: filters.status,
      executionTime: Math.round((performance.now() - started) * 10) / 10,
    },
  };
}

function filtersOf(query: { search?: string | undefined; statusFilter: number }, pendingOnly = false): TeamFilters {
  return { search: parseTeamSearch(query.search), status: pendingOnly ? 1 : query.statusFilter };
}

/**
 * The dealer when the viewer reaches them: 404 for one that does not exist (admins), 403 for one
 * out of reach (leaders; they are not told whether the dealer exists).
 */
async function dealerInReach(db: Database, actor: Actor, role: TeamRole, dealerId: number) {
  // One's own downstream (a leader's Manage Teams) needs no lookup: the actor row is at hand.
  if (dealerId === actor.user.id) {
    return { id: actor.user.id, firstName: actor.user.firstName, surname: actor.user.surname };
  }
  const dealer = await findDealerForViewer(db, dealerId, role === 'admin' ? undefined : actor.user.id);
  if (!dealer?.reachable) {
    if (role === 'admin') throw notFound(dealerNotFound(dealerId));
    throw forbidden(NO_PERMISSION);
  }
  return { id: dealer.id, firstName: dealer.firstName, surname: dealer.surname };
}

/**
 * Manage Teams and the admin lists (GET /api/teams/dealers): admins see everyone, leaders their
 * own downstream; `parentId` narrows to one dealer's direct children.
 */
export async function listDealers(db: Database, actor: Actor, query: TeamListQuery): Promise<TeamPage> {
  const role = teamRoleOf(actor);
  let scope: TeamScope;
  if (query.parentId !== undefined) {
    await dealerInReach(db, actor, role, query.parentId);
    scope = { kind: 'children', parentId: query.parentId };
  } else {
    scope = role === 'admin' ? { kind: 'everyone' } : { kind: 'downstream', ancestorId: actor.user.id };
  }
  return readTeamPage(db, scope, filtersOf(query, query.pendingOnly), query);
}

/** '/child-dealer-downstream/{dealerId}': everyone below a dealer the caller reaches. */
export async function listDownstream(
  db: Database,
  actor: Actor,
  dealerId: number,
  query: DownstreamQuery,
): Promise<DownstreamPage> {
  const dealer = await dealerInReach(db, actor, teamRoleOf(actor), dealerId);
  const page = await readTeamPage(db, { kind: 'downstream', ancestorId: dealerId }, filtersOf(query), query);
  return { ...page, dealer: { ...dealer, zCode: zCode(dealer.id) } };
}

/** '/dealer-detail/{dealerId}': a compact read-only summary. */
export async function dealerDetail(db: Database, actor: Actor, dealerId: number): Promise<DealerDetail> {
  await dealerInReach(db, actor, teamRoleOf(actor), dealerId);
  const row = await getDealerSummary(db, dealerId);
  if (!row) throw notFound(dealerNotFound(dealerId));
  return {
    ...memberFields(row),
    companyName: row.companyName,
    city: row.city,
    province: row.province,
    createdAt: new Date(row.createdAt).toISOString(),
    directCount: row.directCount,
    downstreamCount: row.downstreamCount,
  };
}

/**
 * Bulk Mark As Inactive / Reactivate User on Manage Teams (docs/decisions/006-bulk-team-actions.md):
 * admins with Users Management only, like the single status actions (spec 1 §6). One transaction:
 * the rows are locked, those in the right status change in one statement, and each change leaves
 * its own audit row. The caller's own row and rows in another status are left and reported.
 */
export async function bulkChangeStatus(
  deps: BulkStatusDeps,
  actor: Actor,
  body: BulkStatusRequest,
  request: Pick<FastifyRequest, 'id' | 'ip'>,
): Promise<BulkStatusResult> {
  if (teamRoleOf(actor) !== 'admin') throw forbidden(NO_PERMISSION);
  const { from, to } = BULK_STATUS_ACTIONS[body.action];
  const ids = [...new Set(body.userIds)].sort((a, b) => a - b);
  return deps.db.transaction(async (tx) => {
    const found = await lockUsersForStatus(tx, ids);
    const statusById = new Map(found.map((row) => [row.id, row.lifecycleStatusId]));
    const missing = ids.find((id) => !statusById.has(id));
    if (missing !== undefined) throw notFound(dealerNotFound(missing));
    // As on the single status action: never an admin holding a flag the actor lacks (spec 1 §6).
    const mayChange = found.every((row) =>
      can(permissionActor(actor), 'update', 'lifecycle-status', {
        id: row.id,
        relation: row.id === actor.user.id ? 'self' : 'other',
        isAdmin: row.isAdmin,
        features: knownFeatures(row.features),
      }),
    );
    if (!mayChange) throw forbidden(NO_PERMISSION);

    const skipped: BulkStatusResult['skipped'] = [];
    const eligible: number[] = [];
    for (const id of ids) {
      if (id === actor.user.id) skipped.push({ id, reason: 'self' });
      else if (statusById.get(id) !== from) skipped.push({ id, reason: 'wrong_status' });
      else eligible.push(id);
    }
    // Step-up (decision 076), once per request and only when someone changes: only an active
    // Trainer is paid the leader lines on their branch's sales, so a status change adds or removes
    // a payee. A session alone is not enough; wrong passwords count toward the lock.
    if (eligible.length) {
      await assertCurrentPassword(tx, actor.authId, body.currentPassword, undefined, {
        clock: deps.clock,
        failures: deps.db,
      });
    }
    const updated = eligible.length
      ? await setLifecycleStatus(tx, { ids: eligible, from, to, actorId: actor.user.id, actorAuthId: actor.authId })
      : [];
    await insertStatusAudits(tx, {
      ids: updated,
      from,
      to,
      action: `user.status.bulk_${body.action}`,
      actorId: actor.user.id,
      actorAuthId: actor.authId,
      requestId: request.id,
      ipAddress: request.ip,
    });
    return { updated, skipped };
  });
}

/** '/all-users' CSV export (admin): every user, deleted ones included, 1000 a page by key. */
export async function exportUsers(
  db: Database,
  actor: Actor,
  query: UsersExportQuery,
  request?: Pick<FastifyRequest, 'id' | 'ip'>,
): Promise<UsersExportPage> {
  assertActorCan(actor, 'export', 'users-export', NO_ACCESS);
  const { page, pageSize: limit } = query;
  const fingerprint = listFingerprint({ export: 'all-users', limit });
  const cursor = decodeCursor(query.cursor, { page, fingerprint });
  const now = Date.now();
  const fresh = cursor && countsAreFresh(cursor, now) ? cursor : undefined;
  const [rows, counted] = await Promise.all([
    findExportPage(db, cursor ? { limit, afterId: cursor.afterId } : { limit, offset: (page - 1) * limit }),
    fresh ? undefined : countAllUsers(db),
  ]);
  const totalCount = counted ?? fresh!.totalCount;
  const hasMore = rows.length > limit;
  const shown = rows.slice(0, limit);
  // Everyone's contact details and addresses leave in these pages: each page read is on record,
  // as the payout file is (a page can be asked for without the first).
  await writeAudit(db, {
    actor,
    action: 'users.export',
    entity: 'users_master',
    entityId: 'all',
    after: { page, rows: shown.length, firstId: shown[0]?.id ?? null, lastId: shown.at(-1)?.id ?? null },
    ...(request ? { request } : {}),
  });
  const last = shown.at(-1);
  const nextCursor =
    hasMore && last
      ? encodeCursor({
          afterId: last.id,
          page: page + 1,
          totalCount,
          filteredCount: totalCount,
          fingerprint,
          countedAt: fresh?.countedAt ?? now,
        })
      : null;
  return {
    data: shown.map((row) => ({ ...row, createdAt: new Date(row.createdAt).toISOString() })),
    pagination: paginationOf({
      page,
      limit,
      totalCount,
      filteredCount: totalCount,
      rowsOnPage: shown.length,
      hasMore,
      nextCursor,
    }),
  };
}
