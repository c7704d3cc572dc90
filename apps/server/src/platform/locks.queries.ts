import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';

/**
 * Serialises work on one key until the transaction ends (a PostgreSQL advisory lock), for rules no
 * row lock can hold: no two hierarchy moves, no two pin sends to one phone, at once.
 */
export async function lockUntilCommit(tx: Executor, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
}
