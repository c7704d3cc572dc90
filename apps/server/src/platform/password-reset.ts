import type { FastifyRequest } from 'fastify';
import type { Database } from '../db/client.ts';
import { writeAudit } from './audit.ts';
import { endTemporaryPasswordOf } from './sign-in-identity.queries.ts';

/**
 * After a password reset by the e-mailed link (better-auth's `onPasswordReset`): the audit row the
 * other password changes leave (never the password), with the owner as the actor, and the end of a
 * temporary password an admin knew (the owner just chose their own).
 */
export async function recordPasswordReset(
  db: Database,
  authId: string,
  request: Pick<FastifyRequest, 'id' | 'ip'>,
): Promise<void> {
  await db.transaction(async (tx) => {
    const found = await endTemporaryPasswordOf(tx, authId);
    if (!found) return;
    await writeAudit(tx, {
      actor: { userId: found.userId, authId },
      action: 'user.password.reset_by_link',
      entity: 'users_master',
      entityId: found.userId,
      before: { password: 'old', tempPw: found.wasTemporary },
      after: { password: 'new', tempPw: false, sessionsEnded: true },
      request,
    });
  });
}
