import { and, eq } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { authAccount } from '../db/schema/index.ts';

/** The password hash of a sign-in identity, or undefined when it has none. */
export async function findPasswordHash(db: Executor, authId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ password: authAccount.password })
    .from(authAccount)
    .where(and(eq(authAccount.userId, authId), eq(authAccount.providerId, 'credential')))
    .limit(1);
  return row?.password ?? undefined;
}
