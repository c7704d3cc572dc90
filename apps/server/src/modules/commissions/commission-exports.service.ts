import {
  type CsvExportKey,
  centsToRand,
  USERS_EXPORT_PAGE_SIZE,
  type UsersPage,
} from '@portal/domain/commissions/cycle';
import { type CsvValue, csvLines, csvText, UTF8_BOM } from '@portal/domain/platform/csv';
import type { Executor } from '../../db/client.ts';
import { notFound } from '../../platform/errors.ts';
import { findPeriod } from './commission-cycle.queries.ts';
import {
  advancesPage,
  bankingReportPage,
  commissionLinesPage,
  contractsPage,
  countDealers,
  dealersPage,
  type ExportPage,
  type KeyedRow,
} from './commission-exports.queries.ts';

// The Export Data tab (spec 3 §7.3; decision 032): each export is a CSV streamed in keyset pages
// of EXPORT_CHUNK rows, quoted by the shared CSV writer (commas, quotes, line breaks; formula
// characters neutralised). The page tells 'No data to export' from a file with only its header.

const EXPORT_CHUNK = 2000;

const zCode = (id: unknown) => (id === null || id === undefined ? null : `Z-${id}`);
const nameOf = (row: KeyedRow) => `${row.first_name ?? ''} ${row.surname ?? ''}`.trim();
const money = (cents: unknown) => (cents === null || cents === undefined ? null : centsToRand(Number(cents)));
const localPhone = (phone: unknown) =>
  typeof phone === 'string' && phone.startsWith('+27') ? `0${phone.slice(3)}` : (phone as string | null);

interface ExportDefinition {
  header: readonly string[];
  needsPeriod: boolean;
  page: (db: Executor, page: ExportPage, periodId: number) => Promise<KeyedRow[]>;
  cells: (row: KeyedRow) => CsvValue[];
}

const lineCells = (row: KeyedRow): CsvValue[] => [
  row.order_number as string,
  row.supplier_name as string,
  row.product as string | null,
  row.activation_date as string | null,
  zCode(row.payee_id),
  nameOf(row),
  row.tier as number,
  money(row.amount_cents),
  row.source as string,
  row.reversal_of_line_id as number | null,
];
const LINE_HEADER = [
  'Order Number',
  'Supplier',
  'Product',
  'Activation Date',
  'Z-Code',
  'Name',
  'Tier',
  'Amount',
  'Source',
  'Reverses Line',
];

