import { describe, expect, it } from 'vitest';
import {
  currentMonth,
  isAfterCurrent,
  LeaderboardQuery,
  monthLabel,
  percentageOfTop,
  shiftMonth,
} from './leaderboard.ts';

describe('percentageOfTop', () => {
  it('gives the share of the top seller with two decimals, rounded half up', () => {
    expect(percentageOfTop(12, 12)).toBe('100.00');
    expect(percentageOfTop(2, 3)).toBe('66.67');
    expect(percentageOfTop(1, 3)).toBe('33.33');
    expect(percentageOfTop(1, 8)).toBe('12.50');
    expect(percentageOfTop(1, 200_000)).toBe('0.00');
    expect(percentageOfTop(1, 20_000)).toBe('0.01');
    expect(percentageOfTop(0, 0)).toBe('0.00');
  });
});

describe('months', () => {
  it('is the South African month: 22:30 UTC on 31 December is already January there', () => {
    expect(currentMonth(new Date('2026-12-31T22:30:00Z'))).toEqual({ year: 2027, month: 1 });
    expect(currentMonth(new Date('2026-11-24T10:00:00Z'))).toEqual({ year: 2026, month: 11 });
  });

  it('moves across years, and says when a month is after the current one', () => {
    expect(shiftMonth({ year: 2026, month: 1 }, -1)).toEqual({ year: 2025, month: 12 });
    expect(shiftMonth({ year: 2026, month: 12 }, 1)).toEqual({ year: 2027, month: 1 });
    const now = new Date('2026-11-24T10:00:00Z');
    expect(isAfterCurrent({ year: 2026, month: 11 }, now)).toBe(false);
    expect(isAfterCurrent({ year: 2026, month: 12 }, now)).toBe(true);
    expect(monthLabel({ year: 2026, month: 11 })).toBe('November 2026');
  });
});

describe('LeaderboardQuery', () => {
  it('takes the listed ten or the expanded hundred, nothing else', () => {
    expect(LeaderboardQuery.parse({ year: '2026', month: '11' })).toEqual({
      year: 2026,
      month: 11,
      view: 'overall',
      limit: 10,
    });
    expect(LeaderboardQuery.safeParse({ year: 2026, month: 11, limit: 100 }).success).toBe(true);
    expect(LeaderboardQuery.safeParse({ year: 2026, month: 11, limit: 5000 }).success).toBe(false);
    expect(LeaderboardQuery.safeParse({ year: 2026, month: 13 }).success).toBe(false);
    expect(LeaderboardQuery.safeParse({ year: 2026, month: 11, view: 'everyone' }).success).toBe(false);
  });
});
