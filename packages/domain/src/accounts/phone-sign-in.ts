import { z } from 'zod';
import { normalisePhone, parsePhone } from '../people/phone.ts';

/**
 * The cellphone number typed on the phone sign-in page (spec 1 §2.1, §5.3): ten digits starting
 * with 0. The checks run in the spec's order so the first failing one gives its message; a number
 * of the right shape that no network hands out (0000000000) is refused last.
 */
export const CELLPHONE_NOT_REAL = 'Cellphone number is not a valid South African number';

export const EnteredCellphone = z
  .string()
  .trim()
  .superRefine((value, ctx) => {
    if (!/^\d+$/.test(value)) ctx.addIssue({ code: 'custom', message: 'Cellphone number is incorrectly formatted' });
    else if (value.length !== 10) ctx.addIssue({ code: 'custom', message: 'Cellphone number is incorrect length' });
    else if (!value.startsWith('0'))
      ctx.addIssue({ code: 'custom', message: 'Cellphone number does not start with 0' });
    else if (!parsePhone(value).ok) ctx.addIssue({ code: 'custom', message: CELLPHONE_NOT_REAL });
  });

/** Sent to the server in the stored form, +27 plus the nine digits after the 0. */
export function cellphoneToE164(entered: string): string {
  return normalisePhone(entered.trim());
}

export const PhoneOtpCode = z
  .string()
  .trim()
  .regex(/^\d{4,8}$/, 'Please enter the code from your SMS.');

/** +27 followed by nine digits, as stored. */
export const StoredPhone = z
  .string()
  .regex(/^\+27\d{9}$/, 'Phone number must start with +27 and be followed by 9 digits');

/** Step 1 of phone sign-in: send a code to a known number ('Number not found' otherwise). */
export const PhoneSignInCodeRequest = z.object({ phone: StoredPhone });
export type PhoneSignInCodeRequest = z.infer<typeof PhoneSignInCodeRequest>;

/** Step 2: the code from the SMS; a session starts on success (never a new user). */
export const PhoneSignInRequest = z.object({
  phone: StoredPhone,
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'Please enter the 6-digit code from your SMS.'),
  rememberMe: z.boolean().optional(),
});
export type PhoneSignInRequest = z.infer<typeof PhoneSignInRequest>;

export const NUMBER_NOT_FOUND = 'Number not found';

/** POST /api/auth/phone-sign-in/send-code answers this when the SMS went out. */
export const PhoneSignInCodeSent = z.object({ sent: z.literal(true) });
export type PhoneSignInCodeSent = z.infer<typeof PhoneSignInCodeSent>;
