import { scopeOf } from '@portal/domain/access/permissions';
import { and, eq, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/client.ts';
import { usersHierarchyClosure } from '../db/schema/index.ts';
import type { Actor } from './access.ts';
import { forbidden } from './errors.ts';
import { permissionActor } from './permissions.ts';

// Hierarchy reach (ARCHITECTURE "Rules of the house"): whom the actor may read, by the 'read
// person' rule of packages/domain's permissions: an admin with Users Management everyone, a
// leader their own downstream (themself included), anyone else only themself. Backed by the
// closure table, so each check is one indexed lookup at any depth.

export type ReachScope = 'any' | 'subtree' | 'own';

export function reachScopeOf(actor: Actor): ReachScope {
  const scope = scopeOf(permissionActor(actor), 'read', 'person');
  if (scope === 'any') return 'any';
  if (scope === 'downstream') return 'subtree';
  return 'own';
}

/** True when `descendantId` is `ancestorId` or below them. */
export async function isInDownstream(db: Executor, ancestorId: number, descendantId: number): Promise<boolean> {
  if (ancestorId === descendantId) return true;
  const rows = await db
    .select({ one: sql<number>`1` })
    .from(usersHierarchyClosure)
    .where(and(eq(usersHierarchyClosure.ancestorId, ancestorId), eq(usersHierarchyClosure.descendantId, descendantId)))
    .limit(1);
  return rows.length > 0;
}

/**
 * Whether `descendantId` (a fact's placeholder; null gives false) is in the closure table under the
 * viewer `users_master.id`, as `isInDownstream` reads it, for a route fact read in the actor's
 * statement (decision 044): one probe of the closure table's key.
 */
export const inActorsDownstreamFactSql = (descendantId: SQLWrapper) => sql`exists (
  select 1 from users_hierarchy_closure c
   where c.ancestor_id = users_master.id and c.descendant_id = ${descendantId}::int)`;

export async function canReach(db: Executor, actor: Actor, userId: number): Promise<boolean> {
  switch (reachScopeOf(actor)) {
    case 'any':
      return true;
    case 'subtree':
      return isInDownstream(db, actor.user.id, userId);
    default:
      return actor.user.id === userId;
  }
}

/** Throws 403 unless the actor reaches the user. */
export async function assertReach(db: Executor, actor: Actor, userId: number): Promise<void> {
  if (!(await canReach(db, actor, userId))) {
    throw forbidden("You don't have permission to perform this action. Please contact your administrator.");
  }
}

/**
 * A WHERE condition limiting a list of users (by their id column) to what the actor reaches;
 * undefined for admins (no limit).
 */
export function reachFilter(actor: Actor, userIdColumn: AnyPgColumn): SQL | undefined {
  switch (reachScopeOf(actor)) {
    case 'any':
      return undefined;
    case 'subtree':
      return sql`${userIdColumn} IN (SELECT descendant_id FROM users_hierarchy_closure WHERE ancestor_id = ${actor.user.id})`;
    default:
      return sql`${userIdColumn} = ${actor.user.id}`;
  }
}