const EXPORTS: Record<CsvExportKey, ExportDefinition> = {
  'fibre-comms-report': {
    header: LINE_HEADER,
    needsPeriod: true,
    page: (db, page, periodId) => commissionLinesPage(db, periodId, 'agent', page),
    cells: lineCells,
  },
  'fibre-leader-comms-report': {
    header: [...LINE_HEADER, 'Leader Level'],
    needsPeriod: true,
    page: (db, page, periodId) => commissionLinesPage(db, periodId, 'leader', page),
    cells: (row) => [...lineCells(row), row.leader_level as number],
  },
  'banking-report': {
    header: ['Z-Code', 'Name', 'Payment Type', 'Bank', 'Account (last 4)', 'Lines', 'Amount'],
    needsPeriod: true,
    page: (db, page, periodId) => bankingReportPage(db, periodId, page),
    cells: (row) => [
      zCode(row.key),
      nameOf(row),
      row.payment_type as string,
      row.bank as string | null,
      csvText(row.account_last4 as string | null),
      row.lines as number,
      money(row.total_cents),
    ],
  },
  'agent-tiers': {
    header: ['Z-Code', 'Name', 'Status', 'Tier', 'Leader'],
    needsPeriod: false,
    page: (db, page) => dealersPage(db, page),
    cells: (row) => [
      zCode(row.key),
      nameOf(row),
      row.status as string,
      row.tier as number,
      row.is_leader ? 'Yes' : 'No',
    ],
  },
  advances: {
    header: ['Z-Code', 'Name', 'Type', 'Requested', 'Monthly Payment', 'Months', 'Outstanding', 'Settled', 'Created'],
    needsPeriod: false,
    page: (db, page) => advancesPage(db, page),
    cells: (row) => [
      zCode(row.payee_id),
      `${row.agent_name ?? ''} ${row.agent_surname ?? ''}`.trim(),
      row.credit_type as string,
      money(row.request_value_cents),
      money(row.monthly_payment_cents),
      row.months as number | null,
      money(row.outstanding_amount_cents),
      row.settled ? 'Yes' : 'No',
      row.created_at as string,
    ],
  },
  'user-structure': {
    header: ['Z-Code', 'Name', 'Parent Z-Code', 'Structure Level', 'Leader', 'Status'],
    needsPeriod: false,
    page: (db, page) => dealersPage(db, page),
    cells: (row) => [
      zCode(row.key),
      nameOf(row),
      zCode(row.parent_id),
      row.structure_level as number,
      row.is_leader ? 'Yes' : 'No',
      row.status as string,
    ],
  },
  'user-contracts': {
    header: ['Z-Code', 'Name', 'Document', 'Status', 'Product Codes', 'Signed', 'Created'],
    needsPeriod: false,
    page: (db, page) => contractsPage(db, page),
    cells: (row) => [
      zCode(row.payee_id),
      nameOf(row),
      row.document_name as string | null,
      row.status as string,
      row.product_codes as string,
      row.signed_at as string | null,
      row.created_at as string,
    ],
  },
};

export function exportNeedsPeriod(key: CsvExportKey): boolean {
  return EXPORTS[key].needsPeriod;
}

/** The export as CSV lines, read page by page while it is sent. */
export async function exportCsv(
  db: Executor,
  key: CsvExportKey,
  periodId: number | undefined,
): Promise<{ fileName: string; lines: AsyncIterable<string> }> {
  const definition = EXPORTS[key];
  let period = 0;
  if (definition.needsPeriod) {
    if (periodId === undefined || !(await findPeriod(db, periodId))) {
      throw notFound('Commissions period not found', 'PERIOD_NOT_FOUND');
    }
    period = periodId;
  }
  const lines = (async function* () {
    yield UTF8_BOM + csvLines([definition.header]);
    let after = 0;
    for (;;) {
      const rows = await definition.page(db, { after, limit: EXPORT_CHUNK }, period);
      if (rows.length) yield csvLines(rows.map(definition.cells));
      if (rows.length < EXPORT_CHUNK) return;
      after = rows[rows.length - 1]!.key;
    }
  })();
  const date = new Date().toISOString().slice(0, 10);
  return { fileName: `${key}${definition.needsPeriod ? `-period-${period}` : ''}-${date}.csv`, lines };
}

export async function userCount(db: Executor) {
  return { count: await countDealers(db) };
}

/** GET /api/commissions/users: one page of dealers, for the all-users export (1000 a page). */
export async function usersPage(db: Executor, query: { page: number; pageSize: number }): Promise<UsersPage> {
  const pageSize = Math.min(query.pageSize, USERS_EXPORT_PAGE_SIZE);
  const [rows, totalCount] = await Promise.all([
    dealersPage(db, { after: 0, limit: pageSize, offset: (query.page - 1) * pageSize }),
    countDealers(db),
  ]);
  return {
    data: rows.map((row) => ({
      z_code: `Z-${row.key}`,
      first_name: (row.first_name as string | null) ?? null,
      surname: (row.surname as string | null) ?? null,
      email: (row.email as string | null) ?? null,
      phone: localPhone(row.phone) ?? null,
      status: row.status as string,
      user_type: row.user_type as string,
      tier: row.tier as number,
      is_leader: Boolean(row.is_leader),
      parent_z_code: zCode(row.parent_id),
      created_at: row.created_at as string,
    })),
    totalCount,
    totalPages: Math.ceil(totalCount / pageSize),
  };
}
