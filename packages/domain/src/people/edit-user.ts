import { z } from 'zod';
import { isMaskedSecret } from '../access/masking.ts';
import {
  accountNumberError,
  EMAIL,
  isRealIsoDate,
  optionalPhoneNumber,
  phoneError,
  phoneNumber,
} from './dealer-record.ts';
import { PHONE_NOT_REAL, PHONE_TOO_LONG, type PhoneMessages } from './phone.ts';
import { checkSaId, ID_DOB_MISMATCH_WIZARD, idMatchesDateOfBirth } from './sa-id.ts';

// Edit User on the manage-user screen (spec 1 §5.5 "Edit user (admin/leader)", §3 update-user
// payload). The request is grouped by the dialog's tabs so the page validates one tab before
// moving to the next with the same schema the server applies to the whole request:
// - personal and address: admins and leaders (within reach);
// - identity (ID type and number, date of birth, nationality, passport dates) and documents:
//   admins only (spec 1 §6: only admins see these of other users);
// - banking: banking permission (admins).

export const EDIT_USER_MESSAGES = {
  firstName: 'First name is required',
  firstNameShort: 'Invalid first name (2+ letters)',
  middleName: 'Middle name is required',
  surname: 'Surname is required',
  surnameShort: 'Invalid Surname (2+ letters only)',
  companyShort: 'Invalid Company Name (2+ letters)',
  gender: 'Gender is required',
  phoneRequired: 'Phone number is required',
  phoneNotZero: 'Phone number does not start with 0',
  phoneIncomplete: 'Phone number is incomplete',
  phoneTooLong: PHONE_TOO_LONG,
  phoneNotReal: PHONE_NOT_REAL,
  phoneInUse: 'Phone number has already been used',
  email: 'Please enter a valid email address',
  emailInUse: 'Email Address is already in use.',
  operatorId: 'RICA username must be at most 5 characters',
  dateOfBirth: 'Date of birth is required',
  dateOfBirthFuture: 'Date of birth cannot be in the future',
  dateFormat: 'Please enter a date as YYYY-MM-DD',
  idType: 'ID type is required',
  idRequired: 'ID/Passport number is required',
  idInvalid: 'ID Number is invalid.',
  idInUse: 'This ID number has already been used',
  contactNotYours:
    "Only the user themself or an admin with Users Management can change a user's phone number or email address.",
  idUnverifiable: 'Unable to verify ID number',
  idDobMismatch: ID_DOB_MISMATCH_WIZARD,
  nationality: 'Invalid nationality',
  passportIssue: 'Passport issue date is required',
  passportExpiry: 'Passport expiry date is required',
  province: 'Province is required',
  street: 'Street address is required',
  suburb: 'Suburb is required',
  city: 'City is required',
  postalCode: 'Postal code must be numeric, at most 4 digits',
  country: 'Country is required',
  idPhoto: 'Invalid ID Photo',
  personPhoto: 'Invalid person photo',
  paymentType: 'Invalid payment type',
  bank: 'Please select a bank',
  accountNumber: 'Please add a bank account number',
  accountIncomplete: 'Account number is incomplete',
  accountType: 'Please select an account type',
} as const;

const M = EDIT_USER_MESSAGES;

const requiredText = (message: string) => z.string({ error: message }).trim().min(1, message);

/** '' and null both mean "none". */
const optionalText = z
  .string()
  .trim()
  .nullish()
  .transform((value) => (value ? value : null));

const todayIso = () => new Date().toISOString().slice(0, 10);

const optionalDate = optionalText.refine((value) => value === null || isRealIsoDate(value), M.dateFormat);

/** Spec 1 §5.5's words for the phone rules; the alternative phone follows the same ones. */
const PHONE: PhoneMessages = {
  required: M.phoneRequired,
  format: M.phoneIncomplete,
  notZero: M.phoneNotZero,
  tooShort: M.phoneIncomplete,
  tooLong: M.phoneTooLong,
  invalid: M.phoneNotReal,
};

/** The first failing phone rule: 10 digits starting with 0, or the stored +27 form. */
export const phoneIssue = (value: string): string | undefined => phoneError(value, PHONE);

