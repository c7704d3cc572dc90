import { describe, expect, it } from 'vitest';
import { formatHistoryTime } from './history-time';

describe('history timestamps (spec 3 §9)', () => {
  it('read YYYY/MM/DD HH:mm:ss in South African time', () => {
    expect(formatHistoryTime('2026-03-04T22:05:09Z')).toBe('2026/03/05 00:05:09');
  });
});
