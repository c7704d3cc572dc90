import { z } from 'zod';

export const PASSWORD_REQUIRED = 'Please enter a valid password.';
export const PASSWORD_MIN_LENGTH = 6;

export const CURRENT_PASSWORD_REQUIRED = 'Please enter your current password.';

/**
 * '/update-password': a signed-in user sets a new password with their current one (a session
 * alone is not enough); their other sessions end.
 */
export const UpdatePasswordRequest = z.object({
  currentPassword: z.string().min(1, CURRENT_PASSWORD_REQUIRED).max(128, 'Use at most 128 characters.'),
  newPassword: z
    .string()
    .min(1, PASSWORD_REQUIRED)
    .min(PASSWORD_MIN_LENGTH, `Use at least ${PASSWORD_MIN_LENGTH} characters.`)
    .max(128, 'Use at most 128 characters.'),
});
export type UpdatePasswordRequest = z.infer<typeof UpdatePasswordRequest>;

/** The reset link's page: the token from the link and the new password. */
export const ResetPasswordRequest = z.object({
  token: z.string().min(1),
  newPassword: UpdatePasswordRequest.shape.newPassword,
});
export type ResetPasswordRequest = z.infer<typeof ResetPasswordRequest>;

export const PASSWORD_UPDATED = 'Password updated successfully';

/** POST /api/accounts/password answers this; the user's other sessions have ended. */
export const UpdatePasswordResult = z.object({ message: z.string() });
export type UpdatePasswordResult = z.infer<typeof UpdatePasswordResult>;
