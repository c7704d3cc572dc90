import {
  ContactAvailability,
  type ContactChangeRequest,
  ContactChangeResult,
  Profile,
  type ProfileUpdateRequest,
} from '@portal/domain/accounts/profile';
import { VerificationSent } from '@portal/domain/accounts/verification';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { meQueryKey } from '../../../lib/get-me';

export const profileQueryKey = ['profile'] as const;

export function getProfile(signal?: AbortSignal): Promise<Profile> {
  return api('/api/profile', { schema: Profile, signal });
}

export const profileQueryOptions = queryOptions({
  queryKey: profileQueryKey,
  queryFn: ({ signal }) => getProfile(signal),
});

/** The signed-in user's own profile ('/profile'). */
export function useProfile() {
  return useQuery(profileQueryOptions);
}

/** PUT /api/profile: 409 PROFILE_FROZEN while the commission freeze is on, 400 with the first failing rule. */
export function updateProfile(input: ProfileUpdateRequest): Promise<Profile> {
  return api('/api/profile', { method: 'PUT', body: input, schema: Profile });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (profile) => {
      queryClient.setQueryData(profileQueryKey, profile);
      void queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
  });
}

/** Whether an e-mail address or phone number is free for this user (checked on blur, spec 1 §5.5). */
export function checkContactAvailability(
  query: { email: string } | { phone: string },
  signal?: AbortSignal,
): Promise<ContactAvailability> {
  return api('/api/profile/contact-availability', { query, schema: ContactAvailability, signal });
}

/** A changed e-mail and/or phone: pending until the new one is verified (decision 069). */
export function changeContact(input: ContactChangeRequest): Promise<ContactChangeResult> {
  return api('/api/profile/contact', { method: 'POST', body: input, schema: ContactChangeResult });
}

export function useChangeContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeContact,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: profileQueryKey }),
        queryClient.invalidateQueries({ queryKey: meQueryKey }),
      ]),
  });
}

/** Drops the own pending e-mail or phone change; the current one stays. */
export function cancelPendingContact(kind: 'email' | 'phone'): Promise<VerificationSent> {
  return api('/api/profile/contact/cancel', { method: 'POST', body: { kind }, schema: VerificationSent });
}

export function useCancelPendingContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelPendingContact,
    onSettled: () => queryClient.invalidateQueries({ queryKey: profileQueryKey }),
  });
}

/** 'Become A Leader': allowed only when `canBecomeLeader` (403 otherwise); cannot be undone here. */
export function becomeLeader(): Promise<Profile> {
  return api('/api/profile/become-leader', { method: 'POST', body: {}, schema: Profile });
}

export function useBecomeLeader() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: becomeLeader,
    onSuccess: (profile) => {
      queryClient.setQueryData(profileQueryKey, profile);
      // The menu and the routes follow the leader flag.
      void queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
  });
}
