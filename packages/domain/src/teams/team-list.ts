import { z } from 'zod';
import { LIFECYCLE } from '../accounts/waiting.ts';
import { zCode } from '../people/z-code.ts';
import { RowIdParam } from '../platform/ids.ts';
import { PageNumber } from '../platform/problem.ts';

// Manage Teams, the downstream view and the admin dealer lists (spec 1 §2.8, §2.9, §7 "Users for
// admin", §9): one query shape, one row shape and the pagination object of spec 1 §7.

/** Spec 1 §9: page-size choices and default. */
export const TEAM_PAGE_SIZES = [25, 50, 100] as const;
export const DEFAULT_TEAM_PAGE_SIZE = 50;

export const NO_ACCESS = "You don't have access to this page";

/** Lifecycle status names (spec 1 §3 fallback) for the 'Lifecycle Status' filter. */
export const LIFECYCLE_STATUS_OPTIONS = [
  { id: LIFECYCLE.pending, name: 'Created' },
  { id: LIFECYCLE.active, name: 'Active' },
  { id: LIFECYCLE.inactive, name: 'Inactive' },
  { id: LIFECYCLE.deleted, name: 'Deleted' },
  { id: LIFECYCLE.declined, name: 'Declined' },
] as const;

/** The status chip (spec 1 §4): Active for 2, Inactive for 3, Deleted for 4, anything else Unknown. */
export function statusChipLabel(statusId: number): 'Active' | 'Inactive' | 'Deleted' | 'Unknown' {
  if (statusId === LIFECYCLE.active) return 'Active';
  if (statusId === LIFECYCLE.inactive) return 'Inactive';
  if (statusId === LIFECYCLE.deleted) return 'Deleted';
  return 'Unknown';
}

/** 'Z-{id}: first name surname', as the Name column shows a dealer (spec 1 §2.8). */
export function dealerLabel(person: { id: number; firstName: string; surname: string }): string {
  return `${zCode(person.id)}: ${[person.firstName, person.surname].filter(Boolean).join(' ')}`;
}

const booleanFlag = z
  .enum(['true', 'false'])
  .transform((value) => value === 'true')
  .optional();

const pageFields = {
  page: PageNumber,
  pageSize: z.coerce.number().int().min(1).max(100).default(DEFAULT_TEAM_PAGE_SIZE),
  /** Name, e-mail, phone (0…, +27… or 27…) or Z-ID. */
  search: z.string().trim().max(100).optional(),
  /** A lifecycle status 1–5; 0 or absent means none (deleted users then stay hidden, spec 1 §9). */
  statusFilter: z.coerce.number().int().min(0).max(5).default(0),
  /**
   * Opaque position handed out as `pagination.nextCursor`: with it the next page is read by key
   * instead of by offset. A cursor that does not belong to the query and page is ignored.
   */
  cursor: z.string().max(512).optional(),
};

/** The search box of a team list, checked as the query's search is before it is sent. */
export const TeamSearchForm = z.object({
  search: z.string().trim().max(100, 'Search can be at most 100 characters'),
});
export type TeamSearchForm = z.input<typeof TeamSearchForm>;

export const TeamListQuery = z.object({
  ...pageFields,
  /** 'View Pending Users': lifecycle status 1 only. */
  pendingOnly: booleanFlag,
  /** Only the direct children of this dealer ('/dealer-agents/{dealerId}'). */
  parentId: RowIdParam.optional(),
});
export type TeamListQuery = z.infer<typeof TeamListQuery>;
export type TeamListQueryInput = z.input<typeof TeamListQuery>;

export const DownstreamQuery = z.object(pageFields);
export type DownstreamQuery = z.infer<typeof DownstreamQuery>;
export type DownstreamQueryInput = z.input<typeof DownstreamQuery>;

export const DealerIdParams = z.object({
  dealerId: z.coerce
    .number({ error: 'Invalid user ID' })
    .int('Invalid user ID')
    .positive('Invalid user ID')
    .max(2_147_483_647, 'Invalid user ID'),
});

