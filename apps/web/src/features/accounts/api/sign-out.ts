import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { api } from '../../../lib/api';
import { meQueryKey } from '../../../lib/get-me';

export function signOut(): Promise<unknown> {
  return api('/api/auth/sign-out', { method: 'POST', body: {} });
}

export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const leave = () => {
    queryClient.clear();
    queryClient.setQueryData(meQueryKey, null);
    navigate('/login', { replace: true });
  };
  return useMutation({
    mutationFn: signOut,
    // Whatever the server says, the page forgets the user; a failed call leaves at worst a dead cookie.
    onSettled: leave,
  });
}
