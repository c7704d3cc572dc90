import type { WaitingReason } from './me.ts';

export const LIFECYCLE = { pending: 1, active: 2, inactive: 3, deleted: 4, declined: 5 } as const;

export interface WaitingInput {
  emailVerified: boolean;
  phoneVerified: boolean;
  lifecycleStatusId: number;
  refsTypeId: number;
  /** 102 / 101 / 0 / -1 (spec 1 §4); undefined while not computed. */
  universityStatus?: number;
}

/**
 * A user is held in the waiting state (limited menu, no bell) when e-mail or phone is unverified,
 * the status is not active, or, for user type 1, the university status is 102 or negative.
 */
export function waitingState(input: WaitingInput): { isWaiting: boolean; reason: WaitingReason | null } {
  const verified = input.emailVerified && input.phoneVerified;
  const trainingBlocks =
    input.refsTypeId === 1 &&
    input.universityStatus !== undefined &&
    (input.universityStatus === 102 || input.universityStatus < 0);
  const isWaiting = !verified || input.lifecycleStatusId !== LIFECYCLE.active || trainingBlocks;
  if (!isWaiting) return { isWaiting, reason: null };
  switch (input.lifecycleStatusId) {
    case LIFECYCLE.pending:
      return { isWaiting, reason: verified ? 'awaiting_approval' : 'unverified' };
    case LIFECYCLE.active:
      return { isWaiting, reason: verified ? 'training' : 'outstanding_actions' };
    case LIFECYCLE.inactive:
      return { isWaiting, reason: 'deactivated' };
    case LIFECYCLE.deleted:
      return { isWaiting, reason: 'deleted' };
    case LIFECYCLE.declined:
      return { isWaiting, reason: 'rejected' };
    default:
      return { isWaiting, reason: 'inactive' };
  }
}

/** Banner text per waiting reason (spec 1 §4). */
export const WAITING_MESSAGES: Record<WaitingReason, string> = {
  awaiting_approval: 'Your account is awaiting approval.',
  unverified: 'Please verify your email address and cellphone number in order to get your profile approved.',
  outstanding_actions:
    'Your account is active but has outstanding actions: please verify your email address and cellphone number.',
  training: 'Your account is active but has outstanding actions: please complete your compulsory training modules.',
  deactivated: 'Your account has been deactivated. Please contact support.',
  deleted: 'Your account has been deleted. Please contact support.',
  rejected: 'Your account application has been rejected.',
  inactive: 'Your account is inactive. Please contact support.',
};
