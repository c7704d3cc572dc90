import { can, type PermissionTarget, scopeOf } from '@portal/domain/access/permissions';
import {
  ALERT_MESSAGES,
  type AlertStatusFilter,
  DEFAULT_ALERT_TITLE,
  htmlToText,
  type NewAlertRequest,
  type NewAlertResult,
  type SentAlert,
  type UpdateAlertRequest,
  type UserAlert,
} from '@portal/domain/alerts/alerts';
import { zCode } from '@portal/domain/people/z-code';
import type { FastifyRequest } from 'fastify';
import type { Database, Executor } from '../../db/client.ts';
import type { Actor } from '../../platform/access.ts';
import { writeAudit } from '../../platform/audit.ts';
import { badRequest, forbidden, notFound } from '../../platform/errors.ts';
import { publish } from '../../platform/events.ts';
import type { Jobs } from '../../platform/jobs.ts';
import type { Outbox, OutgoingMessage } from '../../platform/outbox.ts';
import { assertActorCan, permissionActor } from '../../platform/permissions.ts';
import { productTypesAndSuppliers } from '../catalogue/catalogue.service.ts';
import { isUsableImage } from '../files/files.service.ts';
import { sanitizeAlertHtml } from './alert-html.ts';
import {
  type AlertRow,
  advanceCopiesCursor,
  copyRecipientsBatch,
  dismissPopup,
  fanOut,
  findStructureLevels,
  getAlert,
  getForUser,
  getSent,
  insertAlert,
  insertTargets,
  listForUser,
  listSent,
  markAllSeen,
  missingOrDeletedUsers,
  type SentAlertRow,
  searchRecipients,
  setSeen,
  unreadCount,
  updateAlert,
  usersOutsideDownstream,
} from './alerts.queries.ts';

const NO_PERMISSION = "You don't have permission to perform this action. Please contact your administrator.";
export const ALERT_COPIES_QUEUE = 'alerts.copies';
/** Up to this many explicit recipients get one personal event each; beyond, one event for all. */
const PERSONAL_EVENT_LIMIT = 100;
const COPY_BATCH = 500;

type Request = Pick<FastifyRequest, 'id' | 'ip'> & { actor?: Actor };

const personOf = (actor: Actor, id: number): PermissionTarget => ({
  id,
  relation: id === actor.user.id ? 'self' : 'other',
});

/** The §7 calls name a user; only admins may name someone else. */
function assertSelfOrAdmin(actor: Actor, userId: number | undefined): void {
  if (userId !== undefined && !can(permissionActor(actor), 'read', 'alert', personOf(actor, userId))) {
    throw forbidden(NO_PERMISSION);
  }
}

/** The sender of an alert, or an admin, may open and change it. */
const maySeeSent = (actor: Actor, createdBy: number | null) =>
  createdBy !== null && can(permissionActor(actor), 'update', 'alert', personOf(actor, createdBy));

/** Admins address everyone; leaders their own downstream. */
const addressesEveryone = (actor: Actor) => scopeOf(permissionActor(actor), 'send', 'alert') === 'any';

