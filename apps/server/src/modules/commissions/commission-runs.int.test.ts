import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, TEST_ORIGIN, type TestContext } from '../../../test/test-app.ts';
import { withConnection } from '../../db/client.ts';
import { commissionRuns, commissionsPeriodIndex } from '../../db/schema/index.ts';
import { createTrainingModule, recordAttempts } from '../../db/seed/activity-factories.ts';
import { createCommissionPeriod } from '../../db/seed/commission-cycle-factories.ts';
import {
  createProductType,
  createSupplier,
  createUser,
  grantFeatures,
  linkUser,
  type UserRow,
} from '../../db/seed/factories.ts';
import { universityStatusOf } from '../university/university.service.ts';
import { stageHeldPayees } from './commission-calc.queries.ts';
import { COMMISSION_STEP_QUEUE } from './commission-calc.service.ts';
import { STAMP_QUEUE } from './commission-cycle.service.ts';
import { holdRunLock, STOPPED_RUN_MESSAGE, VANISHED_JOB_MESSAGE } from './commission-runs.queries.ts';

// A step whose process died (decision 035): the run row still says 'running' and pg-boss still has
// the job 'active' until it expires, but the step's lock went with its connection. Reads show the
// run failed, and the step can be started again at once instead of 30 minutes later. And the
// training gate's set-based copy of the university rule agrees with the university's own status.

const PASSWORD = 'Secret123';
let ctx: TestContext;
let admin: UserRow;
let adminCookie = '';
let periodId = 0;

