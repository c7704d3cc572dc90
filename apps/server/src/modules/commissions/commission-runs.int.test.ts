import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, TEST_ORIGIN, type TestContext } from '../../../test/test-app.ts';
import { withConnection } from '../../db/client.ts';
import { commissionRuns, commissionsPeriodIndex } from '../../db/schema/index.ts';
import { createPeriod } from '../../db/seed/commission-cycle-factories.ts';
import { createUser, grantFeatures, type UserRow } from '../../db/seed/factories.ts';
import { holdRunLock, STOPPED_RUN_MESSAGE } from './commission-runs.queries.ts';

// A step whose process died (decision 035): the run row still says 'running' and pg-boss still has
// the job 'active' until it expires, but the step's lock went with its connection. Reads show the
// run failed, and the step can be started again at once instead of 30 minutes later.

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

const runOf = async (runs: { id: number }[], id: number) => runs.find((run) => run.id === id);

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.jobs.start();
  admin = await createUser(ctx.db, { isAdmin: true, password: PASSWORD });
  await grantFeatures(ctx.db, admin.id, ['Commissions']);
  periodId = (
    await createPeriod(ctx.db, {
      startDate: '2026-10-01',
      endDate: '2026-10-31',
      paidDate: '2026-11-07',
      isActive: true,
    })
  ).id;
  adminCookie = await ctx.signIn(admin.email!, PASSWORD);
});

afterAll(() => ctx?.close());

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
