import { z } from 'zod';

export const INCORRECT_PIN = 'Incorrect pin: Your One Time Pin is not correct. Please try again.';
export const EMAIL_VERIFICATION_FAILED =
  'There was an issue verifying your email address, please try again or contact support.';
export const VERIFICATION_EMAIL_SENT = 'Email verification link has been sent to your email address.';

/** '/verify-email/{verificationId}': the id from the e-mailed link. */
export const VerifyEmailRequest = z.object({ verificationId: z.uuid(EMAIL_VERIFICATION_FAILED) });
export type VerifyEmailRequest = z.infer<typeof VerifyEmailRequest>;

/** '/verify-phone': the one-time pin sent by SMS to the user's own phone. */
export const VerifyPhoneRequest = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, INCORRECT_PIN),
});
export type VerifyPhoneRequest = z.infer<typeof VerifyPhoneRequest>;

export const VerificationResult = z.object({ verified: z.boolean(), message: z.string() });
export type VerificationResult = z.infer<typeof VerificationResult>;

export const EMAIL_VERIFIED = 'Your email address has been verified.';
export const PHONE_VERIFIED = 'Your phone number has been verified.';

/** POST /api/accounts/verification-email and /api/accounts/verify-phone/send-code. */
export const VerificationSent = z.object({ message: z.string() });
export type VerificationSent = z.infer<typeof VerificationSent>;
