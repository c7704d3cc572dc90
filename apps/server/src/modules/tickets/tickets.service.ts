import type { LeadPage, MyListQuery } from '@portal/domain/orders/my-lists';
import { displayPhone } from '@portal/domain/people/phone';
import { zCode } from '@portal/domain/people/z-code';
import { cardState } from '@portal/domain/suppliers/supplier-page';
import { addWorkingMinutes } from '@portal/domain/tickets/sla';
import {
  ASSIST_EMAIL_TYPE,
  type AttachFilesRequest,
  type CreateLeadRequest,
  type CreateSupportTicketRequest,
  createdActivityText,
  DEALER_TICKET_PAGE_SIZE,
  DEFAULT_DEALER_STATUSES,
  DEFAULT_TICKET_SLA,
  type DealerTicketPage,
  type DealerTicketsQuery,
  type MessageRequest,
  type RatingRequest,
  referenceFits,
  TICKET_EVENTS,
  TICKET_FLAG,
  TICKET_MESSAGES,
  type TicketActivity,
  type TicketCreated,
  type TicketDetail,
  type TicketFileList,
  type TicketFormOptions,
  type TicketKind,
  type TicketSlaRequest,
  TicketSlaRequest as TicketSlaSchema,
  type TicketThread,
} from '@portal/domain/tickets/tickets';
import type { Database, Executor } from '../../db/client.ts';
import type { Actor } from '../../platform/access.ts';
import { writeAudit } from '../../platform/audit.ts';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.ts';
import { boundedPatternTest } from '../../platform/pattern-test.ts';
import { alertOneUser } from '../alerts/alerts.service.ts';
import { assertSupplierOpen } from '../catalogue/catalogue.service.ts';
import {
  actorName,
  announceTicket,
  escapeHtml,
  type Request,
  type Side,
  sideOf,
  type TicketDeps,
  ticketNotFound,
  toActivity,
  toDetail,
  toRow,
} from './ticket-shared.ts';
import {
  attachFiles,
  findActivity,
  findAssistContacts,
  findAttachableFiles,
  findDealerTickets,
  findHistory,
  findLeads,
  findPerson,
  findSlaSetting,
  findSupportStatuses,
  findThread,
  findTicket,
  findTicketFiles,
  findTicketSupplier,
  insertActivity,
  insertTicket,
  lockTicket,
  markFirstResponse,
  markThreadRead,
  rateTicket,
  type TicketSupplierDb,
  touchTicket,
} from './tickets.queries.ts';

// The ticket engine, dealer side and what both sides share (spec 2 §3–§5, §7, §8; spec 3 §4.2,
// §4.3; DECISIONS "Tickets"; decision 021). A dealer sees only their own tickets (anyone else's
// is a 404); an admin with the kind's flag sees every ticket of that kind from the admin side.

/** Lead Management: the signed-in dealer's sales-assist leads, newest first. */
export async function myLeads(db: Database, actor: Actor, query: MyListQuery): Promise<LeadPage> {
  const rows = await findLeads(db, {
    userId: actor.user.id,
    search: query.search,
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  });
  return {
    items: rows.map((row) => ({
      id: Number(row.id),
      ticketNum: row.ticket_num,
      leadName: row.customer_name ?? 'Unnamed lead',
      leadPhone: row.phone_number ? displayPhone(row.phone_number) : null,
      leadAddress: row.address,
      leadStatus: row.status,
      supplierName: row.supplier_name,
      createdAt: new Date(row.created_at).toISOString(),
    })),
    page: query.page,
    pageSize: query.pageSize,
    total: Number(rows[0]?.total ?? 0),
  };
}

// ---------------------------------------------------------------------------------------------
// SLA targets.

export async function slaTargets(db: Executor, kind: TicketKind): Promise<TicketSlaRequest> {
  const parsed = TicketSlaSchema.safeParse(await findSlaSetting(db, kind));
  return parsed.success ? parsed.data : DEFAULT_TICKET_SLA[kind];
}

// ---------------------------------------------------------------------------------------------
// Creation.

/** The supplier page's own check row: a hidden supplier is open to nobody, admins included. */
const pageCheckOf = (supplier: TicketSupplierDb) => ({
  id: Number(supplier.id),
  supplierStatus: Number(supplier.supplier_status),
  linked: supplier.linked,
});

