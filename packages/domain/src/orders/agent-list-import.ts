import { z } from 'zod';
import { parsePhone } from '../people/phone.ts';
import { parseFibreDate } from './fibre-import.ts';

// The Agent CSV import '/import-sadv-agents-csv' (spec 3 §2.1, §3.6; decision 025): a supplier's
// (SADV) audit list of the agent accounts it holds. An admin with the Commissions flag picks the
// supplier and uploads the list; a job checks every row, matches it to our dealers (ID number,
// else mobile, else e-mail) and replaces that supplier's stored list; the page then shows who
// matched, who did not, and which of our dealers linked to the supplier are missing from it.

/** The CSV columns as the supplier's file names them (spec 3 §3.6). */
export const AGENT_LIST_COLUMNS = [
  'First_Name',
  'Surname',
  'Mobile_Number',
  'Email',
  'ID_Number',
  'Last_Successful_Login',
  'User_Audit_Date',
] as const;
export type AgentListColumn = (typeof AGENT_LIST_COLUMNS)[number];

/** Columns the header must have; the two dates may be left out of a file. */
export const AGENT_LIST_HEADER_REQUIRED: readonly AgentListColumn[] = [
  'First_Name',
  'Surname',
  'Mobile_Number',
  'Email',
  'ID_Number',
];

export const AGENT_LIST_MAX_CELL = 200;
export const AGENT_LIST_MAX_REJECTED_KEPT = 1000;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A checked row: names trimmed, the mobile as +27XXXXXXXXX, the e-mail lower-cased, dates YYYY-MM-DD. */
export interface AgentListRow {
  firstName: string;
  surname: string;
  mobile: string | null;
  email: string | null;
  idNumber: string | null;
  lastSuccessfulLogin: string | null;
  userAuditDate: string | null;
}

export type AgentListRowCheck = { ok: true; row: AgentListRow } | { ok: false; reason: string };

/** The header's missing columns (compared trimmed and case-insensitively). */
export function missingAgentListColumns(header: readonly string[]): AgentListColumn[] {
  const names = new Set(header.map((name) => name.trim().toLowerCase()));
  return AGENT_LIST_HEADER_REQUIRED.filter((column) => !names.has(column.toLowerCase()));
}

/**
 * Checks one row (header name → cell; names compared case-insensitively). A row needs a first
 * name, a surname and something to match on (ID number, mobile or e-mail); a mobile that is not a
 * South African number, an e-mail that is not one, a date that is not a date or an over-long cell
 * rejects it, all reasons together.
 */
export function checkAgentListRow(record: Readonly<Record<string, string | undefined>>): AgentListRowCheck {
  const cells: Record<string, string> = {};
  for (const [key, value] of Object.entries(record)) cells[key.trim().toLowerCase()] = (value ?? '').trim();
  const cell = (column: AgentListColumn) => cells[column.toLowerCase()] ?? '';
  const reasons: string[] = [];
  const missing = (['First_Name', 'Surname'] as const).filter((column) => !cell(column));
  if (missing.length) reasons.push(`Missing ${missing.join(', ')}`);
  const tooLong = AGENT_LIST_COLUMNS.filter((column) => cell(column).length > AGENT_LIST_MAX_CELL);
  if (tooLong.length) reasons.push(`Longer than ${AGENT_LIST_MAX_CELL} characters: ${tooLong.join(', ')}`);

  let mobile: string | null = null;
  if (cell('Mobile_Number')) {
    const parsed = parsePhone(cell('Mobile_Number'));
    if (parsed.ok) mobile = parsed.stored;
    else reasons.push(`Invalid Mobile_Number "${cell('Mobile_Number').slice(0, 40)}"`);
  }
  const email = cell('Email') ? cell('Email').toLowerCase() : null;
  if (email && !EMAIL.test(email)) reasons.push(`Invalid Email "${cell('Email').slice(0, 60)}"`);
  const idNumber = cell('ID_Number') ? cell('ID_Number').replace(/\s+/g, '').toUpperCase() : null;
  if (!idNumber && !cell('Mobile_Number') && !email) reasons.push('No ID_Number, Mobile_Number or Email to match on');

  const dates: Partial<Record<'Last_Successful_Login' | 'User_Audit_Date', string | null>> = {};
  const badDates: string[] = [];
  for (const column of ['Last_Successful_Login', 'User_Audit_Date'] as const) {
    const value = cell(column);
    if (!value) dates[column] = null;
    else {
      const date = parseFibreDate(value);
      if (date === undefined) badDates.push(`${column} "${value.slice(0, 40)}"`);
      dates[column] = date ?? null;
    }
  }
  if (badDates.length) reasons.push(`Invalid date: ${badDates.join(', ')} (use YYYY-MM-DD)`);
  if (reasons.length) return { ok: false, reason: reasons.join('; ') };
  return {
    ok: true,
    row: {
      firstName: cell('First_Name'),
      surname: cell('Surname'),
      mobile,
      email,
      idNumber,
      lastSuccessfulLogin: dates.Last_Successful_Login ?? null,
      userAuditDate: dates.User_Audit_Date ?? null,
    },
  };
}

