import { and, eq } from 'drizzle-orm';
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
