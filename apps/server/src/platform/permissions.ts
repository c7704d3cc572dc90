import {
  type Action,
  can,
  type PermissionActor,
  type PermissionTarget,
  type Subject,
} from '@portal/domain/access/permissions';
import { knownFeatures } from '@portal/domain/accounts/me';
import type { Executor } from '../db/client.ts';
import type { Actor } from './actor.ts';
import { forbidden } from './errors.ts';
import { findTargetFacts } from './permissions.queries.ts';

// The server side of the one permission vocabulary (packages/domain/src/access/permissions.ts):
// the target's relation to the actor comes from the closure table, here and nowhere else.

export const NO_PERMISSION = "You don't have permission to perform this action. Please contact your administrator.";

export function permissionActor(actor: Actor): PermissionActor {
  return { id: actor.user.id, isAdmin: actor.user.isAdmin, isLeader: actor.user.isLeader, features: actor.features };
}

/** The target person as the rules see them; `exists` is false for an id nobody has. */
export async function permissionTarget(
  db: Executor,
  actor: Actor,
  targetId: number,
): Promise<PermissionTarget & { exists: boolean }> {
  if (targetId === actor.user.id) {
    return { id: targetId, relation: 'self', isAdmin: actor.user.isAdmin, features: actor.features, exists: true };
  }
  const facts = await findTargetFacts(db, actor.user.id, targetId);
  if (!facts) return { id: targetId, relation: 'other', exists: false };
  return {
    id: targetId,
    relation: facts.isBelow ? 'downstream' : 'other',
    isAdmin: facts.isAdmin,
    features: knownFeatures(facts.features),
    exists: true,
  };
}

/** `can` for the actor of a request, without a target. */
export function actorCan(actor: Actor, action: Action, subject: Subject): boolean {
  return can(permissionActor(actor), action, subject);
}

/** Throws 403 unless the actor may do this at all. */
export function assertActorCan(actor: Actor, action: Action, subject: Subject, message = NO_PERMISSION): void {
  if (!actorCan(actor, action, subject)) throw forbidden(message, 'NO_PERMISSION');
}

/**
 * Throws 403 unless the actor may do this to the target person; answered before existence, so a
 * leader learns nothing of other branches. Returns the target for further checks.
 */
export async function assertCanOn(
  db: Executor,
  actor: Actor,
  action: Action,
  subject: Subject,
  targetId: number,
  message = NO_PERMISSION,
): Promise<PermissionTarget & { exists: boolean }> {
  const target = await permissionTarget(db, actor, targetId);
  if (!can(permissionActor(actor), action, subject, target)) throw forbidden(message, 'NO_PERMISSION');
  return target;
}
