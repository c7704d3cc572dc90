// How the portal shows money and dates, the same on the server (CSV, e-mails) and the pages:
// Rand as `Intl` gives it for en-ZA (`R 1 234,50`), dates in South African time whatever the
// machine's zone (a server in UTC would otherwise date a 23:30 order the day before).

export const PORTAL_TIME_ZONE = 'Africa/Johannesburg';

const rand = new Intl.NumberFormat('en-ZA', { style: 'currency', currency: 'ZAR' });
const day = new Intl.DateTimeFormat('en-ZA', {
  timeZone: PORTAL_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
const dayAndTime = new Intl.DateTimeFormat('en-ZA', {
  timeZone: PORTAL_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hour12: false,
});

/** Integer cents as Rand: 123450 → `R 1 234,50` (money is integer cents everywhere). */
export function formatRand(cents: number): string {
  if (!Number.isInteger(cents)) throw new RangeError(`formatRand takes integer cents, not ${cents}`);
  return rand.format(cents / 100);
}

type DateInput = string | number | Date | null | undefined;

function toDate(value: DateInput): Date | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  return value instanceof Date ? value : new Date(value);
}

/**
 * A date as the portal shows it: `2025/11/22` (spec 1 §9 "yyyy/MM/dd"). A calendar date
 * (`2025-11-22`, as stored for birth dates) is shown as it is; an instant in South African time.
 */
export function formatDate(value: DateInput): string {
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return value.replaceAll('-', '/');
  const date = toDate(value);
  if (!date) return '';
  return Number.isNaN(date.getTime()) ? String(value) : day.format(date);
}

/** An instant as South Africans read it: `2025/11/22, 14:05:09`. */
export function formatDateTime(value: DateInput): string {
  const date = toDate(value);
  if (!date) return '';
  return Number.isNaN(date.getTime()) ? String(value) : dayAndTime.format(date);
}

const longDay = new Intl.DateTimeFormat('en-GB', {
  timeZone: PORTAL_TIME_ZONE,
  year: 'numeric',
  month: 'long',
  day: '2-digit',
});

/** A date as spec 3 §9 shows it (DD MMMM YYYY): `05 November 2026`, in South African time. */
export function formatLongDate(value: DateInput): string {
  const date = toDate(value);
  if (!date) return '';
  return Number.isNaN(date.getTime()) ? String(value) : longDay.format(date);
}
