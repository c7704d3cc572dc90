import { and, eq, gte, isNull, lte, notLike } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../client.ts';
import { ordersCommissionPaid, ordersImport, ordersMaster, usersMaster } from '../schema/index.ts';
import { markCommissionPaid } from './activity-factories.ts';
import {
  closePeriodRow,
  createCommissionLines,
  createCommissionPeriod,
  type NewLine,
} from './commission-cycle-factories.ts';
import type { Random } from './random.ts';

// The commission cycle on a fresh start (decision 032): last month's period closed with its lines
// and paid orders, this month's period open with lines waiting for stamping (a few held by the
// training gate), so '/commissions' shows real numbers. The lines stand in for the calculation.

const isoDate = (date: Date) => date.toISOString().slice(0, 10);
const CHUNK = 1000;

/** The demo personas the cycle needs (not demo.ts's type: demo.ts imports this file). */
interface CyclePeople {
  admin: { id: number };
  leader: { id: number };
  agent: { id: number };
}

export async function seedCommissionCycle(db: Executor, people: CyclePeople, random: Random, today: Date) {
  const monthStart = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), 1));
  const previousStart = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 1, 1));
  const previousEnd = new Date(monthStart.getTime() - 86_400_000);
  const monthEnd = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + 1, 0));
  const addDays = (date: Date, days: number) => isoDate(new Date(date.getTime() + days * 86_400_000));

  const previous = await createCommissionPeriod(db, {
    startDate: isoDate(previousStart),
    endDate: isoDate(previousEnd),
    paidDate: addDays(previousEnd, 7),
  });
  const current = await createCommissionPeriod(db, {
    startDate: isoDate(monthStart),
    endDate: isoDate(monthEnd),
    paidDate: addDays(monthEnd, 7),
    isActive: true,
  });

  const parent = alias(usersMaster, 'parent');
  // Orders activated last month or this month, attributed, not paid yet; the Order Override
  // fixtures (MFC-9…) are left alone.
  const orders = await db
    .select({
      id: ordersImport.id,
      activated: ordersImport.supplierActivationDate,
      dealerId: ordersMaster.usersMasterId,
      parentId: usersMaster.parentId,
      parentIsLeader: parent.isLeader,
    })
    .from(ordersImport)
    .innerJoin(ordersMaster, eq(ordersMaster.ordersImportId, ordersImport.id))
    .innerJoin(usersMaster, eq(usersMaster.id, ordersMaster.usersMasterId))
    .leftJoin(parent, eq(parent.id, usersMaster.parentId))
    .leftJoin(ordersCommissionPaid, eq(ordersCommissionPaid.ordersImportId, ordersImport.id))
    .where(
      and(
        gte(ordersImport.supplierActivationDate, isoDate(previousStart)),
        lte(ordersImport.supplierActivationDate, isoDate(today)),
        isNull(ordersCommissionPaid.ordersImportId),
        notLike(ordersImport.orderNumber, 'MFC-9%'),
      ),
    );

  // One seller of this month still owes compulsory training: their lines are held (DECISIONS 5).
  const personas = new Set([people.agent.id, people.leader.id]);
  const heldPayee = orders.find(
    (order) => (order.activated ?? '') > isoDate(previousEnd) && !personas.has(order.dealerId),
  )?.dealerId;
  const lines: NewLine[] = [];
  const paidLastMonth: number[] = [];
  for (const order of orders) {
    const last = (order.activated ?? '') <= isoDate(previousEnd);
    const periodId = last ? previous.id : null;
    const isHeld = !last && order.dealerId === heldPayee;
    lines.push({
      ordersImportId: order.id,
      payeeUsersMasterId: order.dealerId,
      amountCents: random.pick([15000, 20000, 25000, 30000, 35000]),
      commissionsPeriodId: periodId,
      isHeld,
    });
    if (order.parentId && order.parentIsLeader) {
      lines.push({
        ordersImportId: order.id,
        payeeUsersMasterId: order.parentId,
        amountCents: random.pick([5000, 7500]),
        leaderLevel: 1,
        commissionsPeriodId: periodId,
        isHeld: false,
      });
    }
    if (last) paidLastMonth.push(order.id);
  }
  for (let start = 0; start < lines.length; start += CHUNK) {
    await createCommissionLines(db, lines.slice(start, start + CHUNK));
  }
  await markCommissionPaid(db, paidLastMonth, { paidDate: previous.paidDate!, commissionsPeriodId: previous.id });
  await closePeriodRow(db, previous.id, people.admin.id);
  return { previous, current, lines: lines.length };
}
