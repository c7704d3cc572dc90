import { portalDay, portalDayRange } from '@portal/domain/tickets/sla';
import {
  type AdminTicketPage,
  type AdminTicketsQuery,
  type AdminTicketUpdate,
  type CannedReply,
  type CannedReplyList,
  type CannedReplyRequest,
  cleanAdminSearch,
  DEFAULT_ADMIN_STATUSES,
  type FilledCannedReply,
  fillCannedReply,
  referenceFits,
  type SupportStatus,
  type SupportStatusesQuery,
  type SupportStatusList,
  type SupportStatusRequest,
  statusLabel,
  TICKET_EVENTS,
  TICKET_MESSAGES,
  type TicketDetail,
  type TicketKind,
  type TicketSla,
  type TicketSlaRequest,
  type UnreadCount,
} from '@portal/domain/tickets/tickets';
import type { Database, Executor } from '../../db/client.ts';
import type { Actor } from '../../platform/access.ts';
import { writeAudit } from '../../platform/audit.ts';
import { type AppError, badRequest, conflict, notFound } from '../../platform/errors.ts';
import { boundedPatternTest } from '../../platform/pattern-test.ts';
import {
  actorName,
  announceTicket,
  assertHelpdesk,
  personOf,
  type Request,
  slaOf,
  type TicketDeps,
  ticketNotFound,
  toDetail,
  toRow,
} from './ticket-shared.ts';
import {
  type CannedReplyDb,
  countAdminUnread,
  deactivateSupportStatus,
  deleteCannedReply,
  findAdminTickets,
  findCannedReplies,
  findCannedReply,
  findHistory,
  findSupportStatus,
  findSupportStatuses,
  findTicket,
  findTicketSupplier,
  insertActivity,
  insertCannedReply,
  insertHistory,
  insertSupportStatus,
  LEAD_COLUMNS,
  LEAD_FIELDS,
  type LeadColumn,
  lockTicket,
  markFirstResponse,
  markLatestUnreadForAdmin,
  type SupportStatusDb,
  saveSlaSetting,
  softDeleteTicket,
  updateCannedReply,
  updateSupportStatus,
  updateTicket,
} from './tickets.queries.ts';
import { notifyOwner, slaTargets } from './tickets.service.ts';

// The helpdesk consoles (spec 3 §3.5, §3.5a, §4.2, §4.3, §5.3, §7.1; decision 021): the grids, the
// edit with its history, Mark as Unread, soft delete, the support status reference, canned
// replies and the SLA targets. Every call needs the kind's flag (Sales Assist / Agent Support).

export async function adminTickets(
  deps: TicketDeps,
  actor: Actor,
  kind: TicketKind,
  query: AdminTicketsQuery,
): Promise<AdminTicketPage> {
  assertHelpdesk(actor, kind);
  const now = deps.clock.now();
  const statuses = query.status ?? DEFAULT_ADMIN_STATUSES[kind];
  const range = portalDayRange(query.from, query.to);
  const day = portalDay(now);
  // "Today" and "not updated today" together ask for nothing in particular: both cancel out.
  const today =
    query.today && !query.notUpdatedToday
      ? { ...day, updated: true }
      : query.notUpdatedToday && !query.today
        ? { ...day, updated: false }
        : undefined;
  const rows = statuses.length
    ? await findAdminTickets(deps.db, {
        kind,
        statuses,
        meUserId: query.me ? actor.user.id : undefined,
        today,
        createdFrom: range.start,
        createdBefore: range.end,
        supplierId: query.supplierId,
        search: cleanAdminSearch(query.search),
        sort: query.sort,
        limit: query.pageSize,
        offset: (query.page - 1) * query.pageSize,
        now,
      })
    : [];
  return {
    // Added to the row's own object: a spread copy (`{ ...toRow(row), … }`) made a large object
    // per item, most of what survived the scavenges that made the console's slow tail
    // (docs/benchmarks.md, 2026-11-27).
    items: rows.map((row) =>
      Object.assign(toRow(row), {
        owner: personOf(Number(row.users_master_id), row.owner_first_name, row.owner_surname),
        dealerCode: row.dealer_code,
        address: row.address,
        refNumber: row.ref_number,
        inProgressStatus: row.in_progress_status,
        closedStatus: row.closed_status,
        lastUpdatedByName: row.last_updated_by_name,
        sla: slaOf(row),
      }),
    ),
    page: query.page,
    pageSize: query.pageSize,
    total: Number(rows[0]?.total ?? 0),
  };
}

