import { type CreateUserRequest, CreateUserResponse } from '@portal/domain/people/new-user';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** POST /api/people: creates the user (status 1) and answers the Z-code and temporary password once. */
export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: CreateUserRequest) =>
      api('/api/people', { method: 'POST', body: request, schema: CreateUserResponse }),
    onSuccess: () => {
      // The new request shows on 'Your Pending Requests' and in the team lists.
      void queryClient.invalidateQueries({ queryKey: ['approvals'] });
      void queryClient.invalidateQueries({ queryKey: ['teams'] });
      void queryClient.invalidateQueries({ queryKey: ['onboarding', 'managers'] });
    },
  });
}
