import { z } from 'zod';
import { maskSecret } from '../access/masking.ts';
import { phoneText } from '../people/dealer-record.ts';
import { PHONE_NOT_REAL, PHONE_TOO_LONG } from '../people/phone.ts';

export const COMMISSION_FREEZE_MESSAGE =
  'Profile updates are temporarily frozen while the commission period is active.';

/** A contact change waiting for the new contact to prove it (decision 069). */
export const PendingContact = z.object({ value: z.string(), expiresAt: z.string() });
export type PendingContact = z.infer<typeof PendingContact>;

/** The own profile as '/profile' shows it (spec 1 §2.4). Bank account numbers come masked. */
export const Profile = z.object({
  id: z.number().int(),
  zCode: z.string(),
  firstName: z.string(),
  middleName: z.string().nullable(),
  surname: z.string(),
  companyName: z.string().nullable(),
  identificationNo: z.string().nullable(),
  refsIdentityDocType: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  emailVerified: z.boolean(),
  phoneVerified: z.boolean(),
  createdAt: z.string(),
  refsShirtSize: z.string().nullable(),
  refsPaymentType: z.string(),
  eWalletLink: z.string().nullable(),
  banking: z
    .object({
      bank: z.string(),
      branchCode: z.string(),
      accountNumberMasked: z.string(),
      accountType: z.number().int(),
      accountTypeName: z.string(),
    })
    .nullable(),
  address: z.object({
    country: z.string().nullable(),
    countryName: z.string().nullable(),
    street: z.string().nullable(),
    suburb: z.string().nullable(),
    city: z.string().nullable(),
    province: z.string().nullable(),
    provinceName: z.string().nullable(),
    postalCode: z.string().nullable(),
  }),
  productTypes: z.array(z.object({ id: z.number().int(), name: z.string() })),
  suppliers: z.array(z.object({ id: z.number().int(), name: z.string() })),
  isAdmin: z.boolean(),
  isLeader: z.boolean(),
  isLeaderBlocked: z.boolean(),
  refsUserTierId: z.number().int(),
  agreedToRicaTerms: z.boolean(),
  /** Whether the 'Become A Leader' switch may be used (spec 1 §4 "Leader flag"). */
  canBecomeLeader: z.boolean(),
  /** The commission freeze: while true, 'Edit Your Details' is disabled and updates are refused. */
  profileFrozen: z.boolean(),
  /**
   * A new e-mail / phone the owner asked for and has not proven yet (decision 069): until then the
   * one above still signs in. Null when none is pending (or it expired).
   */
  pendingEmail: PendingContact.nullable(),
  pendingPhone: PendingContact.nullable(),
});
export type Profile = z.infer<typeof Profile>;

/**
 * The profile-edit subset (spec 1 §3 "Update-user payload"). Validation is first-failure-in-order
 * (spec 1 §5.5): see `firstProfileError`, used by the dialog and by the server alike.
 */
export const ProfileUpdateRequest = z.object({
  country: z.string().length(3),
  province: z.string().min(1),
  street: z.string().trim(),
  suburb: z.string().trim(),
  postalCode: z.string().trim(),
  city: z.string().trim(),
  refsShirtSize: z.string().nullable(),
  refsPaymentType: z.enum(['bank', 'eWallet']),
  eWalletLink: z.string().trim().nullable().optional(),
  bank: z.string().nullable().optional(),
  bankAccountNumber: z.string().trim().nullable().optional(),
  refsBankAccountType: z.number().int().nullable().optional(),
  agreedToRicaTerms: z.boolean(),
  /** Needed only when the banking details change (step-up): a session alone does not move pay. */
  currentPassword: z.string().max(128).optional(),
});
export type ProfileUpdateRequest = z.infer<typeof ProfileUpdateRequest>;

