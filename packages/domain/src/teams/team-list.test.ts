import { describe, expect, it } from 'vitest';
import { dealerLabel, downstreamFooter, paginationOf, statusChipLabel } from './team-list.ts';

describe('paginationOf', () => {
  it('gives the spec 1 §7 numbers for a middle page', () => {
    const pagination = paginationOf({
      page: 2,
      limit: 50,
      totalCount: 130,
      filteredCount: 120,
      rowsOnPage: 50,
      hasMore: true,
      nextCursor: 'next',
    });
    expect(pagination).toEqual({
      page: 2,
      limit: 50,
      totalCount: 130,
      filteredCount: 120,
      totalPages: 3,
      hasNextPage: true,
      hasPrevPage: true,
      startRecord: 51,
      endRecord: 100,
      nextCursor: 'next',
    });
    expect(downstreamFooter(pagination)).toBe('Showing 51-100 of 120 results | Total dealers: 130');
  });

  it('ends on the last page and says so', () => {
    const pagination = paginationOf({
      page: 3,
      limit: 50,
      totalCount: 120,
      filteredCount: 120,
      rowsOnPage: 20,
      hasMore: false,
      nextCursor: 'ignored',
    });
    expect(pagination).toMatchObject({ startRecord: 101, endRecord: 120, hasNextPage: false, nextCursor: null });
  });

  it('shows 0-0 for an empty list', () => {
    const pagination = paginationOf({
      page: 1,
      limit: 50,
      totalCount: 7,
      filteredCount: 0,
      rowsOnPage: 0,
      hasMore: false,
      nextCursor: null,
    });
    expect(pagination).toMatchObject({ totalPages: 0, startRecord: 0, endRecord: 0, hasPrevPage: false });
    expect(downstreamFooter(pagination)).toBe('Showing 0-0 of 0 results | Total dealers: 7');
  });
});

describe('labels', () => {
  it('names the status chip as spec 1 §4 does', () => {
    expect([1, 2, 3, 4, 5].map(statusChipLabel)).toEqual(['Unknown', 'Active', 'Inactive', 'Deleted', 'Unknown']);
  });
  it('shows a dealer as Z-{id}: first name surname', () => {
    expect(dealerLabel({ id: 7, firstName: 'Lwazi', surname: 'Leader' })).toBe('Z-7: Lwazi Leader');
  });
});
