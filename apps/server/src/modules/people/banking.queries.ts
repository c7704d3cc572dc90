import type { BankingInfo } from '@portal/domain/people/user-detail';
import { desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { bankingDetails, refsBankAccountType } from '../../db/schema/index.ts';

// Banking details are kept as history: a change adds a row and the latest row (by id) is the one
// paid into, so every earlier account stays on record for the audit of a pay run.

/** The latest banking row (latest by id wins). */
export async function findLatestBanking(db: Executor, userId: number): Promise<BankingInfo | null> {
  const [row] = await db
    .select({
      bank: bankingDetails.bank,
      branchCode: bankingDetails.branchCode,
      accountNumber: bankingDetails.accountNumber,
      accountType: bankingDetails.accountType,
      accountTypeName: refsBankAccountType.name,
    })
    .from(bankingDetails)
    .innerJoin(refsBankAccountType, eq(refsBankAccountType.id, bankingDetails.accountType))
    .where(eq(bankingDetails.userId, userId))
    .orderBy(desc(bankingDetails.id))
    .limit(1);
  return row ?? null;
}

export async function insertBanking(tx: Executor, row: typeof bankingDetails.$inferInsert): Promise<void> {
  await tx.insert(bankingDetails).values(row);
}