const isPageOpen = (actor: Actor, supplier: TicketSupplierDb): boolean =>
  cardState(pageCheckOf(supplier), {
    isAdmin: actor.user.isAdmin,
    linkedSupplierIds: supplier.linked ? [Number(supplier.id)] : [],
  }) === 'active';

/**
 * The supplier a dealer raises a ticket for: linked to them (admins: any), open as its page is
 * (never a hidden one: the Sales Assist and Agent Support tabs are that page's), taking this kind.
 */
async function usableSupplier(db: Executor, actor: Actor, kind: TicketKind, supplierId: number) {
  const supplier = await findTicketSupplier(db, supplierId, actor.user.id);
  if (!supplier) throw notFound('Supplier not found', 'SUPPLIER_NOT_FOUND');
  if (!supplier.linked && !actor.user.isAdmin)
    throw forbidden(TICKET_MESSAGES.supplierNotLinked, 'SUPPLIER_NOT_LINKED');
  assertSupplierOpen({ id: actor.user.id, isAdmin: actor.user.isAdmin }, pageCheckOf(supplier));
  const enabled = kind === 'sales_assist' ? supplier.sales_assist : supplier.agent_assist;
  if (!enabled) throw badRequest(TICKET_MESSAGES.supplierOff, undefined, 'SUPPLIER_TAKES_NO_TICKETS');
  return supplier;
}

/** GET /api/tickets/{kind}/form: what Add Lead / New Ticket offers for a supplier. */
export async function ticketForm(
  db: Database,
  actor: Actor,
  kind: TicketKind,
  supplierId: number,
): Promise<TicketFormOptions> {
  const supplier = await findTicketSupplier(db, supplierId, actor.user.id);
  if (!supplier || !isPageOpen(actor, supplier)) throw notFound('Supplier not found', 'SUPPLIER_NOT_FOUND');
  const categories =
    kind === 'agent_support'
      ? await findSupportStatuses(db, { kind, statusType: 'category', supplierId, includeInactive: false })
      : [];
  return {
    supplier: {
      id: Number(supplier.id),
      name: supplier.supplier_name,
      enabled: kind === 'sales_assist' ? supplier.sales_assist : supplier.agent_assist,
      instructions: kind === 'sales_assist' ? supplier.sales_assist_text : supplier.agent_assist_text,
      paymentTypes: supplier.payment_types ?? [],
      regex: supplier.regex,
    },
    categories: categories.map((c) => ({ id: Number(c.id), status: c.status })),
  };
}

/** The documents the actor may attach, checked and locked in the attaching transaction `tx`. */
async function checkDocuments(tx: Executor, actor: Actor, documentIds: readonly string[]): Promise<string[]> {
  const ids = [...new Set(documentIds.map((id) => id.toLowerCase()))];
  if (!ids.length) return [];
  const usable = await findAttachableFiles(tx, actor.user.id, ids);
  if (usable.length !== ids.length) {
    throw badRequest(TICKET_MESSAGES.uploadFailed, [
      {
        field: 'documentIds',
        message: 'Upload each document first (purpose ticket_document); a file joins one ticket.',
      },
    ]);
  }
  return ids;
}

interface CreateInput {
  kind: TicketKind;
  supplier: TicketSupplierDb;
  categoryId: number | null;
  categoryName: string | null;
  platform: string | null;
  userNote: string | null;
  lead?: Record<string, string | number | null>;
  supplierTicketNumber: string | null;
  supplierTicketDate: string | null;
  documentIds: string[];
}

