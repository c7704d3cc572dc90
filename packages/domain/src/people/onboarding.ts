import { z } from 'zod';
import { isName, isRealIsoDate, NAME_CHARACTERS, POSTAL_CODE, SA_PROVINCE_CODES } from './dealer-record.ts';
import type { ParsedCreateUserRequest } from './new-user.ts';
import { isValidPhone, PHONE_NOT_REAL } from './phone.ts';

/**
 * The onboarding record (spec 1 §3 "Onboarding record", §5.2): the users_master row a creation
 * writes, checked as a whole by the server right before it is written, whatever the page checked.
 * The SA ID checker's verdict is not part of this record check (spec 1 §5.1); the wizard's own
 * step rules, which the server also runs, are where an RSAID number is checked.
 */

export { SA_PROVINCE_CODES };

export const ONBOARDING_MESSAGES = {
  required: 'Required',
  altPhoneLength: 'Alternative Phone number is not valid',
  invalidPhone: 'Invalid phone number',
  phoneLength: 'Phone number is not valid',
  phoneRequired: 'Phone number is required',
  city: 'Invalid city (2+ letters)',
  companyName: 'Invalid Company Name (2+ letters)',
  country: 'Invalid Country',
  nationality: 'Invalid nationality',
  dateOfBirth: 'Date of birth is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  firstName: 'Invalid first name (2+ letters)',
  idPhoto: 'Invalid ID Photo',
  personPhoto: 'Invalid person photo',
  updatedAuthId: 'Updated Auth ID Is Required',
  submittedAuthId: 'Submitted By Auth ID Is Required',
  passportExpiry: 'Passport expiry date required',
  passportIssue: 'Passport issue date required',
  postalCode: 'Invalid Postal Code',
  province: 'Invalid province',
  gender: 'Invalid gender',
  bankAccountType: 'Invalid bank account type',
  bankAccountTypeRequired: 'Please select a bank account type',
  idType: 'Invalid ID type',
  paymentType: 'Invalid payment type',
  street: 'Street too short',
  suburb: 'Invalid suburb (2+ letters)',
  surname: 'Invalid Surname (2+ letters only)',
} as const;

const M = ONBOARDING_MESSAGES;
const letters = (min: number) => (value: string) => isName(value, min);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Photos are stored by the portal itself and referred to as `/api/files/{id}`; an absolute web
 * address is accepted as well (records moved from the old product point to cloud storage).
 */
