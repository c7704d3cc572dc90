import {
  type ContactChangeRequest as ContactChange,
  ContactChangeRequest,
  firstProfileError,
  type Profile,
  type ProfileUpdateRequest,
} from '@portal/domain/accounts/profile';

/** What the Edit Profile dialog's inputs hold (text inputs and native selects keep strings). */
export interface EditProfileValues {
  country: string;
  province: string;
  street: string;
  suburb: string;
  postalCode: string;
  city: string;
  refsShirtSize: string;
  refsPaymentType: 'bank' | 'eWallet';
  eWalletLink: string;
  bank: string;
  branchCode: string;
  bankAccountNumber: string;
  refsBankAccountType: string;
  /** Asked by the server (step-up) only when the banking details change. */
  currentPassword: string;
  phone: string;
  email: string;
  agreedToRicaTerms: boolean;
}

export type EditProfileField = keyof EditProfileValues;

export const DEFAULT_COUNTRY = 'ZAF';
export const PROVINCE_REQUIRED = 'Province is required';
export const PROFILE_UPDATE_FAILED = 'Failed to update profile. Please try again.';
export const PROFILE_UPDATE_ERROR = 'An error occurred while updating your profile';

export function defaultsFrom(profile: Profile): EditProfileValues {
  const { address, banking } = profile;
  return {
    country: address.country || DEFAULT_COUNTRY,
    province: address.province ?? '',
    street: address.street ?? '',
    suburb: address.suburb ?? '',
    postalCode: address.postalCode ?? '',
    city: address.city ?? '',
    refsShirtSize: profile.refsShirtSize ?? '',
    refsPaymentType: profile.refsPaymentType === 'eWallet' ? 'eWallet' : 'bank',
    eWalletLink: profile.eWalletLink ?? '',
    bank: banking?.bank ?? '',
    branchCode: banking?.branchCode ?? '',
    // The saved number comes masked, so it is entered again (the server keeps no "unchanged" value).
    bankAccountNumber: '',
    refsBankAccountType: banking ? String(banking.accountType) : '',
    currentPassword: '',
    phone: profile.phone ?? '',
    email: profile.email ?? '',
    agreedToRicaTerms: profile.agreedToRicaTerms,
  };
}

/** The PUT /api/profile body. Without bank payment the bank fields are left out. */
export function toUpdateRequest(values: EditProfileValues): ProfileUpdateRequest {
  const byBank = values.refsPaymentType === 'bank';
  const request: ProfileUpdateRequest = {
    country: values.country,
    province: values.province,
    street: values.street.trim(),
    suburb: values.suburb.trim(),
    postalCode: values.postalCode.trim(),
    city: values.city.trim(),
    refsShirtSize: values.refsShirtSize || null,
    refsPaymentType: values.refsPaymentType,
    agreedToRicaTerms: values.agreedToRicaTerms,
  };
  if (byBank) {
    request.bank = values.bank || null;
    request.refsBankAccountType = values.refsBankAccountType ? Number(values.refsBankAccountType) : null;
    request.bankAccountNumber = values.bankAccountNumber.trim() || null;
  } else {
    request.eWalletLink = values.eWalletLink.trim() || null;
  }
  // A switch to eWallet or a new link redirects pay as a new account does (the server asks).
  if (values.currentPassword) request.currentPassword = values.currentPassword;
  return request;
}

/** Which input a rule's message belongs to. */
const FIELD_OF_MESSAGE: Record<string, EditProfileField> = {
  'Account number is incomplete': 'bankAccountNumber',
  'Please add a Street Address': 'street',
  'Please add a Suburb': 'suburb',
  'Please add a Postal Code': 'postalCode',
  'Invalid Postal Code': 'postalCode',
  'Please add a City': 'city',
  'Please select a bank': 'bank',
  'Please add a bank account number': 'bankAccountNumber',
  'Please select an account type': 'refsBankAccountType',
  'Please check RICA And POPIA Training': 'agreedToRicaTerms',
  [PROVINCE_REQUIRED]: 'province',
};

export function fieldOfMessage(message: string): EditProfileField | undefined {
  return FIELD_OF_MESSAGE[message];
}

/**
 * The first failing rule (spec 1 §5.5, in the spec's order, via the shared `firstProfileError`),
 * then the province, which the spec's list leaves out but the contract requires.
 */
export function firstFailure(
  values: EditProfileValues,
): { field: EditProfileField | undefined; message: string } | undefined {
  const message = firstProfileError(toUpdateRequest(values)) ?? (values.province ? undefined : PROVINCE_REQUIRED);
  return message ? { field: fieldOfMessage(message), message } : undefined;
}

const PhoneRule = ContactChangeRequest.shape.phone.unwrap();
const EmailRule = ContactChangeRequest.shape.email.unwrap();

export function phoneChanged(values: EditProfileValues, profile: Profile): boolean {
  return values.phone.trim() !== (profile.phone ?? '');
}

export function emailChanged(values: EditProfileValues, profile: Profile): boolean {
  return values.email.trim().toLowerCase() !== (profile.email ?? '').toLowerCase();
}

/** The format message for a changed phone or e-mail, or undefined when it is well formed. */
export function contactFormatError(kind: 'phone' | 'email', value: string): string | undefined {
  const result = (kind === 'phone' ? PhoneRule : EmailRule).safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
}

/** The POST /api/profile/contact body with only what changed, or undefined when nothing did. */
export function toContactChange(values: EditProfileValues, profile: Profile): ContactChange | undefined {
  const change: ContactChange = {};
  if (phoneChanged(values, profile)) change.phone = values.phone.trim();
  if (emailChanged(values, profile)) change.email = values.email.trim();
  if (change.phone === undefined && change.email === undefined) return undefined;
  // A new e-mail or phone signs the person in (reset link, one-time pin): the server asks for the password.
  if (values.currentPassword) change.currentPassword = values.currentPassword;
  return change;
}
