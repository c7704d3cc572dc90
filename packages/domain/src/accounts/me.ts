import { z } from 'zod';

export const FEATURES = [
  'Commissions',
  'Deals',
  'Reallocations',
  'Sales Assist',
  'Agent Support',
  'Access Control',
  'Users Management',
  // Not in the spec's list: reading the message outbox needs its own flag (docs/security.md).
  'Outbox',
] as const;
export const Feature = z.enum(FEATURES);
export type Feature = z.infer<typeof Feature>;

/** The names that are known features, from a list read out of the database (which may hold others). */
export function knownFeatures(names: readonly string[]): Feature[] {
  return names.filter((name): name is Feature => (FEATURES as readonly string[]).includes(name));
}

export const Role = z.enum(['admin', 'leader', 'agent']);
export type Role = z.infer<typeof Role>;

/** Why a signed-in user is held in the waiting state (spec 1 §4), or null when they are not. */
export const WaitingReason = z.enum([
  'awaiting_approval',
  'unverified',
  'outstanding_actions',
  'deactivated',
  'deleted',
  'rejected',
  'inactive',
  'training',
]);
export type WaitingReason = z.infer<typeof WaitingReason>;

export const CurrentUser = z.object({
  id: z.number().int(),
  zCode: z.string(),
  authId: z.string(),
  firstName: z.string(),
  surname: z.string(),
  companyName: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  role: Role,
  isAdmin: z.boolean(),
  isLeader: z.boolean(),
  refsTypeId: z.number().int(),
  refsUserTierId: z.number().int(),
  lifecycleStatusId: z.number().int(),
  emailVerified: z.boolean(),
  phoneVerified: z.boolean(),
  features: z.array(Feature),
  /** A temporary password (from the wizard or an admin) must be replaced before anything else. */
  mustChangePassword: z.boolean(),
  waiting: z.object({ isWaiting: z.boolean(), reason: WaitingReason.nullable() }),
  /**
   * 102 / 101 / 0 / -1 (spec 1 §4, packages/domain/src/university/status.ts), computed by the
   * server from the training tables; 0 for admins, null when it was not worked out.
   */
  universityStatus: z.number().int().nullable(),
});
export type CurrentUser = z.infer<typeof CurrentUser>;

export const MeResponse = z.object({ user: CurrentUser });
export type MeResponse = z.infer<typeof MeResponse>;

export const EmailSignInRequest = z.object({
  email: z.string().trim().min(1, 'Please enter a valid email address.').email('Please enter a valid email address.'),
  password: z.string().min(1, 'Please enter a valid password.'),
  rememberMe: z.boolean().optional(),
});
export type EmailSignInRequest = z.infer<typeof EmailSignInRequest>;
