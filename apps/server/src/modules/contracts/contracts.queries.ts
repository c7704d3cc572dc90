import { LIFECYCLE } from '@portal/domain/accounts/waiting';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { auditLog, dealerContracts, usersMaster } from '../../db/schema/index.ts';

// Dealer contracts' SQL (spec 3 §7.4; decision 034). Signing is one conditional update on a row
// locked first, so a contract is completed once whatever races; reminders and expiry are one
// statement each over every due contract (reminders a batch at a time, decision 072).

export type ContractRow = typeof dealerContracts.$inferSelect;
export type NewContractRow = typeof dealerContracts.$inferInsert;

export interface AgentFacts {
  id: number;
  firstName: string;
  surname: string;
  email: string | null;
  phone: string | null;
  identificationNo: string | null;
  address: string | null;
}

export async function findAgent(db: Executor, userId: number): Promise<AgentFacts | undefined> {
  const [row] = await db
    .select({
      id: usersMaster.id,
      firstName: usersMaster.firstName,
      surname: usersMaster.surname,
      email: usersMaster.email,
      phone: usersMaster.phone,
      identificationNo: usersMaster.identificationNo,
      address: sql<
        string | null
      >`nullif(concat_ws(', ', nullif(${usersMaster.street}, ''), nullif(${usersMaster.suburb}, ''),
        nullif(${usersMaster.city}, ''), nullif(${usersMaster.postalCode}, '')), '')`,
    })
    .from(usersMaster)
    .where(eq(usersMaster.id, userId));
  return row;
}

/** A person who may hear of a contract's decline, with what the permission rules read of them. */
export interface DeclineAudienceRow {
  id: number;
  firstName: string;
  surname: string;
  email: string | null;
  phone: string | null;
  isAdmin: boolean;
  isLeader: boolean;
  lifecycleStatusId: number;
  features: string[];
}

/**
 * The admins who are active now, and the people of `ids` (the dealer, the sender) whatever they
 * are, each with their flags, in one statement: who of them may manage the dealer's contracts is
 * the permission rules' to say (decision 067). Admins are few; the list is not paged.
 */
export async function findDeclineAudience(db: Executor, ids: number[]): Promise<DeclineAudienceRow[]> {
  const result = await db.execute<{
    id: number;
    first_name: string;
    surname: string;
    email: string | null;
    phone: string | null;
    is_admin: boolean;
    is_leader: boolean;
    lifecycle_status_id: number;
    features: string[];
  }>(sql`
    SELECT u.id, u.first_name, u.surname, u.email, u.phone, u.is_admin, u.is_leader,
           u.refs_user_lifecycle_status_id AS lifecycle_status_id,
           array(SELECT f.name FROM users_access_index a JOIN features_master f ON f.id = a.features_master_id
                  WHERE a.user_master_id = u.id) AS features
      FROM users_master u
     WHERE (u.is_admin AND u.refs_user_lifecycle_status_id = ${LIFECYCLE.active})
        OR u.id = ANY(${`{${ids.map((id) => Number(id)).join(',')}}`}::int[])
     ORDER BY u.id`);
  return result.rows.map((row) => ({
    id: row.id,
    firstName: row.first_name,
    surname: row.surname,
    email: row.email,
    phone: row.phone,
    isAdmin: row.is_admin,
    isLeader: row.is_leader,
    lifecycleStatusId: row.lifecycle_status_id,
    features: row.features,
  }));
}

export async function insertContract(db: Executor, row: NewContractRow): Promise<ContractRow> {
  const [inserted] = await db.insert(dealerContracts).values(row).returning();
  return inserted!;
}

export async function updateContract(
  db: Executor,
  id: number,
  values: Partial<NewContractRow>,
): Promise<ContractRow | undefined> {
  const [row] = await db
    .update(dealerContracts)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(dealerContracts.id, id))
    .returning();
  return row;
}

export async function listAgentContracts(db: Executor, userId: number): Promise<ContractRow[]> {
  return db
    .select()
    .from(dealerContracts)
    .where(eq(dealerContracts.usersMasterId, userId))
    .orderBy(desc(dealerContracts.createdAt), desc(dealerContracts.id))
    .limit(200);
}

export async function findContract(db: Executor, id: number): Promise<ContractRow | undefined> {
  const [row] = await db.select().from(dealerContracts).where(eq(dealerContracts.id, id));
  return row;
}

export async function findContractByTokenHash(db: Executor, hash: string) {
  const [row] = await db
    .select({
      contract: dealerContracts,
      dealerName: sql<string>`concat_ws(' ', ${usersMaster.firstName}, ${usersMaster.surname})`,
    })
    .from(dealerContracts)
    .innerJoin(usersMaster, eq(usersMaster.id, dealerContracts.usersMasterId))
    .where(eq(dealerContracts.signTokenHash, hash));
  return row;
}

/** Locks the link's contract for the signing transaction (a second signer waits, then finds it done). */
export async function lockContractByTokenHash(tx: Executor, hash: string): Promise<ContractRow | undefined> {
  const [row] = await tx.select().from(dealerContracts).where(eq(dealerContracts.signTokenHash, hash)).for('update');
  return row;
}

