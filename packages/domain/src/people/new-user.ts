import { z } from 'zod';
import { EMAIL_IN_USE, PHONE_IN_USE } from '../accounts/profile.ts';
import { CatalogueChoices, pruneCatalogueChoice } from '../catalogue/catalogue.ts';
import { MAX_ROW_ID } from '../platform/ids.ts';
import { accountNumberError, EMAIL, isName, isRealIsoDate, phoneError } from './dealer-record.ts';
import { ALT_PHONE_NOT_REAL, normalisePhone, PHONE_NOT_REAL, PHONE_TOO_LONG } from './phone.ts';
import { checkSaId, ID_DOB_MISMATCH_WIZARD, idMatchesDateOfBirth, readDateOfBirth } from './sa-id.ts';

/**
 * The Create New User wizard (spec 1 §2.7, §3 "New-user form", §5.4): the values the page holds,
 * the rules of each step with the spec's messages, and the request it sends. The step rules read
 * either shape (the wizard's values or the request), so the server runs them on the request it
 * received, as it is, before the §5.2 record check in onboarding.ts.
 */

export const WIZARD_STEPS = ['personal', 'address', 'documents', 'banking', 'products'] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];

export const WIZARD_STEP_LABELS: Record<WizardStep, string> = {
  personal: 'Personal Information',
  address: 'Address Information',
  documents: 'Documents',
  banking: 'Banking Information',
  products: 'Suppliers, Products & Deals',
};

/** The fifth step may be skipped; the other four must pass before the review. */
export const OPTIONAL_STEPS: readonly WizardStep[] = ['products'];

export const NEW_USER_MESSAGES = {
  firstNameRequired: 'First name is required',
  firstNameShort: 'Invalid first name (2+ letters)',
  surnameRequired: 'Surname is required',
  surnameInvalid: 'Invalid Surname (2+ letters only)',
  dateOfBirthRequired: 'Date of birth is required',
  dateOfBirthFuture: 'Date of birth cannot be in the future',
  identificationRequired: 'ID/Passport number is required',
  identificationShort: 'ID Number is invalid.',
  idInUse: 'ID Number is already in use.',
  passportInUse: 'Passport Number is already in use.',
  idDobMismatch: ID_DOB_MISMATCH_WIZARD,
  phoneRequired: 'Phone number is required',
  phoneFormat: 'Phone number must be 10 digits starting with 0',
  phoneTooLong: PHONE_TOO_LONG,
  phoneNotReal: PHONE_NOT_REAL,
  phoneInUse: PHONE_IN_USE,
  altPhoneFormat: 'Alternative phone must be 10 digits starting with 0',
  altPhoneNotReal: ALT_PHONE_NOT_REAL,
  altPhoneSame: 'Alternative phone must be different from the phone number',
  emailRequired: 'Email is required',
  emailFormat: 'Please enter a valid email address',
  emailInUse: EMAIL_IN_USE,
  passportIssueRequired: 'Passport issue date is required',
  passportIssueFuture: 'Passport issue date cannot be in the future',
  passportExpiryRequired: 'Passport expiry date is required',
  passportExpiryPast: 'Passport expiry date cannot be in the past',
  operatorIdLong: 'RICA username must be at most 5 characters',
  companyNameShort: 'Invalid Company Name (2+ letters)',
  nationalityRequired: 'Nationality is required',
  managerRequired: 'Manager is required',
  provinceRequired: 'Province is required',
  streetRequired: 'Street address is required',
  streetShort: 'Street too short',
  suburbRequired: 'Suburb is required',
  suburbInvalid: 'Invalid suburb (2+ letters)',
  cityRequired: 'City is required',
  cityInvalid: 'Invalid city (2+ letters)',
  postalCodeRequired: 'Postal code is required',
  postalCodeFormat: 'Postal code must be 4 digits',
  countryRequired: 'Country is required',
  idPhotoRequired: 'ID photo is required',
  personPhotoRequired: 'Person photo is required',
  bankRequired: 'Bank is required',
  accountTypeRequired: 'Account type is required',
  accountNumberRequired: 'Account number is required',
  branchCodeRequired: 'Branch code is required',
  accountNumberShort: 'Account number must be at least 6 digits',
  accountNumberDigits: 'Account number must contain digits only',
  accountNumberLong: 'Account number can be at most 20 digits',
  termsRequired: 'You must agree to the terms and conditions to proceed',
} as const;