async function createTicket(deps: TicketDeps, actor: Actor, input: CreateInput, request?: Request) {
  const { db, clock } = deps;
  const now = clock.now();
  const targets = await slaTargets(db, input.kind);
  const owner = actor.user;
  const dealerCode = `${zCode(owner.id)}: ${owner.firstName} ${owner.surname}`.trim();
  // The new-ticket e-mail goes only to recipients holding the kind's flag now: a lead's customer
  // name and phone to Sales Assist (decision 068), a ticket's dealer and note to Agent Support (078).
  const contacts = await findAssistContacts(
    db,
    input.supplier.id,
    ASSIST_EMAIL_TYPE[input.kind],
    TICKET_FLAG[input.kind],
  );
  return db.transaction(async (tx) => {
    const documentIds = await checkDocuments(tx, actor, input.documentIds);
    const created = await insertTicket(tx, {
      kind: input.kind,
      usersMasterId: owner.id,
      suppliersMasterId: input.supplier.id,
      categoryId: input.categoryId,
      platform: input.platform,
      dealerCode,
      agreedToTerms: true,
      userNote: input.userNote,
      ...(input.lead ? { lead: input.lead } : {}),
      supplierTicketNumber: input.supplierTicketNumber,
      supplierTicketDate: input.supplierTicketDate,
      firstResponseDueAt: addWorkingMinutes(now, targets.firstResponseMinutes),
      resolutionDueAt: addWorkingMinutes(now, targets.resolutionMinutes),
      now,
    });
    const ticketId = Number(created.id);
    await insertActivity(tx, {
      ticketId,
      type: 'update',
      text: createdActivityText(created.ticket_num),
      adminOnly: false,
      createdBy: owner.id,
      now,
      readUser: now,
      readAdmin: null,
    });
    if (documentIds.length) {
      await attachFiles(tx, ticketId, owner.id, documentIds, owner.id, now);
      await insertActivity(tx, {
        ticketId,
        type: 'update',
        text: TICKET_MESSAGES.fileUploadedActivity,
        adminOnly: false,
        createdBy: owner.id,
        now,
        readUser: now,
        readAdmin: null,
      });
    }
    const mail = newTicketMail(input, created.ticket_num, dealerCode);
    for (const contact of contacts) await deps.mailer.send({ to: contact.email, ...mail }, tx);
    await writeAudit(tx, {
      actor,
      action: 'ticket.create',
      entity: 'tickets',
      entityId: ticketId,
      after: {
        kind: input.kind,
        ticketNum: created.ticket_num,
        supplierId: input.supplier.id,
        categoryId: input.categoryId,
        documents: documentIds.length,
        mailedContacts: contacts.length,
      },
      ...(request ? { request } : {}),
    });
    await announceTicket(tx, {
      type: TICKET_EVENTS.changed,
      kind: input.kind,
      ticketId,
      ownerId: owner.id,
      toOwner: true,
    });
    return { id: ticketId, kind: input.kind, ticketNum: created.ticket_num } satisfies TicketCreated;
  });
}

/** Spec 2 §7 "Send email": the new-ticket notice to the supplier's admin contacts. */
function newTicketMail(input: CreateInput, ticketNum: string, dealerCode: string) {
  const supplier = input.supplier.supplier_name;
  const lines =
    input.kind === 'agent_support'
      ? [
          `Ticket number: ${ticketNum}`,
          `Dealer: ${dealerCode}`,
          `Category: ${input.categoryName ?? ''}`,
          `Date: ${input.supplierTicketDate ?? ''}`,
          `Note: ${input.userNote ?? ''}`,
        ]
      : [
          `Ticket number: ${ticketNum}`,
          `Dealer: ${dealerCode}`,
          `Customer: ${String(input.lead?.customerName ?? '')}`,
          `Phone: ${String(input.lead?.phoneNumber ?? '')}`,
          `Note: ${input.userNote ?? ''}`,
        ];
  const subject =
    input.kind === 'agent_support' ? `New Agent Support for ${supplier}` : `New Sales Assist for ${supplier}`;
  return {
    subject,
    text: lines.join('\n'),
    html: `<p>${lines.map(escapeHtml).join('<br>')}</p>`,
  };
}

