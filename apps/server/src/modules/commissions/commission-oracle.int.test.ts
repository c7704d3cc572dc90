import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lineKey, type OracleLine, oracleLines } from '../../../test/commission-oracle.ts';
import { createTestContext, type TestContext } from '../../../test/test-app.ts';
import { createCommissionPeriod } from '../../db/seed/commission-cycle-factories.ts';
import { type CommissionModel, generateCommissionScenario } from '../../db/seed/commission-factories.ts';
import { createRandom } from '../../db/seed/random.ts';
import type { ReportProgress } from '../../platform/jobs.ts';
import { insertRun } from './commission-calc.queries.ts';
import { runStep, type StepHooks } from './commission-calc.service.ts';

// DECISIONS "Commissions" checked by an independent calculation (decision 031): a generated period
// (random tree, tiers, leaders, statuses, deals with zero rates, overrides, paid orders, training)
// is calculated by the SQL steps and by the plain-TypeScript oracle, and every line must agree to
// the cent: order, payee, role, level, amount, held. Then the steps are rerun (same lines) and
// killed half-way (no partial lines; a rerun gives the same lines again).

let ctx: TestContext;
let model: CommissionModel;
let periodId: number;
const PERIOD_END = '2026-10-31';
const quiet: ReportProgress = async () => {};

async function step(name: 'agent_commissions' | 'leader_commissions', hooks: StepHooks = {}) {
  const run = await insertRun(ctx.db, { stepName: name, commissionsPeriodId: periodId, status: 'queued' });
  return runStep({ db: ctx.db, jobs: ctx.jobs }, { runId: run.id }, quiet, hooks);
}

async function sqlLines(): Promise<OracleLine[]> {
  const result = await ctx.db.execute<{
    order_id: number;
    payee_id: number;
    role: 'agent' | 'leader';
    level: number | null;
    amount_cents: number;
    held: boolean;
  }>(sql`
    select orders_import_id as order_id, payee_users_master_id as payee_id, role, leader_level as level,
           amount_cents, is_held as held
      from commission_lines where source = 'calculated' and commissions_period_id is null`);
  return result.rows
    .map((row) => ({
      orderId: row.order_id,
      payeeId: row.payee_id,
      role: row.role,
      level: row.level,
      amountCents: row.amount_cents,
      held: row.held,
    }))
    .sort((a, b) => lineKey(a).localeCompare(lineKey(b)));
}

async function fullLines() {
  const result = await ctx.db.execute(sql`
    select orders_import_id, payee_users_master_id, role, leader_level, amount_cents, is_held,
           deals_master_id, products_master_id, rate_column
      from commission_lines_traced order by orders_import_id, payee_users_master_id, role, leader_level`);
  return result.rows;
}

