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