/** What the wizard holds. Dates are epoch seconds at UTC midnight of the chosen day (spec 1 §9). */
export interface NewUserForm {
  firstName: string;
  middleName: string;
  surname: string;
  dateOfBirth: number | null;
  refsGender: 'M' | 'F';
  refsIdentityDocType: 'RSAID' | 'PASSPORT';
  identificationNo: string;
  nationality: string;
  operatorId: string;
  companyName: string;
  email: string;
  phone: string;
  altPhone: string;
  refsShirtSize: string;
  parentDealer: number | null;
  refsTypeId: number;
  passportIssueDate: number | null;
  passportExpiryDate: number | null;
  province: string;
  street: string;
  suburb: string;
  postalCode: string;
  city: string;
  country: string;
  refsPaymentType: 'bank' | 'eWallet';
  bank: string;
  refsBankAccountType: number | null;
  bankAccountNumber: string;
  branchCode: string;
  eWalletLink: string;
  idPhotoUrl: string;
  personPhotoUrl: string;
  selectedProductTypes: number[];
  selectedSuppliers: number[];
  selectedDeals: number[];
  TandCs: boolean;
}

export type NewUserField = keyof NewUserForm;
export type FieldErrors = Partial<Record<NewUserField, string>>;

/** Spec 1 §5.4 defaults: gender M, payment bank, ID type RSAID, nationality and country ZAF; the manager is the current user. */
export function newUserDefaults(currentUserId: number | null = null): NewUserForm {
  return {
    firstName: '',
    middleName: '',
    surname: '',
    dateOfBirth: null,
    refsGender: 'M',
    refsIdentityDocType: 'RSAID',
    identificationNo: '',
    nationality: 'ZAF',
    operatorId: '',
    companyName: '',
    email: '',
    phone: '',
    altPhone: '',
    refsShirtSize: '',
    parentDealer: currentUserId,
    refsTypeId: 1,
    passportIssueDate: null,
    passportExpiryDate: null,
    province: '',
    street: '',
    suburb: '',
    postalCode: '',
    city: '',
    country: 'ZAF',
    refsPaymentType: 'bank',
    bank: '',
    refsBankAccountType: null,
    bankAccountNumber: '',
    branchCode: '',
    eWalletLink: '',
    idPhotoUrl: '',
    personPhotoUrl: '',
    selectedProductTypes: [],
    selectedSuppliers: [],
    selectedDeals: [],
    TandCs: false,
  };
}

/** Which fields each step owns: errors are shown, and cleared, per step. */
export const STEP_FIELDS: Record<WizardStep, readonly NewUserField[]> = {
  personal: [
    'firstName',
    'middleName',
    'surname',
    'dateOfBirth',
    'refsGender',
    'refsIdentityDocType',
    'identificationNo',
    'nationality',
    'operatorId',
    'companyName',
    'email',
    'phone',
    'altPhone',
    'refsShirtSize',
    'parentDealer',
    'refsTypeId',
    'passportIssueDate',
    'passportExpiryDate',
  ],
  address: ['province', 'street', 'suburb', 'postalCode', 'city', 'country'],
  documents: ['idPhotoUrl', 'personPhotoUrl'],
  banking: ['refsPaymentType', 'bank', 'refsBankAccountType', 'bankAccountNumber', 'branchCode', 'eWalletLink'],
  products: ['selectedProductTypes', 'selectedSuppliers', 'selectedDeals'],
};

// ---- dates -------------------------------------------------------------------------------------

/** Epoch seconds of a calendar day at UTC midnight. */
export function epochSecondsOf(year: number, month: number, day: number): number {
  return Date.UTC(year, month - 1, day) / 1000;
}

/** Today's calendar day (UTC) as epoch seconds at midnight. */
export function todayEpochSeconds(now: Date = new Date()): number {
  return epochSecondsOf(now.getUTCFullYear(), now.getUTCMonth() + 1, now.getUTCDate());
}

