import { VerificationSent } from '@portal/domain/accounts/verification';
import { useMutation } from '@tanstack/react-query';
import { api } from './api';

/** 'Resend Verification Email' on the own profile: a fresh '/verify-email/{verificationId}' link. */
export function sendVerificationEmail(): Promise<VerificationSent> {
  return api('/api/accounts/verification-email', { method: 'POST', body: {}, schema: VerificationSent });
}

export function useSendVerificationEmail() {
  return useMutation({ mutationFn: sendVerificationEmail });
}
