import { isDeepStrictEqual } from 'node:util';
import type { FastifyRequest } from 'fastify';
import type { Executor } from '../db/client.ts';
import type { Actor } from './actor.ts';
import { insertAuditRow } from './audit.queries.ts';

/** Who acted: the request's actor, or ids for work without one (jobs, seeds, scripts). */
export type AuditActor = Actor | { userId: number | null; authId: string | null };

export type AuditRecord = Record<string, unknown>;

export interface AuditEntry {
  /** Defaults to the actor on `request`, when a guard has set one. */
  actor?: AuditActor | null;
  /** What happened, e.g. `user.update`, `commission.cycle.close`. */
  action: string;
  /** The table or domain object, e.g. `users_master`. */
  entity: string;
  entityId: string | number;
  /** The record before the change (omit on create); only changed fields are kept. */
  before?: AuditRecord | null;
  /** The record after the change (omit on delete); only changed fields are kept. */
  after?: AuditRecord | null;
  /** The HTTP request, for its id and the client address. */
  request?: Pick<FastifyRequest, 'id' | 'ip'> & { actor?: Actor };
}

/** Fields never worth a diff line: they change on every write. */
const IGNORED_FIELDS = new Set(['updatedAt', 'updated_at']);
/** Fields whose values never reach the audit log, only the fact that they changed. */
const SECRET_WORDS = new Set(['password', 'secret', 'token', 'otp', 'pin']);
export const REDACTED_PLACEHOLDER = '[redacted]';

/** `passwordHash`, `api_token`, `otpCode`… (by whole words, so `footprint` is not one). */
export function isSecretField(key: string): boolean {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .split(/[^a-z0-9]+/);
  return words.some((word) => SECRET_WORDS.has(word));
}

/** A value as it will read back from jsonb, so equal values compare equal. */
function normalise(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  if (typeof value === 'bigint') return value.toString();
  if (Buffer.isBuffer(value) || value instanceof Uint8Array) return `[${value.byteLength} bytes]`;
  if (Array.isArray(value)) return value.map(normalise);
  if (typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .filter(([, inner]) => inner !== undefined)
        .map(([key, inner]) => [key, normalise(inner)]),
    );
  }
  return value;
}

function keep(record: AuditRecord | null | undefined, keys: string[]): AuditRecord {
  const kept: AuditRecord = {};
  for (const key of keys) {
    const value = normalise(record?.[key]);
    kept[key] = isSecretField(key) && value !== null ? REDACTED_PLACEHOLDER : value;
  }
  return kept;
}

/**
 * Keeps only what changed. With both sides, compares the fields present in `after` (a partial
 * `after` means "these fields were written"); on create (no `before`) or delete (no `after`) the
 * one side is kept whole. Secrets are replaced by `[redacted]`; `updatedAt` is left out.
 */
export function diffFields(
  before: AuditRecord | null | undefined,
  after: AuditRecord | null | undefined,
): { before: AuditRecord | null; after: AuditRecord | null } {
  const fieldsOf = (record: AuditRecord) =>
    Object.keys(record).filter((key) => record[key] !== undefined && !IGNORED_FIELDS.has(key));
  if (!before && !after) return { before: null, after: null };
  if (!before) return { before: null, after: keep(after, fieldsOf(after!)) };
  if (!after) return { before: keep(before, fieldsOf(before)), after: null };
  const changed = fieldsOf(after).filter((key) => !isDeepStrictEqual(normalise(before[key]), normalise(after[key])));
  return { before: keep(before, changed), after: keep(after, changed) };
}

function actorIds(actor: AuditActor | null | undefined): { actorUserId: number | null; actorAuthId: string | null } {
  if (!actor) return { actorUserId: null, actorAuthId: null };
  if ('user' in actor) return { actorUserId: actor.user.id, actorAuthId: actor.authId };
  return { actorUserId: actor.userId, actorAuthId: actor.authId };
}

/**
 * Writes one audit row. Call it with the transaction that makes the change, so the row exists
 * exactly when the change does. Returns the audit row id.
 */
export async function writeAudit(executor: Executor, entry: AuditEntry): Promise<number> {
  const { before, after } = diffFields(entry.before, entry.after);
  return insertAuditRow(executor, {
    ...actorIds(entry.actor ?? entry.request?.actor),
    action: entry.action,
    entity: entry.entity,
    entityId: String(entry.entityId),
    before,
    after,
    requestId: entry.request?.id ?? null,
    ipAddress: entry.request?.ip ?? null,
  });
}
