import { EMAIL_VERIFIED, PHONE_VERIFIED } from '@portal/domain/accounts/verification';

/** Spec 1 §2.1 and §9: the hint shown while waiting for a one-time pin by SMS. */
export const SMS_WAIT_NOTE = "If you haven't received your SMS within 40 seconds, please try again";

/** Spec 1 §9: back to the profile this long after a successful verification. */
export const VERIFIED_REDIRECT_MS = 1000;

export const EMAIL_VERIFIED_TEXT = EMAIL_VERIFIED;
export const PHONE_VERIFIED_TEXT = PHONE_VERIFIED;
