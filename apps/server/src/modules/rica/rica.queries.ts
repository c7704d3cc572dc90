import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { refsNetwork, ricaSubmissions } from '../../db/schema/index.ts';

export type RicaSubmissionRow = typeof ricaSubmissions.$inferSelect;

/** True when the code names a network that takes RICA registrations. */
export async function isRicaNetwork(db: Executor, code: string): Promise<boolean> {
  const rows = await db
    .select({ code: refsNetwork.code })
    .from(refsNetwork)
    .where(and(eq(refsNetwork.code, code), eq(refsNetwork.isRica, true)))
    .limit(1);
  return rows.length > 0;
}

export async function insertRicaSubmission(
  tx: Executor,
  row: typeof ricaSubmissions.$inferInsert,
): Promise<RicaSubmissionRow> {
  const [inserted] = await tx.insert(ricaSubmissions).values(row).returning();
  return inserted!;
}

export async function recordRicaOutcome(
  db: Executor,
  id: number,
  outcome: { status: RicaSubmissionRow['status']; resultText: string | null },
): Promise<void> {
  await db.update(ricaSubmissions).set(outcome).where(eq(ricaSubmissions.id, id));
}

/**
 * A registration of this SIM on this network that stands (decision 067): one the operator did not
 * refuse (`succeeded`, or `submitted`: the local adapter's accepted outcome), or one still waiting
 * for the operator's answer, unless that answer is overdue by `inFlightMinutes` (the call never
 * came back: the server stopped mid-call). A failed registration never stands.
 */
export async function hasStandingRegistration(
  tx: Executor,
  network: string,
  simNumber: string,
  inFlightMinutes: number,
): Promise<boolean> {
  const result = await tx.execute(sql`
    SELECT 1 FROM rica_submissions
     WHERE reference_number = ${simNumber} AND network = ${network} AND status <> 'failed'
       AND (result_text IS NOT NULL OR created_at > now() - make_interval(mins => ${inFlightMinutes}))
     LIMIT 1`);
  return result.rows.length > 0;
}

/** The dealer's registrations within the last hour, and when the oldest of them leaves it (seconds). */
export async function recentSubmissions(tx: Executor, userId: number): Promise<{ count: number; leavesIn: number }> {
  const result = await tx.execute<{ count: number; leaves_in: number | null }>(sql`
    SELECT count(*)::int AS count,
           ceil(extract(epoch FROM min(created_at) + interval '1 hour' - now()))::int AS leaves_in
      FROM rica_submissions
     WHERE user_id = ${userId} AND created_at > now() - interval '1 hour'`);
  const row = result.rows[0]!;
  return { count: row.count, leavesIn: row.leaves_in ?? 0 };
}
