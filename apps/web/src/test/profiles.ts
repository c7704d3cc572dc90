import type { Profile } from '@portal/domain/accounts/profile';
import type { ReferenceLists } from '@portal/domain/reference/reference-lists';

/** The signed-in user's profile for page tests; override what the test is about. */
export function makeProfile(overrides: Partial<Profile> = {}): Profile {
  return {
    id: 1042,
    zCode: 'Z-1042',
    firstName: 'Thandi',
    middleName: null,
    surname: 'Mokoena',
    companyName: 'Thandi Connect',
    identificationNo: '9001015009087',
    refsIdentityDocType: 'RSAID',
    phone: '+27821234567',
    email: 'thandi@example.co.za',
    emailVerified: true,
    phoneVerified: true,
    createdAt: '2025-03-04T08:00:00.000Z',
    refsShirtSize: 'MEDIUM',
    refsPaymentType: 'bank',
    eWalletLink: null,
    banking: {
      bank: 'Capitec',
      branchCode: '470010',
      accountNumberMasked: '••••••7890',
      accountType: 2,
      accountTypeName: 'Savings',
    },
    address: {
      country: 'ZAF',
      countryName: 'South Africa',
      street: '12 Vilakazi Street',
      suburb: 'Orlando West',
      city: 'Soweto',
      province: 'GP',
      provinceName: 'Gauteng',
      postalCode: '1804',
    },
    productTypes: [{ id: 1, name: 'Fibre' }],
    suppliers: [{ id: 1, name: 'Metro Fibre' }],
    isAdmin: false,
    isLeader: false,
    isLeaderBlocked: false,
    refsUserTierId: 3,
    agreedToRicaTerms: true,
    canBecomeLeader: true,
    profileFrozen: false,
    pendingEmail: null,
    pendingPhone: null,
    ...overrides,
  };
}

export const referenceLists: ReferenceLists = {
  banks: [
    { name: 'ABSA', branchCode: '632005' },
    { name: 'Capitec', branchCode: '470010' },
    { name: 'Standard Bank', branchCode: '051001' },
  ],
  bankAccountTypes: [
    { id: 1, name: 'Cheque' },
    { id: 2, name: 'Savings' },
  ],
  provinces: [
    { value: 'GP', label: 'Gauteng' },
    { value: 'WC', label: 'Western Cape' },
  ],
  countries: [
    { value: 'ZAF', label: 'South Africa' },
    { value: 'BWA', label: 'Botswana' },
  ],
  shirtSizes: ['SMALL', 'MEDIUM', 'LARGE'],
  paymentTypes: [
    { value: 'bank', label: 'Bank' },
    { value: 'eWallet', label: 'eWallet' },
  ],
  genders: [],
  identityDocTypes: [],
  userTypes: [],
  networks: [],
  lifecycleStatuses: [],
  structureLevels: [],
};

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/**
 * The server's refusal of a step-up password (decision 071): 403 STEP_UP_FAILED or REQUIRED, 429
 * STEP_UP_LOCKED, with the message as the field error on `currentPassword`.
 */
export function stepUpProblem(
  status = 403,
  code = 'STEP_UP_FAILED',
  detail = 'Your current password is incorrect.',
): Response {
  return json(
    {
      type: 'about:blank',
      title: status === 429 ? 'Too Many Requests' : 'Forbidden',
      status,
      code,
      detail,
      errors: [{ field: 'currentPassword', message: detail }],
    },
    status,
  );
}
