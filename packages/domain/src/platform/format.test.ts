import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatRand } from './format.ts';

describe('formatRand', () => {
  it('shows integer cents as en-ZA Rand', () => {
    expect(formatRand(123450)).toBe('R\u00a01\u00a0234,50');
    expect(formatRand(0)).toBe('R\u00a00,00');
    expect(formatRand(-500)).toBe('-R\u00a05,00');
  });
  it('refuses anything but integer cents', () => {
    expect(() => formatRand(12.5)).toThrow(RangeError);
  });
});

describe('formatDate and formatDateTime', () => {
  it('dates an instant in South African time, whatever the machine zone', () => {
    expect(formatDate('2025-11-22T23:30:00Z')).toBe('2025/11/23');
    expect(formatDateTime('2025-11-22T12:05:09Z')).toBe('2025/11/22, 14:05:09');
  });
  it('shows a calendar date as stored, and nothing for nothing', () => {
    expect(formatDate('1990-05-17')).toBe('1990/05/17');
    expect(formatDate(null)).toBe('');
    expect(formatDateTime(undefined)).toBe('');
  });
});
