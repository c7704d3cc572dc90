import {
  BANK_EXPORT_HEADER,
  type BankingExportRequest,
  type ClosureSummary,
  type CommissionPeriod,
  type CurrentCommissionPeriod,
  type CycleStepStarted,
  centsToRand,
  EWALLET_EXPORT_HEADER,
  LINE_ALREADY_REVERSED,
  LINE_REVERSED,
  type LineReversed,
  type OpenNextPeriod,
  PERIOD_ALREADY_CLOSED,
  PERIOD_ALREADY_EXPORTED,
  PERIOD_BEING_CLOSED,
  type PeriodLines,
  type ReverseLineRequest,
  reversalBeyondLeft,
  type SalesReport,
  type ToggleCommissionFreezeResult,
} from '@portal/domain/commissions/cycle';
import { zCode } from '@portal/domain/people/z-code';
import { csvLines, csvText, UTF8_BOM } from '@portal/domain/platform/csv';
import type { Database, Executor } from '../../db/client.ts';
import type { Actor } from '../../platform/access.ts';
import { writeAudit } from '../../platform/audit.ts';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors.ts';
import type { Jobs, ReportProgress } from '../../platform/jobs.ts';
import { type Notice, type NoticeDeps, sendNotice } from '../../platform/notices.ts';
import { assertCurrentPassword } from '../../platform/step-up.ts';
import { lockCommissionLines } from './commission-calc.queries.ts';
import {
  closureTotals,
  countPayouts,
  countStampedLines,
  countUnstampedLines,
  findActivePeriod,
  findLatestClosedPeriod,
  findLineForReversal,
  findPeriod,
  findRun,
  findUnfinishedRun,
  insertReversal,
  insertRun,
  latestPeriodEnd,
  markBankingExported,
  markPeriodClosed,
  markRun,
  openPeriod,
  type PeriodRow,
  payoutsPage,
  periodLinesOfOrder,
  recordPaidOrders,
  reversalNoticeFacts,
  reversedCentsOf,
  salesByProduct,
  setCommissionFreeze,
  setRunJob,
  stampLines,
} from './commission-cycle.queries.ts';
import { failStoppedRuns, holdRunLock } from './commission-runs.queries.ts';
import { isCommissionFreezeOn } from './commissions.service.ts';

// The end of the commission cycle (spec 3 §2.9, §4.5; DECISIONS "Commissions" 6–10; decision
// 032). Stamping and closing run as jobs (progress on /api/jobs/{id} and over SSE); the request
// claims the step under the period's row lock, so two admins, or twenty clicks, start it once.
// Closing and the banking export need the admin's password again (step-up).

export const STAMP_QUEUE = 'commissions.stamp';
export const CLOSE_QUEUE = 'commissions.close';

export interface CommissionCycleDeps {
  db: Database;
  jobs: Jobs;
  /** Where a payee is told of a reversal. */
  notices: NoticeDeps;
}

interface StepJob {
  runId: number;
}

// ---- Freeze ----

export async function freezeStatus(db: Executor) {
  return { updateFreeze: await isCommissionFreezeOn(db) };
}

/** Turns the freeze on or off (spec 3 §4.5); audited with the value before and after. */
export async function toggleFreeze(
  db: Database,
  actor: Actor,
  updateFreeze: boolean,
  request?: { id: string; ip: string },
): Promise<ToggleCommissionFreezeResult> {
  await db.transaction(async (tx) => {
    const before = await setCommissionFreeze(tx, updateFreeze, actor.user.id);
    await writeAudit(tx, {
      actor,
      action: 'commission.freeze.toggle',
      entity: 'app_settings',
      entityId: 'commission_freeze',
      before: { value: before },
      after: { value: updateFreeze },
      ...(request ? { request } : {}),
    });
  });
  return {
    updateFreeze,
    message: updateFreeze
      ? 'Commission freeze is Active: profile and banking changes are refused.'
      : 'Commission freeze is Inactive: profile and banking changes are allowed again.',
  };
}

// ---- Periods ----

function toPeriod(row: PeriodRow, stampedLines: number): CommissionPeriod {
  return {
    id: row.id,
    startDate: row.start_date,
    endDate: row.end_date,
    paidDate: row.paid_date,
    isActive: row.is_active,
    status: row.closed_at ? 'closed' : 'open',
    closedAt: row.closed_at ? new Date(row.closed_at).toISOString() : null,
    bankingExportedAt: row.banking_exported_at ? new Date(row.banking_exported_at).toISOString() : null,
    stampedLines,
  };
}

