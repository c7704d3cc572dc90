import { describe, expect, it } from 'vitest';
import { countsAreFresh, decodeCursor, encodeCursor, listFingerprint } from './team-cursor.ts';

const fingerprint = listFingerprint({ scope: 'downstream', ancestorId: 2, search: '', status: 0, limit: 50 });
const cursor = { afterId: 1234, page: 3, totalCount: 9841, filteredCount: 9841, fingerprint, countedAt: 1_000 };

describe('page cursor', () => {
  it('reads back what it wrote for the same list and page', () => {
    expect(decodeCursor(encodeCursor(cursor), { page: 3, fingerprint })).toEqual(cursor);
  });

  it('is ignored for another page or another list', () => {
    const text = encodeCursor(cursor);
    expect(decodeCursor(text, { page: 4, fingerprint })).toBeUndefined();
    const other = listFingerprint({ scope: 'downstream', ancestorId: 2, search: 'x', status: 0, limit: 50 });
    expect(decodeCursor(text, { page: 3, fingerprint: other })).toBeUndefined();
  });

  it('is ignored when it is not one of ours', () => {
    expect(decodeCursor('not-a-cursor', { page: 3, fingerprint })).toBeUndefined();
    const forged = Buffer.from(JSON.stringify({ k: -1, p: 3, t: 1, f: 1, h: fingerprint, at: 1 })).toString(
      'base64url',
    );
    expect(decodeCursor(forged, { page: 3, fingerprint })).toBeUndefined();
  });

  it('keeps its counts for a minute', () => {
    expect(countsAreFresh(cursor, 1_000 + 59_000)).toBe(true);
    expect(countsAreFresh(cursor, 1_000 + 61_000)).toBe(false);
  });
});
