import { LIFECYCLE } from '@portal/domain/accounts/waiting';
import { type AlertStatusFilter, SEGMENT } from '@portal/domain/alerts/alerts';
import { and, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { alertRecipients, alerts } from '../../db/schema/index.ts';

// SQL of the alerts module. The fan-out is one INSERT … SELECT per alert whatever the audience
// size; the bell's count walks the partial unread index only.

export type AlertRow = typeof alerts.$inferSelect;

export async function insertAlert(db: Executor, values: typeof alerts.$inferInsert): Promise<AlertRow> {
  const [row] = await db.insert(alerts).values(values).returning();
  return row!;
}

export async function insertTargets(db: Executor, alertId: number, userIds: number[]): Promise<void> {
  if (!userIds.length) return;
  await db.execute(sql`
    insert into alert_targets (alert_id, user_id)
    select ${alertId}, t.id from unnest(${`{${userIds.join(',')}}`}::int[]) as t(id)
    on conflict do nothing`);
}

/** Of `userIds`, those that do not exist or are deleted (a group alert to them is refused). */
export async function missingOrDeletedUsers(db: Executor, userIds: number[]): Promise<number[]> {
  const result = await db.execute<{ id: number }>(sql`
    select t.id from unnest(${`{${userIds.join(',')}}`}::int[]) as t(id)
    left join users_master u on u.id = t.id
    where u.id is null or u.refs_user_lifecycle_status_id = ${LIFECYCLE.deleted}`);
  return result.rows.map((row) => Number(row.id));
}

/** Of `userIds`, those outside `leaderId`'s downstream (one closure-table anti-join). */
export async function usersOutsideDownstream(db: Executor, leaderId: number, userIds: number[]): Promise<number[]> {
  const result = await db.execute<{ id: number }>(sql`
    select t.id from unnest(${`{${userIds.join(',')}}`}::int[]) as t(id)
    where not exists (
      select 1 from users_hierarchy_closure c where c.ancestor_id = ${leaderId} and c.descendant_id = t.id)`);
  return result.rows.map((row) => Number(row.id));
}

/**
 * Resolves an alert's audience into alert_recipients in one statement; returns how many received
 * it. Deleted users never receive alerts.
 */
export async function fanOut(db: Executor, alert: AlertRow): Promise<number> {
  const live = sql`u.refs_user_lifecycle_status_id <> ${LIFECYCLE.deleted}`;
  let source: ReturnType<typeof sql>;
  if (alert.isIndividual) {
    source = sql`select u.id from alert_targets t join users_master u on u.id = t.user_id
                 where t.alert_id = ${alert.id} and ${live}`;
  } else if (alert.refsUserSegmentTypeId === SEGMENT.allUsers) {
    source = sql`select u.id from users_master u where ${live}`;
  } else if (alert.refsUserSegmentTypeId === SEGMENT.productTypes) {
    source = sql`select distinct u.id from users_product_type_index p join users_master u on u.id = p.user_id
                 where p.product_type_id = any(${`{${alert.productTypeIds.join(',')}}`}::int[]) and ${live}`;
  } else if (alert.refsUserSegmentTypeId === SEGMENT.suppliers) {
    source = sql`select distinct u.id from users_supplier_index s join users_master u on u.id = s.user_id
                 where s.supplier_id = any(${`{${alert.supplierIds.join(',')}}`}::int[]) and ${live}`;
  } else {
    source = sql`select u.id from users_master u where u.structure_level = ${alert.structureLevel} and ${live}`;
  }
  // Each source yields distinct ids for a brand-new alert, so no ON CONFLICT (its speculative
  // insertion roughly doubles the cost per row); id order keeps the primary key's pages warm.
  const result = await db.execute(sql`
    insert into alert_recipients (user_id, alert_id)
    select r.id, ${alert.id}::int from (${source}) r order by r.id`);
  return result.rowCount ?? 0;
}

interface UserAlertRow extends Record<string, unknown> {
  id: number;
  title: string;
  description_html: string;
  image_file_id: string | null;
  seen_at: Date | string | null;
  popup_dismissed_at: Date | string | null;
  created_at: Date | string;
  active: boolean;
  type: string | null;
  created_by: number | null;
  is_individual: boolean;
}

const userAlertColumns = sql`a.id, a.title, a.description_html, a.image_file_id, r.seen_at, r.popup_dismissed_at,
  a.created_at, a.active, a.type, a.created_by, a.is_individual`;

/** The user's active alerts, newest first (walks the recipients primary key). */
export async function listForUser(db: Executor, userId: number, limit = 200): Promise<UserAlertRow[]> {
  const result = await db.execute<UserAlertRow>(sql`
    select ${userAlertColumns}
    from alert_recipients r join alerts a on a.id = r.alert_id
    where r.user_id = ${userId} and a.active
    order by a.created_at desc, a.id desc
    limit ${limit}`);
  return result.rows;
}

/**
 * One alert the user received, while it is active: a draft or an alert its sender switched off is
 * no recipient's to read, by its id no more than in the lists.
 */
export async function getForUser(db: Executor, userId: number, alertId: number): Promise<UserAlertRow | undefined> {
  const result = await db.execute<UserAlertRow>(sql`
    select ${userAlertColumns}
    from alert_recipients r join alerts a on a.id = r.alert_id
    where r.user_id = ${userId} and r.alert_id = ${alertId} and a.active`);
  return result.rows[0];
}

/** The bell's badge: unseen active alerts, from the partial unread index. */
export async function unreadCount(db: Executor, userId: number): Promise<number> {
  const result = await db.execute<{ count: number }>(sql`
    select count(*)::int as count
    from alert_recipients r join alerts a on a.id = r.alert_id
    where r.user_id = ${userId} and r.seen_at is null and a.active`);
  return Number(result.rows[0]?.count ?? 0);
}

/** Sets or clears the seen time; false when the user did not receive the alert. */
export async function setSeen(db: Executor, userId: number, alertId: number, seen: boolean): Promise<boolean> {
  const rows = await db
    .update(alertRecipients)
    .set({ seenAt: seen ? sql`coalesce(${alertRecipients.seenAt}, now())` : null })
    .where(and(eq(alertRecipients.userId, userId), eq(alertRecipients.alertId, alertId)))
    .returning({ alertId: alertRecipients.alertId });
  return rows.length > 0;
}

export async function markAllSeen(db: Executor, userId: number): Promise<number> {
  const result = await db.execute(sql`
    update alert_recipients set seen_at = now() where user_id = ${userId} and seen_at is null`);
  return result.rowCount ?? 0;
}

export async function dismissPopup(db: Executor, userId: number, alertId: number): Promise<boolean> {
  const rows = await db
    .update(alertRecipients)
    .set({ popupDismissedAt: sql`coalesce(${alertRecipients.popupDismissedAt}, now())` })
    .where(and(eq(alertRecipients.userId, userId), eq(alertRecipients.alertId, alertId)))
    .returning({ alertId: alertRecipients.alertId });
  return rows.length > 0;
}

export async function getAlert(db: Executor, alertId: number): Promise<AlertRow | undefined> {
  const [row] = await db.select().from(alerts).where(eq(alerts.id, alertId));
  return row;
}

export interface SentAlertRow extends AlertRow {
  targetUserIds: number[];
  recipients: number;
}

/** Alerts created by `createdBy` (all alerts when null: admins), newest first, with their counts. */
export async function listSent(
  db: Executor,
  createdBy: number | null,
  status: AlertStatusFilter,
  limit = 200,
): Promise<SentAlertRow[]> {
  const conditions = [
    createdBy === null ? undefined : eq(alerts.createdBy, createdBy),
    status === 'active' ? eq(alerts.active, true) : status === 'inactive' ? eq(alerts.active, false) : undefined,
  ].filter((c) => c !== undefined);
  return db
    .select({
      ...getTableColumns(alerts),
      targetUserIds: sql<
        number[]
      >`coalesce((select array_agg(t.user_id order by t.user_id) from alert_targets t where t.alert_id = ${alerts.id}), '{}')`,
      recipients: sql<number>`(select count(*)::int from alert_recipients r where r.alert_id = ${alerts.id})`,
    })
    .from(alerts)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(alerts.createdAt), desc(alerts.id))
    .limit(limit);
}