export async function currentPeriod(db: Executor): Promise<CurrentCommissionPeriod> {
  const current = await findActivePeriod(db);
  const previous = await findLatestClosedPeriod(db, current?.id ?? null);
  const ids = [current?.id, previous?.id].filter((id): id is number => id !== undefined);
  const stamped = await countStampedLines(db, ids);
  const { unstamped, held } = await countUnstampedLines(db);
  return {
    current: current ? toPeriod(current, stamped.get(current.id) ?? 0) : null,
    previous: previous ? toPeriod(previous, stamped.get(previous.id) ?? 0) : null,
    unstampedLines: unstamped,
    heldLines: held,
  };
}

/**
 * Opens the next period once the active one is closed (decision 032): it starts after every
 * existing period ends, so no order's activation date falls in two periods.
 */
export async function openNextPeriod(db: Database, actor: Actor, input: OpenNextPeriod): Promise<CommissionPeriod> {
  return db.transaction(async (tx) => {
    const active = await findActivePeriod(tx, true);
    if (active && !active.closed_at) {
      throw conflict('Close the current commissions period before opening the next one.', undefined, 'PERIOD_OPEN');
    }
    const lastEnd = await latestPeriodEnd(tx);
    if (lastEnd && input.startDate <= lastEnd) {
      throw badRequest(`The next period must start after ${lastEnd}.`, [
        { field: 'startDate', message: `Choose a date after ${lastEnd}` },
      ]);
    }
    const row = await openPeriod(tx, input);
    await writeAudit(tx, {
      actor,
      action: 'commission.period.open',
      entity: 'commissions_period_index',
      entityId: row.id,
      after: { startDate: row.start_date, endDate: row.end_date, paidDate: row.paid_date, isActive: true },
    });
    return toPeriod(row, 0);
  });
}

async function openPeriodOrRefuse(tx: Executor, periodId: number): Promise<PeriodRow> {
  const period = await findPeriod(tx, periodId, true);
  if (!period) throw notFound('Commissions period not found', 'PERIOD_NOT_FOUND');
  if (period.closed_at) throw conflict(PERIOD_ALREADY_CLOSED, undefined, 'PERIOD_CLOSED');
  return period;
}

/**
 * Claims a step for a period: under the period's row lock, refuses a closed period or a run of the
 * same step still queued or running, then records the run and enqueues its job in the same
 * transaction (the job exists exactly when the run does).
 */
async function claimStep(
  deps: CommissionCycleDeps,
  actor: Actor,
  step: 'stamp' | 'close',
  periodId: number,
  check: (period: PeriodRow) => void,
): Promise<CycleStepStarted> {
  const queue = step === 'stamp' ? STAMP_QUEUE : CLOSE_QUEUE;
  const started = await deps.db.transaction(async (tx) => {
    const period = await openPeriodOrRefuse(tx, periodId);
    check(period);
    // A run whose process died is failed, not in the way (decision 035).
    await failStoppedRuns(tx, step);
    if (await findUnfinishedRun(tx, periodId, step)) {
      throw conflict(
        step === 'close' ? PERIOD_BEING_CLOSED : 'Stamping of this period is already running.',
        undefined,
        'STEP_RUNNING',
      );
    }
    const runId = await insertRun(tx, { stepName: step, periodId, startedBy: actor.user.id });
    const jobId = await deps.jobs.enqueueWithin<StepJob>(tx, queue, { runId }, { startedByUserId: actor.user.id });
    await setRunJob(tx, runId, jobId);
    await writeAudit(tx, {
      actor,
      action: `commission.cycle.${step}.start`,
      entity: 'commissions_period_index',
      entityId: periodId,
      after: { runId, jobId },
    });
    return { runId, jobId };
  });
  deps.jobs.wake(queue);
  return {
    ...started,
    message: step === 'close' ? 'Closing the commissions period…' : 'Stamping the commissions period…',
  };
}

/** GET-style "commissions-period-stamping": starts the stamping job for the period. */
export function startStamping(deps: CommissionCycleDeps, actor: Actor, periodId: number) {
  return claimStep(deps, actor, 'stamp', periodId, refuseExported);
}

