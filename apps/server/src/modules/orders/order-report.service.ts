import { can } from '@portal/domain/access/permissions';
import {
  AGENT_OPTIONS_LIMIT,
  agentLabel,
  commissionStatus,
  isInPickerWindow,
  type OrderReport,
  type OrderReportFilter,
  type OrderReportQuery,
  type OrderReportRow,
  OUTSIDE_PICKER_WINDOW,
  orderProgress,
  orderReportCsvHeader,
  orderReportCsvLines,
  type ReportAgents,
  type ReportAgentsQuery,
  todayIso,
  trendPeriods,
} from '@portal/domain/orders/order-report';
import { UTF8_BOM } from '@portal/domain/platform/csv';
import type { Database } from '../../db/client.ts';
import type { Actor } from '../../platform/access.ts';
import { badRequest, forbidden } from '../../platform/errors.ts';
import { NO_PERMISSION, permissionActor } from '../../platform/permissions.ts';
import { isInDownstream } from '../../platform/reach.queries.ts';
import { openSupplier, supplierDealers } from '../catalogue/catalogue.service.ts';
import {
  countOrderReport,
  findOrderReportRows,
  findOrderTrend,
  type OrderReportDbRow,
  type OrderReportSqlFilter,
} from './order-report.queries.ts';

/** Rows the export reads a statement: the file streams out page by page, never whole in memory. */
const EXPORT_CHUNK = 1000;

const viewerOf = (actor: Actor) => ({ id: actor.user.id, isAdmin: actor.user.isAdmin });

/**
 * Whose report, checked: the viewer's own; a leader's downstream dealer; anyone for an admin
 * (403 otherwise, before anything about the supplier is said). Then the supplier must be one the
 * viewer may open, and the range inside the pickers' window.
 */
async function checkedFilter(
  db: Database,
  actor: Actor,
  query: OrderReportFilter,
  today: string,
): Promise<OrderReportSqlFilter> {
  const userId = query.userId ?? actor.user.id;
  const relation =
    userId === actor.user.id ? 'self' : (await isInDownstream(db, actor.user.id, userId)) ? 'downstream' : 'other';
  if (!can(permissionActor(actor), 'read', 'order-report', { id: userId, relation })) {
    throw forbidden(NO_PERMISSION, 'NO_PERMISSION');
  }
  await openSupplier(db, viewerOf(actor), query.supplierId);
  if (!isInPickerWindow(query.from, today) || !isInPickerWindow(query.to, today)) {
    throw badRequest(OUTSIDE_PICKER_WINDOW, [{ field: 'from', message: OUTSIDE_PICKER_WINDOW }]);
  }
  return {
    userId,
    supplierId: query.supplierId,
    report: query.report,
    from: query.from,
    to: query.to,
    search: query.search ?? null,
  };
}

const toReportRow = (row: OrderReportDbRow): OrderReportRow => ({
  ...row,
  commissionStatus: commissionStatus(row),
  progress: orderProgress(row),
});

/** One page of a dealer's order report with its count and the range's tiles. */
export async function orderReport(
  db: Database,
  actor: Actor,
  query: OrderReportQuery,
  today: string = todayIso(),
): Promise<OrderReport> {
  const filter = await checkedFilter(db, actor, query, today);
  const rows = await findOrderReportRows(db, filter, { limit: query.limit, offset: (query.page - 1) * query.limit });
  const { unit, periods } = trendPeriods(filter.from, filter.to);
  const [{ total, ...tiles }, found] = await Promise.all([
    countOrderReport(db, filter),
    findOrderTrend(db, filter, unit),
  ]);
  const byPeriod = new Map(found.map((point) => [point.period, point]));
  const trend = periods.map(
    (period) => byPeriod.get(period) ?? { period, created: 0, paid: 0, installed: 0, activated: 0 },
  );
  return {
    userId: filter.userId,
    report: filter.report,
    page: query.page,
    pageSize: query.limit,
    total,
    rows: rows.map(toReportRow),
    tiles,
    trend,
  };
}

/**
 * The whole report as 'Agent Report' CSV text, checked first, then read in keyset pages of 1000
 * as the file is sent.
 */
export async function orderReportCsv(
  db: Database,
  actor: Actor,
  query: OrderReportFilter,
  today: string = todayIso(),
): Promise<AsyncIterable<string>> {
  const filter = await checkedFilter(db, actor, query, today);
  return (async function* () {
    yield UTF8_BOM + orderReportCsvHeader();
    let after: { createdDate: string; id: number } | undefined;
    for (;;) {
      const rows = await findOrderReportRows(db, filter, { limit: EXPORT_CHUNK, ...(after ? { after } : {}) });
      if (rows.length) yield orderReportCsvLines(rows.map(toReportRow));
      if (rows.length < EXPORT_CHUNK) return;
      const last = rows[rows.length - 1]!;
      after = { createdDate: last.createdDate, id: last.id };
    }
  })();
}

/** The 'Select Downstream Agent' options: the viewer's downstream (anyone for an admin) linked to the supplier. */
export async function reportAgents(db: Database, actor: Actor, query: ReportAgentsQuery): Promise<ReportAgents> {
  await openSupplier(db, viewerOf(actor), query.supplierId);
  const rows = await supplierDealers(db, {
    supplierId: query.supplierId,
    belowId: actor.user.isAdmin ? null : actor.user.id,
    search: query.search ?? '',
    limit: AGENT_OPTIONS_LIMIT,
  });
  return {
    agents: rows.slice(0, AGENT_OPTIONS_LIMIT).map((row) => ({ id: row.id, label: agentLabel(row) })),
    more: rows.length > AGENT_OPTIONS_LIMIT,
  };
}
