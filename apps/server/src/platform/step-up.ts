import { tryAgainIn } from '@portal/domain/accounts/limits';
import type { Executor } from '../db/client.ts';
import { type Clock, MINUTE, systemClock } from './clock.ts';
import { findPasswordHash } from './credentials.queries.ts';
import { AppError } from './errors.ts';
import { verifyPassword } from './password.ts';
import { findFailureLockUntil, insertFailure } from './sign-in-failures.queries.ts';

// Step-up: a session alone is not enough for what moves money or takes over an account (a
// password change, new banking details, a new sign-in e-mail or phone, closing a commission
// period). The person types their password again; a stolen session cookie does not know it.
// Nor may it guess it: wrong step-up passwords count per account (auth_sign_in_failure under
// `step-up:<auth id>`, beside the e-mail sign-in failures), and the 5th within 15 minutes locks
// every step-up of the account for 15 minutes from then, the right password included
// (decision 064).

export const CURRENT_PASSWORD_REQUIRED = 'Please enter your current password.';
export const CURRENT_PASSWORD_WRONG = 'Your current password is incorrect.';

/** Wrong step-up passwords of one account within STEP_UP_WINDOW_MS that lock its step-up… */
export const STEP_UP_WRONG_LIMIT = 5;
const STEP_UP_WINDOW_MS = 15 * MINUTE;
/** …for this long from the last of them. */
const STEP_UP_LOCK_MS = 15 * MINUTE;

export interface StepUpOptions {
  clock?: Clock;
  /**
   * Where a wrong password is recorded: the database itself, not the caller's transaction, which
   * rolls back with the refusal.
   */
  failures?: Executor;
}

/**
 * Throws 403 (field `field`) unless `password` is the identity's current password, and 429 while
 * the account's step-up is locked by wrong passwords.
 */
export async function assertCurrentPassword(
  db: Executor,
  authId: string,
  password: string | null | undefined,
  field = 'currentPassword',
  options: StepUpOptions = {},
): Promise<void> {
  if (!password) {
    throw new AppError('STEP_UP_REQUIRED', 403, CURRENT_PASSWORD_REQUIRED, [
      { field, message: CURRENT_PASSWORD_REQUIRED },
    ]);
  }
  const clock = options.clock ?? systemClock;
  await assertStepUpOpen(db, authId, field, clock);
  const hash = await findPasswordHash(db, authId);
  if (!hash || !(await verifyPassword({ hash, password }))) {
    await recordStepUpFailure(options.failures ?? db, authId, clock);
    throw new AppError('STEP_UP_FAILED', 403, CURRENT_PASSWORD_WRONG, [{ field, message: CURRENT_PASSWORD_WRONG }]);
  }
}

/** Throws 429 STEP_UP_LOCKED while wrong passwords lock the account's step-ups. */
export async function assertStepUpOpen(
  db: Executor,
  authId: string,
  field = 'currentPassword',
  clock: Clock = systemClock,
): Promise<void> {
  const now = clock.now();
  const until = await findFailureLockUntil(db, {
    account: stepUpAccount(authId),
    now,
    windowMs: STEP_UP_WINDOW_MS,
    lockMs: STEP_UP_LOCK_MS,
    threshold: STEP_UP_WRONG_LIMIT,
  });
  if (until && until > now) {
    const retryAfterSeconds = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
    const message = `Too many wrong passwords. ${tryAgainIn(retryAfterSeconds)}`;
    throw new AppError('STEP_UP_LOCKED', 429, message, [{ field, message }], retryAfterSeconds);
  }
}

/** One wrong step-up password of the account (also better-auth's `/change-password`). */
export async function recordStepUpFailure(db: Executor, authId: string, clock: Clock = systemClock): Promise<void> {
  await insertFailure(db, { account: stepUpAccount(authId), clientIp: 'step-up', failedAt: clock.now() });
}

const stepUpAccount = (authId: string) => `step-up:${authId}`;
