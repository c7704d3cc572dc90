import type { NamedItem } from '@portal/domain/catalogue/catalogue';
import {
  ACTIVE_LIFECYCLE_STATUS,
  type FindOrderQuery,
  ORDER_OVERRIDE_MESSAGES,
  ORDER_OVERRIDE_WINDOW_DAYS,
  type OverrideDealer,
  type OverrideDealersQuery,
  type OverrideListQuery,
  type OverrideOrder,
  type ReallocatedOrderPage,
  type ReassignOrderRequest,
  type UnmatchedOrderPage,
} from '@portal/domain/orders/order-override';
import { zCode } from '@portal/domain/people/z-code';
import type { FastifyRequest } from 'fastify';
import type { Database, Executor } from '../../db/client.ts';
import type { Actor } from '../../platform/access.ts';
import { writeAudit } from '../../platform/audit.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { isSupplierDealer, linkedDealersByStatus, productTypesAndSuppliers } from '../catalogue/catalogue.service.ts';
import { releaseOrderForReassignment } from '../commissions/commission-calc.service.ts';
import {
  findOrderByNumber,
  findReallocatedOrders,
  findUnmatchedOrders,
  lockOrder,
  type OrderWithDealer,
  upsertOverride,
} from './order-override.queries.ts';

// Order Override (spec 3 §2.13, §4.4; DECISIONS "Orders"). The routes' guard admits admins with the
// Reallocations flag. A reassignment goes to an active dealer linked to the order's supplier, is
// refused once the order's commission is paid or in a period's payout (decision 054), and writes the
// override, drops the order's recalculable commission lines and writes its audit row in one
// transaction (the order row is locked, so two admins' reassignments queue up).

type Request = Pick<FastifyRequest, 'id' | 'ip'> & { actor?: Actor };

const dealerOf = (id: number | null, firstName: string | null, surname: string | null): OverrideDealer | null =>
  id === null || id === undefined
    ? null
    : { id: Number(id), code: zCode(Number(id)), name: `${firstName ?? ''} ${surname ?? ''}`.trim() };

const pageArgs = (query: OverrideListQuery) => ({
  supplierId: query.supplierId,
  windowDays: ORDER_OVERRIDE_WINDOW_DAYS,
  limit: query.pageSize,
  offset: (query.page - 1) * query.pageSize,
});

/** The supplier picker: every supplier, hidden ones included (orders arrive for them too). */
export async function overrideSuppliers(db: Executor): Promise<NamedItem[]> {
  return (await productTypesAndSuppliers(db)).suppliers;
}

export async function unmatchedOrders(db: Executor, query: OverrideListQuery): Promise<UnmatchedOrderPage> {
  const rows = await findUnmatchedOrders(db, pageArgs(query));
  return {
    items: rows.map((row) => ({
      id: Number(row.id),
      orderNumber: row.order_number,
      agentIdentification: row.agent_identification,
      customerName: row.customer_name,
      product: row.product,
      createdDate: row.order_created_date,
      paidDate: row.order_paid_date,
      isCommissionPaid: Boolean(row.is_commission_paid),
    })),
    page: query.page,
    pageSize: query.pageSize,
    total: Number(rows[0]?.total ?? 0),
  };
}

export async function reallocatedOrders(db: Executor, query: OverrideListQuery): Promise<ReallocatedOrderPage> {
  const rows = await findReallocatedOrders(db, pageArgs(query));
  return {
    items: rows.map((row) => ({
      id: Number(row.id),
      orderNumber: row.order_number,
      customerName: row.customer_name,
      createdDate: row.order_created_date,
      previousDealer: dealerOf(row.previous_id, row.previous_first_name, row.previous_surname),
      newDealer: dealerOf(row.new_id, row.new_first_name, row.new_surname)!,
      assignedBy: dealerOf(row.by_id, row.by_first_name, row.by_surname),
      assignedAt: new Date(row.assigned_at).toISOString(),
    })),
    page: query.page,
    pageSize: query.pageSize,
    total: Number(rows[0]?.total ?? 0),
  };
}

