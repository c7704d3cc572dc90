import type { PreviewExceptions, PreviewLines, PreviewTotals } from '@portal/domain/commissions/calculation';
import { zCode } from '@portal/domain/people/z-code';
import type { Database } from '../../db/client.ts';
import {
  type PreviewFilter,
  previewExceptionCount,
  previewExceptionPage,
  previewLinePage,
  previewLineTotals,
  previewOverall,
  previewPayeeTotals,
} from './commission-preview.queries.ts';

// The preview before stamping (DECISIONS "Commissions" 6; decision 031): every line, the
// exceptions and the totals per payee, each read in one or two statements and paged on the server.

const nameOf = (row: { first_name: string; surname: string }) => `${row.first_name} ${row.surname}`.trim();

export async function previewLines(
  db: Database,
  query: PreviewFilter & { page: number; pageSize: number },
): Promise<PreviewLines> {
  const { page, pageSize, ...filter } = query;
  const [rows, totals] = await Promise.all([
    previewLinePage(db, filter, { limit: pageSize, offset: (page - 1) * pageSize }),
    previewLineTotals(db, filter),
  ]);
  return {
    items: rows.map((row) => ({
      id: row.id,
      orderId: row.order_id,
      orderNumber: row.order_number,
      supplierName: row.supplier_name,
      payeeId: row.payee_id,
      payeeCode: zCode(row.payee_id),
      payeeName: nameOf(row),
      role: row.role,
      leaderLevel: row.leader_level,
      amountCents: row.amount_cents,
      source: row.source,
      isHeld: row.is_held,
      dealId: row.deals_master_id,
      productId: row.products_master_id,
      rateColumn: row.rate_column,
      rule: row.rule,
    })),
    total: totals.lines,
    page,
    pageSize,
    totals: {
      lines: totals.lines,
      amountCents: Number(totals.amount_cents),
      heldLines: totals.held_lines,
      heldCents: Number(totals.held_cents),
    },
  };
}

export async function previewExceptions(
  db: Database,
  query: { page: number; pageSize: number },
): Promise<PreviewExceptions> {
  const [rows, total] = await Promise.all([
    previewExceptionPage(db, { limit: query.pageSize, offset: (query.page - 1) * query.pageSize }),
    previewExceptionCount(db),
  ]);
  return {
    items: rows.map((row) => ({
      id: row.id,
      source: row.source,
      orderId: row.orders_import_id,
      orderNumber: row.order_number,
      line: row.line,
      reason: row.reason,
      createdAt: new Date(row.created_at).toISOString(),
    })),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

export async function previewTotals(db: Database, query: { limit: number }): Promise<PreviewTotals> {
  const [rows, overall] = await Promise.all([previewPayeeTotals(db, query.limit), previewOverall(db)]);
  return {
    payees: rows.map((row) => ({
      payeeId: row.payee_id,
      payeeCode: zCode(row.payee_id),
      payeeName: nameOf(row),
      agentCents: Number(row.agent_cents),
      leaderCents: Number(row.leader_cents),
      heldCents: Number(row.held_cents),
      totalCents: Number(row.total_cents),
      lines: row.lines,
    })),
    payeeCount: overall.payees,
    totalCents: Number(overall.total_cents),
  };
}