/** The console's badge; `readWithActor` is the count when the actor's statement read it (decision 044). */
export async function adminUnreadCount(
  deps: TicketDeps,
  actor: Actor,
  kind: TicketKind,
  readWithActor?: unknown,
): Promise<UnreadCount> {
  assertHelpdesk(actor, kind);
  return { count: typeof readWithActor === 'number' ? readWithActor : await countAdminUnread(deps.db, kind) };
}

/** A sub-status or category the ticket may take: its kind and type, its supplier or all suppliers. */
async function offered(
  db: Executor,
  kind: TicketKind,
  statusType: 'category' | 'in_progress' | 'closed',
  supplierId: number,
  id: number,
  field: string,
  current: number | null,
): Promise<SupportStatusDb> {
  const row = await findSupportStatus(db, id);
  const fits =
    row &&
    row.category === kind &&
    row.status_type === statusType &&
    (row.suppliers_master_id === null || Number(row.suppliers_master_id) === supplierId) &&
    // A deactivated one stays on the tickets that have it, but is not chosen anew.
    (row.is_active || id === current);
  if (!fits) {
    const message = statusType === 'category' ? TICKET_MESSAGES.categoryOption : TICKET_MESSAGES.statusOption;
    throw badRequest(message, [{ field, message }]);
  }
  return row;
}

/**
 * PUT /api/admin/tickets/{kind}/{id}: the helpdesk edit. One transaction: the ticket, a history
 * entry, an 'update' activity, the audit line, the owner's e-mail and alert (with the rating prompt
 * when Closed), and the live events.
 */
