import { z } from 'zod';
import { type Action, can, type PermissionActor, type PermissionTarget, type Subject } from '../access/permissions.ts';
import { CatalogueChoices, type CatalogueRefusal } from '../catalogue/catalogue.ts';
import { MAX_ROW_ID } from '../platform/ids.ts';
import { LIFECYCLE, PersonRef, type UserPermissions } from './user-detail.ts';

// The manage-user screen's actions (spec 1 §2.11, §4, §6; spec 3 §4.6, §5.7): the payloads, and
// the pure rules the server enforces and the page mirrors.

/** The person acted on, as the manage-user rules see them (with their relation to the actor). */
export interface TargetUser extends PermissionTarget {
  isLeader: boolean;
  isLeaderBlocked: boolean;
}

export const NO_PERMISSION = "You don't have permission to perform this action. Please contact your administrator.";

/** What the acting user may do on a user's page (spec 1 §6), in the words of `can`. */
export function permissionsFor(actor: PermissionActor, target: TargetUser): UserPermissions {
  const may = (action: Action, subject: Subject) => can(actor, action, subject, target);
  // The own record is edited on the profile (contacts verified, banking with the password).
  const canEdit = may('update', 'person') && target.relation !== 'self';
  return {
    isSelf: target.relation === 'self',
    canEdit,
    canEditContact: canEdit && may('update', 'contact'),
    canEditIdentity: canEdit && may('update', 'identity'),
    canEditBanking: canEdit && may('update', 'banking'),
    canManage: may('update', 'manager'),
    canReveal: may('reveal', 'secrets'),
    canChangeLinks: may('update', 'links'),
    canChooseDeals: may('update', 'deals'),
    canToggleTrainer: may('update', 'trainer') && flagChangeRefusal(actor, target, { isLeader: true }) === undefined,
    canToggleGrowthLeader: may('update', 'growth-leader'),
    canToggleTrainerBlock: may('update', 'trainer-block'),
  };
}

// --- Password --------------------------------------------------------------------------------

export const PASSWORD_MIN_LENGTH = 6;