export async function getSent(db: Executor, alertId: number): Promise<SentAlertRow | undefined> {
  const rows = await db
    .select({
      ...getTableColumns(alerts),
      targetUserIds: sql<
        number[]
      >`coalesce((select array_agg(t.user_id order by t.user_id) from alert_targets t where t.alert_id = ${alerts.id}), '{}')`,
      recipients: sql<number>`(select count(*)::int from alert_recipients r where r.alert_id = ${alerts.id})`,
    })
    .from(alerts)
    .where(eq(alerts.id, alertId));
  return rows[0];
}

export async function updateAlert(
  db: Executor,
  alertId: number,
  values: Pick<AlertRow, 'title' | 'descriptionHtml' | 'active'> & { imageFileId?: string | null },
): Promise<AlertRow | undefined> {
  const [row] = await db
    .update(alerts)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(alerts.id, alertId))
    .returning();
  return row;
}

export interface CopyRecipient extends Record<string, unknown> {
  user_id: number;
  email: string | null;
  phone: string | null;
}

/**
 * One batch of an alert's recipients for the e-mail/SMS copies, in user id order after `afterUserId`:
 * active people only (a leaver or a turned-down applicant keeps no inbox here, and gets no copy).
 */
export async function copyRecipientsBatch(
  db: Executor,
  alertId: number,
  afterUserId: number,
  limit: number,
): Promise<CopyRecipient[]> {
  const result = await db.execute<CopyRecipient>(sql`
    select r.user_id, u.email, u.phone
    from alert_recipients r join users_master u on u.id = r.user_id
    where r.alert_id = ${alertId} and r.user_id > ${afterUserId}
      -- Said of both sides so the join starts at the batch, not at the first user, every batch.
      and u.id > ${afterUserId}
      and u.refs_user_lifecycle_status_id = ${LIFECYCLE.active}
    order by r.user_id
    limit ${limit}`);
  return result.rows;
}

