import { createHash } from 'node:crypto';
import { z } from 'zod';

// The key of the next page, handed to the page and back. It carries the counts too, so paging on
// does not count again; they are refreshed once they are a minute old or when the list changes
// (another search, filter or page size gives another fingerprint). It is a position, not a
// permission: every request is limited to the caller's reach whatever the cursor says.

const COUNTS_FRESH_MS = 60_000;

const CursorBody = z.object({
  /** Last id of the previous page. */
  k: z.number().int().nonnegative(),
  /** The page this cursor starts. */
  p: z.number().int().min(2),
  t: z.number().int().nonnegative(),
  f: z.number().int().nonnegative(),
  /** Fingerprint of the list (scope, filters, page size). */
  h: z.string(),
  /** When the counts were taken (ms). */
  at: z.number().int(),
});

export interface PageCursor {
  afterId: number;
  page: number;
  totalCount: number;
  filteredCount: number;
  fingerprint: string;
  countedAt: number;
}

/** A short fingerprint of what defines the list. */
export function listFingerprint(parts: unknown): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('base64url').slice(0, 16);
}

export function encodeCursor(cursor: PageCursor): string {
  const body = {
    k: cursor.afterId,
    p: cursor.page,
    t: cursor.totalCount,
    f: cursor.filteredCount,
    h: cursor.fingerprint,
    at: cursor.countedAt,
  };
  return Buffer.from(JSON.stringify(body)).toString('base64url');
}

/** The cursor when it belongs to this list and page; undefined otherwise (the page is then read by offset). */
export function decodeCursor(
  value: string | undefined,
  expected: { page: number; fingerprint: string },
): PageCursor | undefined {
  if (!value) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  const body = CursorBody.safeParse(parsed);
  if (!body.success || body.data.p !== expected.page || body.data.h !== expected.fingerprint) return undefined;
  return {
    afterId: body.data.k,
    page: body.data.p,
    totalCount: body.data.t,
    filteredCount: body.data.f,
    fingerprint: body.data.h,
    countedAt: body.data.at,
  };
}

export function countsAreFresh(cursor: PageCursor, now: number): boolean {
  return now - cursor.countedAt >= 0 && now - cursor.countedAt < COUNTS_FRESH_MS;
}
