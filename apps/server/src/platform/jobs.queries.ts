import { eq, type SQL, sql } from 'drizzle-orm';
import type { Database, Executor } from '../db/client.ts';
import { jobProgress } from '../db/schema/index.ts';

export type JobProgressRow = typeof jobProgress.$inferSelect;
export type JobProgressChange = Partial<typeof jobProgress.$inferInsert>;

/** What pg-boss needs to run its own statements on our connections. */
export interface BossExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/** pg-boss on the pool: no second pool, the same connection settings. */
export function bossOnPool(db: Database): BossExecutor {
  return { executeSql: (text, values) => db.$client.query(text, values) };
}

/** pg-boss inside a transaction (or on any executor): its statements commit or roll back with ours. */
export function bossWithin(executor: Executor): BossExecutor {
  return { executeSql: (text, values) => executor.execute(boundSql(text, values)) };
}

/** pg-boss's numbered-parameter statement as Drizzle SQL, so it can run on any executor. */
function boundSql(text: string, values: unknown[] = []): SQL {
  const chunks = text
    .split(/\$(\d+)/)
    .map((part, index) => (index % 2 ? sql`${sql.param(values[Number(part) - 1])}` : sql.raw(part)));
  return sql.join(chunks);
}

/** The progress row of a new job; `ifMissing` leaves an existing row as it is. */
export async function insertJobProgress(
  executor: Executor,
  row: { jobId: string; queue: string; startedByUserId?: number | null },
  options: { ifMissing?: boolean } = {},
): Promise<void> {
  const insert = executor.insert(jobProgress).values({ ...row, startedByUserId: row.startedByUserId ?? null });
  await (options.ifMissing ? insert.onConflictDoNothing() : insert);
}

/** The progress rows of many new jobs of one queue, in ONE statement. */
export async function insertJobProgressRows(
  executor: Executor,
  rows: Array<{ jobId: string; queue: string; startedByUserId?: number | null }>,
): Promise<void> {
  if (!rows.length) return;
  await executor
    .insert(jobProgress)
    .values(rows.map((row) => ({ ...row, startedByUserId: row.startedByUserId ?? null })));
}

/** Changes a job's progress row (`onlyWhileRunning`: not once it has ended); returns the row. */
export async function updateJobProgress(
  db: Executor,
  jobId: string,
  values: JobProgressChange,
  onlyWhileRunning = false,
): Promise<JobProgressRow | undefined> {
  const where = onlyWhileRunning
    ? sql`${jobProgress.jobId} = ${jobId} and ${jobProgress.state} = 'running'`
    : eq(jobProgress.jobId, jobId);
  const [row] = await db
    .update(jobProgress)
    .set({ ...values, updatedAt: new Date() })
    .where(where)
    .returning();
  return row;
}

export async function findJobProgress(db: Executor, jobId: string): Promise<JobProgressRow | undefined> {
  const [row] = await db.select().from(jobProgress).where(eq(jobProgress.jobId, jobId));
  return row;
}

/**
 * pg-boss makes its tables at its first start; until then no job exists (a statement naming a
 * missing table fails, so the check is made first).
 */
export async function jobTableExists(db: Executor): Promise<boolean> {
  const result = await db.execute<{ exists: boolean }>(sql`select to_regclass('pgboss.job') is not null as exists`);
  return result.rows[0]?.exists ?? false;
}

/**
 * Whether a job can no longer run its handler to the end: pg-boss no longer holds it as waiting,
 * retrying, running or completed (deleted, archived, cancelled, or failed; a job whose process died
 * fails once it expires unless it may retry). Work recorded as queued or running under such a job
 * will never finish.
 */
export async function jobHasStopped(db: Executor, job: { jobId: string; queue: string }): Promise<boolean> {
  if (!(await jobTableExists(db))) return true;
  const result = await db.execute<{ live: boolean }>(sql`
    select exists (select 1 from pgboss.job j
                    where j.name = ${job.queue} and j.id = ${job.jobId}::uuid
                      and j.state in ('created', 'retry', 'active', 'completed')) as live`);
  return !result.rows[0]?.live;
}