export async function updateTicketByHelpdesk(
  deps: TicketDeps,
  actor: Actor,
  kind: TicketKind,
  id: number,
  input: AdminTicketUpdate,
  request?: Request,
): Promise<TicketDetail> {
  assertHelpdesk(actor, kind);
  if (input.supplierId === 'all') {
    throw badRequest(TICKET_MESSAGES.supplierAll, [{ field: 'supplierId', message: TICKET_MESSAGES.supplierAll }]);
  }
  const requestedSupplier = input.supplierId;
  const leadNames = LEAD_FIELDS.filter((name) => input[name] !== undefined);
  if (kind === 'agent_support' && leadNames.length) {
    throw badRequest('Lead fields belong to sales assist leads.', [
      { field: leadNames[0]!, message: 'Not a field of an agent support ticket' },
    ]);
  }
  const now = deps.clock.now();
  const name = actorName(actor);
  await deps.db.transaction(async (tx) => {
    const locked = await lockTicket(tx, kind, id);
    if (!locked) throw ticketNotFound();
    const before = (await findTicket(tx, kind, id, 'admin', now))!;
    const supplierId = requestedSupplier ?? Number(before.suppliers_master_id);
    if (supplierId !== Number(before.suppliers_master_id)) {
      const supplier = await findTicketSupplier(tx, supplierId, actor.user.id);
      if (!supplier) throw badRequest('Supplier not found', [{ field: 'supplierId', message: 'Unknown supplier' }]);
    }
    const ip =
      input.status === 'In Progress' && input.inProgressStatusId
        ? await offered(
            tx,
            kind,
            'in_progress',
            supplierId,
            input.inProgressStatusId,
            'inProgressStatusId',
            before.in_progress_status_id,
          )
        : undefined;
    const cl =
      input.status === 'Closed' && input.closedStatusId
        ? await offered(tx, kind, 'closed', supplierId, input.closedStatusId, 'closedStatusId', before.closed_status_id)
        : undefined;
    let categoryId = before.category_id === null ? null : Number(before.category_id);
    if (kind === 'agent_support' && input.categoryId !== undefined && input.categoryId !== null) {
      await offered(tx, kind, 'category', supplierId, input.categoryId, 'categoryId', categoryId);
      categoryId = input.categoryId;
    }
    const lead: Partial<Record<LeadColumn, string | number | null>> = {};
    for (const field of leadNames) lead[field] = input[field] ?? null;
    if (lead.refNumber) {
      const supplier = await findTicketSupplier(tx, supplierId, actor.user.id);
      if (!referenceFits(supplier?.regex, String(lead.refNumber), boundedPatternTest)) {
        throw badRequest(TICKET_MESSAGES.referenceFormat, [
          { field: 'refNumber', message: TICKET_MESSAGES.referenceFormat },
        ]);
      }
    }

    // The SLA clock stops while the ticket sits in a pausing sub-status, and when it closes.
    const pausesNow = input.status === 'In Progress' && Boolean(ip?.pauses_sla);
    const pausedAt = locked.paused_at === null ? null : new Date(locked.paused_at);
    const endsPause = pausedAt !== null && !pausesNow;
    const addPausedSeconds = endsPause ? Math.max(0, Math.round((now.getTime() - pausedAt.getTime()) / 1000)) : 0;
    const nextPausedAt = pausesNow ? (pausedAt ?? now) : null;
    const feedback = input.feedback !== undefined ? input.feedback : before.admin_note;
    const closedAt = input.status === 'Closed' ? (before.closed_at ? new Date(before.closed_at) : now) : null;

    await updateTicket(tx, id, {
      status: input.status,
      inProgressStatusId: ip ? Number(ip.id) : null,
      closedStatusId: cl ? Number(cl.id) : null,
      categoryId,
      adminNote: feedback,
      suppliersMasterId: supplierId,
      supplierTicketNumber:
        input.supplierTicketNumber !== undefined ? input.supplierTicketNumber : before.supplier_ticket_number,
      supplierTicketDate:
        input.supplierTicketDate !== undefined ? input.supplierTicketDate : before.supplier_ticket_date,
      lead,
      lastUpdatedByUserId: actor.user.id,
      lastUpdatedByName: name,
      closedAt,
      pausedAt: nextPausedAt,
      addPausedSeconds,
      now,
    });
    await markFirstResponse(tx, id, now);
    const address = lead.address !== undefined ? (lead.address as string | null) : before.address;
    await insertHistory(tx, {
      ticketId: id,
      now,
      userId: actor.user.id,
      name,
      address: kind === 'sales_assist' ? address : null,
      status: input.status,
      inProgress: ip?.status ?? null,
      closed: cl?.status ?? null,
      feedback,
    });
    const sub = ip?.status ?? cl?.status;
    await insertActivity(tx, {
      ticketId: id,
      type: 'update',
      text: `Status: ${statusLabel(kind, input.status)}${sub ? ` (${sub})` : ''}${feedback ? `. Feedback: ${feedback}` : ''}`,
      adminOnly: false,
      createdBy: actor.user.id,
      now,
      readUser: null,
      readAdmin: now,
    });
    await writeAudit(tx, {
      actor,
      action: 'ticket.update',
      entity: 'tickets',
      entityId: id,
      before: {
        status: before.status,
        inProgressStatusId: before.in_progress_status_id,
        closedStatusId: before.closed_status_id,
        categoryId: before.category_id,
        feedback: before.admin_note,
        supplierId: Number(before.suppliers_master_id),
        ...Object.fromEntries(leadNames.map((field) => [field, leadValue(before, field)])),
      },
      after: {
        status: input.status,
        inProgressStatusId: ip ? Number(ip.id) : null,
        closedStatusId: cl ? Number(cl.id) : null,
        categoryId,
        feedback,
        supplierId,
        ...lead,
      },
      ...(request ? { request } : {}),
    });
    const ticketNum = before.ticket_num;
    const closed = input.status === 'Closed';
    const text = closed
      ? `${TICKET_MESSAGES.ownerUpdateText}. ${TICKET_MESSAGES.ratePrompt}`
      : TICKET_MESSAGES.ownerUpdateText;
    await notifyOwner(deps, tx, {
      ownerId: Number(before.users_master_id),
      actor,
      subject: `Ticket Update - ${ticketNum}`,
      text,
      alertTitle: `Ticket Update - ${ticketNum}`,
    });
    await announceTicket(tx, {
      type: TICKET_EVENTS.changed,
      kind,
      ticketId: id,
      ownerId: Number(before.users_master_id),
      toOwner: true,
    });
  });
  const row = await findTicket(deps.db, kind, id, 'admin', now);
  return toDetail(row!, { side: 'admin', userId: actor.user.id }, await findHistory(deps.db, id));
}

