import { z } from 'zod';
import { Feature } from '../accounts/me.ts';
import { PageNumber, pageOf } from '../platform/problem.ts';

/** One row of '/access-control': a dealer with a True/False per feature (spec 3 §2.15). */
export const AccessControlRow = z.object({
  id: z.number().int(),
  zCode: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  isAdmin: z.boolean(),
  features: z.array(Feature),
});
export type AccessControlRow = z.infer<typeof AccessControlRow>;

export const AccessControlQuery = z.object({
  page: PageNumber,
  pageSize: z.coerce.number().int().min(1).max(100).default(50),
  search: z.string().trim().max(100).optional(),
  adminsOnly: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional(),
});
export type AccessControlQuery = z.infer<typeof AccessControlQuery>;

export const AccessControlPage = pageOf(AccessControlRow);
export type AccessControlPage = z.infer<typeof AccessControlPage>;

/** Setting True adds an access record (with who added it); False deletes it (spec 3 §4.7). */
export const SetFeatureAccessRequest = z.object({
  feature: Feature,
  enabled: z.boolean(),
  /** The ACTING admin's password (step-up, decision 071): needed to grant, not to remove. */
  currentPassword: z.string().max(128).optional(),
});
export type SetFeatureAccessRequest = z.infer<typeof SetFeatureAccessRequest>;

export const FEATURES_FOR_ADMINS_ONLY = 'Feature access can only be given to admins.';
