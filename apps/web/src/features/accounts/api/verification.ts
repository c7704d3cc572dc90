import { VerificationResult, VerificationSent } from '@portal/domain/accounts/verification';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { meQueryKey } from '../../../lib/get-me';
import { profileQueryKey } from './profile';

/** Checks the e-mailed link's id; already verified answers success too (spec 1 §4). */
export function verifyEmail(verificationId: string): Promise<VerificationResult> {
  return api('/api/accounts/verify-email', {
    method: 'POST',
    body: { verificationId },
    schema: VerificationResult,
  });
}

/**
 * Runs the check once per link while the page is open (a query, so a re-render or React's
 * development double-mount does not send it twice). Afterwards the user and profile are re-read.
 */
export function useVerifyEmail(verificationId: string) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: ['verify-email', verificationId],
    queryFn: async () => {
      const result = await verifyEmail(verificationId);
      if (result.verified) {
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: meQueryKey }),
          queryClient.invalidateQueries({ queryKey: profileQueryKey }),
        ]);
      }
      return result;
    },
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

/** Sends a one-time pin by SMS to the user's own phone. */
export function sendPhoneVerificationCode(): Promise<VerificationSent> {
  return api('/api/accounts/verify-phone/send-code', { method: 'POST', body: {}, schema: VerificationSent });
}

export function useSendPhoneVerificationCode() {
  return useMutation({ mutationFn: sendPhoneVerificationCode });
}

/** Checks the pin; a wrong one answers 400 with the incorrect-pin text. */
export function verifyPhone(code: string): Promise<unknown> {
  return api('/api/accounts/verify-phone', { method: 'POST', body: { code } });
}

export function useVerifyPhone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyPhone,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: meQueryKey }),
        queryClient.invalidateQueries({ queryKey: profileQueryKey }),
      ]);
    },
  });
}