const leadValue = (row: object, field: LeadColumn) => (row as Record<string, unknown>)[LEAD_COLUMNS[field]] ?? null;

/** POST …/mark-unread: the latest activity becomes unread for admins (spec 3 §4.3). */
export async function markUnread(
  deps: TicketDeps,
  actor: Actor,
  kind: TicketKind,
  id: number,
  request?: Request,
): Promise<{ ok: true }> {
  assertHelpdesk(actor, kind);
  await deps.db.transaction(async (tx) => {
    const ticket = await lockTicket(tx, kind, id);
    if (!ticket) throw ticketNotFound();
    await markLatestUnreadForAdmin(tx, id);
    await writeAudit(tx, {
      actor,
      action: 'ticket.mark_unread',
      entity: 'tickets',
      entityId: id,
      after: {},
      ...(request ? { request } : {}),
    });
    await announceTicket(tx, {
      type: TICKET_EVENTS.changed,
      kind,
      ticketId: id,
      ownerId: Number(ticket.users_master_id),
      toOwner: false,
    });
  });
  return { ok: true };
}

/** DELETE …: soft delete (is_active false), after the page's confirmation. */
export async function deleteTicket(
  deps: TicketDeps,
  actor: Actor,
  kind: TicketKind,
  id: number,
  request?: Request,
): Promise<{ ok: true }> {
  assertHelpdesk(actor, kind);
  await deps.db.transaction(async (tx) => {
    const ownerId = await softDeleteTicket(tx, kind, id);
    if (ownerId === undefined) throw ticketNotFound();
    await writeAudit(tx, {
      actor,
      action: 'ticket.delete',
      entity: 'tickets',
      entityId: id,
      before: { isActive: true },
      after: { isActive: false },
      ...(request ? { request } : {}),
    });
    await announceTicket(tx, {
      type: TICKET_EVENTS.changed,
      kind,
      ticketId: id,
      ownerId: Number(ownerId),
      toOwner: true,
    });
  });
  return { ok: true };
}

// ---------------------------------------------------------------------------------------------
// Support status reference.

function toStatus(row: SupportStatusDb): SupportStatus {
  return {
    id: Number(row.id),
    kind: row.category,
    statusType: row.status_type,
    status: row.status,
    supplierId: row.suppliers_master_id === null ? null : Number(row.suppliers_master_id),
    supplierName: row.supplier_name,
    pausesSla: row.pauses_sla,
    isActive: row.is_active,
    sortOrder: Number(row.sort_order),
  };
}

export async function supportStatuses(
  db: Database,
  actor: Actor,
  kind: TicketKind,
  query: SupportStatusesQuery,
): Promise<SupportStatusList> {
  assertHelpdesk(actor, kind);
  const rows = await findSupportStatuses(db, {
    kind,
    statusType: query.statusType,
    supplierId: query.supplierId,
    includeInactive: query.includeInactive ?? false,
  });
  return { items: rows.map(toStatus) };
}

function checkStatusValues(input: SupportStatusRequest) {
  // Only an in-progress sub-status can stand for "waiting on supplier".
  if (input.pausesSla && input.statusType !== 'in_progress') {
    throw badRequest('Only an in-progress status can pause the SLA clock.', [
      { field: 'pausesSla', message: 'Only for in-progress statuses' },
    ]);
  }
}