/** 'YYYY-MM-DD' (the API's date form) of epoch seconds. */
export function isoDateOf(epochSeconds: number): string {
  return new Date(epochSeconds * 1000).toISOString().slice(0, 10);
}

/** 'yyyy/MM/dd', the way the wizard shows dates. */
export function wizardDateOf(epochSeconds: number | null | undefined): string {
  return epochSeconds === null || epochSeconds === undefined ? '' : isoDateOf(epochSeconds).replaceAll('-', '/');
}

/** Epoch seconds of a 'YYYY-MM-DD' (or 'YYYY/MM/DD') string, or null. */
export function epochOfIsoDate(value: string | null | undefined): number | null {
  if (!value) return null;
  const read = readDateOfBirth(value);
  return typeof read === 'string' ? null : epochSecondsOf(read.year, read.month, read.day);
}

// ---- step rules --------------------------------------------------------------------------------

/**
 * What the step rules read: the wizard's values (dates in epoch seconds, blanks '') or the request
 * as the server parsed it (dates 'YYYY-MM-DD', blanks null), so neither is turned into the other.
 */
export interface NewUserValues {
  firstName: string;
  surname: string;
  dateOfBirth: number | string | null;
  refsGender: 'M' | 'F';
  refsIdentityDocType: 'RSAID' | 'PASSPORT';
  identificationNo: string;
  nationality: string;
  operatorId?: string | null | undefined;
  companyName?: string | null | undefined;
  email: string;
  phone: string;
  altPhone?: string | null | undefined;
  parentDealer: number | null;
  passportIssueDate?: number | string | null | undefined;
  passportExpiryDate?: number | string | null | undefined;
  province: string;
  street: string;
  suburb: string;
  postalCode: string;
  city: string;
  country: string;
  refsPaymentType: 'bank' | 'eWallet';
  bank?: string | null | undefined;
  refsBankAccountType?: number | null | undefined;
  bankAccountNumber?: string | null | undefined;
  branchCode?: string | null | undefined;
  idPhotoUrl: string;
  personPhotoUrl: string;
  TandCs: boolean;
}

const text = (value: string | null | undefined) => (value ?? '').trim();

/** Epoch seconds of either date form; null when missing or not a real day. */
function epochOf(value: number | string | null | undefined): number | null {
  if (typeof value === 'number') return value;
  return value && isRealIsoDate(value) ? epochOfIsoDate(value) : null;
}

const PHONE = {
  required: NEW_USER_MESSAGES.phoneRequired,
  format: NEW_USER_MESSAGES.phoneFormat,
  tooLong: NEW_USER_MESSAGES.phoneTooLong,
  invalid: NEW_USER_MESSAGES.phoneNotReal,
};
const ALT_PHONE = {
  required: NEW_USER_MESSAGES.altPhoneFormat,
  format: NEW_USER_MESSAGES.altPhoneFormat,
  invalid: NEW_USER_MESSAGES.altPhoneNotReal,
};
const ACCOUNT_NUMBER = {
  required: NEW_USER_MESSAGES.accountNumberRequired,
  digits: NEW_USER_MESSAGES.accountNumberDigits,
  short: NEW_USER_MESSAGES.accountNumberShort,
  long: NEW_USER_MESSAGES.accountNumberLong,
};

export interface PersonalStepContext {
  /** The server's answer to the duplicate check: true also when the check itself failed. */
  identificationInUse?: boolean;
  phoneInUse?: boolean;
  emailInUse?: boolean;
  now?: Date;
}

/** The ID/passport rules on their own, for the on-blur check (spec 1 §5.4). */
export function identificationError(
  values: Pick<
    NewUserValues,
    'identificationNo' | 'refsIdentityDocType' | 'refsGender' | 'nationality' | 'dateOfBirth'
  >,
  context: PersonalStepContext = {},
): string | undefined {
  const id = values.identificationNo.trim();
  if (!id) return NEW_USER_MESSAGES.identificationRequired;
  if (id.length <= 3) return NEW_USER_MESSAGES.identificationShort;
  if (context.identificationInUse) {
    return values.refsIdentityDocType === 'PASSPORT' ? NEW_USER_MESSAGES.passportInUse : NEW_USER_MESSAGES.idInUse;
  }
  if (values.refsIdentityDocType === 'RSAID') {
    const check = checkSaId(id, { gender: values.refsGender, nationality: values.nationality });
    if (!check.valid) return check.message;
    const dateOfBirth = epochOf(values.dateOfBirth);
    if (dateOfBirth !== null && !idMatchesDateOfBirth(id, dateOfBirth)) {
      return NEW_USER_MESSAGES.idDobMismatch;
    }
  }
  return undefined;
}

