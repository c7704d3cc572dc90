import { and, eq, isNull, lte, or } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { authSession } from '../db/schema/index.ts';

export async function deleteSession(db: Executor, sessionId: string): Promise<void> {
  await db.delete(authSession).where(eq(authSession.id, sessionId));
}

/** Notes activity unless another request noted it after `threshold` (one write a minute at most). */
export async function touchSession(db: Executor, sessionId: string, now: Date, threshold: Date): Promise<void> {
  await db
    .update(authSession)
    .set({ lastSeenAt: now })
    .where(
      and(eq(authSession.id, sessionId), or(isNull(authSession.lastSeenAt), lte(authSession.lastSeenAt, threshold))),
    );
}
