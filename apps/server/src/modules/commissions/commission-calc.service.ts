import type {
  CommissionRun,
  CommissionRuns,
  CommissionStepStarted,
  PostImportComplete,
} from '@portal/domain/commissions/calculation';
import { type Database, type Executor, withConnection } from '../../db/client.ts';
import type { Actor } from '../../platform/access.ts';
import { writeAudit } from '../../platform/audit.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import type { Jobs, ReportProgress } from '../../platform/jobs.ts';
import {
  activeRuns,
  attributeUnmatchedOrders,
  type CommissionRunRow,
  findActivePeriod,
  findPeriod,
  findRun,
  insertRun,
  latestRuns,
  lockCommissionLines,
  matchOrderProducts,
  refreshHeldFlags,
  releaseOrderLines,
  stageDealerLeaders,
  stageEligibleOrders,
  stageHeldPayees,
  stageKeptPairs,
  trainingGateOn,
  tryShareCommissionLines,
  updateRun,
  updateStructureLevels,
  writeAgentExceptions,
  writeAgentLines,
  writeLeaderExceptions,
  writeLeaderLines,
} from './commission-calc.queries.ts';
import { failStoppedRuns, holdRunLock } from './commission-runs.queries.ts';

// The calculation steps of the cycle (spec 3 §4.5; DECISIONS "Commissions" 1–6; decision 031).
// A request checks the period, records a run (queued) and enqueues a job in one transaction; the
// job does the whole step in ONE transaction on one connection after taking the commissions lock,
// so a step that fails or whose process dies leaves no partial lines, and running it again gives
// the same lines (a rerun deletes the unstamped calculated lines it would write and writes them again).

export const COMMISSION_STEP_QUEUE = 'commissions.step';

export type CalcStep = 'post_import' | 'structure_levels' | 'agent_commissions' | 'leader_commissions';

export interface CommissionCalcDeps {
  db: Database;
  jobs: Jobs;
}

/** Test seam: runs inside the step's transaction once its lines are written, before it commits. */
export interface StepHooks {
  afterLines?: (tx: Executor) => Promise<void>;
}

export interface StepResult {
  runId: number;
  orders: number;
  lines: number;
  exceptions: number;
  heldChanged?: number;
}

const STEP_LABEL: Record<CalcStep, string> = {
  post_import: 'Post-import processing',
  structure_levels: 'Structure levels update',
  agent_commissions: 'Agent commissions',
  leader_commissions: 'Leader commissions',
};

async function openPeriod(db: Executor, periodId: number) {
  const period = await findPeriod(db, periodId);
  if (!period) throw notFound('Commissions period not found', 'PERIOD_NOT_FOUND');
  if (period.closedAt) {
    throw conflict(
      'This commissions period is closed: its commissions cannot be modified.',
      undefined,
      'PERIOD_CLOSED',
    );
  }
  return period;
}

/** Records the run and enqueues its job in one transaction; the job exists exactly when the run does. */
export async function startStep(
  deps: CommissionCalcDeps,
  actor: Actor,
  step: CalcStep,
  periodId: number | null,
  extra: Record<string, unknown> = {},
): Promise<CommissionStepStarted> {
  const { db, jobs } = deps;
  if (periodId !== null) await openPeriod(db, periodId);
  const started = await db.transaction(async (tx) => {
    // A run of this step that stopped (process died, or its queued job is gone) is recorded as
    // failed with its reason, not left 'queued' or 'running' in the history (decisions 035, 046).
    await failStoppedRuns(tx, step);
    const run = await insertRun(tx, {
      stepName: step,
      commissionsPeriodId: periodId,
      status: 'queued',
      startedBy: actor.user.id,
    });
    const jobId = await jobs.enqueueWithin(
      tx,
      COMMISSION_STEP_QUEUE,
      { runId: run.id, ...extra },
      { startedByUserId: actor.user.id },
    );
    await updateRun(tx, run.id, { jobId });
    await writeAudit(tx, {
      actor,
      action: `commission.${step}.start`,
      entity: 'commission_runs',
      entityId: run.id,
      after: { step, periodId, ...extra },
    });
    return { runId: run.id, jobId };
  });
  jobs.wake(COMMISSION_STEP_QUEUE);
  return { ...started, message: `${STEP_LABEL[step]} started` };
}