export function validatePersonalStep(values: NewUserValues, context: PersonalStepContext = {}): FieldErrors {
  const errors: FieldErrors = {};
  const today = todayEpochSeconds(context.now);
  const firstName = values.firstName.trim();
  if (!firstName) errors.firstName = NEW_USER_MESSAGES.firstNameRequired;
  else if (!isName(firstName)) errors.firstName = NEW_USER_MESSAGES.firstNameShort;

  const surname = values.surname.trim();
  if (!surname) errors.surname = NEW_USER_MESSAGES.surnameRequired;
  else if (!isName(surname, 2, true)) errors.surname = NEW_USER_MESSAGES.surnameInvalid;

  const dateOfBirth = epochOf(values.dateOfBirth);
  if (dateOfBirth === null) errors.dateOfBirth = NEW_USER_MESSAGES.dateOfBirthRequired;
  else if (dateOfBirth > today) errors.dateOfBirth = NEW_USER_MESSAGES.dateOfBirthFuture;

  if (!values.nationality) errors.nationality = NEW_USER_MESSAGES.nationalityRequired;

  const idError = identificationError(values, context);
  if (idError) errors.identificationNo = idError;

  if (values.refsIdentityDocType === 'PASSPORT') {
    const issued = epochOf(values.passportIssueDate);
    const expires = epochOf(values.passportExpiryDate);
    if (issued === null) errors.passportIssueDate = NEW_USER_MESSAGES.passportIssueRequired;
    else if (issued > today) errors.passportIssueDate = NEW_USER_MESSAGES.passportIssueFuture;
    if (expires === null) errors.passportExpiryDate = NEW_USER_MESSAGES.passportExpiryRequired;
    else if (expires < today) errors.passportExpiryDate = NEW_USER_MESSAGES.passportExpiryPast;
  }

  const phoneIssue = phoneError(values.phone, PHONE);
  if (phoneIssue) errors.phone = phoneIssue;
  else if (context.phoneInUse) errors.phone = NEW_USER_MESSAGES.phoneInUse;

  if (text(values.altPhone)) {
    const altPhoneIssue = phoneError(values.altPhone, ALT_PHONE);
    if (altPhoneIssue) errors.altPhone = altPhoneIssue;
    else if (!phoneIssue && normalisePhone(text(values.altPhone)) === normalisePhone(values.phone))
      errors.altPhone = NEW_USER_MESSAGES.altPhoneSame;
  }

  const email = values.email.trim();
  // The wizard of old let e-mail be blank; the record it created never could (spec 1 §5.2), and the
  // sign-in identity and the approval both need it, so it is asked for here.
  if (!email) errors.email = NEW_USER_MESSAGES.emailRequired;
  else if (!EMAIL.test(email)) errors.email = NEW_USER_MESSAGES.emailFormat;
  else if (context.emailInUse) errors.email = NEW_USER_MESSAGES.emailInUse;

  if (text(values.operatorId).length > 5) errors.operatorId = NEW_USER_MESSAGES.operatorIdLong;
  const company = text(values.companyName);
  if (company && !isName(company)) errors.companyName = NEW_USER_MESSAGES.companyNameShort;
  if (values.parentDealer === null) errors.parentDealer = NEW_USER_MESSAGES.managerRequired;
  return errors;
}