/** The first failing rule of the Edit Profile dialog, in the spec's order, or undefined. */
export function firstProfileError(values: ProfileUpdateRequest): string | undefined {
  const account = values.bankAccountNumber ?? '';
  if (values.refsPaymentType === 'bank' && account && (account.length < 6 || !/^\d+$/.test(account))) {
    return 'Account number is incomplete';
  }
  if (!values.street) return 'Please add a Street Address';
  if (!values.suburb) return 'Please add a Suburb';
  if (!values.postalCode) return 'Please add a Postal Code';
  if (!values.city) return 'Please add a City';
  if (values.refsPaymentType === 'bank') {
    if (!values.bank) return 'Please select a bank';
    if (!account) return 'Please add a bank account number';
    if (!values.refsBankAccountType) return 'Please select an account type';
  }
  if (!values.agreedToRicaTerms) return 'Please check RICA And POPIA Training';
  if (values.postalCode.length > 4 || !/^\d+$/.test(values.postalCode)) return 'Invalid Postal Code';
  if (account.length > 20) return 'Account number is incomplete';
  return undefined;
}

/** A change of e-mail and/or phone; each changed one must be verified again. */
export const ContactChangeRequest = z
  .object({
    email: z.string().trim().min(1, 'Email address is required').email('Must be a valid email address').optional(),
    phone: phoneText(
      {
        required: 'Phone number is required',
        format: 'Phone number must start with +27 and be followed by 9 digits',
        tooLong: PHONE_TOO_LONG,
        invalid: PHONE_NOT_REAL,
      },
      { only: 'stored' },
    ).optional(),
    /** A new e-mail or phone signs the person in (reset link, one-time pin): it needs the password. */
    currentPassword: z.string().max(128).optional(),
  })
  .refine((value) => value.email !== undefined || value.phone !== undefined, { message: 'Nothing to change' });
export type ContactChangeRequest = z.infer<typeof ContactChangeRequest>;

export const PHONE_IN_USE = 'Phone number is already in use';
export const EMAIL_IN_USE = 'Email Address is already in use.';

export const ContactChangeResult = z.object({
  code: z.literal(200),
  emailChanged: z.boolean(),
  phoneChanged: z.boolean(),
  message: z.string(),
});
export type ContactChangeResult = z.infer<typeof ContactChangeResult>;

/** Drops the own pending e-mail or phone change (decision 069); the current one stays. */
export const ContactCancelRequest = z.object({ kind: z.enum(['email', 'phone']) });
export type ContactCancelRequest = z.infer<typeof ContactCancelRequest>;

/** How long a requested e-mail or phone change waits for the new contact to prove it. */
export const PENDING_CONTACT_HOURS = 24;

/** GET /api/profile/contact-availability: exactly one of `email` or `phone` (+27XXXXXXXXX or 0XXXXXXXXX). */
export const ContactAvailabilityQuery = z
  .object({ email: z.string().trim().min(1).optional(), phone: z.string().trim().min(1).optional() })
  .refine((value) => (value.email === undefined) !== (value.phone === undefined), {
    message: 'Give either an email address or a phone number',
  });
export type ContactAvailabilityQuery = z.infer<typeof ContactAvailabilityQuery>;

/** Error code of the 409 answered while the commission freeze is on (message COMMISSION_FREEZE_MESSAGE). */
export const PROFILE_FROZEN = 'PROFILE_FROZEN';

/** Why the server refused 'Become A Leader' (403, code LEADER_NOT_ALLOWED). */
export const BECOME_LEADER_REFUSALS = {
  admin: 'Admins cannot become leaders.',
  alreadyLeader: 'You are already a leader.',
  blocked: 'Your trainer status has been blocked by an admin.',
  tier: 'Only users above tier 2 can become leaders.',
} as const;

/** Whether a contact value is free (checked on blur, spec 1 §5.5). */
export const ContactAvailability = z.object({ available: z.boolean(), message: z.string().nullable() });
export type ContactAvailability = z.infer<typeof ContactAvailability>;

/** Spec 1 §4: not admin, tier above 2, not already leader, not blocked. */
export function canBecomeLeader(user: {
  isAdmin: boolean;
  isLeader: boolean;
  isLeaderBlocked: boolean;
  refsUserTierId: number;
}): boolean {
  return !user.isAdmin && user.refsUserTierId > 2 && !user.isLeader && !user.isLeaderBlocked;
}

/** Masks all but the last four digits of an account number. */
export function maskAccountNumber(accountNumber: string): string {
  return maskSecret(accountNumber);
}
