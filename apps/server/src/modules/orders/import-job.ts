import { parse } from 'csv-parse';
import type { Executor } from '../../db/client.ts';
import { findJobProgress, type JobProgressRow, jobHasStopped } from '../../platform/jobs.queries.ts';

// What the CSV imports (fibre activity, agent lists, commission payouts) share about their batch's job.

/**
 * Why a batch still recorded as queued or running will never finish (its job has stopped: the
 * server died while it ran and the job expired, or the job was deleted), or null. Each import
 * applies its file in one transaction, so nothing of such a file was applied.
 */
export const STOPPED_IMPORT_MESSAGE =
  'The import stopped before finishing (the server restarted or its job is gone); nothing of the file was applied: import it again.';

export async function stoppedImportReason(
  db: Executor,
  status: string,
  job: Pick<JobProgressRow, 'jobId' | 'queue'> | undefined,
): Promise<string | null> {
  if ((status !== 'queued' && status !== 'running') || !job) return null;
  return (await jobHasStopped(db, job)) ? STOPPED_IMPORT_MESSAGE : null;
}

/** The message a failed batch keeps: the error's, bounded, or a plain one when it has none. */
export const importFailureMessage = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).slice(0, 2000) || 'The import failed.';

/**
 * A batch as its status page shows it: its status (a completed batch reads as running until its
 * job has written the result with the rejected rows, which commits just after it; a batch whose job
 * has stopped reads as failed), the job's
 * stage and percent, the result, and a page of the rejected rows.
 */
export async function importJobView<Result extends { rejected: unknown[] }>(
  db: Executor,
  batch: { status: string; jobId: string | null },
  paging: { page: number; pageSize: number },
) {
  const job = batch.jobId ? await findJobProgress(db, batch.jobId) : undefined;
  const result = (job?.result ?? null) as Partial<Result> | null;
  const shown = batch.status === 'completed' && job && job.state !== 'completed' ? 'running' : batch.status;
  const stopped = await stoppedImportReason(db, shown, job);
  const status = stopped ? 'failed' : shown;
  const rejected = (
    status === 'completed' && Array.isArray(result?.rejected) ? result.rejected : []
  ) as Result['rejected'];
  const start = (paging.page - 1) * paging.pageSize;
  return {
    status,
    /** Why the batch reads as failed although it was never marked so (see `stoppedImportReason`). */
    stopped,
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

/**
 * The CSV imports' streaming parser: records keyed by their header's names (`name` of each header
 * cell), with csv-parse's `info` (line number, bytes read); a file lacking a required column
 * (`missingColumns`) fails at its header with the columns named. Empty lines are skipped and short
 * rows kept, for the row checks to report.
 */
export function importCsvParser(
  missingColumns: (header: string[]) => string[],
  name: (headerCell: string) => string = (cell) => cell.trim(),
) {
  return parse({
    bom: true,
    columns: (header: string[]) => {
      const missing = missingColumns(header);
      if (missing.length) throw new Error(`The file lacks the column(s): ${missing.join(', ')}.`);
      return header.map(name);
    },
    skip_empty_lines: true,
    relax_column_count: true,
    info: true,
  });
}