export function validateAddressStep(values: NewUserValues): FieldErrors {
  const errors: FieldErrors = {};
  if (!values.province) errors.province = NEW_USER_MESSAGES.provinceRequired;
  const street = values.street.trim();
  if (!street) errors.street = NEW_USER_MESSAGES.streetRequired;
  else if (street.length < 2) errors.street = NEW_USER_MESSAGES.streetShort;
  const suburb = values.suburb.trim();
  if (!suburb) errors.suburb = NEW_USER_MESSAGES.suburbRequired;
  else if (!isName(suburb, 2, true)) errors.suburb = NEW_USER_MESSAGES.suburbInvalid;
  const city = values.city.trim();
  if (!city) errors.city = NEW_USER_MESSAGES.cityRequired;
  else if (!isName(city)) errors.city = NEW_USER_MESSAGES.cityInvalid;
  const postalCode = values.postalCode.trim();
  if (!postalCode) errors.postalCode = NEW_USER_MESSAGES.postalCodeRequired;
  else if (!/^\d{4}$/.test(postalCode)) errors.postalCode = NEW_USER_MESSAGES.postalCodeFormat;
  if (!values.country) errors.country = NEW_USER_MESSAGES.countryRequired;
  return errors;
}

export function validateDocumentsStep(values: NewUserValues): FieldErrors {
  const errors: FieldErrors = {};
  if (!values.idPhotoUrl) errors.idPhotoUrl = NEW_USER_MESSAGES.idPhotoRequired;
  if (!values.personPhotoUrl) errors.personPhotoUrl = NEW_USER_MESSAGES.personPhotoRequired;
  return errors;
}

export function validateBankingStep(values: NewUserValues): FieldErrors {
  const errors: FieldErrors = {};
  // eWallet needs nothing: the link is optional and the primary phone is used.
  if (values.refsPaymentType !== 'bank') return errors;
  if (!values.bank) errors.bank = NEW_USER_MESSAGES.bankRequired;
  if (!values.refsBankAccountType) errors.refsBankAccountType = NEW_USER_MESSAGES.accountTypeRequired;
  const accountIssue = accountNumberError(values.bankAccountNumber, ACCOUNT_NUMBER);
  if (accountIssue) errors.bankAccountNumber = accountIssue;
  if (!values.branchCode) errors.branchCode = NEW_USER_MESSAGES.branchCodeRequired;
  return errors;
}

/** Step 5 is optional: whatever is chosen is checked against the catalogue by the server. */
export function validateProductsStep(_values: NewUserValues): FieldErrors {
  return {};
}

export function validateReview(values: Pick<NewUserValues, 'TandCs'>): FieldErrors {
  return values.TandCs ? {} : { TandCs: NEW_USER_MESSAGES.termsRequired };
}

export function validateStep(step: WizardStep, values: NewUserValues, context: PersonalStepContext = {}): FieldErrors {
  switch (step) {
    case 'personal':
      return validatePersonalStep(values, context);
    case 'address':
      return validateAddressStep(values);
    case 'documents':
      return validateDocumentsStep(values);
    case 'banking':
      return validateBankingStep(values);
    case 'products':
      return validateProductsStep(values);
  }
}

/** Every step and the review at once: what the server checks before creating. */
export function validateNewUser(values: NewUserValues, context: PersonalStepContext = {}): FieldErrors {
  return {
    ...validatePersonalStep(values, context),
    ...validateAddressStep(values),
    ...validateDocumentsStep(values),
    ...validateBankingStep(values),
    ...validateReview(values),
  };
}

/** Spec 1 §5.4: the company name defaults to the full name when left blank. */
export function companyNameOrFullName(values: Pick<NewUserForm, 'companyName' | 'firstName' | 'surname'>): string {
  const company = values.companyName.trim();
  return company || `${values.firstName.trim()} ${values.surname.trim()}`.trim();
}

// ---- the request -------------------------------------------------------------------------------

const IsoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use the date form YYYY-MM-DD');
const StoredPhone = z.string().regex(/^\+27\d{9}$/, 'Invalid phone number');
const optionalText = (max: number) => z.string().trim().max(max).nullish();
const Ids = z.array(z.number().int().positive().max(MAX_ROW_ID)).max(100).default([]);

/** Keys a client may never send when creating a user: the server sets them. */
export const SERVER_ONLY_USER_FIELDS = [
  'isAdmin',
  'isLeader',
  'isLeaderBlocked',
  'growthLeader',
  'refsUserLifecycleStatusId',
  'status',
  'submittedBy',
  'submittedByAuthId',
  'lastUpdatedBy',
  'lastUpdatedByAuthId',
  'emailVerified',
  'phoneVerified',
  'refsUserTierId',
  'authId',
  'id',
  'password',
] as const;