export const EditUserPersonal = z.object({
  firstName: requiredText(M.firstName).min(2, M.firstNameShort),
  middleName: requiredText(M.middleName),
  surname: requiredText(M.surname)
    .min(2, M.surnameShort)
    .regex(/^[\p{L} ,.'-]+$/u, M.surnameShort),
  companyName: optionalText.refine((value) => value === null || value.length >= 2, M.companyShort),
  refsGender: z.enum(['M', 'F'], { error: M.gender }),
  email: optionalText.refine((value) => value === null || EMAIL.test(value), M.email),
  phone: phoneNumber(PHONE),
  altPhone: optionalPhoneNumber(PHONE),
  operatorId: optionalText
    .refine((value) => value === null || value.length <= 5, M.operatorId)
    .transform((value) => (value === null ? null : value.toUpperCase())),
  refsShirtSize: optionalText,
});
export type EditUserPersonal = z.infer<typeof EditUserPersonal>;

export const EditUserIdentity = z
  .object({
    refsIdentityDocType: z.enum(['RSAID', 'PASSPORT'], { error: M.idType }),
    identificationNo: requiredText(M.idRequired).refine((value) => value.length > 3, M.idInvalid),
    dateOfBirth: requiredText(M.dateOfBirth)
      .refine(isRealIsoDate, M.dateFormat)
      .refine((value) => !isRealIsoDate(value) || value <= todayIso(), M.dateOfBirthFuture),
    nationality: z.string({ error: M.nationality }).length(3, M.nationality),
    passportIssueDate: optionalDate,
    passportExpiryDate: optionalDate,
  })
  .superRefine((value, ctx) => {
    if (value.refsIdentityDocType !== 'PASSPORT') return;
    if (!value.passportIssueDate)
      ctx.addIssue({ code: 'custom', path: ['passportIssueDate'], message: M.passportIssue });
    if (!value.passportExpiryDate)
      ctx.addIssue({ code: 'custom', path: ['passportExpiryDate'], message: M.passportExpiry });
  });
export type EditUserIdentity = z.infer<typeof EditUserIdentity>;

export const EditUserAddress = z.object({
  street: requiredText(M.street),
  suburb: requiredText(M.suburb),
  city: requiredText(M.city),
  province: requiredText(M.province),
  postalCode: optionalText.refine((value) => value === null || /^\d{1,4}$/.test(value), M.postalCode),
  country: z.string({ error: M.country }).length(3, M.country),
});
export type EditUserAddress = z.infer<typeof EditUserAddress>;

/** An uploaded file ('/api/files/{id}') or a web address. */
function isFileLink(value: string): boolean {
  if (/^\/api\/files\/[0-9a-f-]{36}$/i.test(value)) return true;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

export const EditUserDocuments = z.object({
  idPhotoUrl: optionalText.refine((value) => value === null || isFileLink(value), M.idPhoto),
  personPhotoUrl: optionalText.refine((value) => value === null || isFileLink(value), M.personPhoto),
});
export type EditUserDocuments = z.infer<typeof EditUserDocuments>;

const ACCOUNT_NUMBER = {
  required: M.accountNumber,
  digits: M.accountIncomplete,
  short: M.accountIncomplete,
  long: M.accountIncomplete,
};

export const EditUserBanking = z
  .object({
    refsPaymentType: z.enum(['bank', 'eWallet'], { error: M.paymentType }),
    bank: optionalText,
    bankAccountNumber: optionalText,
    refsBankAccountType: z.number().int().nullish(),
    /** Filled from the chosen bank; the server always uses the bank's own code. */
    branchCode: optionalText,
    eWalletLink: optionalText,
  })
  .superRefine((value, ctx) => {
    if (value.refsPaymentType !== 'bank') return;
    if (!value.bank) ctx.addIssue({ code: 'custom', path: ['bank'], message: M.bank });
    const accountIssue = accountNumberError(value.bankAccountNumber, ACCOUNT_NUMBER, { allowMasked: true });
    if (accountIssue) ctx.addIssue({ code: 'custom', path: ['bankAccountNumber'], message: accountIssue });
    if (value.refsBankAccountType !== 1 && value.refsBankAccountType !== 2) {
      ctx.addIssue({ code: 'custom', path: ['refsBankAccountType'], message: M.accountType });
    }
  });
export type EditUserBanking = z.infer<typeof EditUserBanking>;

type IdentityAgreement = {
  personal?: { refsGender?: unknown } | undefined;
  identity?: {
    refsIdentityDocType?: unknown;
    identificationNo?: unknown;
    dateOfBirth?: unknown;
    nationality?: unknown;
  };
};

/**
 * An SA ID must agree with the date of birth (first six digits, 'ID Number does not match Date of
 * Birth.'), then pass the ID checker with gender and nationality (spec 1 §5.1, §5.5).
 */
export function identityIssue(value: IdentityAgreement): string | undefined {
  const identity = value.identity;
  if (identity?.refsIdentityDocType !== 'RSAID') return undefined;
  // The masked number the page was given stands for the stored one, checked when it was saved.
  if (isMaskedSecret(identity.identificationNo)) return undefined;
  const id = typeof identity.identificationNo === 'string' ? identity.identificationNo.replace(/\s+/g, '') : '';
  const dob = typeof identity.dateOfBirth === 'string' ? identity.dateOfBirth : '';
  if (id.length <= 3 || !isRealIsoDate(dob)) return undefined;
  if (!idMatchesDateOfBirth(id, dob)) return M.idDobMismatch;
  const gender = value.personal?.refsGender;
  const nationality = identity.nationality;
  const check = checkSaId(id, {
    dateOfBirth: dob,
    ...(gender === 'M' || gender === 'F' ? { gender } : {}),
    ...(typeof nationality === 'string' && nationality.length === 3 ? { nationality } : {}),
  });
  return check.valid ? undefined : check.message;
}

function addIdentityIssue(value: IdentityAgreement, ctx: z.RefinementCtx): void {
  const issue = identityIssue(value);
  if (issue) ctx.addIssue({ code: 'custom', path: ['identity', 'identificationNo'], message: issue });
}

/** PUT /api/people/{id}: the whole Edit User dialog. */
export const EditUserRequest = z
  .strictObject({
    personal: EditUserPersonal,
    address: EditUserAddress,
    identity: EditUserIdentity.optional(),
    documents: EditUserDocuments.optional(),
    banking: EditUserBanking.optional(),
    /**
     * The ACTING admin's password (step-up, decision 071): needed only when the save changes
     * another person's banking, payment type, eWallet link, phone or e-mail.
     */
    currentPassword: z.string().max(128).optional(),
  })
  .superRefine(addIdentityIssue);
export type EditUserRequest = z.infer<typeof EditUserRequest>;
export type EditUserForm = z.input<typeof EditUserRequest>;

export type EditUserTab = 'personal' | 'address' | 'documents' | 'banking';

/** The dialog's tabs in order, with the request sections each validates before the next. */
export const EDIT_USER_TABS: ReadonlyArray<{
  key: EditUserTab;
  label: string;
  sections: ReadonlyArray<keyof EditUserForm>;
}> = [
  { key: 'personal', label: 'Personal', sections: ['personal', 'identity'] },
  { key: 'address', label: 'Address', sections: ['address'] },
  { key: 'documents', label: 'Documents', sections: ['documents'] },
  { key: 'banking', label: 'Banking', sections: ['banking'] },
];

/** The tab a field path (e.g. 'identity.identificationNo' from the server) belongs to. */
export function tabOfField(field: string): EditUserTab | undefined {
  const section = field.split('.')[0];
  return EDIT_USER_TABS.find((tab) => (tab.sections as readonly string[]).includes(section ?? ''))?.key;
}

/** POST /api/people/{id}/edit-user/check: the duplicate checks run on leaving a tab. */
export const EditUserCheckRequest = z.object({
  identificationNo: z.string().trim().max(40).optional(),
  phone: z.string().trim().max(20).optional(),
  email: z.string().trim().max(200).optional(),
});
export type EditUserCheckRequest = z.infer<typeof EditUserCheckRequest>;

export const EditUserCheckResponse = z.object({
  errors: z.array(z.object({ field: z.string(), message: z.string() })),
});
export type EditUserCheckResponse = z.infer<typeof EditUserCheckResponse>;
