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
import type { Actor, ActorFact } from '../../platform/access.ts';
import { badRequest, forbidden } from '../../platform/errors.ts';
import { NO_PERMISSION, permissionActor } from '../../platform/permissions.ts';
import { isInDownstream } from '../../platform/reach.queries.ts';
import {
  assertSupplierOpen,
  openSupplier,
  supplierCheckFact,
  supplierDealers,
} from '../catalogue/catalogue.service.ts';
import {
  countOrderReport,
  findOrderReportRows,
  findOrderTrend,
  type OrderReportChecks,
  type OrderReportDbRow,
  type OrderReportSqlFilter,
  orderReportChecksSql,
} from './order-report.queries.ts';

/** Rows the export reads a statement: the file streams out page by page, never whole in memory. */
const EXPORT_CHUNK = 1000;

const viewerOf = (actor: Actor) => ({ id: actor.user.id, isAdmin: actor.user.isAdmin });

/** The statements' filter from the query: the viewer's own report unless another dealer is named. */
const sqlFilter = (actor: Actor, query: OrderReportFilter): OrderReportSqlFilter => ({
  userId: query.userId ?? actor.user.id,
  supplierId: query.supplierId,
  report: query.report,
  from: query.from,
  to: query.to,
  search: query.search ?? null,
});

/**
 * Whose report, checked: the viewer's own; a leader's downstream dealer; anyone for an admin
 * (403 otherwise, before anything about the supplier is said). Then the supplier must be one the
 * viewer may open, and the range inside the pickers' window. `known` is what the route read of the
 * reach and the supplier in the actor's statement (decision 048); without it the reach and the
 * supplier are read here at once (two statements on the pool). Either way they are judged in that
 * order, and nothing of the orders is read before every check has passed.
 */
async function checkAccess(
  db: Database,
  actor: Actor,
  filter: OrderReportSqlFilter,
  today: string,
  known: OrderReportChecks | undefined,
): Promise<void> {
  const { userId } = filter;
  const viewer = viewerOf(actor);
  const self = userId === actor.user.id;
  let relation: 'self' | 'downstream' | 'other';
  if (known) {
    relation = self ? 'self' : known.downstream ? 'downstream' : 'other';
    assertMayRead(actor, userId, relation);
    assertSupplierOpen(viewer, known.supplier);
  } else {
    const downstream = self ? undefined : isInDownstream(db, actor.user.id, userId);
    const supplier = openSupplier(db, viewer, filter.supplierId);
    // Judged after the reach: until then its refusal is nobody's (and must not go unhandled).
    supplier.catch(() => {});
    relation = downstream === undefined ? 'self' : (await downstream) ? 'downstream' : 'other';
    assertMayRead(actor, userId, relation);
    await supplier;
  }
  if (!inPickerWindow(filter, today)) {
    throw badRequest(OUTSIDE_PICKER_WINDOW, [{ field: 'from', message: OUTSIDE_PICKER_WINDOW }]);
  }
}

function assertMayRead(actor: Actor, userId: number, relation: 'self' | 'downstream' | 'other') {
  if (!can(permissionActor(actor), 'read', 'order-report', { id: userId, relation })) {
    throw forbidden(NO_PERMISSION, 'NO_PERMISSION');
  }
}

/**
 * The report's reach and supplier checks read in the actor's statement (decision 048): the route
 * asks for it with `orderReportChecksParams`, the service judges it only in `checkAccess`.
 */
export const orderReportChecksFact: ActorFact = {
  name: 'session_actor_order_report_checks',
  sql: orderReportChecksSql(supplierCheckFact),
};

/**
 * The checks' facts as the route read them (`orderReportChecksFact`), or undefined when they were
 * not read (the actor was loaded without them): the service then reads them itself.
 */
export function orderReportChecksOf(fact: unknown): OrderReportChecks | undefined {
  if (typeof fact !== 'object' || fact === null || !('downstream' in fact) || !('supplier' in fact)) return undefined;
  return fact as OrderReportChecks;
}

/** The fact's placeholders for a report query (the dealer null for the viewer's own report). */
export const orderReportChecksParams = (query: OrderReportFilter) => ({
  dealerId: query.userId ?? null,
  supplierId: query.supplierId,
});

const inPickerWindow = (filter: OrderReportSqlFilter, today: string) =>
  isInPickerWindow(filter.from, today) && isInPickerWindow(filter.to, today);

/** The filter once every check of checkAccess has passed. */
async function checkedFilter(
  db: Database,
  actor: Actor,
  query: OrderReportFilter,
  today: string,
  known: OrderReportChecks | undefined,
): Promise<OrderReportSqlFilter> {
  const filter = sqlFilter(actor, query);
  await checkAccess(db, actor, filter, today, known);
  return filter;
}

// The row gains its two derived fields in place. A spread copy (`{ ...row, … }`) of a database row
// made a large object per row that lived through the next scavenges; on the helpdesk console the
// same pattern was most of what survived them, and the calls they fell on were the slow tail
// (docs/benchmarks.md, 2026-11-27).
const toReportRow = (row: OrderReportDbRow): OrderReportRow =>
  Object.assign(row, { commissionStatus: commissionStatus(row), progress: orderProgress(row) });

/**
 * One page of a dealer's order report with its count and the range's tiles and trend. Every check
 * passes before anything of the dealer's orders is read (a refused request reads none of them);
 * then the page's three statements run at once, each on its own pooled connection.
 */
export async function orderReport(
  db: Database,
  actor: Actor,
  query: OrderReportQuery,
  known?: OrderReportChecks,
  today: string = todayIso(),
): Promise<OrderReport> {
  const filter = await checkedFilter(db, actor, query, today, known);
  const { unit, periods } = trendPeriods(filter.from, filter.to);
  const [rows, { total, ...tiles }, found] = await Promise.all([
    findOrderReportRows(db, filter, { limit: query.limit, offset: (query.page - 1) * query.limit }),
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
  known?: OrderReportChecks,
  today: string = todayIso(),
): Promise<AsyncIterable<string>> {
  const filter = await checkedFilter(db, actor, query, today, known);
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
