import type { Database } from '../src/db/client.ts';

/**
 * Waits until `count` statements of this test's database wait on a lock, or until `answered()`
 * says the racing request has answered without waiting: the moment a test lets the transaction it
 * holds open commit, so a race plays out the same way under any machine load (decision 074).
 */
export async function untilLockWaiters(
  db: Database,
  { count = 1, answered = () => false }: { count?: number; answered?: () => boolean } = {},
): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    if (answered()) return;
    const { rows } = await db.$client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
    );
    if ((rows[0]?.n ?? 0) >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`${count} lock waiter(s) expected`);
}

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * Runs `work` in a transaction that stays open, holding its locks, until `release()`; `done`
 * settles once it has committed. The other side of a race a test plays out (decision 074).
 */
export function holdOpen(
  db: Database,
  work: (tx: Transaction) => Promise<unknown>,
): { release: () => void; done: Promise<void> } {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const done = db.transaction(async (tx) => {
    await work(tx);
    await gate;
  });
  return { release, done };
}