/** Nothing is stamped into a period once its payout has gone to the bank (decision 054). */
function refuseExported(period: PeriodRow): void {
  if (period.banking_exported_at) throw conflict(PERIOD_ALREADY_EXPORTED, undefined, 'PERIOD_EXPORTED');
}

/** Close: the admin's password again, then the close job. Final (spec 3 §4.5). */
export async function startClosing(deps: CommissionCycleDeps, actor: Actor, periodId: number, password: string) {
  await assertCurrentPassword(deps.db, actor.authId, password, 'password');
  return claimStep(deps, actor, 'close', periodId, (period) => {
    if (!period.paid_date) {
      throw conflict('Set the paid date of the period before closing it.', undefined, 'PERIOD_NO_PAID_DATE');
    }
  });
}

/**
 * Runs a claimed step in one transaction with the period locked: the lines change, the run is
 * marked and the audit row is written together, or nothing is (a killed process leaves the run
 * 'running' with no change; the job's retry or a new claim runs it again).
 */
async function runStep(
  deps: CommissionCycleDeps,
  data: StepJob,
  progress: ReportProgress,
  work: (tx: Executor, period: PeriodRow) => Promise<{ lines: number; orders: number; audit: Record<string, unknown> }>,
) {
  const run = await findRun(deps.db, data.runId);
  if (!run) throw new Error(`commission run ${data.runId} not found`);
  try {
    const outcome = await deps.db.transaction(async (tx) => {
      // 'running' only while this transaction holds the run's lock (decision 035).
      await holdRunLock(tx, run.id);
      await markRun(deps.db, run.id, { status: 'running' });
      await progress('processing', 10, 'Locking the period');
      const period = await openPeriodOrRefuse(tx, run.commissions_period_id);
      await progress('processing', 30, 'Updating the lines');
      const result = await work(tx, period);
      await markRun(tx, run.id, { status: 'completed', linesCount: result.lines, ordersCount: result.orders });
      await writeAudit(tx, {
        actor: { userId: run.started_by, authId: null },
        action: `commission.cycle.${run.step_name}`,
        entity: 'commissions_period_index',
        entityId: period.id,
        after: { runId: run.id, ...result.audit },
      });
      return result;
    });
    await progress('complete', 100, `${outcome.lines} lines, ${outcome.orders} orders`);
    return { lines: outcome.lines, orders: outcome.orders };
  } catch (error) {
    await markRun(deps.db, run.id, {
      status: 'failed',
      error: error instanceof Error ? error.message.slice(0, 2000) : String(error),
    });
    throw error;
  }
}

export function runStamping(deps: CommissionCycleDeps, data: StepJob, progress: ReportProgress) {
  return runStep(deps, data, progress, async (tx, period) => {
    // After any calculation or import in flight: they decided which places of an order are free
    // from the stamped lines they read, so a line stamped under them would be written again.
    await lockCommissionLines(tx);
    // Checked again under the period's lock: an export may have come between the claim and the job.
    refuseExported(period);
    const stamped = await stampLines(tx, period.id);
    return { ...stamped, audit: { stampedLines: stamped.lines, stampedOrders: stamped.orders } };
  });
}

export function runClosing(deps: CommissionCycleDeps, data: StepJob, progress: ReportProgress) {
  return runStep(deps, data, progress, async (tx, period) => {
    if (!period.paid_date) throw new Error('The period has no paid date.');
    const paidOrders = await recordPaidOrders(tx, { id: period.id, paidDate: period.paid_date });
    const run = await findRun(tx, data.runId);
    await markPeriodClosed(tx, period.id, run?.started_by ?? null);
    const lines = await countStampedLines(tx, [period.id]);
    return {
      lines: lines.get(period.id) ?? 0,
      orders: paidOrders,
      audit: { closed: true, paidOrders, paidDate: period.paid_date },
    };
  });
}

// ---- Closure summary ----

export async function closureSummary(db: Executor, periodId: number): Promise<ClosureSummary> {
  if (!(await findPeriod(db, periodId))) throw notFound('Commissions period not found', 'PERIOD_NOT_FOUND');
  const { byRole, payeeCount } = await closureTotals(db, periodId);
  const block = (role: string) => {
    const row = byRole.find((item) => item.role === role);
    return { order_count: row?.order_count ?? 0, total_amount: Number(row?.total_amount ?? 0) };
  };
  const agent = block('agent');
  const dealer = block('leader');
  return {
    data: {
      agent,
      dealer,
      total_commissions_paid: agent.total_amount + dealer.total_amount,
      payee_count: payeeCount,
    },
  };
}