export async function addSupportStatus(
  db: Database,
  actor: Actor,
  kind: TicketKind,
  input: SupportStatusRequest,
  request?: Request,
): Promise<SupportStatus> {
  assertHelpdesk(actor, kind);
  checkStatusValues(input);
  const id = await db.transaction(async (tx) => {
    const id = await insertSupportStatus(tx, { kind, ...input }).catch(duplicateStatus);
    await writeAudit(tx, {
      actor,
      action: 'support_status.create',
      entity: 'refs_support_status',
      entityId: id,
      after: { kind, ...input },
      ...(request ? { request } : {}),
    });
    return id;
  });
  return toStatus((await findSupportStatus(db, id))!);
}

/** A `.catch` for a reference write: a unique violation becomes the given 409, anything else is rethrown. */
function rethrowDuplicateAs(duplicate: () => AppError) {
  return (error: unknown): never => {
    const cause = (error as { cause?: { code?: string } }).cause ?? (error as { code?: string });
    if (cause?.code === '23505') throw duplicate();
    throw error;
  };
}

const duplicateStatus = rethrowDuplicateAs(() =>
  conflict(TICKET_MESSAGES.statusDuplicate, [{ field: 'status', message: TICKET_MESSAGES.statusDuplicate }]),
);

export async function editSupportStatus(
  db: Database,
  actor: Actor,
  kind: TicketKind,
  id: number,
  input: SupportStatusRequest,
  request?: Request,
): Promise<SupportStatus> {
  assertHelpdesk(actor, kind);
  checkStatusValues(input);
  await db.transaction(async (tx) => {
    const before = await findSupportStatus(tx, id);
    if (!before || before.category !== kind) throw notFound('Status not found', 'STATUS_NOT_FOUND');
    await updateSupportStatus(tx, id, { kind, ...input }).catch(duplicateStatus);
    await writeAudit(tx, {
      actor,
      action: 'support_status.update',
      entity: 'refs_support_status',
      entityId: id,
      before: toStatus(before),
      after: { ...toStatus(before), ...input },
      ...(request ? { request } : {}),
    });
  });
  return toStatus((await findSupportStatus(db, id))!);
}

export async function deactivateStatus(
  db: Database,
  actor: Actor,
  kind: TicketKind,
  id: number,
  request?: Request,
): Promise<SupportStatus> {
  assertHelpdesk(actor, kind);
  await db.transaction(async (tx) => {
    if (!(await deactivateSupportStatus(tx, kind, id))) throw notFound('Status not found', 'STATUS_NOT_FOUND');
    await writeAudit(tx, {
      actor,
      action: 'support_status.deactivate',
      entity: 'refs_support_status',
      entityId: id,
      before: { isActive: true },
      after: { isActive: false },
      ...(request ? { request } : {}),
    });
  });
  return toStatus((await findSupportStatus(db, id))!);
}

// ---------------------------------------------------------------------------------------------
// Canned replies.

const toReply = (row: CannedReplyDb): CannedReply => ({
  id: Number(row.id),
  kind: row.kind,
  title: row.title,
  body: row.body,
  isActive: row.is_active,
  updatedAt: new Date(row.updated_at).toISOString(),
});

const duplicateReply = rethrowDuplicateAs(() =>
  conflict('A canned reply with this title exists.', [{ field: 'title', message: 'Already in use' }]),
);

export async function cannedReplies(db: Database, actor: Actor, kind: TicketKind): Promise<CannedReplyList> {
  assertHelpdesk(actor, kind);
  return { items: (await findCannedReplies(db, kind)).map(toReply) };
}

export async function addCannedReply(
  db: Database,
  actor: Actor,
  kind: TicketKind,
  input: CannedReplyRequest,
  request?: Request,
): Promise<CannedReply> {
  assertHelpdesk(actor, kind);
  const id = await db.transaction(async (tx) => {
    const id = await insertCannedReply(tx, { kind, ...input, createdBy: actor.user.id }).catch(duplicateReply);
    await writeAudit(tx, {
      actor,
      action: 'canned_reply.create',
      entity: 'ticket_canned_replies',
      entityId: id,
      after: { kind, title: input.title },
      ...(request ? { request } : {}),
    });
    return id;
  });
  return toReply((await findCannedReply(db, kind, id))!);
}

