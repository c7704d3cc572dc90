import { sql } from 'drizzle-orm';
import { insertRun, lockCommissionLines, updateRun } from '../../modules/commissions/commission-calc.queries.ts';
import { calculate } from '../../modules/commissions/commission-calc.service.ts';
import type { Executor } from '../client.ts';
import { usersDealIndex } from '../schema/index.ts';
import {
  createOrders,
  createTrainingModule,
  markCommissionPaid,
  overrideOrders,
  recordAttempts,
} from './activity-factories.ts';
import { createCommissionPeriod } from './commission-cycle-factories.ts';
import {
  createDeal,
  createProduct,
  createProductType,
  createSupplier,
  createUser,
  type DealRates,
  linkUser,
} from './factories.ts';
import type { Random } from './random.ts';

// A generated commission period (decision 031): a random dealer tree with tiers, leaders and
// lifecycle statuses, deals with rates (zeros included), orders in and out of the period, overrides,
// paid orders and a compulsory module some dealers have not passed. The demo seed, the integration
// tests and the oracle use it; it returns the model it wrote so a calculation can be checked against
// the facts as generated, not as read back.

export interface ModelUser {
  id: number;
  parentId: number | null;
  tier: number;
  isLeader: boolean;
  status: number;
  /** Passed the compulsory module for everyone / the compulsory leader module. */
  passedGeneral: boolean;
  passedLeader: boolean;
}

export interface ModelDealRow {
  dealId: number;
  productId: number;
  rates: DealRates;
}

export interface ModelDeal {
  id: number;
  supplierId: number;
  productTypeId: number;
  isDeleted: boolean;
  products: Map<number, DealRates>;
}

export interface ModelOrder {
  id: number;
  supplierId: number;
  productTypeId: number;
  productId: number | null;
  /** orders_master dealer; the override wins when set. */
  dealerId: number | null;
  overrideDealerId: number | null;
  activationDate: string | null;
  commissionPaid: boolean;
}

export interface CommissionModel {
  periodEnd: string;
  users: Map<number, ModelUser>;
  deals: Map<number, ModelDeal>;
  /** users_deal_index rows: user → deal ids that are active. */
  userDeals: Map<number, number[]>;
  orders: ModelOrder[];
}

export interface CommissionScenarioOptions {
  users: number;
  orders: number;
  periodEnd: string;
  /** How deep the tree gets: a parent is picked among the last `spread` users. */
  spread?: number;
}

