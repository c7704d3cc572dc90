import { z } from 'zod';

const Option = z.object({ value: z.string(), label: z.string() });

/** The shared option lists (spec 1 §9), served by GET /api/reference-lists. */
export const ReferenceLists = z.object({
  banks: z.array(z.object({ name: z.string(), branchCode: z.string() })),
  bankAccountTypes: z.array(z.object({ id: z.number().int(), name: z.string() })),
  provinces: z.array(Option),
  countries: z.array(Option),
  shirtSizes: z.array(z.string()),
  paymentTypes: z.array(Option),
  genders: z.array(Option),
  identityDocTypes: z.array(Option),
  userTypes: z.array(z.object({ id: z.number().int(), name: z.string() })),
  networks: z.array(z.object({ code: z.string(), name: z.string(), isRica: z.boolean(), isSales: z.boolean() })),
  lifecycleStatuses: z.array(z.object({ id: z.number().int(), name: z.string() })),
  structureLevels: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type ReferenceLists = z.infer<typeof ReferenceLists>;
