import { lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { requestLimitCounters } from '../db/schema/index.ts';

// The shared counts of the request limits (platform/rate-limits.ts, decision 079).

/**
 * Counts one request of `key` in `family` and returns the count of its window and the milliseconds
 * left of it. One statement: a window that has ended restarts at 1, otherwise the count grows; the
 * row lock of ON CONFLICT makes instances racing on one address take turns, so they never both see
 * a count under the limit.
 */
export async function countRequest(
  db: Database,
  family: string,
  key: string,
  windowMs: number,
): Promise<{ count: number; ttlMs: number }> {
  const t = requestLimitCounters;
  const result = await db.execute<{ count: number; ttl_ms: string }>(sql`
    insert into ${t} (family, key, count, expires_at)
    values (${family}, ${key}, 1, now() + ${windowMs} * interval '1 millisecond')
    on conflict (family, key) do update set
      count = case when ${t.expiresAt} <= now() then 1 else ${t.count} + 1 end,
      expires_at = case when ${t.expiresAt} <= now() then excluded.expires_at else ${t.expiresAt} end
    returning count, greatest(0, ceil(extract(epoch from expires_at - now()) * 1000))::bigint as ttl_ms`);
  const row = result.rows[0]!;
  return { count: row.count, ttlMs: Number(row.ttl_ms) };
}

/** Deletes the counters whose window ended (the hourly prune); returns how many. */
export async function pruneRequestCounters(db: Database): Promise<number> {
  const result = await db.delete(requestLimitCounters).where(lt(requestLimitCounters.expiresAt, sql`now()`));
  return result.rowCount ?? 0;
}
