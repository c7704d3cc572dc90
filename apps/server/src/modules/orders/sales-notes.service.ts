import { can } from '@portal/domain/access/permissions';
import {
  type CreateSalesNoteRequest,
  SALES_NOTE_MESSAGES,
  type SalesNote,
  type SalesNotePage,
  type SalesNoteRequest,
  type SalesNoteRules,
  type SalesNoteSupplier,
  type SalesNotesQuery,
  salesNoteRefusal,
} from '@portal/domain/orders/sales-notes';
import { zCode } from '@portal/domain/people/z-code';
import type { FastifyRequest } from 'fastify';
import type { Database, Executor } from '../../db/client.ts';
import type { Actor } from '../../platform/access.ts';
import { writeAudit } from '../../platform/audit.ts';
import { badRequest, forbidden, notFound } from '../../platform/errors.ts';
import { boundedPatternTest } from '../../platform/pattern-test.ts';
import { permissionActor } from '../../platform/permissions.ts';
import { noteSuppliers, openSupplier, supplierNoteRules } from '../catalogue/catalogue.service.ts';
import {
  findNote,
  findNotes,
  insertNote,
  lockNote,
  markNoteDeleted,
  type NoteRow,
  updateNote,
} from './sales-notes.queries.ts';

// Sales notes (spec 2 "Sales notes tab", §5; spec 3 §2.14). A dealer logs, edits and removes their
// own notes for a supplier that takes them; an admin edits and removes anyone's on
// '/edit-sales-note'. The reference must match the supplier's pattern. Every write is audited.
// The tab is the supplier page's: a dealer logs and lists only for a supplier whose page they may
// open (registered with it, not hidden; admins any not hidden), else 403 as the page.

type Request = Pick<FastifyRequest, 'id' | 'ip'> & { actor?: Actor };

const toIso = (value: string | Date) => (value instanceof Date ? value : new Date(value)).toISOString();

function toNote(row: NoteRow): SalesNote {
  const userId = Number(row.users_master_id);
  return {
    id: Number(row.id),
    supplierId: Number(row.suppliers_master_id),
    orderNumber: row.order_number,
    agentNote: row.agent_note,
    createdAt: toIso(row.created_at),
    updatedAt: toIso(row.updated_at),
    dealer: { id: userId, code: zCode(userId), name: `${row.first_name} ${row.surname}`.trim() },
  };
}

async function supplierOf(db: Executor, supplierId: number): Promise<SalesNoteSupplier> {
  const supplier = await supplierNoteRules(db, supplierId);
  if (!supplier) throw notFound('This supplier does not exist.', 'SUPPLIER_NOT_FOUND');
  return supplier;
}

/** The supplier's rules refuse the reference: the spec's message, on the reference field. */
function assertAccepted(rules: SalesNoteRules, orderNumber: string) {
  const refusal = salesNoteRefusal(rules, orderNumber, boundedPatternTest);
  if (!refusal) return;
  const code =
    refusal === SALES_NOTE_MESSAGES.notesOff
      ? 'SALES_NOTES_OFF'
      : refusal === SALES_NOTE_MESSAGES.code411
        ? 'SALES_NOTE_411'
        : 'REFERENCE_FORMAT';
  throw badRequest(refusal, [{ field: 'orderNumber', message: refusal }], code);
}

async function notesPage(db: Executor, query: SalesNotesQuery, userId?: number): Promise<SalesNotePage> {
  const supplier = await supplierOf(db, query.supplierId);
  const rows = await findNotes(db, {
    supplierId: query.supplierId,
    ...(userId !== undefined ? { userId } : {}),
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  });
  return {
    items: rows.map(toNote),
    page: query.page,
    pageSize: query.pageSize,
    total: Number(rows[0]?.total ?? 0),
    supplier,
  };
}

/** The supplier page's tab may be opened by the actor: 404 for no such supplier, 403 when not theirs. */
const assertSupplierPage = (db: Executor, actor: Actor, supplierId: number) =>
  openSupplier(db, { id: actor.user.id, isAdmin: actor.user.isAdmin }, supplierId);

