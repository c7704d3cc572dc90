import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api';

export const PasswordResetRequest = z.object({
  email: z.string().trim().min(1, 'Please enter a valid email address.').email('Please enter a valid email address.'),
});
export type PasswordResetRequest = z.infer<typeof PasswordResetRequest>;

/** Where the e-mailed link lands (the page that sets the new password). */
export const RESET_PASSWORD_PATH = '/reset-password';

export function requestPasswordReset(input: PasswordResetRequest): Promise<unknown> {
  return api('/api/auth/request-password-reset', {
    method: 'POST',
    body: { email: input.email.trim(), redirectTo: RESET_PASSWORD_PATH },
  });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