const iso = (date: Date) => date.toISOString().slice(0, 10);
function addDays(dateIso: string, days: number): string {
  const date = new Date(`${dateIso}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return iso(date);
}

function randomRates(random: Random): DealRates {
  const rate = () => (random.chance(0.2) ? 0 : random.int(1, 60) * 5);
  return {
    user: [rate(), rate(), rate(), rate()],
    leader: [rate(), rate(), rate(), rate(), rate(), rate(), rate()],
  };
}

export async function generateCommissionScenario(
  db: Executor,
  random: Random,
  options: CommissionScenarioOptions,
): Promise<CommissionModel> {
  const spread = options.spread ?? 12;
  const fibre = await createProductType(db, `Fibre ${random.int(1000, 9999)}`);
  const mobile = await createProductType(db, `Mobile ${random.int(1000, 9999)}`);
  const types = [fibre.id, mobile.id];
  const suppliers = [
    await createSupplier(db, { productTypeIds: types }),
    await createSupplier(db, { productTypeIds: types }),
  ];

  // Products per supplier and type; deals with a random subset of them, some supplier × type with two deals.
  const deals = new Map<number, ModelDeal>();
  const productsOf = new Map<string, number[]>();
  for (const supplier of suppliers) {
    for (const typeId of types) {
      const ids: number[] = [];
      for (let p = 0; p < 3; p += 1) {
        ids.push((await createProduct(db, { suppliersMasterId: supplier.id, refsProductTypeId: typeId })).id);
      }
      productsOf.set(`${supplier.id}:${typeId}`, ids);
      const dealCount = random.int(1, 2);
      for (let d = 0; d < dealCount; d += 1) {
        const chosen = ids.filter(() => random.chance(0.8));
        const rows = chosen.map((productId) => ({ productId, rates: randomRates(random) }));
        const deal = await createDeal(db, { suppliersMasterId: supplier.id, refsProductTypeId: typeId }, rows);
        deals.set(deal.id, {
          id: deal.id,
          supplierId: supplier.id,
          productTypeId: typeId,
          isDeleted: false,
          products: new Map(rows.map((row) => [row.productId, row.rates])),
        });
      }
    }
  }
  // One deleted deal: never used even when assigned.
  const deletedDealId = [...deals.keys()][0]!;
  if (random.chance(0.5)) {
    await db.execute(sql`update deals_master set is_deleted = true where id = ${deletedDealId}`);
    deals.get(deletedDealId)!.isDeleted = true;
  }

  // The tree: each user under one of the last `spread` users (deep chains), a few roots.
  const users = new Map<number, ModelUser>();
  const order: number[] = [];
  for (let i = 0; i < options.users; i += 1) {
    const parentId =
      order.length === 0 || random.chance(0.02) ? null : order[Math.max(0, order.length - random.int(1, spread))]!;
    const statusRoll = random.next();
    const status = statusRoll < 0.8 ? 2 : statusRoll < 0.9 ? 3 : statusRoll < 0.94 ? 1 : statusRoll < 0.97 ? 4 : 5;
    const tier = random.int(1, 4);
    const isLeader = random.chance(0.45);
    const user = await createUser(db, {
      withoutLogin: true,
      parentId,
      refsUserTierId: tier,
      isLeader,
      refsUserLifecycleStatusId: status,
    });
    await linkUser(db, user.id, { supplierIds: suppliers.map((s) => s.id), productTypeIds: types });
    users.set(user.id, {
      id: user.id,
      parentId,
      tier,
      isLeader,
      status,
      passedGeneral: random.chance(0.85),
      passedLeader: random.chance(0.7),
    });
    order.push(user.id);
  }

  // Training: a compulsory module for everyone and a compulsory leader module (type 3).
  const general = await createTrainingModule(db, {
    moduleName: `Commission rules ${random.int(1, 9999)}`,
    isCompulsory: true,
  });
  const leaderModule = await createTrainingModule(db, {
    moduleName: `Leading a team ${random.int(1, 9999)}`,
    isCompulsory: true,
    trainingTypes: 3,
  });
  const all = [...users.values()];
  await recordAttempts(
    db,
    general.id,
    all.filter((u) => u.passedGeneral).map((u) => ({ userId: u.id, pass: true })),
  );
  await recordAttempts(
    db,
    general.id,
    all.filter((u) => !u.passedGeneral).map((u) => ({ userId: u.id, pass: false })),
  );
  await recordAttempts(
    db,
    leaderModule.id,
    all.filter((u) => u.passedLeader).map((u) => ({ userId: u.id, pass: true })),
  );

  // Deal assignments: most dealers get one deal per supplier × type, some two, a few an inactive one.
  const userDeals = new Map<number, number[]>();
  const dealRows: Array<typeof usersDealIndex.$inferInsert> = [];
  const dealsByKey = new Map<string, number[]>();
  for (const deal of deals.values()) {
    const key = `${deal.supplierId}:${deal.productTypeId}`;
    dealsByKey.set(key, [...(dealsByKey.get(key) ?? []), deal.id]);
  }
  for (const user of all) {
    const active: number[] = [];
    for (const ids of dealsByKey.values()) {
      if (!random.chance(0.85)) continue;
      const picked = random.chance(0.25) ? ids : [random.pick(ids)];
      for (const dealId of picked) {
        const isActive = !random.chance(0.05);
        dealRows.push({ usersMasterId: user.id, dealsMasterId: dealId, isActive });
        if (isActive) active.push(dealId);
      }
    }
    userDeals.set(user.id, active);
  }
  if (dealRows.length) await db.insert(usersDealIndex).values(dealRows).onConflictDoNothing();

  // Orders.
  const orders: ModelOrder[] = [];
  const specs: Array<{
    supplier: { id: number };
    typeId: number;
    productId: number | null;
    dealerId: number | null;
    activationDate: string | null;
  }> = [];
  for (let i = 0; i < options.orders; i += 1) {
    const supplier = random.pick(suppliers);
    const typeId = random.pick(types);
    const productId = random.chance(0.05) ? null : random.pick(productsOf.get(`${supplier.id}:${typeId}`)!);
    const dealerId = random.chance(0.92) ? random.pick(order) : null;
    const roll = random.next();
    const activationDate =
      roll < 0.78
        ? addDays(options.periodEnd, -random.int(0, 60))
        : roll < 0.9
          ? addDays(options.periodEnd, random.int(1, 20))
          : null;
    specs.push({ supplier, typeId, productId, dealerId, activationDate });
  }
  const created = await createOrders(
    db,
    specs.map((spec) => ({
      suppliersMasterId: spec.supplier.id,
      refsProductTypeId: spec.typeId,
      productsMasterId: spec.productId,
      product: spec.productId ? `Product ${spec.productId}` : 'Unknown package',
      orderCreatedDate: addDays(options.periodEnd, -90),
      supplierActivationDate: spec.activationDate,
      ...(spec.dealerId ? { dealerId: spec.dealerId } : {}),
    })),
  );
  const overrides: { orderId: number; dealerId: number }[] = [];
  const paid: number[] = [];
  created.forEach((row, index) => {
    const spec = specs[index]!;
    const overrideDealerId = random.chance(0.06) ? random.pick(order) : null;
    if (overrideDealerId) overrides.push({ orderId: row.id, dealerId: overrideDealerId });
    const commissionPaid = random.chance(0.05);
    if (commissionPaid) paid.push(row.id);
    orders.push({
      id: row.id,
      supplierId: spec.supplier.id,
      productTypeId: spec.typeId,
      productId: spec.productId,
      dealerId: spec.dealerId,
      overrideDealerId,
      activationDate: spec.activationDate,
      commissionPaid,
    });
  });
  await overrideOrders(db, overrides);
  await markCommissionPaid(db, paid, { paidDate: addDays(options.periodEnd, -40) });

  return { periodEnd: options.periodEnd, users, deals, userDeals, orders };
}

/**
 * The demo: an active period up to today (unless one is active) and its agent and leader lines
 * calculated in the seed's own transaction, so '/commissions' opens on a preview with lines,
 * held ones and exceptions.
 */
export async function seedCommissionCalculation(db: Executor, today: Date): Promise<void> {
  const active = await db.execute<{ id: number; end_date: string }>(
    sql`select id, end_date::text from commissions_period_index where is_active and closed_at is null limit 1`,
  );
  let period = active.rows[0];
  if (!period) {
    const end = iso(today);
    const created = await createCommissionPeriod(db, {
      startDate: `${end.slice(0, 8)}01`,
      endDate: end,
      isActive: true,
    });
    period = { id: created.id, end_date: created.endDate };
  }
  await lockCommissionLines(db);
  await calculateDemoPeriod(db, period);
  // One seller with lines waiting still owes the compulsory training (DECISIONS 5): their lines show
  // as held. Picked after a first calculation (only a dealer with lines can be held), then the
  // period is calculated again, as an admin would after the university status changed.
  const seller = await db.execute<{ id: number }>(sql`
    select l.payee_users_master_id as id
      from commission_lines l join users_master u on u.id = l.payee_users_master_id
     where l.commissions_period_id is null and l.role = 'agent' and l.source = 'calculated'
       and u.email not like '%@demo.co.za' and not u.is_admin
     order by l.payee_users_master_id limit 1`);
  const held = seller.rows[0];
  if (!held) return;
  await db.execute(sql`
    delete from training_user_attempt_index a
     using training_master m
     where m.id = a.module_id and m.is_compulsory and a.users_master_id = ${held.id}`);
  await calculateDemoPeriod(db, period);
}

async function calculateDemoPeriod(db: Executor, period: { id: number; end_date: string }): Promise<void> {
  for (const stepName of ['agent_commissions', 'leader_commissions'] as const) {
    const run = await insertRun(db, {
      stepName,
      commissionsPeriodId: period.id,
      status: 'running',
      startedAt: new Date(),
    });
    const outcome = await calculate(db, stepName, run, period.end_date, async () => {});
    await updateRun(db, run.id, {
      status: 'completed',
      finishedAt: new Date(),
      linesCount: outcome.lines,
      exceptionsCount: outcome.exceptions,
      ordersCount: outcome.orders,
    });
  }
}
