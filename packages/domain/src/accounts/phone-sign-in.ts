import { z } from 'zod';

/**
 * The cellphone number typed on the phone sign-in page (spec 1 §2.1, §5.3): ten digits starting
 * with 0. The checks run in the spec's order so the first failing one gives its message.
 */
export const EnteredCellphone = z
  .string()
  .trim()
  .superRefine((value, ctx) => {
    if (!/^\d+$/.test(value)) ctx.addIssue({ code: 'custom', message: 'Cellphone number is incorrectly formatted' });
    else if (value.length !== 10) ctx.addIssue({ code: 'custom', message: 'Cellphone number is incorrect length' });
    else if (!value.startsWith('0'))
      ctx.addIssue({ code: 'custom', message: 'Cellphone number does not start with 0' });
  });

/** Sent to the server as +27 plus the last nine digits. */
export function cellphoneToE164(entered: string): string {
  return `+27${entered.trim().slice(-9)}`;
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
