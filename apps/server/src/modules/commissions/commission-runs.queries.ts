import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { jobTableExists } from '../../platform/jobs.queries.ts';

// Whether a step's run can still finish, or has stopped and must be run again. Two ways to stop:
//
// - 'running' and its process died (decision 035). A step holds an advisory lock keyed by its run
//   id for as long as its transaction lasts, and marks itself 'running' only once it holds it.
//   PostgreSQL drops the lock when the transaction ends, including when the process dies and its
//   connection goes: a 'running' run without its lock has stopped, whatever pg-boss still believes
//   (a job stays 'active' until it expires, 30 minutes later).
// - 'queued' and its pg-boss job is gone (decision 046): deleted, archived after expiring unstarted,
//   or failed or cancelled before our handler marked the run. The run and its job are written in
//   one transaction and the handler marks the run before pg-boss can end the job, so a 'queued' run
//   whose job is not created, retry or active will never start.
//
// Reads treat such a run as failed with its reason; claims and new starts mark it failed, so the
// history says what happened and the step can be started again at once.

export const STOPPED_RUN_MESSAGE = 'The step stopped before finishing (the server restarted); run it again.';
export const VANISHED_JOB_MESSAGE =
  'The step never started: its queued job is gone (deleted, expired or failed before it ran); run it again.';

/** Held by the step's transaction; see the module comment. Two-key form, so no clash with other locks. */
export async function holdRunLock(tx: Executor, runId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('commission_run'), ${runId}::int)`);
}

/**
 * SQL, per commission_runs row of `alias`: why the run has stopped (the message to show), or null
 * while it can still finish. See the module comment.
 */
export async function stoppedReason(db: Executor, alias: string): Promise<SQL> {
  const run = sql.raw(alias);
  const lockGone = sql`not exists (
    select 1 from pg_locks k
     where k.locktype = 'advisory' and k.granted and k.objsubid = 2
       and k.database = (select oid from pg_database where datname = current_database())
       and k.classid = hashtext('commission_run')::oid and k.objid = ${run}.id::oid)`;
  const jobGone = (await jobTableExists(db))
    ? sql`not exists (
        select 1 from job_progress p join pgboss.job j on j.name = p.queue and j.id = p.job_id
         where p.job_id = ${run}.job_id and j.state in ('created', 'retry', 'active'))`
    : sql`true`;
  return sql`(case when ${run}.status = 'running' and ${lockGone} then ${STOPPED_RUN_MESSAGE}::text
                   when ${run}.status = 'queued' and ${jobGone} then ${VANISHED_JOB_MESSAGE}::text end)`;
}

/** Marks the stopped runs of a step as failed with their reason, so a new run may start (set-based). */
export async function failStoppedRuns(db: Executor, stepName: string): Promise<number> {
  const reason = await stoppedReason(db, 'r');
  const result = await db.execute(sql`
    update commission_runs r set status = 'failed', error = ${reason}, finished_at = now()
     where r.step_name = ${stepName} and r.status in ('queued', 'running') and ${reason} is not null`);
  return result.rowCount ?? 0;
}
