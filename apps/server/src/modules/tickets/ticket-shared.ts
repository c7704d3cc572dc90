import type { Subject } from '@portal/domain/access/permissions';
import { zCode } from '@portal/domain/people/z-code';
import {
  adminTicketChannel,
  type LeadFields,
  statusLabel,
  TICKET_FLAG,
  TICKET_MESSAGES,
  type TicketActivity,
  type TicketDetail,
  type TicketKind,
  type TicketPerson,
  type TicketRow,
  type TicketSlaState,
} from '@portal/domain/tickets/tickets';
import type { FastifyRequest } from 'fastify';
import type { Database, Executor } from '../../db/client.ts';
import type { Actor } from '../../platform/access.ts';
import type { Clock } from '../../platform/clock.ts';
import { forbidden, notFound } from '../../platform/errors.ts';
import { publish } from '../../platform/events.ts';
import type { Mailer } from '../../platform/mail.ts';
import { actorCan, NO_PERMISSION } from '../../platform/permissions.ts';
import type { ActivityRowDb, HistoryRowDb, TicketFullDb, TicketRowDb } from './tickets.queries.ts';

// What the ticket services share: who sees a ticket from which side, and how rows become the
// contracts' shapes. Internal notes are filtered in SQL for the dealer side, never here.

export type Request = Pick<FastifyRequest, 'id' | 'ip'> & { actor?: Actor };
export type Side = 'dealer' | 'admin';

export interface TicketDeps {
  db: Database;
  mailer: Mailer;
  clock: Clock;
}

const SUBJECT: Record<TicketKind, Subject> = { sales_assist: 'sales-assist', agent_support: 'agent-support' };

/** Whether the actor works the kind's console (an admin with its flag). */
export const isHelpdesk = (actor: Actor, kind: TicketKind): boolean => actorCan(actor, 'manage', SUBJECT[kind]);

export function assertHelpdesk(actor: Actor, kind: TicketKind): void {
  if (!isHelpdesk(actor, kind)) throw forbidden(NO_PERMISSION, 'NO_PERMISSION');
}

export const sideOf = (actor: Actor, kind: TicketKind): Side => (isHelpdesk(actor, kind) ? 'admin' : 'dealer');

export const ticketNotFound = () => notFound(TICKET_MESSAGES.notFound, 'TICKET_NOT_FOUND');

const iso = (value: Date | string) => new Date(value).toISOString();
const isoOrNull = (value: Date | string | null) => (value === null ? null : iso(value));

export function personOf(id: number, firstName: string | null, surname: string | null): TicketPerson {
  const first = firstName ?? '';
  return { id, code: zCode(id), firstName: first, name: `${first} ${surname ?? ''}`.trim() };
}

export function toRow(row: TicketRowDb): TicketRow {
  const feedbackStatus =
    row.status === 'In Progress' ? row.in_progress_status : row.status === 'Closed' ? row.closed_status : null;
  return {
    id: Number(row.id),
    kind: row.kind,
    ticketNum: row.ticket_num,
    createdAt: iso(row.created_at),
    status: row.status,
    statusLabel: statusLabel(row.kind, row.status),
    statusFeedback: feedbackStatus,
    feedback: row.admin_note,
    supplierId: Number(row.suppliers_master_id),
    supplierName: row.supplier_name,
    category: row.category,
    customerName: row.customer_name,
    phoneNumber: row.phone_number,
    supplierTicketNumber: row.supplier_ticket_number,
    supplierTicketDate: row.supplier_ticket_date,
    userNote: row.user_note,
    rating: row.rating_star === null ? null : { star: Number(row.rating_star), comment: row.rating_comment },
    unread: Boolean(row.unread),
    lastUpdatedAt: iso(row.last_updated_at),
  };
}