/** The job of every step: see the module comment. */
export async function runStep(
  deps: CommissionCalcDeps,
  data: { runId: number; supplierId?: number | null },
  progress: ReportProgress,
  hooks: StepHooks = {},
): Promise<StepResult> {
  const { db } = deps;
  const run = await findRun(db, data.runId);
  if (!run) throw new Error(`commission run ${data.runId} not found`);
  try {
    const result = await withConnection(db, (connection) =>
      connection.transaction(async (tx) => {
        // 'running' only while this transaction holds the run's lock: if the process dies, the lock
        // goes with its connection and reads see the run as stopped (decision 035).
        await holdRunLock(tx, run.id);
        await updateRun(db, run.id, { status: 'running', startedAt: new Date(), finishedAt: null, error: null });
        await progress('preparing', 5, 'Waiting for other commission work to finish');
        await lockCommissionLines(tx);
        const step = run.stepName as CalcStep;
        let outcome: Omit<StepResult, 'runId'>;
        if (step === 'agent_commissions' || step === 'leader_commissions') {
          if (run.commissionsPeriodId === null) throw new Error('The run has no period.');
          const period = await openPeriod(tx, run.commissionsPeriodId);
          outcome = await calculate(tx, step, run, period.endDate, progress);
        } else if (step === 'post_import') {
          await progress('processing', 20, 'Attributing unmatched orders');
          const attributed = await attributeUnmatchedOrders(tx, data.supplierId ?? null);
          await progress('processing', 60, 'Matching order products');
          const products = await matchOrderProducts(tx, data.supplierId ?? null);
          outcome = { orders: attributed + products, lines: 0, exceptions: 0 };
        } else if (step === 'structure_levels') {
          await progress('processing', 30, 'Updating structure levels');
          outcome = { orders: await updateStructureLevels(tx), lines: 0, exceptions: 0 };
        } else {
          throw new Error(`unknown step ${run.stepName}`);
        }
        if (hooks.afterLines) await hooks.afterLines(tx);
        await updateRun(tx, run.id, {
          status: 'completed',
          finishedAt: new Date(),
          linesCount: outcome.lines,
          exceptionsCount: outcome.exceptions,
          ordersCount: outcome.orders,
        });
        await writeAudit(tx, {
          actor: { userId: run.startedBy, authId: null },
          action: `commission.${step}.complete`,
          entity: 'commission_runs',
          entityId: run.id,
          after: outcome,
        });
        return { runId: run.id, ...outcome };
      }),
    );
    await progress('complete', 100, completionMessage(run.stepName as CalcStep, result));
    return result;
  } catch (error) {
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 2000) || 'The step failed.';
    await updateRun(db, run.id, { status: 'failed', error: message, finishedAt: new Date() });
    throw error;
  }
}

function completionMessage(step: CalcStep, result: StepResult): string {
  if (step === 'post_import') return `Post-import complete: ${result.orders} orders attributed or matched`;
  if (step === 'structure_levels') return `Structure levels updated (${result.orders} changed)`;
  return `${result.lines} lines from ${result.orders} eligible orders, ${result.exceptions} exceptions`;
}