function iso(value: Date | string): string {
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

function toUserAlert(row: Awaited<ReturnType<typeof listForUser>>[number]): UserAlert {
  return {
    id: row.id,
    title: row.title || DEFAULT_ALERT_TITLE,
    description: row.description_html,
    image: row.image_file_id,
    seen: row.seen_at !== null,
    popup_dismissed: row.popup_dismissed_at !== null,
    created_at: iso(row.created_at),
    active: row.active,
    type: row.type,
    created_by: row.created_by,
    is_individual: row.is_individual,
  };
}

function toSentAlert(row: SentAlertRow): SentAlert {
  return {
    id: row.id,
    title: row.title || DEFAULT_ALERT_TITLE,
    description: row.descriptionHtml,
    image: row.imageFileId,
    active: row.active,
    type: row.type,
    created_at: iso(row.createdAt),
    created_by: row.createdBy,
    is_individual: row.isIndividual,
    refs_user_segment_type_id: row.refsUserSegmentTypeId,
    target_user_ids: row.targetUserIds ?? [],
    recipients: Number(row.recipients),
    send_email: row.sendEmail,
    send_sms: row.sendSms,
  };
}

/**
 * Tells the recipients' pages (on commit): a few personal events for a small group, otherwise one
 * event to everyone, on which every page refetches its unread count (never one NOTIFY per user).
 */
async function announce(tx: Executor, alert: AlertRow, targetIds: number[], type: string): Promise<void> {
  if (alert.isIndividual && targetIds.length <= PERSONAL_EVENT_LIMIT) {
    for (const userId of targetIds) await publish(tx, `user.${userId}`, { type, data: { alertId: alert.id } });
    return;
  }
  await publish(tx, 'all', { type, data: { alertId: alert.id } });
}

/**
 * An individual alert to one user raised by another module's change (a ticket reply or update),
 * written with the caller's transaction so it exists exactly when the change does.
 */
export async function alertOneUser(
  tx: Executor,
  input: { userId: number; title: string; descriptionHtml: string; createdBy: number | null; type?: string },
): Promise<number> {
  const { userId, ...rest } = input;
  return alertUsers(tx, { ...rest, userIds: [userId] });
}

/**
 * One individual alert to a few users raised by another module's change (a declined contract to
 * the admins who manage it), written with the caller's transaction.
 */
export async function alertUsers(
  tx: Executor,
  input: { userIds: number[]; title: string; descriptionHtml: string; createdBy: number | null; type?: string },
): Promise<number> {
  const alert = await insertAlert(tx, {
    title: input.title,
    descriptionHtml: sanitizeAlertHtml(input.descriptionHtml),
    imageFileId: null,
    active: true,
    type: input.type ?? null,
    createdBy: input.createdBy,
    isIndividual: true,
    refsUserSegmentTypeId: null,
    productTypeIds: [],
    supplierIds: [],
    structureLevel: null,
    sendEmail: false,
    sendSms: false,
  });
  await insertTargets(tx, alert.id, input.userIds);
  await fanOut(tx, alert);
  await announce(tx, alert, input.userIds, 'alerts.created');
  return alert.id;
}

async function checkImage(db: Executor, actor: Actor, image: string | null | undefined): Promise<void> {
  if (!image) return;
  if (!(await isUsableImage(db, actor, image, { anyUploader: addressesEveryone(actor) }))) {
    throw badRequest(ALERT_MESSAGES.create, [{ field: 'image', message: 'Upload a JPEG or PNG image first' }]);
  }
}

export interface AlertDeps {
  db: Database;
  jobs: Jobs;
  /** The copies job writes each batch of messages at once (a Mailer or SmsSender writes one). */
  outbox: Outbox;
}

/**
 * POST /api/alerts/new-alert. Leaders address only users in their downstream (any other target:
 * 403 and nothing stored); segments are for admins. The audience is resolved into recipients in
 * the same transaction; e-mail/SMS copies run afterwards as a job.
 */
export async function createAlert(
  deps: AlertDeps,
  actor: Actor,
  input: NewAlertRequest,
  request?: Request,
): Promise<NewAlertResult> {
  const { db } = deps;
  assertActorCan(actor, 'send', 'alert');
  assertSelfOrAdmin(actor, input.created_by);
  const segment = input.refs_user_segment_type_id ?? null;
  if (segment !== null) assertActorCan(actor, 'send', 'alert-segment');
  const targets = segment === null ? [...new Set(input.target_user_ids ?? [])] : [];
  if (targets.length && !actor.user.isAdmin) {
    const outside = await usersOutsideDownstream(db, actor.user.id, targets);
    if (outside.length) throw forbidden(NO_PERMISSION, 'OUTSIDE_REACH');
  }
  if (targets.length) {
    const missing = await missingOrDeletedUsers(db, targets);
    if (missing.length) {
      throw badRequest(ALERT_MESSAGES.create, [
        { field: 'target_user_ids', message: `Unknown or deleted users: ${missing.map((id) => zCode(id)).join(', ')}` },
      ]);
    }
  }
  await checkImage(db, actor, input.image);

  const { alert, recipients } = await db.transaction(async (tx) => {
    const alert = await insertAlert(tx, {
      title: input.title?.trim() || DEFAULT_ALERT_TITLE,
      descriptionHtml: sanitizeAlertHtml(input.description ?? ''),
      imageFileId: input.image ?? null,
      active: input.active ?? true,
      type: input.type ?? null,
      createdBy: actor.user.id,
      isIndividual: segment === null,
      refsUserSegmentTypeId: segment,
      productTypeIds: segment === 2 ? [...new Set(input.product_type_ids ?? [])] : [],
      supplierIds: segment === 3 ? [...new Set(input.supplier_ids ?? [])] : [],
      structureLevel: segment === 4 ? (input.structure_level ?? null) : null,
      sendEmail: input.send_email ?? false,
      sendSms: input.send_sms ?? false,
    });
    await insertTargets(tx, alert.id, targets);
    const recipients = await fanOut(tx, alert);
    await writeAudit(tx, {
      actor,
      action: 'alert.create',
      entity: 'alerts',
      entityId: alert.id,
      after: {
        title: alert.title,
        active: alert.active,
        segment,
        targets: targets.length,
        recipients,
        sendEmail: alert.sendEmail,
        sendSms: alert.sendSms,
      },
      ...(request ? { request } : {}),
    });
    if (alert.active) await announce(tx, alert, targets, 'alerts.created');
    return { alert, recipients };
  });

  if ((alert.sendEmail || alert.sendSms) && recipients > 0) {
    await deps.jobs.enqueue(ALERT_COPIES_QUEUE, { alertId: alert.id }, { startedByUserId: actor.user.id });
  }
  return { id: alert.id, recipients };
}

/** PUT /api/alerts/update-alert: the creator or an admin changes title, description, image, active. */
export async function editAlert(
  db: Database,
  actor: Actor,
  input: UpdateAlertRequest,
  request?: Request,
): Promise<SentAlert> {
  const before = await getSent(db, input.id);
  if (!before) throw notFound(ALERT_MESSAGES.update);
  if (!maySeeSent(actor, before.createdBy)) throw forbidden(NO_PERMISSION);
  if (input.image && input.image !== before.imageFileId) await checkImage(db, actor, input.image);
  await db.transaction(async (tx) => {
    const after = await updateAlert(tx, input.id, {
      title: input.title.trim() || DEFAULT_ALERT_TITLE,
      descriptionHtml: sanitizeAlertHtml(input.description),
      active: input.active,
      ...(input.image !== undefined ? { imageFileId: input.image } : {}),
    });
    await writeAudit(tx, {
      actor,
      action: 'alert.update',
      entity: 'alerts',
      entityId: input.id,
      before: {
        title: before.title,
        descriptionHtml: before.descriptionHtml,
        imageFileId: before.imageFileId,
        active: before.active,
      },
      after: {
        title: after!.title,
        descriptionHtml: after!.descriptionHtml,
        imageFileId: after!.imageFileId,
        active: after!.active,
      },
      ...(request ? { request } : {}),
    });
    await announce(tx, after!, before.targetUserIds ?? [], 'alerts.changed');
  });
  return toSentAlert((await getSent(db, input.id))!);
}

export async function alertsForUser(db: Database, actor: Actor, userId: number): Promise<UserAlert[]> {
  assertSelfOrAdmin(actor, userId);
  return (await listForUser(db, userId)).map(toUserAlert);
}

export async function singleAlert(db: Database, actor: Actor, userId: number, alertId: number): Promise<UserAlert> {
  assertSelfOrAdmin(actor, userId);
  const row = await getForUser(db, userId, alertId);
  if (row) return toUserAlert(row);
  // Its sender (or an admin) may open an alert they did not receive, e.g. to edit it.
  const alert = await getAlert(db, alertId);
  if (!alert || !maySeeSent(actor, alert.createdBy) || userId !== actor.user.id) {
    throw notFound(ALERT_MESSAGES.fetchAlert);
  }
  return {
    id: alert.id,
    title: alert.title || DEFAULT_ALERT_TITLE,
    description: alert.descriptionHtml,
    image: alert.imageFileId,
    seen: false,
    popup_dismissed: false,
    created_at: iso(alert.createdAt),
    active: alert.active,
    type: alert.type,
    created_by: alert.createdBy,
    is_individual: alert.isIndividual,
  };
}

export async function markAlert(
  db: Database,
  actor: Actor,
  input: { user_id: number; alert_id: number },
  seen: boolean,
): Promise<{ ok: true }> {
  assertSelfOrAdmin(actor, input.user_id);
  await db.transaction(async (tx) => {
    if (!(await setSeen(tx, input.user_id, input.alert_id, seen))) throw notFound(ALERT_MESSAGES.markRead);
    // The user's other tabs follow.
    await publish(tx, `user.${input.user_id}`, { type: 'alerts.read', data: { alertId: input.alert_id } });
  });
  return { ok: true };
}

export async function markAllRead(db: Database, actor: Actor): Promise<{ ok: true }> {
  await db.transaction(async (tx) => {
    await markAllSeen(tx, actor.user.id);
    await publish(tx, `user.${actor.user.id}`, { type: 'alerts.read', data: {} });
  });
  return { ok: true };
}

export async function dismissAlertPopup(db: Database, actor: Actor, alertId: number): Promise<{ ok: true }> {
  if (!(await dismissPopup(db, actor.user.id, alertId))) throw notFound(ALERT_MESSAGES.fetchAlert);
  return { ok: true };
}

export async function myUnreadCount(db: Database, actor: Actor): Promise<{ count: number }> {
  return { count: await unreadCount(db, actor.user.id) };
}

/** '/alerts/view': what the caller sent; admins see every alert. */
export async function sentAlerts(db: Database, actor: Actor, status: AlertStatusFilter): Promise<SentAlert[]> {
  return (await listSent(db, addressesEveryone(actor) ? null : actor.user.id, status)).map(toSentAlert);
}

export async function sentAlert(db: Database, actor: Actor, alertId: number): Promise<SentAlert> {
  const row = await getSent(db, alertId);
  if (!row || !maySeeSent(actor, row.createdBy)) throw notFound(ALERT_MESSAGES.fetchAlert);
  return toSentAlert(row);
}

export async function recipientOptions(db: Database, actor: Actor, search: string, ids?: string) {
  const rows = await searchRecipients(
    db,
    { leaderId: addressesEveryone(actor) ? null : actor.user.id },
    search,
    ids ? ids.split(',').map(Number) : undefined,
  );
  return rows.map((row) => ({ id: row.id, label: `${zCode(row.id)}: ${row.first_name} ${row.surname}` }));
}

/** Who an alert can address: product types, suppliers and the structure levels in use. */
export async function alertSegmentChoices(db: Database) {
  const [catalogue, structureLevels] = [await productTypesAndSuppliers(db), await findStructureLevels(db)];
  return { ...catalogue, structureLevels };
}

/**
 * The 'alerts.copies' job: e-mail and SMS copies in batches of recipients, each batch written to
 * the outbox in a few statements (never a statement or a transaction per recipient: an alert to
 * everyone has 100,000 of them).
 */
export async function sendAlertCopies(
  deps: AlertDeps,
  data: { alertId: number },
  progress: (stage: string, percent: number, message?: string) => Promise<void>,
): Promise<{ emails: number; sms: number }> {
  const alert = await getAlert(deps.db, data.alertId);
  if (!alert) return { emails: 0, sms: 0 };
  const total = Math.max(1, (await getSent(deps.db, alert.id))?.recipients ?? 1);
  const text = `${alert.title}\n\n${htmlToText(alert.descriptionHtml)}`;
  let emails = 0;
  let sms = 0;
  let done = 0;
  let after = alert.copiesSentThrough;
  for (;;) {
    const batch = await copyRecipientsBatch(deps.db, alert.id, after, COPY_BATCH);
    if (!batch.length) break;
    const messages: OutgoingMessage[] = [];
    for (const recipient of batch) {
      if (alert.sendEmail && recipient.email) {
        messages.push({
          channel: 'email',
          recipient: recipient.email,
          subject: alert.title,
          text,
          html: alert.descriptionHtml,
        });
        emails += 1;
      }
      if (alert.sendSms && recipient.phone) {
        messages.push({ channel: 'sms', recipient: recipient.phone, text: text.slice(0, 459) });
        sms += 1;
      }
    }
    const through = Number(batch[batch.length - 1]!.user_id);
    // The batch and the cursor commit together: a retried job starts after the last batch written.
    await deps.db.transaction(async (tx) => {
      await deps.outbox.postMany(messages, tx);
      await advanceCopiesCursor(tx, alert.id, through);
    });
    done += batch.length;
    after = through;
    await progress('sending', (done / total) * 100, `${done} of ${total}`);
  }
  return { emails, sms };
}
