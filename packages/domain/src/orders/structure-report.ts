import { z } from 'zod';
import { isRealIsoDate } from '../people/dealer-record.ts';
import { MAX_ROW_ID } from '../platform/ids.ts';

// The structure report (spec 2 "Structure report", DECISIONS "Structure report"): a tree rooted at
// the viewer (level 1) or a downstream dealer; each node has its name, level, direct children and
// the totals of its whole subtree in the date range. The page asks for one node and its children at
// a time (expanding a node asks again), so a tree of 100k people never travels whole.

/** Date pickers reach 12 months back and 12 ahead (spec 2): a range spans at most 25 months. */
export const STRUCTURE_RANGE_MAX_DAYS = 25 * 31;

const day = z.string().refine(isRealIsoDate, { message: 'Use a real date in the form YYYY-MM-DD' });

export const StructureReportQuery = z
  .strictObject({
    /** The node to open; omitted: the viewer. */
    nodeId: z.coerce.number().int().positive().max(MAX_ROW_ID).optional(),
    /** The tree's root when a downstream dealer is chosen; levels count from it. Omitted: the viewer. */
    rootId: z.coerce.number().int().positive().max(MAX_ROW_ID).optional(),
    supplierId: z.coerce.number().int().positive().max(MAX_ROW_ID).optional(),
    from: day,
    to: day,
  })
  .refine((query) => query.from <= query.to, { message: 'The start date is after the end date', path: ['to'] })
  .refine(
    (query) =>
      (Date.parse(`${query.to}T00:00:00Z`) - Date.parse(`${query.from}T00:00:00Z`)) / 86_400_000 <=
      STRUCTURE_RANGE_MAX_DAYS,
    { message: 'Choose a range of at most 25 months', path: ['from'] },
  );
export type StructureReportQuery = z.infer<typeof StructureReportQuery>;

export const StructureTotals = z.object({
  created: z.number().int().nonnegative(),
  paid: z.number().int().nonnegative(),
  installed: z.number().int().nonnegative(),
  activated: z.number().int().nonnegative(),
});
export type StructureTotals = z.infer<typeof StructureTotals>;

export const StructureNode = z.object({
  id: z.number().int(),
  zCode: z.string(),
  firstName: z.string(),
  surname: z.string(),
  /** 1 for the root, 2 for its children, … */
  level: z.number().int().positive(),
  children: z.number().int().nonnegative(),
  /** The node's own orders and those of everyone below it. */
  totals: StructureTotals,
});
export type StructureNode = z.infer<typeof StructureNode>;

export const StructureReport = z.object({
  node: StructureNode,
  children: z.array(StructureNode),
});
export type StructureReport = z.infer<typeof StructureReport>;

export const STRUCTURE_MILESTONES = ['created', 'paid', 'installed', 'activated'] as const;
export const STRUCTURE_MILESTONE_LABELS: Record<(typeof STRUCTURE_MILESTONES)[number], string> = {
  created: 'Created',
  paid: 'Paid',
  installed: 'Installed',
  activated: 'Activated',
};

/** True when nothing happened in the whole tree in the range (the report's empty state). */
export const isEmptyStructure = (totals: StructureTotals): boolean =>
  totals.created + totals.paid + totals.installed + totals.activated === 0;