/** pending → completed or declined, only while still pending under this link. */
export async function finishContract(
  tx: Executor,
  id: number,
  hash: string,
  values: Partial<NewContractRow> & { status: 'completed' | 'declined' },
): Promise<ContractRow | undefined> {
  const [row] = await tx
    .update(dealerContracts)
    .set({ ...values, updatedAt: sql`now()` })
    .where(
      and(eq(dealerContracts.id, id), eq(dealerContracts.signTokenHash, hash), eq(dealerContracts.status, 'pending')),
    )
    .returning();
  return row;
}

/**
 * A DocuSeal contract's new status, only while still pending: two requests (or the job and a
 * request) learning of it together change it, and audit it, once (decision 063).
 */
export async function settleDocuSealContract(
  tx: Executor,
  id: number,
  values: Partial<NewContractRow> & { status: 'completed' | 'declined' | 'expired' },
): Promise<ContractRow | undefined> {
  const [row] = await tx
    .update(dealerContracts)
    .set({ ...values, updatedAt: sql`now()` })
    .where(
      and(eq(dealerContracts.id, id), eq(dealerContracts.provider, 'docuseal'), eq(dealerContracts.status, 'pending')),
    )
    .returning();
  return row;
}

export interface DueReminder {
  id: number;
  usersMasterId: number;
  email: string;
  documentName: string;
  dealerName: string;
  expiresAt: Date;
  /** How many reminder days have passed by now: the new reminders_sent. */
  reached: number;
}

/**
 * Up to `limit` pending built-in contracts for which another reminder day has passed, in id order,
 * locked and skipped by a concurrent run (each reminder once). `days` ascending.
 */
export async function lockDueReminders(
  tx: Executor,
  now: Date,
  days: readonly number[],
  limit: number,
): Promise<DueReminder[]> {
  if (days.length === 0) return [];
  const result = await tx.execute<{
    id: number;
    users_master_id: number;
    email: string;
    document_name: string;
    dealer_name: string;
    expires_at: Date | string;
    reached: number;
  }>(sql`
    select c.id, c.users_master_id, c.email, coalesce(c.document_name, 'Dealer Agency Agreement') as document_name,
           concat_ws(' ', u.first_name, u.surname) as dealer_name, c.expires_at, r.reached
      from dealer_contracts c
      join users_master u on u.id = c.users_master_id
      cross join lateral (
        select count(*)::int as reached
          from unnest(${sql.raw(`array[${days.map((d) => Number(d)).join(',')}]::int[]`)}) as d(days)
         where c.created_at <= ${now.toISOString()}::timestamptz - make_interval(days => d.days)
      ) r
     where c.status = 'pending' and c.provider = 'builtin' and c.email is not null
       and c.expires_at > ${now.toISOString()}::timestamptz
       and r.reached > c.reminders_sent
     order by c.id
     limit ${Math.max(1, Math.trunc(limit))}
     for update of c skip locked
  `);
  return result.rows.map((row) => ({
    id: row.id,
    usersMasterId: row.users_master_id,
    email: row.email,
    documentName: row.document_name,
    dealerName: row.dealer_name,
    expiresAt: new Date(row.expires_at),
    reached: row.reached,
  }));
}

/** Every reminded contract's new link hash and count, in one statement. */
export async function markReminded(
  tx: Executor,
  reminders: Array<{ id: number; hash: string; reached: number }>,
): Promise<void> {
  if (reminders.length === 0) return;
  await tx.execute(sql`
    update dealer_contracts c
       set sign_token_hash = v.hash, reminders_sent = v.reached, updated_at = now()
      from unnest(${sql.raw(`array[${reminders.map((r) => r.id).join(',')}]::int[]`)},
                  ${`{${reminders.map((r) => r.hash).join(',')}}`}::text[],
                  ${sql.raw(`array[${reminders.map((r) => r.reached).join(',')}]::int[]`)}) as v(id, hash, reached)
     where c.id = v.id
  `);
}

/** pending → expired once past the expiry; the link stops working. Returns what expired. */
export async function expireContracts(tx: Executor, now: Date) {
  const result = await tx.execute<{ id: number; users_master_id: number }>(sql`
    update dealer_contracts
       set status = 'expired', sign_token_hash = null, updated_at = now()
     where status = 'pending' and expires_at <= ${now.toISOString()}::timestamptz
    returning id, users_master_id
  `);
  return result.rows;
}

/** Pending DocuSeal contracts whose status is asked of DocuSeal. */
export async function pendingDocuSealContracts(db: Executor, limit = 100) {
  return db
    .select({ id: dealerContracts.id, providerSubmissionId: dealerContracts.providerSubmissionId })
    .from(dealerContracts)
    .where(and(eq(dealerContracts.status, 'pending'), eq(dealerContracts.provider, 'docuseal')))
    .orderBy(dealerContracts.id)
    .limit(limit);
}

/** Audit rows of a job's status changes, one statement for all (the actor is the system). */
export async function insertSystemAudit(
  tx: Executor,
  rows: Array<{ action: string; entityId: number; before: Record<string, unknown>; after: Record<string, unknown> }>,
): Promise<void> {
  if (rows.length === 0) return;
  await tx.insert(auditLog).values(
    rows.map((row) => ({
      actorUserId: null,
      actorAuthId: null,
      action: row.action,
      entity: 'dealer_contracts',
      entityId: String(row.entityId),
      before: row.before,
      after: row.after,
      requestId: null,
      ipAddress: null,
    })),
  );
}
