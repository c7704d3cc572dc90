import type { Executor } from '../db/client.ts';
import { auditLog } from '../db/schema/index.ts';

export type AuditRow = typeof auditLog.$inferInsert;

export async function insertAuditRow(executor: Executor, row: AuditRow): Promise<number> {
  const [inserted] = await executor.insert(auditLog).values(row).returning({ id: auditLog.id });
  return inserted!.id;
}