function toOverrideOrder(row: OrderWithDealer): OverrideOrder {
  return {
    id: Number(row.id),
    orderNumber: row.order_number,
    supplierId: Number(row.suppliers_master_id),
    customerName: row.customer_name,
    product: row.product,
    createdDate: row.order_created_date,
    currentDealer: dealerOf(row.dealer_id, row.dealer_first_name, row.dealer_surname),
    isOverridden: row.override_id !== null,
    isCommissionPaid: Boolean(row.is_commission_paid),
  };
}

/** Find Order (spec 3 §5.3): one order of the supplier by its number, else 'Order {number} not found'. */
export async function findOrder(db: Executor, query: FindOrderQuery): Promise<OverrideOrder> {
  const row = await findOrderByNumber(db, query.supplierId, query.orderNumber);
  if (!row) throw notFound(ORDER_OVERRIDE_MESSAGES.notFound(query.orderNumber), 'ORDER_NOT_FOUND');
  return toOverrideOrder(row);
}

/** The dealers an order of the supplier may go to: active (lifecycle 2) and linked to it. */
export async function overrideDealers(db: Executor, query: OverrideDealersQuery): Promise<OverrideDealer[]> {
  const rows = await linkedDealersByStatus(db, {
    supplierId: query.supplierId,
    lifecycleStatusId: ACTIVE_LIFECYCLE_STATUS,
    search: query.search,
    limit: query.limit,
  });
  return rows.map((row) => dealerOf(row.id, row.firstName, row.surname)!);
}

/** Reassigns the order to the dealer (spec 3 §4.4), audited with the old and the new dealer. */
export async function reassignOrder(
  db: Database,
  actor: Actor,
  request: ReassignOrderRequest,
  http?: Request,
): Promise<OverrideOrder> {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, request.orderId);
    if (!order) throw notFound('This order no longer exists.', 'ORDER_NOT_FOUND');
    if (order.is_commission_paid) {
      throw conflict(ORDER_OVERRIDE_MESSAGES.commissionPaid, undefined, 'COMMISSION_ALREADY_PAID');
    }
    const allowed = await isSupplierDealer(tx, {
      supplierId: Number(order.suppliers_master_id),
      lifecycleStatusId: ACTIVE_LIFECYCLE_STATUS,
      dealerId: request.dealerId,
    });
    if (!allowed) {
      throw badRequest(
        ORDER_OVERRIDE_MESSAGES.dealerNotAllowed,
        [{ field: 'dealerId', message: ORDER_OVERRIDE_MESSAGES.dealerNotAllowed }],
        'DEALER_NOT_ALLOWED',
      );
    }
    const lines = await releaseOrderForReassignment(tx, request.orderId);
    if (lines.state === 'calculating') {
      throw conflict(ORDER_OVERRIDE_MESSAGES.commissionsRunning, undefined, 'COMMISSIONS_RUNNING');
    }
    if (lines.state === 'stamped') {
      throw conflict(ORDER_OVERRIDE_MESSAGES.commissionPaid, undefined, 'COMMISSION_ALREADY_PAID');
    }
    await upsertOverride(tx, request.orderId, request.dealerId, actor.user.id);
    await writeAudit(tx, {
      actor,
      action: 'order.reassign',
      entity: 'orders_import',
      entityId: request.orderId,
      before: {
        orderNumber: order.order_number,
        dealerId: order.dealer_id === null ? null : Number(order.dealer_id),
        overrideDealerId: order.override_id === null ? null : Number(order.override_id),
        assignedBy: null,
      },
      after: {
        orderNumber: order.order_number,
        dealerId: request.dealerId,
        overrideDealerId: request.dealerId,
        assignedBy: actor.user.id,
        droppedCommissionLines: lines.dropped,
      },
      request: http,
    });
    return toOverrideOrder((await lockOrder(tx, request.orderId))!);
  });
}