/** POST /api/tickets/sales_assist: Add Lead (spec 2 §5). */
export async function createLead(
  deps: TicketDeps,
  actor: Actor,
  input: CreateLeadRequest,
  request?: Request,
): Promise<TicketCreated> {
  const supplier = await usableSupplier(deps.db, actor, 'sales_assist', input.supplierId);
  const paymentTypes = supplier.payment_types ?? [];
  if (paymentTypes.length && !input.paymentType) {
    throw badRequest(TICKET_MESSAGES.leadRequired, [{ field: 'paymentType', message: TICKET_MESSAGES.leadRequired }]);
  }
  if (input.paymentType && paymentTypes.length && !paymentTypes.includes(input.paymentType)) {
    throw badRequest(TICKET_MESSAGES.paymentTypeUnknown, [
      { field: 'paymentType', message: TICKET_MESSAGES.paymentTypeUnknown },
    ]);
  }
  if (input.refNumber && !referenceFits(supplier.regex, input.refNumber, boundedPatternTest)) {
    throw badRequest(TICKET_MESSAGES.referenceFormat, [
      { field: 'refNumber', message: TICKET_MESSAGES.referenceFormat },
    ]);
  }
  const { supplierId: _s, agentNote, agreedToTerms: _a, platform, documentIds, ...lead } = input;
  return createTicket(
    deps,
    actor,
    {
      kind: 'sales_assist',
      supplier,
      categoryId: null,
      categoryName: null,
      platform,
      userNote: agentNote,
      lead: { ...lead, currentAddressMonths: lead.currentAddressMonths ?? null },
      supplierTicketNumber: null,
      supplierTicketDate: null,
      documentIds,
    },
    request,
  );
}

/** POST /api/tickets/agent_support: New Agent Support Ticket (spec 2 §5). */
export async function createSupportTicket(
  deps: TicketDeps,
  actor: Actor,
  input: CreateSupportTicketRequest,
  request?: Request,
): Promise<TicketCreated> {
  const supplier = await usableSupplier(deps.db, actor, 'agent_support', input.supplierId);
  const categories = await findSupportStatuses(deps.db, {
    kind: 'agent_support',
    statusType: 'category',
    supplierId: supplier.id,
    includeInactive: false,
  });
  const category = categories.find((c) => Number(c.id) === input.categoryId);
  if (!category) {
    throw badRequest(TICKET_MESSAGES.categoryOption, [
      { field: 'categoryId', message: TICKET_MESSAGES.categoryOption },
    ]);
  }
  return createTicket(
    deps,
    actor,
    {
      kind: 'agent_support',
      supplier,
      categoryId: input.categoryId,
      categoryName: category.status,
      platform: 'App',
      userNote: input.userNote,
      supplierTicketNumber: input.supplierTicketNumber,
      supplierTicketDate: input.ticketDate,
      documentIds: input.documentIds,
    },
    request,
  );
}

// ---------------------------------------------------------------------------------------------
// The dealer's list.

export async function dealerTickets(
  deps: TicketDeps,
  actor: Actor,
  kind: TicketKind,
  query: DealerTicketsQuery,
): Promise<DealerTicketPage> {
  const pageSize = query.pageSize ?? DEALER_TICKET_PAGE_SIZE[kind];
  const statuses = query.status ?? DEFAULT_DEALER_STATUSES;
  const rows = statuses.length
    ? await findDealerTickets(deps.db, {
        kind,
        userId: actor.user.id,
        supplierId: query.supplierId,
        statuses,
        limit: pageSize,
        offset: (query.page - 1) * pageSize,
        now: deps.clock.now(),
      })
    : [];
  return { items: rows.map(toRow), page: query.page, pageSize, total: Number(rows[0]?.total ?? 0) };
}

// ---------------------------------------------------------------------------------------------
// One ticket.

/** The ticket as the actor may see it; anyone else's ticket is a 404 for a dealer. */
async function visibleTicket(db: Executor, actor: Actor, kind: TicketKind, id: number, now: Date) {
  const side = sideOf(actor, kind);
  const row = await findTicket(db, kind, id, side, now);
  if (!row || (side === 'dealer' && Number(row.users_master_id) !== actor.user.id)) throw ticketNotFound();
  return { row, side };
}

export async function ticketDetail(
  deps: TicketDeps,
  actor: Actor,
  kind: TicketKind,
  id: number,
): Promise<TicketDetail> {
  const { row, side } = await visibleTicket(deps.db, actor, kind, id, deps.clock.now());
  const history = side === 'admin' ? await findHistory(deps.db, id) : undefined;
  return toDetail(row, { side, userId: actor.user.id }, history);
}

