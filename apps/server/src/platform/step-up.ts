import type { Executor } from '../db/client.ts';
import { findPasswordHash } from './credentials.queries.ts';
import { AppError } from './errors.ts';
import { verifyPassword } from './password.ts';

// Step-up: a session alone is not enough for what moves money or takes over an account (a
// password change, new banking details, later closing a commission period). The person types
// their password again; a stolen session cookie does not know it.

export const CURRENT_PASSWORD_REQUIRED = 'Please enter your current password.';
export const CURRENT_PASSWORD_WRONG = 'Your current password is incorrect.';

/** Throws 403 (field `field`) unless `password` is the identity's current password. */
export async function assertCurrentPassword(
  db: Executor,
  authId: string,
  password: string | null | undefined,
  field = 'currentPassword',
): Promise<void> {
  if (!password) {
    throw new AppError('STEP_UP_REQUIRED', 403, CURRENT_PASSWORD_REQUIRED, [
      { field, message: CURRENT_PASSWORD_REQUIRED },
    ]);
  }
  const hash = await findPasswordHash(db, authId);
  if (!hash || !(await verifyPassword({ hash, password }))) {
    throw new AppError('STEP_UP_FAILED', 403, CURRENT_PASSWORD_WRONG, [{ field, message: CURRENT_PASSWORD_WRONG }]);
  }
}