// ---- Banking export ----

const EXPORT_CHUNK = 1000;

/**
 * The period's payout file (DECISIONS "Commissions" 9): one row per payee with a positive total,
 * bank payees and eWallet payees in separate files. Needs the password again; audited with what
 * was exported (counts and total, never the account numbers).
 */
export async function bankingExport(
  db: Database,
  actor: Actor,
  input: BankingExportRequest,
  request?: { id: string; ip: string },
): Promise<{ fileName: string; lines: AsyncIterable<string> }> {
  await assertCurrentPassword(db, actor.authId, input.password, 'password');
  const payment = input.payment;
  const period = await findPeriod(db, input.period);
  if (!period) throw notFound('Commissions period not found', 'PERIOD_NOT_FOUND');
  // Marked under the period's lock, which a stamping holds until it commits: the file then holds
  // every line stamped so far, and no stamping comes after it (decision 054).
  await db.transaction(async (tx) => {
    await findPeriod(tx, period.id, true);
    const counted = await countPayouts(tx, period.id, payment);
    // A file with nobody in it sent nothing to the bank: the period may still be stamped.
    if (counted.payees > 0) await markBankingExported(tx, period.id);
    await writeAudit(tx, {
      actor,
      action: 'commission.banking.export',
      entity: 'commissions_period_index',
      entityId: period.id,
      after: { payment, payees: counted.payees, totalCents: Number(counted.total_cents) },
      ...(request ? { request } : {}),
    });
  });
  const header = payment === 'bank' ? BANK_EXPORT_HEADER : EWALLET_EXPORT_HEADER;
  const lines = (async function* () {
    yield UTF8_BOM + csvLines([header]);
    let after = 0;
    for (;;) {
      const rows = await payoutsPage(db, period.id, payment, { after, limit: EXPORT_CHUNK });
      if (rows.length) {
        yield csvLines(
          rows.map((row) => {
            const name = `${row.first_name ?? ''} ${row.surname ?? ''}`.trim();
            const amount = centsToRand(Number(row.total_cents));
            return payment === 'bank'
              ? [
                  `Z-${row.payee_id}`,
                  name,
                  row.bank,
                  csvText(row.branch_code),
                  csvText(row.account_number),
                  row.account_type,
                  amount,
                ]
              : [`Z-${row.payee_id}`, name, csvText(localPhone(row.phone)), row.e_wallet_link, amount];
          }),
        );
      }
      if (rows.length < EXPORT_CHUNK) return;
      after = Number(rows[rows.length - 1]!.payee_id);
    }
  })();
  return { fileName: `banking-${payment === 'bank' ? 'bank' : 'ewallet'}-period-${period.id}.csv`, lines };
}

/** +27821234567 → 0821234567 (spec 3 §9). */
function localPhone(phone: string | null): string | null {
  return phone?.startsWith('+27') ? `0${phone.slice(3)}` : phone;
}

// ---- Reversals ----

/**
 * A correction after close (DECISIONS "Commissions" 7; decisions 035, 046): a new line with the
 * negative amount pointing at the original, unstamped so the next stamping puts it in the open
 * period. A line may be taken back in parts, never beyond its amount: the original row is locked
 * first, so parallel reversals of one line run one after the other and each reads what the
 * earlier ones left. The original stays as it was.
 */