/** GET …/activity: the thread; reading it marks it read for the viewer's side (spec 2 §4). */
export async function ticketThread(
  deps: TicketDeps,
  actor: Actor,
  kind: TicketKind,
  id: number,
): Promise<TicketThread> {
  const now = deps.clock.now();
  const { row, side } = await visibleTicket(deps.db, actor, kind, id, now);
  return deps.db.transaction(async (tx) => {
    const marked = new Set(await markThreadRead(tx, id, side, now));
    const rows = await findThread(tx, id, side);
    // Other admins' unread flags and counts change with an admin's read.
    if (marked.size && side === 'admin') {
      await announceTicket(tx, {
        type: TICKET_EVENTS.changed,
        kind,
        ticketId: id,
        ownerId: Number(row.users_master_id),
        toOwner: false,
      });
    }
    return { items: rows.map((a) => toActivity(a, marked.has(Number(a.id)))) };
  });
}

/** The ticket locked for a change, if the viewer's side may see it (another dealer's is a 404). */
async function lockVisibleTicket(tx: Executor, actor: Actor, kind: TicketKind, id: number, side: Side) {
  const locked = await lockTicket(tx, kind, id);
  if (!locked || (side === 'dealer' && Number(locked.users_master_id) !== actor.user.id)) throw ticketNotFound();
  return locked;
}

/** The ticket locked for a change by the viewer; a closed one refuses messages and files. */
async function lockOpenTicket(tx: Executor, actor: Actor, kind: TicketKind, id: number, side: Side) {
  const locked = await lockVisibleTicket(tx, actor, kind, id, side);
  if (locked.status === 'Closed') throw conflict(TICKET_MESSAGES.closed, undefined, 'TICKET_CLOSED');
  return locked;
}

/** POST …/activity: a dealer's message ('user'), or an admin's reply ('admin') or internal note. */
export async function postMessage(
  deps: TicketDeps,
  actor: Actor,
  kind: TicketKind,
  id: number,
  input: MessageRequest,
  request?: Request,
): Promise<TicketActivity> {
  const side = sideOf(actor, kind);
  if (input.internal && side !== 'admin') throw forbidden(TICKET_MESSAGES.internalDealer, 'INTERNAL_NOTE_ADMIN_ONLY');
  const now = deps.clock.now();
  const activityId = await deps.db.transaction(async (tx) => {
    const ticket = await lockOpenTicket(tx, actor, kind, id, side);
    const ownerId = Number(ticket.users_master_id);
    const type = side === 'dealer' ? 'user' : input.internal ? 'internal' : 'admin';
    const activityId = await insertActivity(tx, {
      ticketId: id,
      type,
      text: input.text,
      adminOnly: type === 'internal',
      createdBy: actor.user.id,
      now,
      readUser: side === 'dealer' ? now : null,
      readAdmin: side === 'admin' ? now : null,
    });
    // The ticket's last update (when and by whom) is on the dealer's side too: an internal note
    // leaves it as it was, so no dealer can tell one was written (decision 059).
    if (type === 'admin') {
      await touchTicket(tx, id, now, actor.user.id, actorName(actor));
      await markFirstResponse(tx, id, now);
      await notifyOwner(deps, tx, {
        ownerId,
        actor,
        subject: TICKET_MESSAGES.ownerResponseTitle,
        text: TICKET_MESSAGES.ownerResponseText,
        alertTitle: TICKET_MESSAGES.ownerResponseTitle,
      });
    }
    await writeAudit(tx, {
      actor,
      action: `ticket.message.${type}`,
      entity: 'ticket_activity',
      entityId: activityId,
      after: { ticketId: id, type },
      ...(request ? { request } : {}),
    });
    await announceTicket(tx, {
      type: TICKET_EVENTS.activity,
      kind,
      ticketId: id,
      ownerId,
      toOwner: type !== 'internal',
    });
    return activityId;
  });
  const row = await findActivity(deps.db, activityId);
  return toActivity(row!, false);
}