beforeAll(async () => {
  ctx = await createTestContext();
  const [modules] = (await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from training_master`)).rows;
  expect(modules?.n).toBe(0);
  model = await generateCommissionScenario(ctx.db, createRandom(31), {
    users: 260,
    orders: 2500,
    periodEnd: PERIOD_END,
  });
  periodId = (await createCommissionPeriod(ctx.db, { startDate: '2026-10-01', endDate: PERIOD_END, isActive: true }))
    .id;
}, 120_000);

afterAll(async () => {
  await ctx?.close();
});

describe('the calculation agrees with the independent oracle', () => {
  it('writes exactly the oracle lines, to the cent, with the same held flags', async () => {
    const agent = await step('agent_commissions');
    const leader = await step('leader_commissions');
    const expected = oracleLines(model, { trainingGate: true });
    const actual = await sqlLines();

    // The generated period exercises every rule, or the comparison proves little.
    expect(expected.filter((l) => l.role === 'agent').length).toBeGreaterThan(300);
    expect(expected.filter((l) => l.role === 'leader' && l.level === 7).length).toBeGreaterThan(0);
    expect(expected.some((l) => l.held)).toBe(true);
    expect(agent.exceptions).toBeGreaterThan(0);

    const actualKeys = new Set(actual.map(lineKey));
    const expectedKeys = new Set(expected.map(lineKey));
    const missing = expected.filter((l) => !actualKeys.has(lineKey(l)));
    const extra = actual.filter((a) => !expectedKeys.has(lineKey(a)));
    expect({ missing: missing.slice(0, 5), extra: extra.slice(0, 5) }).toEqual({ missing: [], extra: [] });
    expect(actual).toEqual(expected);
    expect(agent.lines + leader.lines).toBe(expected.length);
  });

  it('every line names its deal, product and rate column; the agent column is the dealer tier', async () => {
    const result = await ctx.db.execute<{ bad: number }>(sql`
      select count(*)::int as bad from commission_lines_traced l
        join users_master u on u.id = l.payee_users_master_id
       where l.source = 'calculated'
         and (l.deals_master_id is null or l.products_master_id is null or l.rule is null
              or l.rate_column <> case when l.role = 'agent'
                   then 'deal_once_off_user_com_rate_' || u.refs_user_tier_id
                   else 'deal_once_off_leader_com_rate_' || l.leader_level end)`);
    expect(result.rows[0]?.bad).toBe(0);
  });

  it('lists every eligible order the agent step could not pay, with a reason', async () => {
    const result = await ctx.db.execute<{ reason: string }>(sql`
      select e.reason from commission_exceptions e
        join commission_runs r on r.id = e.commission_run_id and r.step_name = 'agent_commissions'
       where r.id = (select max(id) from commission_runs where step_name = 'agent_commissions' and status = 'completed')`);
    const reasons = result.rows.map((row) => row.reason);
    expect(reasons.some((r) => r.includes('has no deal'))).toBe(true);
    expect(reasons.some((r) => r.startsWith('Zero rate in deal_once_off_user_com_rate_'))).toBe(true);
    expect(reasons.some((r) => r.includes('lifecycle status'))).toBe(true);
    expect(reasons.some((r) => r.includes('not matched to a catalogue product'))).toBe(true);
    // Every eligible order has an agent line or an exception: none is silently dropped.
    const unaccounted = await ctx.db.execute<{ n: number }>(sql`
      select count(*)::int as n from orders_import oi
        left join orders_admin_override ov on ov.orders_import_id = oi.id
        left join orders_master om on om.orders_import_id = oi.id
       where oi.supplier_activation_date <= ${PERIOD_END}::date
         and coalesce(ov.newly_assigned_agent, om.users_master_id) is not null
         and not exists (select 1 from orders_commission_paid p where p.orders_import_id = oi.id)
         and not exists (select 1 from commission_lines l where l.orders_import_id = oi.id and l.role = 'agent')
         and not exists (select 1 from commission_exceptions e where e.orders_import_id = oi.id
                          and e.commission_run_id = (select max(id) from commission_runs
                                                      where step_name = 'agent_commissions' and status = 'completed'))`);
    expect(unaccounted.rows[0]?.n).toBe(0);
  });

  it('is idempotent: running both steps again gives the same lines', async () => {
    const before = await fullLines();
    await step('agent_commissions');
    await step('leader_commissions');
    await step('leader_commissions');
    expect(await fullLines()).toEqual(before);
  });

  it('a step that fails half-way leaves no partial lines, and a rerun gives the same lines', async () => {
    const before = await fullLines();
    await ctx.db.execute(sql`delete from commission_lines`);
    await expect(
      step('agent_commissions', {
        afterLines: async () => {
          throw new Error('killed after writing the lines');
        },
      }),
    ).rejects.toThrow('killed');
    expect(await fullLines()).toEqual([]);
    const failed = await ctx.db.execute<{ status: string }>(
      sql`select status from commission_runs order by id desc limit 1`,
    );
    expect(failed.rows[0]?.status).toBe('failed');

    // The process ended: the step's own database backend is terminated mid-transaction.
    await expect(
      step('leader_commissions', {
        afterLines: async (tx) => {
          await tx.execute(sql`select pg_terminate_backend(pg_backend_pid())`);
        },
      }),
    ).rejects.toThrow();
    expect(await fullLines()).toEqual([]);

    await step('agent_commissions');
    await step('leader_commissions');
    expect(await fullLines()).toEqual(before);
  });

  it('with the training gate off, nothing is held', async () => {
    await ctx.db.execute(
      sql`insert into app_settings (key, value) values ('commission_training_gate', 'false'::jsonb)
          on conflict (key) do update set value = excluded.value`,
    );
    await step('agent_commissions');
    await step('leader_commissions');
    expect(await sqlLines()).toEqual(oracleLines(model, { trainingGate: false }));
    await ctx.db.execute(sql`delete from app_settings where key = 'commission_training_gate'`);
    await step('agent_commissions');
    await step('leader_commissions');
    expect(await sqlLines()).toEqual(oracleLines(model, { trainingGate: true }));
  });
});