export async function editCannedReply(
  deps: TicketDeps,
  actor: Actor,
  kind: TicketKind,
  id: number,
  input: CannedReplyRequest,
  request?: Request,
): Promise<CannedReply> {
  assertHelpdesk(actor, kind);
  await deps.db.transaction(async (tx) => {
    const changed = await updateCannedReply(tx, id, { kind, ...input, now: deps.clock.now() }).catch(duplicateReply);
    if (!changed) throw notFound(TICKET_MESSAGES.cannedReplyMissing, 'CANNED_REPLY_NOT_FOUND');
    await writeAudit(tx, {
      actor,
      action: 'canned_reply.update',
      entity: 'ticket_canned_replies',
      entityId: id,
      after: { title: input.title, isActive: input.isActive },
      ...(request ? { request } : {}),
    });
  });
  return toReply((await findCannedReply(deps.db, kind, id))!);
}

export async function removeCannedReply(
  db: Database,
  actor: Actor,
  kind: TicketKind,
  id: number,
  request?: Request,
): Promise<{ ok: true }> {
  assertHelpdesk(actor, kind);
  await db.transaction(async (tx) => {
    if (!(await deleteCannedReply(tx, kind, id)))
      throw notFound(TICKET_MESSAGES.cannedReplyMissing, 'CANNED_REPLY_NOT_FOUND');
    await writeAudit(tx, {
      actor,
      action: 'canned_reply.delete',
      entity: 'ticket_canned_replies',
      entityId: id,
      ...(request ? { request } : {}),
    });
  });
  return { ok: true };
}

/** GET …/canned-replies/{replyId}: the reply with the ticket's variables filled in, server-side. */
export async function cannedReplyForTicket(
  deps: TicketDeps,
  actor: Actor,
  kind: TicketKind,
  id: number,
  replyId: number,
): Promise<FilledCannedReply> {
  assertHelpdesk(actor, kind);
  const reply = await findCannedReply(deps.db, kind, replyId);
  if (!reply?.is_active) throw notFound(TICKET_MESSAGES.cannedReplyMissing, 'CANNED_REPLY_NOT_FOUND');
  const ticket = await findTicket(deps.db, kind, id, 'admin', deps.clock.now());
  if (!ticket) throw ticketNotFound();
  const owner = personOf(Number(ticket.users_master_id), ticket.owner_first_name, ticket.owner_surname);
  return {
    text: fillCannedReply(reply.body, {
      dealer_name: owner.name,
      dealer_first_name: owner.firstName,
      dealer_code: owner.code,
      ticket_number: ticket.ticket_num,
      supplier_name: ticket.supplier_name,
      customer_name: ticket.customer_name ?? '',
      status: statusLabel(kind, ticket.status),
      admin_name: actorName(actor),
    }),
  };
}

// ---------------------------------------------------------------------------------------------
// SLA targets.

export async function ticketSla(db: Database, actor: Actor, kind: TicketKind): Promise<TicketSla> {
  assertHelpdesk(actor, kind);
  return { kind, ...(await slaTargets(db, kind)) };
}

/** New targets apply to tickets raised from now on; open tickets keep the due times they were given. */
export async function saveTicketSla(
  db: Database,
  actor: Actor,
  kind: TicketKind,
  input: TicketSlaRequest,
  request?: Request,
): Promise<TicketSla> {
  assertHelpdesk(actor, kind);
  await db.transaction(async (tx) => {
    const before = await slaTargets(tx, kind);
    await saveSlaSetting(tx, kind, input, actor.user.id);
    await writeAudit(tx, {
      actor,
      action: 'ticket_sla.update',
      entity: 'app_settings',
      entityId: `ticket_sla.${kind}`,
      before,
      after: input,
      ...(request ? { request } : {}),
    });
  });
  return { kind, ...input };
}