export const PHOTO_PATH = /^\/api\/files\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export function isPhotoAddress(value: string): boolean {
  if (PHOTO_PATH.test(value)) return true;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

/** The file id in a `/api/files/{id}` address, or undefined. */
export function fileIdOf(address: string | null | undefined): string | undefined {
  if (!address || !PHOTO_PATH.test(address)) return undefined;
  return address.slice('/api/files/'.length).toLowerCase();
}

export const fileAddress = (fileId: string) => `/api/files/${fileId}`;

const phone = (lengthMessage: string) =>
  z
    .string(M.phoneRequired)
    .length(12, lengthMessage)
    .regex(/^\+27\d{9}$/, M.invalidPhone)
    .refine((value) => !/^\+27\d{9}$/.test(value) || isValidPhone(value), PHONE_NOT_REAL);

const isoDate = (message: string) => z.string(message).refine(isRealIsoDate, message);

/** The §5.2 schema; country codes come from the reference list (refs_country). */
export function onboardingRecordSchema(countryCodes: readonly string[]) {
  const countries = new Set(countryCodes);
  return z
    .object({
      agreed_to_rica_terms: z.literal(true, M.required),
      alt_phone: phone(M.altPhoneLength).nullish(),
      city: z.string(M.required).refine(letters(2), M.city),
      company_name: z.string().refine(letters(2), M.companyName).nullish(),
      country: z.string(M.country).refine((code) => countries.has(code), M.country),
      nationality: z.string(M.nationality).refine((code) => countries.has(code), M.nationality),
      date_of_birth: isoDate(M.dateOfBirth),
      e_wallet_link: z.string().nullish(),
      email: z.string(M.emailRequired).min(1, M.emailRequired).email(M.emailInvalid),
      first_name: z.string(M.firstName).refine(letters(2), M.firstName),
      middle_name: z.string().nullish(),
      surname: z.string(M.surname).refine((value) => letters(2)(value) && NAME_CHARACTERS.test(value), M.surname),
      id_photo_url: z.string(M.idPhoto).refine(isPhotoAddress, M.idPhoto),
      person_photo_url: z.string(M.personPhoto).refine(isPhotoAddress, M.personPhoto),
      identification_no: z.string(M.required).min(1, M.required),
      operator_id: z.string().max(5).nullish(),
      parent_id: z.number(M.required).int(M.required),
      refs_type_id: z.number(M.required).int(M.required),
      submitted_by: z.number(M.required).int(M.required),
      submitted_by_auth_id: z.string(M.submittedAuthId).regex(UUID, M.submittedAuthId),
      last_updated_by_auth_id: z.string(M.updatedAuthId).regex(UUID, M.updatedAuthId),
      passport_expiry_date: z.string().nullish(),
      passport_issue_date: z.string().nullish(),
      phone: phone(M.phoneLength),
      postal_code: z.string(M.postalCode).regex(POSTAL_CODE, M.postalCode),
      province: z.enum(SA_PROVINCE_CODES, M.province),
      refs_gender: z.enum(['M', 'F'], M.gender),
      refs_bank_account_type: z
        .number(M.bankAccountType)
        .refine((value) => value === 1 || value === 2, M.bankAccountType)
        .nullish(),
      refs_identity_doc_type: z.enum(['RSAID', 'PASSPORT'], M.idType),
      refs_payment_type: z.enum(['bank', 'eWallet'], M.paymentType),
      refs_shirt_size: z.string().nullish(),
      street: z.string(M.street).trim().min(2, M.street),
      suburb: z.string(M.suburb).refine((value) => letters(2)(value) && NAME_CHARACTERS.test(value), M.suburb),
    })
    .superRefine((record, context) => {
      if (record.refs_identity_doc_type === 'PASSPORT') {
        if (!record.passport_expiry_date) {
          context.addIssue({ code: 'custom', path: ['passport_expiry_date'], message: M.passportExpiry });
        }
        if (!record.passport_issue_date) {
          context.addIssue({ code: 'custom', path: ['passport_issue_date'], message: M.passportIssue });
        }
      }
      if (record.refs_payment_type === 'bank' && !record.refs_bank_account_type) {
        context.addIssue({ code: 'custom', path: ['refs_bank_account_type'], message: M.bankAccountTypeRequired });
      }
    });
}

export type OnboardingRecord = z.infer<ReturnType<typeof onboardingRecordSchema>>;

/** Who creates: becomes submitted_by (spec 1 §6 "The current user becomes the submitter on creation"). */
export interface Submitter {
  userId: number;
  authId: string;
}

/** The record a creation request becomes (values already normalised by the request schema). */
export function toOnboardingRecord(
  request: ParsedCreateUserRequest & { companyName: string },
  submitter: Submitter,
  refsTypeId: number,
): Record<keyof OnboardingRecord, unknown> {
  return {
    agreed_to_rica_terms: request.TandCs,
    alt_phone: request.altPhone ?? null,
    city: request.city,
    company_name: request.companyName,
    country: request.country,
    nationality: request.nationality,
    date_of_birth: request.dateOfBirth,
    e_wallet_link: request.eWalletLink ?? null,
    email: request.email,
    first_name: request.firstName,
    middle_name: request.middleName ?? null,
    surname: request.surname,
    id_photo_url: request.idPhotoUrl,
    person_photo_url: request.personPhotoUrl,
    identification_no: request.identificationNo,
    operator_id: request.operatorId ?? null,
    parent_id: request.parentDealer,
    refs_type_id: refsTypeId,
    submitted_by: submitter.userId,
    submitted_by_auth_id: submitter.authId,
    last_updated_by_auth_id: submitter.authId,
    passport_expiry_date: request.passportExpiryDate ?? null,
    passport_issue_date: request.passportIssueDate ?? null,
    phone: request.phone,
    postal_code: request.postalCode,
    province: request.province,
    refs_gender: request.refsGender,
    refs_bank_account_type: request.refsPaymentType === 'bank' ? (request.refsBankAccountType ?? null) : null,
    refs_identity_doc_type: request.refsIdentityDocType,
    refs_payment_type: request.refsPaymentType,
    refs_shirt_size: request.refsShirtSize ?? null,
    street: request.street,
    suburb: request.suburb,
  };
}

/** The first failure of each field of the record, as `{ field, message }` pairs (snake_case fields). */
export function onboardingRecordErrors(
  schema: ReturnType<typeof onboardingRecordSchema>,
  record: Record<string, unknown>,
): Array<{ field: string; message: string }> {
  const result = schema.safeParse(record);
  if (result.success) return [];
  const seen = new Set<string>();
  const errors: Array<{ field: string; message: string }> = [];
  for (const issue of result.error.issues) {
    const field = issue.path.join('.') || 'record';
    if (seen.has(field)) continue;
    seen.add(field);
    errors.push({ field, message: issue.message });
  }
  return errors;
}
