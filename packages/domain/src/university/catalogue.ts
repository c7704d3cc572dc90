import { z } from 'zod';
import { MAX_ROW_ID } from '../platform/ids.ts';
import { pageOf } from '../platform/problem.ts';

// The university list (spec 3 §2.3, §4.1, §9; decision 028). The filters live in the address
// '/training/{status}/{category}/{supplier}', each 'all' by default; search and tab ride in the query.

export const UNIVERSITY_ROUTES = {
  modules: '/api/university/modules',
  module: '/api/university/modules/:id',
  draws: '/api/university/modules/:id/draws',
  attempts: '/api/university/modules/:id/attempts',
} as const;

/** Spec 3 §9: page sizes 4, 8, 12, 16 (8 by default, 4 on small screens); 5 attempts per module. */
export const MODULE_PAGE_SIZES = [4, 8, 12, 16] as const;
export const DEFAULT_MODULE_PAGE_SIZE = 8;
export const SMALL_SCREEN_MODULE_PAGE_SIZE = 4;
export const MAX_ATTEMPTS = 5;

export const MODULE_STATUS_FILTERS = ['all', 'passed', 'failed', 'not-started', 'required'] as const;
export const ModuleStatusFilter = z.enum(MODULE_STATUS_FILTERS);
export type ModuleStatusFilter = z.infer<typeof ModuleStatusFilter>;
export const MODULE_STATUS_LABELS: Record<ModuleStatusFilter, string> = {
  all: 'All Statuses',
  passed: 'Passed',
  failed: 'Failed',
  'not-started': 'Not Started',
  required: 'Required',
};

export const MODULE_TABS = ['all', 'required', 'completed'] as const;
export const ModuleTab = z.enum(MODULE_TABS);
export type ModuleTab = z.infer<typeof ModuleTab>;
export const MODULE_TAB_LABELS: Record<ModuleTab, string> = {
  all: 'All Modules',
  required: 'Required',
  completed: 'Completed',
};
/** Spec 3 §2.3: one empty text per tab, each followed by the hint. */
export const EMPTY_MODULE_TEXTS: Record<ModuleTab, string> = {
  all: 'No modules found.',
  required: 'No required modules found.',
  completed: 'No completed modules found.',
};
export const EMPTY_MODULES_HINT = 'Try adjusting your search criteria or filter settings.';

export const ModuleListQuery = z
  .object({
    status: ModuleStatusFilter.default('all'),
    /** A category name, or 'all'. */
    category: z.string().trim().max(200).default('all'),
    /** A supplier id, or 'all'. */
    supplier: z.union([z.literal('all'), z.coerce.number().int().positive().max(MAX_ROW_ID)]).default('all'),
    search: z.string().trim().max(200).default(''),
    tab: ModuleTab.default('all'),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    pageSize: z.coerce
      .number()
      .int()
      .refine((n) => (MODULE_PAGE_SIZES as readonly number[]).includes(n), 'Modules per page is 4, 8, 12 or 16')
      .default(DEFAULT_MODULE_PAGE_SIZE),
  })
  .strict();
export type ModuleListQuery = z.infer<typeof ModuleListQuery>;

/** Per-user module state (spec 3 §4.1): passed, failed (attempts, none passed), not started. */
export const ModuleState = z.enum(['passed', 'failed', 'not-started']);
export type ModuleState = z.infer<typeof ModuleState>;

export const ModuleCard = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  category: z.string().nullable(),
  isCompulsory: z.boolean(),
  state: ModuleState,
  passThreshold: z.number().int(),
  /** The user's best score so far, rounded (0 before any attempt). */
  progress: z.number().int(),
  attempts: z.number().int(),
  maxAttempts: z.number().int(),
  /** When the user first passed (YYYY-MM-DD), while a pass stands. */
  completedOn: z.string().nullable(),
});
export type ModuleCard = z.infer<typeof ModuleCard>;

export const UniversityOverview = z.object({
  /** Completed of total, rounded percent. */
  percent: z.number().int(),
  total: z.number().int(),
  completed: z.number().int(),
  failed: z.number().int(),
  notStarted: z.number().int(),
});
export type UniversityOverview = z.infer<typeof UniversityOverview>;

export const ModulePage = pageOf(ModuleCard).extend({
  overview: UniversityOverview,
  categories: z.array(z.string()),
  suppliers: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type ModulePage = z.infer<typeof ModulePage>;

/** '1-8 of 20 modules'. */
export function moduleRangeText(page: number, pageSize: number, total: number): string {
  if (total === 0) return '0 of 0 modules';
  const first = (page - 1) * pageSize + 1;
  const last = Math.min(page * pageSize, total);
  return `${first}-${last} of ${total} modules`;
}