export function slaOf(row: TicketRowDb): TicketSlaState {
  const timeLeft = row.time_left === null ? null : Number(row.time_left);
  return {
    firstResponseDueAt: isoOrNull(row.first_response_due_at),
    firstRespondedAt: isoOrNull(row.first_responded_at),
    resolutionDueAt: isoOrNull(row.resolution_due_at),
    timeLeftSeconds: timeLeft,
    paused: row.paused_at !== null,
    breached: timeLeft !== null && timeLeft < 0,
  };
}

export function leadFieldsOf(row: TicketFullDb): LeadFields {
  return {
    customerName: row.customer_name,
    address: row.address,
    phoneNumber: row.phone_number,
    alternativeNumber: row.alternative_number,
    emailAddress: row.email_address,
    idNumber: row.id_number,
    refNumber: row.ref_number,
    title: row.title,
    jobTitle: row.job_title,
    maritalStatus: row.marital_status,
    currentAddressMonths: row.current_address_months === null ? null : Number(row.current_address_months),
    employer: row.employer,
    employerContactNumber: row.employer_contact_number,
    companyName: row.company_name,
    industry: row.industry,
    paymentType: row.payment_type,
    gpsLocation: row.gps_location,
  };
}

export function toDetail(
  row: TicketFullDb,
  viewer: { side: Side; userId: number },
  history?: HistoryRowDb[],
): TicketDetail {
  const closed = row.status === 'Closed';
  const detail: TicketDetail = {
    ...toRow(row),
    ...leadFieldsOf(row),
    owner: personOf(Number(row.users_master_id), row.owner_first_name, row.owner_surname),
    dealerCode: row.dealer_code,
    platform: row.platform,
    agreedToTerms: row.agreed_to_terms,
    categoryId: row.category_id === null ? null : Number(row.category_id),
    inProgressStatusId: row.in_progress_status_id === null ? null : Number(row.in_progress_status_id),
    inProgressStatus: row.in_progress_status,
    closedStatusId: row.closed_status_id === null ? null : Number(row.closed_status_id),
    closedStatus: row.closed_status,
    lastUpdatedByName: row.last_updated_by_name,
    closedAt: isoOrNull(row.closed_at),
    ratedAt: isoOrNull(row.rated_at),
    canMessage: !closed,
    canRate: closed && row.rating_star === null && Number(row.users_master_id) === viewer.userId,
    viewerSide: viewer.side,
  };
  if (viewer.side === 'admin') {
    detail.history = (history ?? []).map((h) => ({
      id: Number(h.id),
      updatedAt: iso(h.updated_at),
      updatedById: h.updated_by_user_id === null ? null : Number(h.updated_by_user_id),
      updatedByName: h.updated_by_name,
      updateAddress: h.update_address,
      updateStatus: h.update_status,
      updateInProgressStatus: h.update_in_progress_status,
      updateClosedStatus: h.update_closed_status,
      updateFeedback: h.update_feedback,
    }));
    detail.sla = slaOf(row);
  }
  return detail;
}

export function toActivity(row: ActivityRowDb, wasUnread: boolean): TicketActivity {
  return {
    id: Number(row.id),
    type: row.activity_type,
    text: row.text,
    adminOnly: row.admin_only,
    createdAt: iso(row.created_at),
    author: row.created_by === null ? null : personOf(Number(row.created_by), row.first_name, row.surname),
    wasUnread,
  };
}

/**
 * Tells both sides' pages to refetch (delivered on commit). The payload is ids only; an internal
 * note's event goes to the admins' channel alone, so a dealer's stream never hears of it.
 */
export async function announceTicket(
  tx: Executor,
  event: { type: string; kind: TicketKind; ticketId: number; ownerId: number; toOwner: boolean },
): Promise<void> {
  const data = { ticketId: event.ticketId, kind: event.kind };
  if (event.toOwner) await publish(tx, `user.${event.ownerId}`, { type: event.type, data });
  await publish(tx, adminTicketChannel(event.kind), { type: event.type, data, feature: TICKET_FLAG[event.kind] });
}

/** The name a helpdesk member signs updates with (last_updated_by_name). */
export const actorName = (actor: Actor) => `${actor.user.firstName} ${actor.user.surname}`.trim();

export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
