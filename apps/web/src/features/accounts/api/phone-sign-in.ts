import type { PhoneSignInCodeRequest, PhoneSignInRequest } from '@portal/domain/accounts/phone-sign-in';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { api } from '../../../lib/api';
import { meQueryKey } from '../../../lib/get-me';
import { returnToFrom } from '../../../lib/return-to';

/** Step 1: a one-time code by SMS to a known number (404 'Number not found', 429 when sent too often). */
export function sendPhoneSignInCode(input: PhoneSignInCodeRequest): Promise<unknown> {
  return api('/api/auth/phone-sign-in/send-code', { method: 'POST', body: input });
}

/** Step 2: checks the code; on success the server starts a session (it never creates a user). */
export function verifyPhoneSignInCode(input: PhoneSignInRequest): Promise<unknown> {
  return api('/api/auth/phone-sign-in/verify', { method: 'POST', body: input });
}

export function useSendPhoneSignInCode() {
  return useMutation({ mutationFn: sendPhoneSignInCode });
}

export function useVerifyPhoneSignInCode() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  return useMutation({
    mutationFn: verifyPhoneSignInCode,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: meQueryKey });
      navigate(returnToFrom(location.state), { replace: true });
    },
  });
}
