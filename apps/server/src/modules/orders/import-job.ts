import type { Executor } from '../../db/client.ts';
import { findJobProgress } from '../../platform/jobs.queries.ts';

// What the orders CSV imports (fibre activity, agent lists) share about their batch's job.

/** The message a failed batch keeps: the error's, bounded, or a plain one when it has none. */
export const importFailureMessage = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).slice(0, 2000) || 'The import failed.';

/**
 * A batch as its status page shows it: its status (a completed batch reads as running until its
 * job has written the result with the rejected rows, which commits just after it), the job's
 * stage and percent, the result, and a page of the rejected rows.
 */
export async function importJobView<Result extends { rejected: unknown[] }>(
  db: Executor,
  batch: { status: string; jobId: string | null },
  paging: { page: number; pageSize: number },
) {
  const job = batch.jobId ? await findJobProgress(db, batch.jobId) : undefined;
  const result = (job?.result ?? null) as Partial<Result> | null;
  const status = batch.status === 'completed' && job && job.state !== 'completed' ? 'running' : batch.status;
  const rejected = (
    status === 'completed' && Array.isArray(result?.rejected) ? result.rejected : []
  ) as Result['rejected'];
  const start = (paging.page - 1) * paging.pageSize;
  return {
    status,
    result,
    stage: job?.stage ?? null,
    percent: status === 'completed' ? 100 : Math.min(99, job?.percent ?? 0),
    rejected: {
      items: rejected.slice(start, start + paging.pageSize) as Result['rejected'],
      total: rejected.length,
      page: paging.page,
      pageSize: paging.pageSize,
    },
  };
}
