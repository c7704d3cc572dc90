import {
  type EditUserCheckRequest,
  EditUserCheckResponse,
  type EditUserRequest,
} from '@portal/domain/people/edit-user';
import {
  ActionResult,
  type ChangeManagerRequest,
  type ChangeUserPasswordRequest,
  type ChangeUserTypeRequest,
  EligibleManagersResponse,
  LinkOptions,
  type UpdateUserFlagsRequest,
  type UpdateUserLinksRequest,
  type UserStatusRequest,
} from '@portal/domain/people/manage-user';
import { RevealedSecrets } from '@portal/domain/people/user-detail';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { peopleKeys } from './user-detail';

/** The signed-in user's query (features/accounts owns it; features do not import each other). */
const ME_QUERY_KEY = ['me'] as const;

/** A change to one user: their page and (if it was the signed-in user) /api/me are read again. */
function useUserMutation<TInput>(request: (input: TInput) => Promise<ActionResult>, everything = false) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSettled: async () => {
      // A move changes team and downstream lists too, whatever their keys.
      if (everything) await queryClient.invalidateQueries();
      else
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: peopleKeys.all }),
          queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY }),
        ]);
    },
  });
}

const send = (path: string, method: 'PUT' | 'POST', body: object) => api(path, { method, body, schema: ActionResult });

export function useEditUser(userId: number) {
  return useUserMutation((input: EditUserRequest) => send(`/api/people/${userId}`, 'PUT', input));
}

/** The duplicate checks run when leaving a tab of Edit User. */
export function checkEditUser(userId: number, values: EditUserCheckRequest) {
  return api(`/api/people/${userId}/edit-user/check`, { method: 'POST', body: values, schema: EditUserCheckResponse });
}

export function useChangePassword(userId: number) {
  return useUserMutation((input: ChangeUserPasswordRequest) => send(`/api/people/${userId}/password`, 'PUT', input));
}

export function useChangeManager(userId: number) {
  return useUserMutation((input: ChangeManagerRequest) => send(`/api/people/${userId}/manager`, 'PUT', input), true);
}

export function useEligibleManagers(userId: number, search: string, enabled: boolean) {
  return useQuery({
    queryKey: peopleKeys.eligibleManagers(userId, search),
    queryFn: ({ signal }) =>
      api(`/api/people/${userId}/eligible-managers`, {
        query: { search, limit: 50 },
        schema: EligibleManagersResponse,
        signal,
      }),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useLinkOptions(userId: number, enabled: boolean) {
  return useQuery({
    queryKey: peopleKeys.linkOptions(userId),
    queryFn: ({ signal }) => api(`/api/people/${userId}/link-options`, { schema: LinkOptions, signal }),
    enabled,
  });
}

export function useUpdateLinks(userId: number) {
  return useUserMutation((input: UpdateUserLinksRequest) => send(`/api/people/${userId}/links`, 'PUT', input));
}

export function useChangeUserType(userId: number) {
  return useUserMutation((input: ChangeUserTypeRequest) => send(`/api/people/${userId}/user-type`, 'PUT', input));
}

export function useChangeStatus(userId: number) {
  return useUserMutation((input: UserStatusRequest) => send(`/api/people/${userId}/status`, 'POST', input), true);
}

export function useUpdateFlags(userId: number) {
  return useUserMutation((input: UpdateUserFlagsRequest) => send(`/api/people/${userId}/flags`, 'PUT', input));
}

/** The full ID and account numbers, for admins allowed to reveal them (the server audits each). */
export function useRevealSecrets(userId: number) {
  return useMutation({
    mutationFn: () => api(`/api/people/${userId}/reveal`, { method: 'POST', body: {}, schema: RevealedSecrets }),
  });
}