// --- API shapes ------------------------------------------------------------------------------

export const AgentListImportRequest = z.strictObject({
  supplierId: z.number().int().positive(),
  fileId: z.uuid(),
});
export type AgentListImportRequest = z.infer<typeof AgentListImportRequest>;

export const AgentListImportStarted = z.object({ id: z.number().int(), jobId: z.uuid() });
export type AgentListImportStarted = z.infer<typeof AgentListImportStarted>;

export const AgentListSupplierOptions = z.array(z.object({ id: z.number().int(), name: z.string() }));
export type AgentListSupplierOptions = z.infer<typeof AgentListSupplierOptions>;

export const AgentListRejectedRow = z.object({ line: z.number().int(), reason: z.string() });
export type AgentListRejectedRow = z.infer<typeof AgentListRejectedRow>;

export const AgentListImportQuery = z.strictObject({
  page: z.coerce.number().int().min(1).max(1000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});

export const AgentListImportStatus = z.object({
  id: z.number().int(),
  fileName: z.string(),
  supplierId: z.number().int(),
  status: z.enum(['queued', 'running', 'completed', 'failed']),
  error: z.string().nullable(),
  jobId: z.string().nullable(),
  stage: z.string().nullable(),
  percent: z.number(),
  counts: z.object({
    rows: z.number().int(),
    loaded: z.number().int(),
    matched: z.number().int(),
    rejected: z.number().int(),
  }),
  rejected: z.object({
    items: z.array(AgentListRejectedRow),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  }),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type AgentListImportStatus = z.infer<typeof AgentListImportStatus>;

/** The three lists of the report. */
export const AGENT_LIST_VIEWS = ['matched', 'unmatched', 'missing'] as const;
export type AgentListView = (typeof AGENT_LIST_VIEWS)[number];
export const AGENT_LIST_VIEW_LABELS: Record<AgentListView, string> = {
  matched: 'Matched',
  unmatched: 'Unmatched',
  missing: 'Missing from the list',
};

export const AgentListReportQuery = z.strictObject({
  view: z.enum(AGENT_LIST_VIEWS).default('matched'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export type AgentListReportQuery = z.infer<typeof AgentListReportQuery>;
export const AgentListExportQuery = z.strictObject({ view: z.enum(AGENT_LIST_VIEWS).default('matched') });

export const AgentListReportRow = z.object({
  /** The line in the supplier's file; null for a dealer of ours missing from it. */
  line: z.number().int().nullable(),
  firstName: z.string().nullable(),
  surname: z.string().nullable(),
  mobile: z.string().nullable(),
  email: z.string().nullable(),
  idNumber: z.string().nullable(),
  lastSuccessfulLogin: z.string().nullable(),
  userAuditDate: z.string().nullable(),
  /** Our dealer: matched (matched view) or missing from the list (missing view). */
  dealerId: z.number().int().nullable(),
  dealerName: z.string().nullable(),
  matchedBy: z.enum(['id_number', 'mobile', 'email']).nullable(),
});
export type AgentListReportRow = z.infer<typeof AgentListReportRow>;

export const AgentListReport = z.object({
  supplierId: z.number().int(),
  /** The import that made the stored list; null when none has been made for the supplier. */
  importId: z.number().int().nullable(),
  fileName: z.string().nullable(),
  importedAt: z.string().nullable(),
  totals: z.object({ matched: z.number().int(), unmatched: z.number().int(), missing: z.number().int() }),
  view: z.enum(AGENT_LIST_VIEWS),
  rows: z.array(AgentListReportRow),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AgentListReport = z.infer<typeof AgentListReport>;

export const MATCHED_BY_LABELS: Record<'id_number' | 'mobile' | 'email', string> = {
  id_number: 'ID number',
  mobile: 'Mobile',
  email: 'E-mail',
};

/** The export's file name for a view. */
export function agentListExportName(supplierName: string, view: AgentListView): string {
  const safe = supplierName.replace(/[^A-Za-z0-9 _-]+/g, '').trim() || 'Supplier';
  return `${safe} agents - ${AGENT_LIST_VIEW_LABELS[view]}.csv`;
}
