import { z } from 'zod';
import { isRealIsoDate } from '../people/dealer-record.ts';
import { type CsvValue, csvLines, csvText } from '../platform/csv.ts';
import { PORTAL_TIME_ZONE } from '../platform/format.ts';
import { MAX_ROW_ID } from '../platform/ids.ts';

// The order reports of the supplier page (spec 2 "Supplier page", §7 get-order-report;
// DECISIONS "Orders"): one dealer's orders at one supplier, by report type, in a date range or by
// a search, 50 a page, with the Created / Paid / Installed / Activated tiles of the range.

/** Spec 2 §9: order search page size 50, minimum search length 2. */
export const ORDER_REPORT_PAGE_SIZE = 50;
export const ORDER_SEARCH_MIN = 2;
/** Spec 2 §5: date pickers reach 12 months back and 12 months ahead. */
export const PICKER_MONTHS = 12;
/** The 'Select Downstream Agent' picker shows at most this many matches; typing narrows them. */
export const AGENT_OPTIONS_LIMIT = 20;

export const ORDER_REPORTS = ['order', 'unpaid', 'uninstalled', 'commission_not_paid'] as const;
export type OrderReportType = (typeof ORDER_REPORTS)[number];

/** The Actions sub-tab's report types, in the picker's order; Unpaid is the default. */
export const ACTION_REPORTS = ['unpaid', 'uninstalled', 'commission_not_paid'] as const;
export const ORDER_REPORT_LABELS: Record<OrderReportType, string> = {
  order: 'Order Report',
  unpaid: 'Unpaid Order Report',
  uninstalled: 'Uninstalled Order Report',
  commission_not_paid: 'Commission Activation Data Report',
};

export const ORDER_SEARCH_TOO_SHORT = 'The order search needs at least 2 characters';
export const OUTSIDE_PICKER_WINDOW = 'Choose dates from 12 months back to 12 months ahead';

const day = z.string().refine(isRealIsoDate, { message: 'Use a real date in the form YYYY-MM-DD' });
const id = z.coerce.number().int().positive().max(MAX_ROW_ID);

const reportFields = {
  supplierId: id,
  report: z.enum(ORDER_REPORTS).default('order'),
  /** The dealer whose report it is (impersonation view); omitted: the viewer. */
  userId: id.optional(),
  from: day,
  to: day,
  /** Searches every date of the dealer's orders; an empty search is no search. */
  search: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z.string().trim().min(ORDER_SEARCH_MIN, ORDER_SEARCH_TOO_SHORT).max(100).optional(),
  ),
};
const rangeInOrder: [(query: { from: string; to: string }) => boolean, { message: string; path: string[] }] = [
  (query) => query.from <= query.to,
  { message: 'The start date is after the end date', path: ['to'] },
];

export const OrderReportQuery = z
  .strictObject({
    ...reportFields,
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    limit: z.coerce.number().int().min(1).max(ORDER_REPORT_PAGE_SIZE).default(ORDER_REPORT_PAGE_SIZE),
  })
  .refine(...rangeInOrder);
export type OrderReportQuery = z.infer<typeof OrderReportQuery>;

/** The 'Agent Report' download: the same report, every row. */
export const OrderReportExportQuery = z.strictObject(reportFields).refine(...rangeInOrder);
export type OrderReportExportQuery = z.infer<typeof OrderReportExportQuery>;
export type OrderReportFilter = Omit<OrderReportQuery, 'page' | 'limit'>;

export const COMMISSION_STATUSES = ['activated_unpaid', 'not_activated'] as const;
export const ORDER_PROGRESS = ['Placed', 'Paid', 'Activated', 'Commission Paid', 'Reactivated'] as const;
export type OrderProgress = (typeof ORDER_PROGRESS)[number];

export const OrderReportRow = z.object({
  id: z.number().int(),
  orderNumber: z.string(),
  customerAccountNumber: z.string().nullable(),
  customerName: z.string().nullable(),
  customerAddress: z.string().nullable(),
  /** As the supplier sends it: 9 digits without the leading zero. */
  customerPhone: z.string().nullable(),
  customerEmail: z.string().nullable(),
  createdDate: z.string(),
  paidDate: z.string().nullable(),
  installedDate: z.string().nullable(),
  activatedDate: z.string().nullable(),
  /** The commission paid date (orders_commission_paid). */
  commissionPaidDate: z.string().nullable(),
  customerStatus1: z.string().nullable(),
  customerStatus2: z.string().nullable(),
  commissionStatus: z.enum(COMMISSION_STATUSES).nullable(),
  progress: z.enum(ORDER_PROGRESS),
});
export type OrderReportRow = z.infer<typeof OrderReportRow>;

export const OrderTiles = z.object({
  created: z.number().int().nonnegative(),
  paid: z.number().int().nonnegative(),
  installed: z.number().int().nonnegative(),
  activated: z.number().int().nonnegative(),
});
export type OrderTiles = z.infer<typeof OrderTiles>;