export const fieldsNotAllowedMessage = (keys: readonly string[]) =>
  `These fields are set by the server and cannot be sent: ${keys.join(', ')}`;

/**
 * POST /api/people: the wizard's values as sent (dates YYYY-MM-DD, phones +27XXXXXXXXX). Unknown
 * keys (role flags, status, …) are refused, not dropped, so a client learns they do not work.
 */
export const CreateUserRequest = z.strictObject(
  {
    firstName: z.string().trim().min(1, NEW_USER_MESSAGES.firstNameRequired).max(100),
    middleName: optionalText(100),
    surname: z.string().trim().min(1, NEW_USER_MESSAGES.surnameRequired).max(100),
    dateOfBirth: IsoDate,
    refsGender: z.enum(['M', 'F'], 'Invalid gender'),
    refsIdentityDocType: z.enum(['RSAID', 'PASSPORT'], 'Invalid ID type'),
    identificationNo: z.string().trim().min(1, NEW_USER_MESSAGES.identificationRequired).max(30),
    nationality: z.string().length(3, 'Invalid nationality'),
    operatorId: optionalText(5),
    companyName: optionalText(150),
    email: z.string().trim().min(1, NEW_USER_MESSAGES.emailRequired).max(200),
    phone: StoredPhone,
    altPhone: StoredPhone.nullish(),
    refsShirtSize: z.enum(['SMALL', 'MEDIUM', 'LARGE']).nullish(),
    parentDealer: z.number().int().positive().max(MAX_ROW_ID),
    refsTypeId: z.number().int().positive().max(MAX_ROW_ID).optional(),
    passportIssueDate: IsoDate.nullish(),
    passportExpiryDate: IsoDate.nullish(),
    province: z.string().max(3),
    street: z.string().trim().max(200),
    suburb: z.string().trim().max(100),
    postalCode: z.string().trim().max(4),
    city: z.string().trim().max(100),
    country: z.string().length(3, 'Invalid Country'),
    refsPaymentType: z.enum(['bank', 'eWallet'], 'Invalid payment type'),
    bank: optionalText(100),
    refsBankAccountType: z.number().int().nullish(),
    bankAccountNumber: optionalText(30),
    branchCode: optionalText(6),
    eWalletLink: optionalText(500),
    idPhotoUrl: z.string().max(200),
    personPhotoUrl: z.string().max(200),
    TandCs: z.boolean(),
    selectedProductTypes: Ids,
    selectedSuppliers: Ids,
    selectedDeals: Ids,
  },
  {
    error: (issue) => (issue.code === 'unrecognized_keys' ? fieldsNotAllowedMessage(issue.keys) : undefined),
  },
);
export type CreateUserRequest = z.input<typeof CreateUserRequest>;
export type ParsedCreateUserRequest = z.output<typeof CreateUserRequest>;

