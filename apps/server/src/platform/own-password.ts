import type { FastifyRequest } from 'fastify';
import type { Database } from '../db/client.ts';
import { writeAudit } from './audit.ts';
import { endTemporaryPasswordOf } from './sign-in-identity.queries.ts';

/**
 * After the owner set their own password through better-auth (the e-mailed reset link, or
 * `/change-password` with the current one): the audit row the other password changes leave (never
 * the password), with the owner as the actor, and the end of a temporary password an admin knew.
 */
export async function recordOwnPasswordChange(
  db: Database,
  authId: string,
  how: 'user.password.reset_by_link' | 'user.password.update',
  request: Pick<FastifyRequest, 'id' | 'ip'>,
): Promise<void> {
  await db.transaction(async (tx) => {
    const found = await endTemporaryPasswordOf(tx, authId);
    if (!found) return;
    await writeAudit(tx, {
      actor: { userId: found.userId, authId },
      action: how,
      entity: 'users_master',
      entityId: found.userId,
      before: { password: 'old', tempPw: found.wasTemporary },
      after: {
        password: 'new',
        tempPw: false,
        ...(how === 'user.password.reset_by_link' ? { sessionsEnded: true } : { otherSessionsEnded: true }),
      },
      request,
    });
  });
}
