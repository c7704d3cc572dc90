import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { api } from '../../../lib/api';
import { meQueryKey } from './get-me';

/** better-auth's phone-number plugin: send a one-time code by SMS (the outbox when no provider is set). */
export function sendPhoneOtp(phoneNumber: string): Promise<unknown> {
  return api('/api/auth/phone-number/send-otp', { method: 'POST', body: { phoneNumber } });
}

/** Checks the code; on success the server starts a session. */
export function verifyPhoneOtp(input: { phoneNumber: string; code: string }): Promise<unknown> {
  return api('/api/auth/phone-number/verify', { method: 'POST', body: input });
}

export function useSendPhoneOtp() {
  return useMutation({ mutationFn: sendPhoneOtp });
}

export function useVerifyPhoneOtp() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: verifyPhoneOtp,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: meQueryKey });
      navigate('/', { replace: true });
    },
  });
}