/** The wizard's values as the request: dates YYYY-MM-DD, phones +27, RICA username upper case, company defaulted. */
export function toCreateUserRequest(values: NewUserForm, options: { includeDeals?: boolean } = {}): CreateUserRequest {
  const blankToNull = (value: string) => (value.trim() ? value.trim() : null);
  const isBank = values.refsPaymentType === 'bank';
  const isPassport = values.refsIdentityDocType === 'PASSPORT';
  return {
    firstName: values.firstName.trim(),
    middleName: blankToNull(values.middleName),
    surname: values.surname.trim(),
    dateOfBirth: values.dateOfBirth === null ? '' : isoDateOf(values.dateOfBirth),
    refsGender: values.refsGender,
    refsIdentityDocType: values.refsIdentityDocType,
    identificationNo: values.identificationNo.replace(/\s+/g, ''),
    nationality: values.nationality,
    operatorId: blankToNull(values.operatorId.toUpperCase()),
    companyName: companyNameOrFullName(values),
    email: values.email.trim(),
    phone: normalisePhone(values.phone),
    altPhone: values.altPhone.trim() ? normalisePhone(values.altPhone) : null,
    refsShirtSize: (values.refsShirtSize || null) as CreateUserRequest['refsShirtSize'],
    parentDealer: values.parentDealer ?? 0,
    refsTypeId: values.refsTypeId,
    passportIssueDate: isPassport && values.passportIssueDate !== null ? isoDateOf(values.passportIssueDate) : null,
    passportExpiryDate: isPassport && values.passportExpiryDate !== null ? isoDateOf(values.passportExpiryDate) : null,
    province: values.province,
    street: values.street.trim(),
    suburb: values.suburb.trim(),
    postalCode: values.postalCode.trim(),
    city: values.city.trim(),
    country: values.country,
    refsPaymentType: values.refsPaymentType,
    bank: isBank ? blankToNull(values.bank) : null,
    refsBankAccountType: isBank ? values.refsBankAccountType : null,
    bankAccountNumber: isBank ? blankToNull(values.bankAccountNumber) : null,
    branchCode: isBank ? blankToNull(values.branchCode) : null,
    eWalletLink: isBank ? null : blankToNull(values.eWalletLink),
    idPhotoUrl: values.idPhotoUrl,
    personPhotoUrl: values.personPhotoUrl,
    TandCs: values.TandCs,
    selectedProductTypes: values.selectedProductTypes,
    selectedSuppliers: values.selectedSuppliers,
    selectedDeals: options.includeDeals ? values.selectedDeals : [],
  };
}

/** The answer to a successful creation: shown once on the success screen, never stored in clear. */
export const CreateUserResponse = z.object({
  id: z.number().int(),
  zCode: z.string(),
  temporaryPassword: z.string(),
  verificationEmailSent: z.boolean(),
});
export type CreateUserResponse = z.infer<typeof CreateUserResponse>;

export const REQUEST_SUBMITTED = 'Request Submitted for Approval.';

// ---- on-blur duplicate checks and the wizard's option lists ----------------------------------------

/** GET /api/people/availability: exactly one of the three. */
export const AvailabilityQuery = z
  .object({
    identificationNo: z.string().trim().min(1).max(30).optional(),
    phone: z.string().trim().min(1).max(15).optional(),
    email: z.string().trim().min(1).max(200).optional(),
  })
  .refine((value) => [value.identificationNo, value.phone, value.email].filter(Boolean).length === 1, {
    message: 'Give one of identificationNo, phone or email',
  });
export type AvailabilityQuery = z.infer<typeof AvailabilityQuery>;

export const Availability = z.object({ available: z.boolean() });
export type Availability = z.infer<typeof Availability>;

export const ManagerOption = z.object({ id: z.number().int(), zCode: z.string(), name: z.string() });
export type ManagerOption = z.infer<typeof ManagerOption>;

export const ManagerOptionsQuery = z.object({
  search: z.string().trim().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
export type ManagerOptionsQuery = z.infer<typeof ManagerOptionsQuery>;

export const ManagerOptions = z.object({ items: z.array(ManagerOption) });
export type ManagerOptions = z.infer<typeof ManagerOptions>;

/** The catalogue the wizard offers (admins: every deal; a leader: their own deals, the base they work from). */
export const OnboardingOptions = CatalogueChoices.extend({
  canChooseDeals: z.boolean(),
  canChooseUserType: z.boolean(),
  defaultManager: ManagerOption,
});
export type OnboardingOptions = z.infer<typeof OnboardingOptions>;

/** After a product type is unchecked: the chosen suppliers that still offer a chosen type, and their deals. */
export function pruneSelections(
  values: Pick<NewUserForm, 'selectedProductTypes' | 'selectedSuppliers' | 'selectedDeals'>,
  suppliers: ReadonlyArray<{ id: number; productTypeIds: number[] }>,
  deals: ReadonlyArray<{ id: number; supplierId: number; productTypeId: number }>,
): { selectedSuppliers: number[]; selectedDeals: number[] } {
  const pruned = pruneCatalogueChoice(
    { suppliers, deals },
    {
      productTypeIds: values.selectedProductTypes,
      supplierIds: values.selectedSuppliers,
      dealIds: values.selectedDeals,
    },
  );
  return { selectedSuppliers: pruned.supplierIds, selectedDeals: pruned.dealIds };
}
