import { type UpdatePasswordRequest, UpdatePasswordResult } from '@portal/domain/accounts/password';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { meQueryKey } from '../../../lib/get-me';

export const PASSWORD_UPDATE_FAILED = 'Error updating password';

/** '/update-password': the signed-in user's new password; the server ends their other sessions. */
export function updatePassword(input: UpdatePasswordRequest): Promise<UpdatePasswordResult> {
  return api('/api/accounts/password', { method: 'POST', body: input, schema: UpdatePasswordResult });
}

export function useUpdatePassword() {
  const queryClient = useQueryClient();
  // A temporary password no longer holds the user on this page once replaced.
  return useMutation({
    mutationFn: updatePassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryKey }),
  });
}
