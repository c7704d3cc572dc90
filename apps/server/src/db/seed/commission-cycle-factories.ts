import { eq } from 'drizzle-orm';
import type { Executor } from '../client.ts';
import { commissionLines, commissionsPeriodIndex } from '../schema/index.ts';

// Factories of the commission cycle (periods and lines), shared by the demo seed and the tests. The
// lines stand in for what the calculation or an import writes; the cycle's end (stamping, closing,
// exports) only reads them.

export type NewPeriod = Partial<typeof commissionsPeriodIndex.$inferInsert> & { startDate: string; endDate: string };

/**
 * A commissions period, the one factory of the calculation's and the cycle's tests, the demo and
 * the generated scenarios: paid on its end date unless told otherwise (so it can be closed),
 * inactive unless `isActive`.
 */
export async function createCommissionPeriod(db: Executor, period: NewPeriod) {
  const [row] = await db
    .insert(commissionsPeriodIndex)
    .values({ paidDate: period.endDate, ...period })
    .returning();
  return row!;
}

/** Marks a period closed directly (what the close step does after recording the paid orders). */
export async function closePeriodRow(db: Executor, periodId: number, closedBy: number | null = null) {
  await db
    .update(commissionsPeriodIndex)
    .set({ closedAt: new Date(), closedBy })
    .where(eq(commissionsPeriodIndex.id, periodId));
}

export type NewLine = Partial<typeof commissionLines.$inferInsert> & {
  ordersImportId: number;
  payeeUsersMasterId: number;
  amountCents: number;
};

/** Lines in one statement; agent lines by default, source 'calculated'. */
export async function createCommissionLines(db: Executor, lines: NewLine[]) {
  if (!lines.length) return [];
  return db
    .insert(commissionLines)
    .values(
      lines.map((line) => ({
        role: line.leaderLevel ? ('leader' as const) : ('agent' as const),
        source: 'calculated' as const,
        ...line,
      })),
    )
    .returning();
}
