import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';

/**
 * Serialises work on one key until the transaction ends (a PostgreSQL advisory lock), for rules no
 * row lock can hold: no two hierarchy moves, no two pin sends to one phone, at once. `shared`
 * holders run side by side but wait for (and hold off) the exclusive one: creations under the
 * hierarchy against a move.
 */
export async function lockUntilCommit(tx: Executor, key: string, mode: 'exclusive' | 'shared' = 'exclusive') {
  await tx.execute(
    mode === 'shared'
      ? sql`select pg_advisory_xact_lock_shared(hashtextextended(${key}, 0))`
      : sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`,
  );
}