/** Admin sets another user's password (spec 1 §5.7): confirm is disabled under 6 characters. */
export const ChangeUserPasswordRequest = z.object({
  password: z
    .string()
    .min(1, 'Please enter a valid password.')
    .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`)
    .max(128, 'Password must be at most 128 characters.'),
  /** The ACTING admin's own password (step-up, decision 071); refused without it. */
  currentPassword: z.string().max(128).optional(),
});
export type ChangeUserPasswordRequest = z.infer<typeof ChangeUserPasswordRequest>;

export const PASSWORD_UPDATED = 'Password updated successfully';
export const PASSWORD_UPDATE_FAILED = 'Error updating password';

// --- Change manager --------------------------------------------------------------------------

export const NO_VALID_MANAGERS =
  "No valid managers available. All eligible managers are either in this user's downstream hierarchy or the user themselves.";

export const ChangeManagerRequest = z.strictObject({
  managerId: z
    .number({ error: 'Please choose a new manager.' })
    .int()
    .positive('Please choose a new manager.')
    .max(MAX_ROW_ID, 'Please choose a new manager.'),
  /** Checked (default): the user keeps their children. Unchecked: they go to the user's former parent. */
  moveWithChildren: z.boolean().default(true),
  /** The acting admin's own password (step-up, decision 075): every move changes who is paid. */
  currentPassword: z.string().max(128).optional(),
});
export type ChangeManagerRequest = z.infer<typeof ChangeManagerRequest>;

export const MANAGER_REFUSALS = {
  notFound: 'The chosen manager could not be found.',
  self: 'A user cannot be their own manager.',
  downstream: 'A user cannot be moved under someone in their own downstream hierarchy.',
  notLeader: 'The new manager must be a leader.',
  deleted: 'The chosen manager has been deleted.',
  same: 'This user already reports to that manager.',
} as const;

export interface ManagerCandidate {
  id: number;
  isLeader: boolean;
  isAdmin: boolean;
  lifecycleStatusId: number;
  /** The candidate is the user or one of their descendants. */
  isInUsersDownstream: boolean;
}

/**
 * Eligible managers (spec 1 §4): leaders who are not the user, not among the user's descendants,
 * and whose status is not 4. Admins head the tree, so they are eligible too.
 */
export function managerRefusal(
  user: { id: number; parentId: number | null },
  candidate: ManagerCandidate | undefined,
): string | undefined {
  if (!candidate) return MANAGER_REFUSALS.notFound;
  if (candidate.id === user.id) return MANAGER_REFUSALS.self;
  if (candidate.isInUsersDownstream) return MANAGER_REFUSALS.downstream;
  if (candidate.lifecycleStatusId === LIFECYCLE.deleted) return MANAGER_REFUSALS.deleted;
  if (!candidate.isLeader && !candidate.isAdmin) return MANAGER_REFUSALS.notLeader;
  if (candidate.id === user.parentId) return MANAGER_REFUSALS.same;
  return undefined;
}

export const EligibleManagersQuery = z.object({
  search: z.string().trim().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(50),
});
export type EligibleManagersQuery = z.infer<typeof EligibleManagersQuery>;

export const EligibleManager = PersonRef.extend({ isAdmin: z.boolean(), isLeader: z.boolean() });
export type EligibleManager = z.infer<typeof EligibleManager>;

export const EligibleManagersResponse = z.object({
  items: z.array(EligibleManager),
  /** All eligible managers matching the search (items holds at most `limit`). */
  total: z.number().int(),
});
export type EligibleManagersResponse = z.infer<typeof EligibleManagersResponse>;

// --- Suppliers, product types and deals ------------------------------------------------------

export const UpdateUserLinksRequest = z.strictObject({
  productTypeIds: z.array(z.number().int().positive().max(MAX_ROW_ID)).max(200),
  supplierIds: z.array(z.number().int().positive().max(MAX_ROW_ID)).max(500),
  /** Admins only (spec 1 §6); a leader's request must leave it out. */
  dealIds: z.array(z.number().int().positive().max(MAX_ROW_ID)).max(500).optional(),
});
export type UpdateUserLinksRequest = z.infer<typeof UpdateUserLinksRequest>;

/** What Edit links offers: the catalogue the actor may link (deals empty for non-admins). */
export const LinkOptions = CatalogueChoices;
export type LinkOptions = CatalogueChoices;

/** The message for each reason a link choice is refused. */
export const LINK_REFUSALS = {
  unknownProductType: 'One of the chosen product types does not exist.',
  unknownSupplier: 'One of the chosen suppliers does not exist.',
  supplierNotOffered: 'A chosen supplier does not offer any of the chosen product types.',
  unknownDeal: 'One of the chosen deals does not exist.',
  dealNotOffered: 'A chosen deal is not for one of the chosen suppliers and product types.',
} as const satisfies Record<CatalogueRefusal, string>;

// --- User type -------------------------------------------------------------------------------

export const SELECT_USER_TYPE = 'Please select a user type.';

export const ChangeUserTypeRequest = z.object({
  refsTypeId: z.number({ error: SELECT_USER_TYPE }).int(SELECT_USER_TYPE).positive(SELECT_USER_TYPE),
});
export type ChangeUserTypeRequest = z.infer<typeof ChangeUserTypeRequest>;

// --- Lifecycle status ------------------------------------------------------------------------

export const StatusAction = z.enum(['deactivate', 'reactivate', 'delete']);
export type StatusAction = z.infer<typeof StatusAction>;

export const UserStatusRequest = z.object({
  action: StatusAction,
  /**
   * The acting admin's own password (step-up, decision 076): a status decides whether a leader is
   * paid the leader lines on their branch's sales.
   */
  currentPassword: z.string().max(128).optional(),
});
export type UserStatusRequest = z.infer<typeof UserStatusRequest>;

export const STATUS_REFUSALS = {
  deactivate: 'Only an active user can be marked as inactive.',
  reactivate: 'Only an inactive user can be reactivated.',
  delete: 'This user has already been deleted.',
  self: 'You cannot change your own status.',
} as const;

/**
 * Mark As Inactive (from active) sets 3; Reactivate User (when inactive) sets 2; Delete sets 4
 * (spec 1 §4). Anything else is refused with a message.
 */
export function nextLifecycleStatus(current: number, action: StatusAction): { status: number } | { error: string } {
  switch (action) {
    case 'deactivate':
      return current === LIFECYCLE.active ? { status: LIFECYCLE.inactive } : { error: STATUS_REFUSALS.deactivate };
    case 'reactivate':
      return current === LIFECYCLE.inactive ? { status: LIFECYCLE.active } : { error: STATUS_REFUSALS.reactivate };
    case 'delete':
      return current === LIFECYCLE.deleted ? { error: STATUS_REFUSALS.delete } : { status: LIFECYCLE.deleted };
  }
}

// --- Leader flags ----------------------------------------------------------------------------

export const UpdateUserFlagsRequest = z
  .strictObject({
    isLeader: z.boolean().optional(),
    growthLeader: z.boolean().optional(),
    isLeaderBlocked: z.boolean().optional(),
    /**
     * The acting person's own password (step-up, decision 076), asked when Trainer status changes:
     * it decides who is paid the leader lines on a branch's sales. Not a flag.
     */
    currentPassword: z.string().max(128).optional(),
  })
  .refine(
    ({ isLeader, growthLeader, isLeaderBlocked }) =>
      [isLeader, growthLeader, isLeaderBlocked].some((flag) => flag !== undefined),
    { message: 'Nothing to change' },
  );
export type UpdateUserFlagsRequest = z.infer<typeof UpdateUserFlagsRequest>;

export const FLAG_REFUSALS = {
  adminOnly: 'Only an admin can change growth leader or trainer block status.',
  self: 'You cannot change your own trainer status here.',
  turnOff: 'Only an admin can turn trainer status off.',
  blocked: 'Trainer status has been blocked for this user by an admin.',
  already: 'This user is already a trainer.',
} as const;

/**
 * Spec 1 §4 "Leader (trainer) flag": admins toggle Trainer, Growth Leader and Block Trainer
 * Status freely; a non-admin leader may only switch Trainer on for another user who is not
 * blocked and not already a trainer. Agents change none. Reach is checked separately.
 */
export function flagChangeRefusal(
  actor: PermissionActor,
  target: TargetUser,
  change: UpdateUserFlagsRequest,
): string | undefined {
  if (can(actor, 'update', 'trainer-block', target)) return undefined;
  if (!actor.isLeader) return NO_PERMISSION;
  if (change.growthLeader !== undefined || change.isLeaderBlocked !== undefined) return FLAG_REFUSALS.adminOnly;
  if (target.relation === 'self') return FLAG_REFUSALS.self;
  if (!can(actor, 'update', 'trainer', target)) return NO_PERMISSION;
  if (change.isLeader !== true) return FLAG_REFUSALS.turnOff;
  if (target.isLeaderBlocked) return FLAG_REFUSALS.blocked;
  if (target.isLeader) return FLAG_REFUSALS.already;
  return undefined;
}

/** What every action answers; the page shows it in a snackbar. */
export const ActionResult = z.object({ message: z.string() });
export type ActionResult = z.infer<typeof ActionResult>;

/** Spec 1 §8 messages shown by the manage-user screen. */
export const MANAGE_USER_MESSAGES = {
  updateFailed: 'Failed to update user',
  statusFailed: 'Failed to update user status',
  userTypeFailed: 'Failed to update user type',
  userTypesLoadFailed: 'Failed to load user types',
  linksLoadFailed: 'Failed to load suppliers and product types',
  userDoesNotExist: 'User does not exist.',
  universityError: 'Error retrieving university status - please refresh the page',
} as const;
