import type { EmailSignInRequest } from '@portal/domain/accounts/me';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { api } from '../../../lib/api';
import { meQueryKey } from '../../../lib/get-me';
import { returnToFrom } from '../../../lib/return-to';

/** better-auth's e-mail sign-in; its session cookie is set by the answer. */
export function signInWithEmail(input: EmailSignInRequest): Promise<unknown> {
  return api('/api/auth/sign-in/email', {
    method: 'POST',
    body: { email: input.email.trim(), password: input.password, rememberMe: input.rememberMe ?? true },
  });
}

export function useSignIn() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  return useMutation({
    mutationFn: signInWithEmail,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: meQueryKey });
      navigate(returnToFrom(location.state), { replace: true });
    },
  });
}