export const TeamMember = z.object({
  id: z.number().int(),
  zCode: z.string(),
  firstName: z.string(),
  surname: z.string(),
  lifecycleStatusId: z.number().int(),
  /** Stored +27XXXXXXXXX; the page shows it with a leading 0. */
  phone: z.string().nullable(),
  email: z.string().nullable(),
  /** Null for a top-level user. */
  parent: z.object({ id: z.number().int(), zCode: z.string(), name: z.string() }).nullable(),
  emailVerified: z.boolean(),
  phoneVerified: z.boolean(),
  isLeader: z.boolean(),
  isAdmin: z.boolean(),
});
export type TeamMember = z.infer<typeof TeamMember>;

/** Spec 1 §7 "Users for admin" pagination, plus the key of the next page. */
export const TeamPagination = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  /** Everyone in the list before search and status filter (deleted users left out). */
  totalCount: z.number().int(),
  /** Everyone matching the search and status filter. */
  filteredCount: z.number().int(),
  totalPages: z.number().int(),
  hasNextPage: z.boolean(),
  hasPrevPage: z.boolean(),
  startRecord: z.number().int(),
  endRecord: z.number().int(),
  nextCursor: z.string().nullable(),
});
export type TeamPagination = z.infer<typeof TeamPagination>;

export const TeamPage = z.object({
  data: z.array(TeamMember),
  pagination: TeamPagination,
  query: z.object({ search: z.string(), statusFilter: z.number().int(), executionTime: z.number() }),
});
export type TeamPage = z.infer<typeof TeamPage>;

export const DownstreamPage = TeamPage.extend({
  dealer: z.object({ id: z.number().int(), zCode: z.string(), firstName: z.string(), surname: z.string() }),
});
export type DownstreamPage = z.infer<typeof DownstreamPage>;

/**
 * The page numbers of spec 1 §7 from what was read. `rowsOnPage` and `hasMore` come from the page
 * itself (read one row beyond the page), so they stay right even when the counts are a few seconds old.
 */
export function paginationOf(input: {
  page: number;
  limit: number;
  totalCount: number;
  filteredCount: number;
  rowsOnPage: number;
  hasMore: boolean;
  nextCursor: string | null;
}): TeamPagination {
  const { page, limit, totalCount, filteredCount, rowsOnPage, hasMore } = input;
  const offset = (page - 1) * limit;
  return {
    page,
    limit,
    totalCount,
    filteredCount,
    totalPages: Math.ceil(filteredCount / limit),
    hasNextPage: hasMore,
    hasPrevPage: page > 1,
    startRecord: rowsOnPage > 0 ? offset + 1 : 0,
    endRecord: offset + rowsOnPage,
    nextCursor: hasMore ? input.nextCursor : null,
  };
}

/** The downstream footer (spec 1 §2.9): 'Showing a-b of n results | Total dealers: m'. */
export function downstreamFooter(pagination: TeamPagination): string {
  return `Showing ${pagination.startRecord}-${pagination.endRecord} of ${pagination.filteredCount} results | Total dealers: ${pagination.totalCount}`;
}

export const DealerDetail = z.object({
  id: z.number().int(),
  zCode: z.string(),
  firstName: z.string(),
  surname: z.string(),
  companyName: z.string().nullable(),
  lifecycleStatusId: z.number().int(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  city: z.string().nullable(),
  province: z.string().nullable(),
  isLeader: z.boolean(),
  isAdmin: z.boolean(),
  emailVerified: z.boolean(),
  phoneVerified: z.boolean(),
  createdAt: z.string(),
  parent: z.object({ id: z.number().int(), zCode: z.string(), name: z.string() }).nullable(),
  /** Direct children and the whole downstream, deleted users left out. */
  directCount: z.number().int(),
  downstreamCount: z.number().int(),
});
export type DealerDetail = z.infer<typeof DealerDetail>;