/** Records that the copies job has written every copy up to this recipient (decision 070). */
export async function advanceCopiesCursor(tx: Executor, alertId: number, throughUserId: number): Promise<void> {
  await tx.update(alerts).set({ copiesSentThrough: throughUserId }).where(eq(alerts.id, alertId));
}

/** Users the actor may address, matching a search on name or Z-code (20 at most). */
export async function searchRecipients(
  db: Executor,
  scope: { leaderId: number | null },
  search: string,
  ids: number[] | undefined,
): Promise<Array<{ id: number; first_name: string; surname: string }>> {
  const reach =
    scope.leaderId === null
      ? sql`true`
      : sql`u.id in (select descendant_id from users_hierarchy_closure where ancestor_id = ${scope.leaderId})`;
  let match = sql`true`;
  if (ids?.length) {
    match = sql`u.id = any(${`{${ids.join(',')}}`}::int[])`;
  } else if (search) {
    const digits = /^(z-?)?(\d+)$/i.exec(search);
    const like = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    match = digits
      ? sql`u.id = ${Number(digits[2])}`
      : sql`(u.first_name || ' ' || u.surname) ilike ${like} or u.email ilike ${like}`;
  }
  const result = await db.execute<{ id: number; first_name: string; surname: string }>(sql`
    select u.id, u.first_name, u.surname from users_master u
    where ${reach} and (${match}) and u.refs_user_lifecycle_status_id <> ${LIFECYCLE.deleted}
    order by u.first_name, u.surname, u.id
    limit 20`);
  return result.rows;
}

/** The structure levels dealers are at today. */
export async function findStructureLevels(db: Executor): Promise<number[]> {
  const levels = await db.execute<{ level: number }>(
    sql`select distinct structure_level as level from users_master order by 1`,
  );
  return levels.rows.map((row) => Number(row.level));
}