async function call(method: 'GET' | 'POST', url: string, payload?: unknown) {
  return ctx.app.inject({
    method,
    url,
    headers: { cookie: adminCookie, origin: TEST_ORIGIN },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

async function runningRun(stepName: string) {
  const [run] = await ctx.db
    .insert(commissionRuns)
    .values({ stepName, commissionsPeriodId: periodId, status: 'running', startedBy: admin.id, startedAt: new Date() })
    .returning();
  return run!;
}

/**
 * A run queued with its pg-boss job, as a start writes them (one transaction), but with the job due
 * in an hour so no worker takes it while the test looks.
 */
async function queuedRun(stepName: string, queue: string) {
  return ctx.db.transaction(async (tx) => {
    const [run] = await tx
      .insert(commissionRuns)
      .values({ stepName, commissionsPeriodId: periodId, status: 'queued', startedBy: admin.id })
      .returning();
    const jobId = await ctx.jobs.enqueueWithin(tx, queue, { runId: run!.id });
    await tx.execute(sql`update pgboss.job set start_after = now() + interval '1 hour' where id = ${jobId}::uuid`);
    await tx.update(commissionRuns).set({ jobId }).where(eq(commissionRuns.id, run!.id));
    return { id: run!.id, jobId };
  });
}

/** What an operator's clean-up, or pg-boss's own archiving of an expired job, does to it. */
const deleteJob = (jobId: string) => ctx.db.execute(sql`delete from pgboss.job where id = ${jobId}::uuid`);

async function waitForJob(jobId: string) {
  for (let attempt = 0; attempt < 120; attempt += 1) {
    const job = await ctx.jobs.get(jobId);
    if (job?.state === 'completed' || job?.state === 'failed') return job;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`job ${jobId} did not finish`);
}

const runOf = async (runs: { id: number }[], id: number) => runs.find((run) => run.id === id);

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.jobs.start();
  admin = await createUser(ctx.db, { isAdmin: true, password: PASSWORD });
  await grantFeatures(ctx.db, admin.id, ['Commissions']);
  periodId = (
    await createCommissionPeriod(ctx.db, {
      startDate: '2026-10-01',
      endDate: '2026-10-31',
      paidDate: '2026-11-07',
      isActive: true,
    })
  ).id;
  adminCookie = await ctx.signIn(admin.email!, PASSWORD);
});

afterAll(() => ctx?.close());

describe('a queued step whose job is gone', () => {
  it('reads as queued while its job waits, and as failed with the reason once the job row is deleted', async () => {
    const run = await queuedRun('agent_commissions', COMMISSION_STEP_QUEUE);
    const waiting = (await call('GET', `/api/commissions/runs?period=${periodId}`)).json().runs;
    expect(await runOf(waiting, run.id)).toMatchObject({ status: 'queued', error: null });

    await deleteJob(run.jobId);
    const gone = (await call('GET', `/api/commissions/runs?period=${periodId}`)).json().runs;
    expect(await runOf(gone, run.id)).toMatchObject({ status: 'failed', error: VANISHED_JOB_MESSAGE });

    // Run again: the new run goes through, and the old one is recorded as failed with the reason.
    const again = await call('GET', `/api/commissions/agent-commissions?period=${periodId}`);
    expect(again.statusCode).toBe(202);
    const [old] = await ctx.db.select().from(commissionRuns).where(eq(commissionRuns.id, run.id));
    expect(old).toMatchObject({ status: 'failed', error: VANISHED_JOB_MESSAGE });
    expect((await waitForJob(again.json().jobId)).state).toBe('completed');
  });

  it('does not keep structure levels "running" for ever', async () => {
    const run = await queuedRun('structure_levels', COMMISSION_STEP_QUEUE);
    expect((await call('GET', '/api/structure/structure-levels-update-complete')).json()).toEqual({ complete: false });
    await deleteJob(run.jobId);
    expect((await call('GET', '/api/structure/structure-levels-update-complete')).json()).toEqual({ complete: true });
  });

  it('blocks stamping while its job waits, and no longer once the job is gone', async () => {
    const run = await queuedRun('stamp', STAMP_QUEUE);
    const stamp = () => call('POST', `/api/commissions/commissions-period-stamping?period=${periodId}`);
    expect((await stamp()).statusCode).toBe(409);

    await deleteJob(run.jobId);
    const started = await stamp();
    expect(started.statusCode).toBe(202);
    const [old] = await ctx.db.select().from(commissionRuns).where(eq(commissionRuns.id, run.id));
    expect(old).toMatchObject({ status: 'failed', error: VANISHED_JOB_MESSAGE });
    expect((await waitForJob(started.json().jobId)).state).toBe('completed');
  });
});

describe('a step whose process died', () => {
  it('reads as running while its step holds the lock, and as failed once its connection is gone', async () => {
    const run = await runningRun('agent_commissions');
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let backend = 0;
    let locked: () => void = () => {};
    const lockTaken = new Promise<void>((resolve) => {
      locked = resolve;
    });
    // The step's own connection, in its transaction with the run's lock, as runStep holds it.
    const step = withConnection(ctx.db, (connection) =>
      connection.transaction(async (tx) => {
        await holdRunLock(tx, run.id);
        backend = (await tx.execute<{ pid: number }>(sql`select pg_backend_pid() as pid`)).rows[0]!.pid;
        locked();
        await held;
      }),
    ).catch(() => 'terminated');
    await lockTaken;

    const alive = (await call('GET', `/api/commissions/runs?period=${periodId}`)).json().runs;
    expect(await runOf(alive, run.id)).toMatchObject({ status: 'running', error: null });

    // The process ends: its backend goes, and the lock with it.
    await ctx.db.execute(sql`select pg_terminate_backend(${backend})`);
    release();
    expect(await step).toBe('terminated');
    const stopped = (await call('GET', `/api/commissions/runs?period=${periodId}`)).json().runs;
    expect(await runOf(stopped, run.id)).toMatchObject({ status: 'failed', error: STOPPED_RUN_MESSAGE });
  });

  it('does not keep post-import or structure levels "running" for ever', async () => {
    await runningRun('structure_levels');
    await runningRun('post_import');
    expect((await call('GET', '/api/structure/structure-levels-update-complete')).json()).toEqual({ complete: true });
    expect((await call('GET', '/api/imports/post-import-complete')).json()).toMatchObject({
      complete: true,
      activeJobs: 0,
      message: `Post import failed: ${STOPPED_RUN_MESSAGE}`,
    });
  });

  it('does not block closing the period: the stopped close is marked failed and a new one closes it', async () => {
    const stale = await runningRun('close');
    const started = await call('POST', `/api/commissions/close-commissions-period?period=${periodId}`, {
      password: PASSWORD,
    });
    expect(started.statusCode).toBe(202);
    const [old] = await ctx.db.select().from(commissionRuns).where(eq(commissionRuns.id, stale.id));
    expect(old).toMatchObject({ status: 'failed', error: STOPPED_RUN_MESSAGE });
    for (let attempt = 0; attempt < 120; attempt += 1) {
      const job = await ctx.jobs.get(started.json().jobId);
      if (job?.state === 'completed' || job?.state === 'failed') break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const [period] = await ctx.db.select().from(commissionsPeriodIndex).where(eq(commissionsPeriodIndex.id, periodId));
    expect(period!.closedAt).not.toBeNull();
  });
});

describe('the training gate', () => {
  it('holds exactly the payees whose university status is 102 (the two copies of the rule agree)', async () => {
    const db = ctx.db;
    const [typeP, typeQ] = [await createProductType(db, 'Gate P'), await createProductType(db, 'Gate Q')];
    const supplierA = await createSupplier(db, { supplierName: 'Gate A', productTypeIds: [typeP.id] });
    const supplierB = await createSupplier(db, { supplierName: 'Gate B', productTypeIds: [typeP.id] });
    const forA = await createTrainingModule(db, {
      moduleName: 'Gate A',
      isCompulsory: true,
      supplierIds: [supplierA.id],
    });
    const forQ = await createTrainingModule(db, {
      moduleName: 'Gate Q',
      isCompulsory: true,
      productTypeIds: [typeQ.id],
    });
    // Leaders at structure level 4 or lower (a number at least 4).
    await createTrainingModule(db, {
      moduleName: 'Gate lead',
      isCompulsory: true,
      trainingTypes: 3,
      refsStructureLevelId: 4,
    });
    const optional = await createTrainingModule(db, { moduleName: 'Gate optional', isCompulsory: false });
    await createTrainingModule(db, { moduleName: 'Gate off', isCompulsory: true, active: false });

    const user = (fields: Parameters<typeof createUser>[1] = {}) => createUser(db, { withoutLogin: true, ...fields });
    const missingA = await user();
    const passedA = await user();
    const onlyB = await user();
    const missingQ = await user();
    const deepLeader = await user({ isLeader: true, refsMaxStructureLevelId: 5 });
    const highLeader = await user({ isLeader: true, refsMaxStructureLevelId: 2 });
    const notLeader = await user({ refsMaxStructureLevelId: 6 });
    const gateAdmin = await user({ isAdmin: true });
    for (const person of [missingA, passedA]) await linkUser(db, person.id, { supplierIds: [supplierA.id] });
    await linkUser(db, onlyB.id, { supplierIds: [supplierB.id] });
    await linkUser(db, missingQ.id, { productTypeIds: [typeQ.id] });
    await recordAttempts(db, forA.id, [
      { userId: passedA.id, pass: true },
      { userId: missingA.id, pass: false },
    ]);
    await recordAttempts(db, forQ.id, [{ userId: onlyB.id, pass: true }]);
    await recordAttempts(db, optional.id, [{ userId: missingA.id, pass: true }]);

    const people = [missingA, passedA, onlyB, missingQ, deepLeader, highLeader, notLeader, gateAdmin, admin];
    const ids = people.map((person) => person.id);
    const held = await db.transaction(async (tx) => {
      await stageHeldPayees(tx, true);
      const rows = await tx.execute<{ id: number }>(
        sql`select id from commission_held_payees where id = any(${`{${ids.join(',')}}`}::int[]) order by id`,
      );
      return rows.rows.map((row) => row.id);
    });
    const statuses = await universityStatusOf(db, ids);
    expect(held).toEqual(ids.filter((id) => statuses.get(id) === 102).sort((a, b) => a - b));
    expect(held).toEqual([missingA.id, missingQ.id, deepLeader.id].sort((a, b) => a - b));
  });
});