/** One step of the tiles' trend: a day (YYYY-MM-DD) or a calendar month (YYYY-MM) with its milestones. */
export const OrderTrendPoint = OrderTiles.extend({ period: z.string().regex(/^\d{4}-\d{2}(-\d{2})?$/) });
export type OrderTrendPoint = z.infer<typeof OrderTrendPoint>;

/** Ranges up to this many days trend by day; longer ones by calendar month. */
export const TREND_DAILY_MAX_DAYS = 62;

const dayNumber = (iso: string) =>
  Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10)));

/** The trend's steps for a range (YYYY-MM-DD to YYYY-MM-DD), oldest first: days, or months when long. */
export function trendPeriods(from: string, to: string): { unit: 'day' | 'month'; periods: string[] } {
  const days = Math.round((dayNumber(to) - dayNumber(from)) / 86_400_000) + 1;
  const periods: string[] = [];
  if (days <= TREND_DAILY_MAX_DAYS) {
    for (let i = 0; i < days; i += 1)
      periods.push(new Date(dayNumber(from) + i * 86_400_000).toISOString().slice(0, 10));
    return { unit: 'day', periods };
  }
  let year = Number(from.slice(0, 4));
  let month = Number(from.slice(5, 7));
  const end = to.slice(0, 7);
  for (let guard = 0; guard < 240; guard += 1) {
    const key = `${year}-${String(month).padStart(2, '0')}`;
    if (key > end) break;
    periods.push(key);
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
  return { unit: 'month', periods };
}

export const ORDER_TILES = ['created', 'paid', 'installed', 'activated'] as const;
export const ORDER_TILE_LABELS: Record<(typeof ORDER_TILES)[number], string> = {
  created: 'Created',
  paid: 'Paid',
  installed: 'Installed',
  activated: 'Activated',
};

export const OrderReport = z.object({
  userId: z.number().int(),
  report: z.enum(ORDER_REPORTS),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Rows matching the report (the grid's row count). */
  total: z.number().int().nonnegative(),
  rows: z.array(OrderReportRow),
  /** The range's milestones, each counted by its own date. */
  tiles: OrderTiles,
  /** The same milestones per day of the range (per month beyond 62 days), every step present. */
  trend: z.array(OrderTrendPoint),
});
export type OrderReport = z.infer<typeof OrderReport>;

export const ReportAgentsQuery = z.strictObject({
  supplierId: id,
  search: z.string().trim().max(60).optional(),
});
export type ReportAgentsQuery = z.infer<typeof ReportAgentsQuery>;

export const ReportAgent = z.object({ id: z.number().int(), label: z.string() });
export type ReportAgent = z.infer<typeof ReportAgent>;
export const ReportAgents = z.object({ agents: z.array(ReportAgent), more: z.boolean() });
export type ReportAgents = z.infer<typeof ReportAgents>;

/** 'Z-{id} First Surname', as the picker labels a dealer. */
export const agentLabel = (agent: { id: number; firstName: string; surname: string }): string =>
  `Z-${agent.id} ${agent.firstName} ${agent.surname}`.trim();

// --- Rules --------------------------------------------------------------------------------------

/** Spec 2 §4: Placed → Paid → Activated → Commission Paid; Reactivation overrides all. */
export function orderProgress(order: {
  paidDate: string | null;
  activatedDate: string | null;
  commissionPaidDate: string | null;
  customerStatus1: string | null;
  customerStatus2: string | null;
}): OrderProgress {
  const reactivation = (status: string | null) => status?.trim().toLowerCase() === 'reactivation';
  if (reactivation(order.customerStatus1) || reactivation(order.customerStatus2)) return 'Reactivated';
  if (order.commissionPaidDate) return 'Commission Paid';
  if (order.activatedDate) return 'Activated';
  if (order.paidDate) return 'Paid';
  return 'Placed';
}

/** Spec 2 §3 commission_status: activated and unpaid, or not activated; none once paid. */
export function commissionStatus(order: {
  activatedDate: string | null;
  commissionPaidDate: string | null;
}): OrderReportRow['commissionStatus'] {
  if (!order.activatedDate) return 'not_activated';
  return order.commissionPaidDate ? null : 'activated_unpaid';
}

export const COMMISSION_STATUS_LABELS: Record<(typeof COMMISSION_STATUSES)[number], string> = {
  activated_unpaid: 'Activated, unpaid',
  not_activated: 'Not activated',
};

/** The customer's phone as South Africans write it: 9 digits get their leading 0. */
export function displayCustomerPhone(phone: string | null | undefined): string {
  if (!phone) return '';
  const digits = phone.replace(/\D/g, '');
  if (digits.length === 9) return `0${digits}`;
  if (digits.length === 11 && digits.startsWith('27')) return `0${digits.slice(2)}`;
  return digits.length === 10 && digits.startsWith('0') ? digits : phone;
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** A calendar date as the reports show it: '03 November 2026' (DD MMMM YYYY). */
export function formatLongDate(iso: string | null | undefined): string {
  if (!iso || !isRealIsoDate(iso)) return iso ?? '';
  const [year, month, dayOfMonth] = iso.split('-');
  return `${dayOfMonth} ${MONTHS[Number(month) - 1]} ${year}`;
}

// --- Dates: today in South Africa, the picker window, the presets ------------------------------

const isoDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: PORTAL_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Today's date in South Africa, 'YYYY-MM-DD'. */
export const todayIso = (now: Date = new Date()): string => isoDay.format(now);

const toUtc = (iso: string) => new Date(`${iso}T00:00:00Z`);
const fromUtc = (date: Date) => date.toISOString().slice(0, 10);
const addDays = (iso: string, days: number) => fromUtc(new Date(toUtc(iso).getTime() + days * 86_400_000));

/** The same day `months` later (or earlier), the month's last day when it has no such day. */
export function addMonths(iso: string, months: number): string {
  const date = toUtc(iso);
  const target = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date.getUTCDate(), lastDay));
  return fromUtc(target);
}

/** The dates the pickers allow: 12 months back to 12 months ahead of today. */
export const pickerWindow = (today: string): { min: string; max: string } => ({
  min: addMonths(today, -PICKER_MONTHS),
  max: addMonths(today, PICKER_MONTHS),
});

export const isInPickerWindow = (iso: string, today: string): boolean => {
  const { min, max } = pickerWindow(today);
  return iso >= min && iso <= max;
};

export const DATE_PRESETS = ['Yesterday', 'Last Week', 'Last Month', 'This Week', 'This Month'] as const;
export type DatePreset = (typeof DATE_PRESETS)[number];

const startOfWeek = (iso: string) => addDays(iso, -((toUtc(iso).getUTCDay() + 6) % 7));
const startOfMonth = (iso: string) => `${iso.slice(0, 8)}01`;
const endOfMonth = (iso: string) => addDays(addMonths(startOfMonth(iso), 1), -1);

/** A preset's range (weeks run Monday to Sunday); the default range is This Month. */
export function presetRange(preset: DatePreset, today: string): { from: string; to: string } {
  switch (preset) {
    case 'Yesterday': {
      const yesterday = addDays(today, -1);
      return { from: yesterday, to: yesterday };
    }
    case 'Last Week': {
      const monday = addDays(startOfWeek(today), -7);
      return { from: monday, to: addDays(monday, 6) };
    }
    case 'This Week': {
      const monday = startOfWeek(today);
      return { from: monday, to: addDays(monday, 6) };
    }
    case 'Last Month': {
      const first = addMonths(startOfMonth(today), -1);
      return { from: first, to: endOfMonth(first) };
    }
    case 'This Month':
      return { from: startOfMonth(today), to: endOfMonth(today) };
  }
}

/** The preset a range is, if any (to show it selected). */
export const presetOf = (range: { from: string; to: string }, today: string): DatePreset | undefined =>
  DATE_PRESETS.find((preset) => {
    const candidate = presetRange(preset, today);
    return candidate.from === range.from && candidate.to === range.to;
  });

// --- CSV: 'Agent Report' -------------------------------------------------------------------------

export const AGENT_REPORT_FILE = 'Agent Report.csv';

/** The file's columns, heading and value; account numbers and phones keep their leading zeros. */
export const ORDER_REPORT_COLUMNS: ReadonlyArray<readonly [string, (row: OrderReportRow) => CsvValue]> = [
  ['Order Number', (row) => csvText(row.orderNumber)],
  ['Account Number', (row) => csvText(row.customerAccountNumber)],
  ['Customer Name', (row) => row.customerName],
  ['Address', (row) => row.customerAddress],
  ['Phone', (row) => csvText(displayCustomerPhone(row.customerPhone))],
  ['Email', (row) => row.customerEmail],
  ['Created', (row) => formatLongDate(row.createdDate)],
  ['Paid', (row) => formatLongDate(row.paidDate)],
  ['Installed', (row) => formatLongDate(row.installedDate)],
  ['Activated', (row) => formatLongDate(row.activatedDate)],
  ['Commission Paid', (row) => formatLongDate(row.commissionPaidDate)],
  ['Status 1', (row) => row.customerStatus1],
  ['Status 2', (row) => row.customerStatus2],
  ['Commission Status', (row) => (row.commissionStatus ? COMMISSION_STATUS_LABELS[row.commissionStatus] : '')],
  ['Progress', (row) => row.progress],
];

export const orderReportCsvHeader = (): string => csvLines([ORDER_REPORT_COLUMNS.map(([heading]) => heading)]);
export const orderReportCsvLines = (rows: readonly OrderReportRow[]): string =>
  csvLines(rows.map((row) => ORDER_REPORT_COLUMNS.map(([, value]) => value(row))));

/** The WhatsApp button: a wa.me share link with the dealer's and supplier's names (text only). */
export function whatsAppHref(text: { supplierName: string; dealerName: string; zCode: string }): string {
  const message = `Hi, this is ${text.dealerName} (${text.zCode}), your ${text.supplierName} dealer.`;
  return `https://wa.me/?text=${encodeURIComponent(message)}`;
}