/** The dealer's own Logged Sales for the supplier. */
export async function myNotes(db: Executor, actor: Actor, query: SalesNotesQuery): Promise<SalesNotePage> {
  await assertSupplierPage(db, actor, query.supplierId);
  return notesPage(db, query, actor.user.id);
}

/** Every dealer's Logged Sales for the supplier (the admin page). */
export const allNotes = (db: Executor, query: SalesNotesQuery) => notesPage(db, query);

/** Suppliers that take notes, for the admin page's picker. */
export const salesNoteSuppliers = (db: Executor): Promise<SalesNoteSupplier[]> => noteSuppliers(db);

export async function logSale(
  db: Database,
  actor: Actor,
  request: CreateSalesNoteRequest,
  http?: Request,
): Promise<SalesNote> {
  await assertSupplierPage(db, actor, request.supplierId);
  const supplier = await supplierOf(db, request.supplierId);
  assertAccepted(supplier, request.orderNumber);
  const id = await db.transaction(async (tx) => {
    const noteId = await insertNote(tx, {
      userId: actor.user.id,
      supplierId: request.supplierId,
      orderNumber: request.orderNumber,
      agentNote: request.agentNote,
    });
    await writeAudit(tx, {
      actor,
      action: 'sales-note.create',
      entity: 'orders_agent_note',
      entityId: noteId,
      after: { supplierId: request.supplierId, orderNumber: request.orderNumber, agentNote: request.agentNote },
      request: http,
    });
    return noteId;
  });
  return toNote((await findNote(db, id))!);
}

/**
 * The note, locked, when the actor may change it: its owner while the supplier's page is still
 * theirs to open (the tab's rule, as for logging one), or an admin ('/edit-sales-note').
 */
async function lockOwnNote(tx: Executor, actor: Actor, noteId: number): Promise<NoteRow> {
  const note = await lockNote(tx, noteId);
  if (!note) throw notFound(SALES_NOTE_MESSAGES.notFound, 'SALES_NOTE_NOT_FOUND');
  const ownerId = Number(note.users_master_id);
  const relation = ownerId === actor.user.id ? 'self' : 'other';
  const permitted = permissionActor(actor);
  if (!can(permitted, 'manage', 'sales-note', { id: ownerId, relation })) {
    throw forbidden(SALES_NOTE_MESSAGES.notOwner, 'NOT_NOTE_OWNER');
  }
  if (!can(permitted, 'list', 'sales-note')) await assertSupplierPage(tx, actor, Number(note.suppliers_master_id));
  return note;
}

export async function editNote(
  db: Database,
  actor: Actor,
  noteId: number,
  request: SalesNoteRequest,
  http?: Request,
): Promise<SalesNote> {
  await db.transaction(async (tx) => {
    const note = await lockOwnNote(tx, actor, noteId);
    assertAccepted(await supplierOf(tx, Number(note.suppliers_master_id)), request.orderNumber);
    await updateNote(tx, noteId, request);
    await writeAudit(tx, {
      actor,
      action: 'sales-note.update',
      entity: 'orders_agent_note',
      entityId: noteId,
      before: { orderNumber: note.order_number, agentNote: note.agent_note },
      after: { orderNumber: request.orderNumber, agentNote: request.agentNote },
      request: http,
    });
  });
  return toNote((await findNote(db, noteId))!);
}

/** Soft delete (spec 2 §4: deleted true): the note leaves every list; the row stays. */
export async function deleteNote(db: Database, actor: Actor, noteId: number, http?: Request): Promise<{ ok: true }> {
  await db.transaction(async (tx) => {
    const note = await lockOwnNote(tx, actor, noteId);
    await markNoteDeleted(tx, noteId);
    await writeAudit(tx, {
      actor,
      action: 'sales-note.delete',
      entity: 'orders_agent_note',
      entityId: noteId,
      before: { deleted: false, orderNumber: note.order_number },
      after: { deleted: true, orderNumber: note.order_number },
      request: http,
    });
  });
  return { ok: true };
}