export async function postReversal(
  db: Database,
  notices: NoticeDeps,
  actor: Actor | { userId: number | null; authId: string | null },
  input: { lineId: number; takeBackCents?: number | undefined; reason: string },
  request?: { id: string; ip: string },
): Promise<{ reversalLineId: number; amountCents: number }> {
  return db.transaction(async (tx) => {
    const line = await findLineForReversal(tx, input.lineId);
    if (!line) throw notFound('Commission line not found', 'LINE_NOT_FOUND');
    if (line.source === 'reversal') throw badRequest('A reversal line cannot itself be reversed.');
    if (!line.period_closed_at) {
      throw conflict('Only a line of a closed period is reversed; an open period is corrected by re-running its step.');
    }
    const reversedBefore = await reversedCentsOf(tx, line.id);
    const leftCents = line.amount_cents - reversedBefore;
    if (leftCents <= 0) throw conflict(LINE_ALREADY_REVERSED, undefined, 'REVERSED');
    const takeBackCents = input.takeBackCents ?? leftCents;
    if (takeBackCents <= 0) {
      throw new AppError('BAD_REVERSAL', 400, 'A reversal takes back part or all of what is left of the line.');
    }
    if (takeBackCents > leftCents) throw conflict(reversalBeyondLeft(leftCents), undefined, 'REVERSAL_EXCEEDS_LINE');
    const amountCents = -takeBackCents;
    const reversalLineId = await insertReversal(tx, line, amountCents);
    await writeAudit(tx, {
      actor,
      action: 'commission.line.reverse',
      entity: 'commission_lines',
      entityId: reversalLineId,
      before: {
        lineId: line.id,
        periodId: line.commissions_period_id,
        payeeId: line.payee_users_master_id,
        amountCents: line.amount_cents,
        reversedCents: reversedBefore,
      },
      after: { reversalOfLineId: line.id, amountCents, leftCents: leftCents - takeBackCents, reason: input.reason },
      ...(request ? { request } : {}),
    });
    // Money leaves the payee's next payout: they are told, in the same transaction.
    const facts = await reversalNoticeFacts(tx, line);
    if (facts)
      await sendNotice(
        notices,
        reversalNotice(line.payee_users_master_id, facts, takeBackCents, input.reason),
        undefined,
        tx,
      );
    return { reversalLineId, amountCents };
  });
}

function reversalNotice(
  payeeId: number,
  facts: NonNullable<Awaited<ReturnType<typeof reversalNoticeFacts>>>,
  takeBackCents: number,
  reason: string,
): Notice {
  return {
    email: facts.email ?? undefined,
    phone: facts.phone ?? undefined,
    subject: 'A commission payment was reversed',
    text: `Hello ${facts.first_name ?? ''},\n\nR ${centsToRand(takeBackCents)} of the commission paid to you (${zCode(payeeId)}) for order ${facts.order_number} was reversed and will be taken from your next payout. Reason: ${reason}\n\nIf you have questions, contact your administrator.`,
  };
}

/**
 * The admin's reversal (decision 035): the password again, like the close, because a reversal is
 * as final as a close for the payee (a reversal is never reversed, so a mistaken one cannot be
 * taken back in the portal) and it takes money out of their next payout.
 */
export async function reverseLine(
  db: Database,
  notices: NoticeDeps,
  actor: Actor,
  input: ReverseLineRequest,
  request?: { id: string; ip: string },
): Promise<LineReversed> {
  await assertCurrentPassword(db, actor.authId, input.password, 'password');
  const reversed = await postReversal(
    db,
    notices,
    actor,
    { lineId: input.lineId, takeBackCents: input.takeBackCents, reason: input.reason },
    request,
  );
  return { ...reversed, message: LINE_REVERSED };
}

/** The lines of a period for one order, to choose the one to reverse. */
export async function periodLines(db: Executor, periodId: number, orderNumber: string): Promise<PeriodLines> {
  if (!(await findPeriod(db, periodId))) throw notFound('Commissions period not found', 'PERIOD_NOT_FOUND');
  const rows = await periodLinesOfOrder(db, periodId, orderNumber);
  return {
    lines: rows.map((row) => ({
      id: row.id,
      orderNumber: row.order_number,
      payeeId: row.payee_id,
      payeeName: `${row.first_name ?? ''} ${row.surname ?? ''}`.trim(),
      role: row.role,
      leaderLevel: row.leader_level,
      amountCents: row.amount_cents,
      source: row.source,
      reversedCents: row.reversed_cents,
    })),
  };
}

// ---- Sales report ----

export async function salesReport(db: Executor, periodId: number): Promise<SalesReport> {
  const period = await findPeriod(db, periodId);
  if (!period) throw notFound('Commissions period not found', 'PERIOD_NOT_FOUND');
  const rows = await salesByProduct(db, { id: period.id, startDate: period.start_date, endDate: period.end_date });
  return {
    periodId: period.id,
    startDate: period.start_date,
    endDate: period.end_date,
    rows: rows.map((row) => ({
      supplierId: row.supplier_id,
      supplierName: row.supplier_name,
      product: row.product,
      orderCount: row.order_count,
      commissionCents: Number(row.commission_cents),
    })),
    totalOrders: rows.reduce((sum, row) => sum + row.order_count, 0),
  };
}
