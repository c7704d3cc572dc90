import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';

// Whether a step marked 'running' is still alive (decision 035). A step holds an advisory lock keyed
// by its run id for as long as its transaction lasts, and marks itself 'running' only once it holds
// it. PostgreSQL drops the lock when the transaction ends, including when the process dies and its
// connection goes: a 'running' run without its lock has stopped, whatever pg-boss still believes
// (a job stays 'active' until it expires, 30 minutes later). Reads treat it as failed; a new run may
// be started at once.

export const STOPPED_RUN_MESSAGE = 'The step stopped before finishing (the server restarted); run it again.';

/** Held by the step's transaction; see the module comment. Two-key form, so no clash with other locks. */
export async function holdRunLock(tx: Executor, runId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('commission_run'), ${runId}::int)`);
}

/** SQL: true when the run of `alias` (a commission_runs row) is 'running' and no step holds its lock. */
export function runStopped(alias: string): SQL {
  const run = sql.raw(alias);
  return sql`(${run}.status = 'running' and not exists (
    select 1 from pg_locks k
     where k.locktype = 'advisory' and k.granted and k.objsubid = 2
       and k.database = (select oid from pg_database where datname = current_database())
       and k.classid = hashtext('commission_run')::oid and k.objid = ${run}.id::oid))`;
}

/** Marks the stopped runs of a step as failed, so the history says what happened (before a new claim). */
export async function failStoppedRuns(db: Executor, stepName: string): Promise<number> {
  const result = await db.execute(sql`
    update commission_runs r set status = 'failed', error = ${STOPPED_RUN_MESSAGE}, finished_at = now()
     where r.step_name = ${stepName} and ${runStopped('r')}`);
  return result.rowCount ?? 0;
}
