import { z } from 'zod';
import { MAX_ROW_ID } from '../platform/ids.ts';

// The leaderboard (spec 2 "Leaderboard", DECISIONS "Leaderboard"): dealers ranked by the orders
// paid in one month, for one supplier or all; admins and user type 2 take no part.

/** Medals for the first three; ranks 4 to 10 listed; Expand shows up to rank 100 (spec 2 §9). */
export const LEADERBOARD_MEDALS = 3;
export const LEADERBOARD_LISTED = 10;
export const LEADERBOARD_EXPANDED = 100;

export const LEADERBOARD_VIEWS = ['overall', 'structure'] as const;
export type LeaderboardView = (typeof LEADERBOARD_VIEWS)[number];

export const LeaderboardQuery = z.strictObject({
  year: z.coerce.number().int().min(2000).max(2100),
  month: z.coerce.number().int().min(1).max(12),
  /** One supplier's orders; omitted: every supplier. */
  supplierId: z.coerce.number().int().positive().max(MAX_ROW_ID).optional(),
  /** structure: the viewer and their downstream only. */
  view: z.enum(LEADERBOARD_VIEWS).default('overall'),
  /** How many ranks: the listed ten, or the expanded hundred. */
  limit: z.coerce
    .number()
    .int()
    .refine((value) => value === LEADERBOARD_LISTED || value === LEADERBOARD_EXPANDED, {
      message: `limit is ${LEADERBOARD_LISTED} or ${LEADERBOARD_EXPANDED}`,
    })
    .default(LEADERBOARD_LISTED),
});
export type LeaderboardQuery = z.infer<typeof LeaderboardQuery>;

export const LeaderboardRow = z.object({
  rank: z.number().int().positive(),
  userId: z.number().int(),
  zCode: z.string(),
  firstName: z.string(),
  surname: z.string(),
  sales: z.number().int().nonnegative(),
  /** Sales as a percentage of the top seller's, two decimals ("100.00"). */
  percentage: z.string(),
});
export type LeaderboardRow = z.infer<typeof LeaderboardRow>;

export const Leaderboard = z.object({
  year: z.number().int(),
  month: z.number().int(),
  supplierId: z.number().int().nullable(),
  view: z.enum(LEADERBOARD_VIEWS),
  rows: z.array(LeaderboardRow),
  /** The viewer's own row when they rank below the rows shown (null: shown above, or no sales). */
  own: LeaderboardRow.nullable(),
  /** How many dealers sold in the month (the list may show fewer). */
  ranked: z.number().int().nonnegative(),
});
export type Leaderboard = z.infer<typeof Leaderboard>;

/** The supplier filter's choices: suppliers whose orders are ranked. */
export const LeaderboardSuppliers = z.array(z.object({ id: z.number().int(), name: z.string() }));
export type LeaderboardSuppliers = z.infer<typeof LeaderboardSuppliers>;

/** Sales relative to the top seller's, with two decimals; 0 sales of 0 is "0.00". */
export function percentageOfTop(sales: number, top: number): string {
  if (top <= 0) return '0.00';
  // Whole hundredths, rounded half up, from integers: no floating-point drift (e.g. 2/3 → 66.67).
  const hundredths = Math.floor((sales * 10_000 * 2 + top) / (2 * top));
  return `${Math.floor(hundredths / 100)}.${String(hundredths % 100).padStart(2, '0')}`;
}

export interface MonthOfYear {
  year: number;
  month: number;
}

/** The month in South Africa at `now` (the default month, and the last one NEXT may reach). */
export function currentMonth(now: Date = new Date()): MonthOfYear {
  const parts = new Intl.DateTimeFormat('en-ZA', {
    timeZone: 'Africa/Johannesburg',
    year: 'numeric',
    month: 'numeric',
  }).formatToParts(now);
  const value = (type: string) => Number(parts.find((part) => part.type === type)?.value);
  return { year: value('year'), month: value('month') };
}

/** The month `delta` months from `from` (PREV is -1, NEXT is +1). */
export function shiftMonth(from: MonthOfYear, delta: number): MonthOfYear {
  const index = from.year * 12 + (from.month - 1) + delta;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

/** NEXT is disabled at the current month: no month after it. */
export function isAfterCurrent(month: MonthOfYear, now: Date = new Date()): boolean {
  const current = currentMonth(now);
  return month.year * 12 + month.month > current.year * 12 + current.month;
}

/** "November 2026". */
export function monthLabel({ year, month }: MonthOfYear): string {
  return new Intl.DateTimeFormat('en-ZA', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, month - 1, 1)),
  );
}
