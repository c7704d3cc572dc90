import {
  type AccessControlPage,
  type AccessControlQuery,
  FEATURES_FOR_ADMINS_ONLY,
  type SetFeatureAccessRequest,
} from '@portal/domain/access-control/access-control';
import type { Feature } from '@portal/domain/accounts/me';
import { zCode } from '@portal/domain/people/z-code';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { Actor } from '../../platform/access.ts';
import { writeAudit } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { assertCanOn } from '../../platform/permissions.ts';
import { assertCurrentPassword } from '../../platform/step-up.ts';
import {
  findAccessPage,
  findFeatureId,
  findUserForAccess,
  grantFeature,
  lockUserForAccess,
  revokeFeature,
} from './access-control.queries.ts';

export async function getAccessPage(db: Database, query: AccessControlQuery): Promise<AccessControlPage> {
  const { rows, total } = await findAccessPage(db, query);
  return {
    items: rows.map((row) => ({
      id: row.id,
      zCode: zCode(row.id),
      name: `${row.firstName} ${row.surname}`,
      email: row.email,
      isAdmin: row.isAdmin,
      features: row.features as Feature[],
    })),
    page: query.page,
    pageSize: query.pageSize,
    total,
  };
}

export const FLAGS_BEYOND_YOURS = "You can't change the flags of an admin who holds a flag you don't have.";

export interface AccessControlDeps {
  db: Database;
  clock: Clock;
}

/**
 * True adds an access record with who added it, False deletes it (spec 3 §4.7). Only admins carry
 * feature flags (the page enables a selector only on admin rows); the server holds the same line.
 * A grant that adds a flag needs the acting admin's password again (decision 071); removing one
 * takes power away and needs none.
 */
export async function setFeatureAccess(
  { db, clock }: AccessControlDeps,
  actor: Actor,
  userId: number,
  change: SetFeatureAccessRequest,
  request?: FastifyRequest,
): Promise<{ features: Feature[]; changed: boolean }> {
  return db.transaction(async (tx) => {
    // An admin never changes the flags of an admin holding one they lack (docs/security.md),
    // judged after their row is ours: a flag granted meanwhile is seen (decision 074).
    await lockUserForAccess(tx, userId);
    await assertCanOn(tx, actor, 'update', 'feature-access', userId, FLAGS_BEYOND_YOURS);
    const target = await findUserForAccess(tx, userId);
    if (!target || target.status === 4) throw notFound(`Dealer with ID ${userId} not found`);
    if (change.enabled && !target.isAdmin) throw conflict(FEATURES_FOR_ADMINS_ONLY, undefined, 'NOT_AN_ADMIN');
    const featureId = await findFeatureId(tx, change.feature);
    if (featureId === undefined) throw notFound(`Feature ${change.feature} not found`);
    const changed = change.enabled
      ? await grantFeature(tx, userId, featureId, actor.user.id)
      : await revokeFeature(tx, userId, featureId);
    // Step-up (decision 071): an admin may sign in by phone and pin alone, so a SIM-swapped admin
    // session must not hand out flags (to an accomplice, or to keep access). Asked only when the
    // grant adds the flag; a refusal rolls the grant back, and a wrong password is recorded
    // outside this transaction, toward the acting admin's step-up lock.
    if (changed && change.enabled) {
      await assertCurrentPassword(tx, actor.authId, change.currentPassword, undefined, { clock, failures: db });
    }
    if (changed) {
      await writeAudit(tx, {
        actor,
        action: change.enabled ? 'access.grant' : 'access.revoke',
        entity: 'users_access_index',
        entityId: `${userId}:${change.feature}`,
        before: { enabled: !change.enabled },
        after: { enabled: change.enabled },
        request,
      });
    }
    const page = await findAccessPage(tx, { page: 1, pageSize: 1, search: zCode(userId) });
    return { features: (page.rows[0]?.features ?? []) as Feature[], changed };
  });
}