/** The owner hears of a helpdesk reply or update by e-mail and by an alert (spec 2 §4, spec 3 §4.3). */
export async function notifyOwner(
  deps: TicketDeps,
  tx: Executor,
  n: { ownerId: number; actor: Actor; subject: string; text: string; alertTitle: string },
): Promise<void> {
  const owner = await findPerson(tx, n.ownerId);
  if (owner?.email) {
    await deps.mailer.send(
      { to: owner.email, subject: n.subject, text: n.text, html: `<p>${escapeHtml(n.text)}</p>` },
      tx,
    );
  }
  await alertOneUser(tx, {
    userId: n.ownerId,
    title: n.alertTitle,
    descriptionHtml: `<p>${escapeHtml(n.text)}</p>`,
    createdBy: n.actor.user.id,
    type: 'ticket',
  });
}

// ---------------------------------------------------------------------------------------------
// Documents.

export async function ticketFiles(
  deps: TicketDeps,
  actor: Actor,
  kind: TicketKind,
  id: number,
): Promise<TicketFileList> {
  await visibleTicket(deps.db, actor, kind, id, deps.clock.now());
  const rows = await findTicketFiles(deps.db, id);
  return {
    items: rows.map((f) => ({
      id: f.id,
      originalName: f.original_name,
      contentType: f.content_type,
      sizeBytes: Number(f.size_bytes),
      url: `/api/files/${f.id}`,
      uploadedAt: new Date(f.created_at).toISOString(),
      uploadedByName: f.first_name === null ? null : `${f.first_name} ${f.surname ?? ''}`.trim(),
    })),
  };
}

/** POST …/files: attaches uploaded files and says so in the thread (spec 2 §4). */
export async function addTicketFiles(
  deps: TicketDeps,
  actor: Actor,
  kind: TicketKind,
  id: number,
  input: AttachFilesRequest,
  request?: Request,
): Promise<TicketFileList> {
  const side = sideOf(actor, kind);
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const ticket = await lockOpenTicket(tx, actor, kind, id, side);
    const fileIds = await checkDocuments(tx, actor, input.fileIds);
    const ownerId = Number(ticket.users_master_id);
    await attachFiles(tx, id, ownerId, fileIds, actor.user.id, now);
    await insertActivity(tx, {
      ticketId: id,
      type: 'update',
      text: TICKET_MESSAGES.fileUploadedActivity,
      adminOnly: false,
      createdBy: actor.user.id,
      now,
      readUser: side === 'dealer' ? now : null,
      readAdmin: side === 'admin' ? now : null,
    });
    await writeAudit(tx, {
      actor,
      action: 'ticket.files.add',
      entity: 'tickets',
      entityId: id,
      after: { files: fileIds.length },
      ...(request ? { request } : {}),
    });
    await announceTicket(tx, { type: TICKET_EVENTS.activity, kind, ticketId: id, ownerId, toOwner: true });
  });
  return ticketFiles(deps, actor, kind, id);
}

// ---------------------------------------------------------------------------------------------
// Rating.

/** POST …/rating: the owner rates a Closed ticket, once (spec 2 §4, §5). */
export async function rateService(
  deps: TicketDeps,
  actor: Actor,
  kind: TicketKind,
  id: number,
  input: RatingRequest,
  request?: Request,
): Promise<TicketDetail> {
  const side = sideOf(actor, kind);
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const ticket = await lockVisibleTicket(tx, actor, kind, id, side);
    const ownerId = Number(ticket.users_master_id);
    if (ownerId !== actor.user.id) throw forbidden(TICKET_MESSAGES.rateNotOwner, 'NOT_TICKET_OWNER');
    if (ticket.status !== 'Closed') throw conflict(TICKET_MESSAGES.rateNotClosed, undefined, 'TICKET_NOT_CLOSED');
    if (ticket.rating_star !== null || !(await rateTicket(tx, id, { star: input.star, comment: input.comment, now }))) {
      throw conflict(TICKET_MESSAGES.alreadyRated, undefined, 'ALREADY_RATED');
    }
    await writeAudit(tx, {
      actor,
      action: 'ticket.rate',
      entity: 'tickets',
      entityId: id,
      after: { ratingStar: input.star, ratingComment: input.comment },
      ...(request ? { request } : {}),
    });
    await announceTicket(tx, { type: TICKET_EVENTS.changed, kind, ticketId: id, ownerId, toOwner: true });
  });
  return ticketDetail(deps, actor, kind, id);
}