/** One calculation step inside the caller's transaction (the job, and the demo seed's own transaction). */
export async function calculate(
  tx: Executor,
  step: 'agent_commissions' | 'leader_commissions',
  run: CommissionRunRow,
  periodEnd: string,
  progress: ReportProgress,
): Promise<Omit<StepResult, 'runId'>> {
  await progress('processing', 10, 'Selecting eligible orders');
  const orders = await stageEligibleOrders(tx, periodEnd);
  await progress('processing', 30, 'Checking training status');
  await stageHeldPayees(tx, await trainingGateOn(tx));
  let lines: number;
  let exceptions: number;
  if (step === 'agent_commissions') {
    await progress('processing', 50, 'Writing agent lines');
    await stageKeptPairs(tx, 'agent');
    lines = await writeAgentLines(tx, run.id);
    exceptions = await writeAgentExceptions(tx, run.id);
  } else {
    await progress('processing', 40, 'Walking up to the leaders');
    await stageDealerLeaders(tx);
    await progress('processing', 60, 'Writing leader lines');
    await stageKeptPairs(tx, 'leader');
    lines = await writeLeaderLines(tx, run.id);
    exceptions = await writeLeaderExceptions(tx, run.id);
  }
  await progress('processing', 90, 'Rolling held lines over');
  const heldChanged = await refreshHeldFlags(tx);
  return { orders, lines, exceptions, heldChanged };
}

function toRun(row: CommissionRunRow): CommissionRun {
  return {
    id: row.id,
    step: row.stepName,
    periodId: row.commissionsPeriodId,
    status: row.status as CommissionRun['status'],
    linesCount: row.linesCount,
    exceptionsCount: row.exceptionsCount,
    ordersCount: row.ordersCount,
    error: row.error,
    jobId: row.jobId,
    startedAt: row.startedAt ? row.startedAt.toISOString() : null,
    finishedAt: row.finishedAt ? row.finishedAt.toISOString() : null,
  };
}

export type OrderLinesRelease =
  | { state: 'calculating' }
  | { state: 'stamped' }
  | { state: 'released'; dropped: number };

/**
 * Frees an order's commission lines for a change of dealer (Order Override; decision 054), inside
 * the caller's transaction and before it writes the change. 'calculating': a step that writes lines
 * is running, and would write them for the old dealer. 'stamped': a line of the order is in a
 * period's payout, which counts as paid. 'released': its unstamped calculated lines are gone, for
 * the next calculation to write for the new dealer.
 */
export async function releaseOrderForReassignment(tx: Executor, orderId: number): Promise<OrderLinesRelease> {
  if (!(await tryShareCommissionLines(tx))) return { state: 'calculating' };
  const lines = await releaseOrderLines(tx, orderId);
  return lines.stamped ? { state: 'stamped' } : { state: 'released', dropped: lines.dropped };
}

export async function commissionRunsOf(db: Database, periodId?: number): Promise<CommissionRuns> {
  const active = await findActivePeriod(db);
  const rows = await latestRuns(
    db,
    ['post_import', 'structure_levels', 'agent_commissions', 'leader_commissions'],
    periodId ?? active?.id,
  );
  return {
    activePeriod: active
      ? { id: active.id, startDate: active.startDate, endDate: active.endDate, closed: active.closedAt !== null }
      : null,
    runs: rows.map(toRun),
  };
}

/** GET /api/imports/post-import-complete: complete when no post-import run is queued or running. */
export async function postImportStatus(db: Database): Promise<PostImportComplete> {
  const active = await activeRuns(db, 'post_import');
  const [latest] = await latestRuns(db, ['post_import']);
  if (active.length)
    return { complete: false, message: 'Post-import processing is running', activeJobs: active.length };
  if (latest?.status === 'failed') {
    return { complete: true, message: `Post import failed: ${latest.error ?? 'unknown error'}`, activeJobs: 0 };
  }
  return {
    complete: true,
    message: latest
      ? `Post-import complete: ${latest.ordersCount} orders attributed or matched`
      : 'No post-import run yet',
    activeJobs: 0,
  };
}

export async function structureLevelsStatus(db: Database): Promise<{ complete: boolean }> {
  const active = await activeRuns(db, 'structure_levels');
  return { complete: active.length === 0 };
}

export function parseSupplier(value: 'all' | number): number | null {
  if (value === 'all') return null;
  if (!Number.isInteger(value) || value <= 0) throw badRequest('supplier_id must be all or a supplier id');
  return value;
}
