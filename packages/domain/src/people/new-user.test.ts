import { describe, expect, it } from 'vitest';
import {
  CreateUserRequest,
  epochSecondsOf,
  identificationError,
  NEW_USER_MESSAGES as M,
  type NewUserForm,
  newUserDefaults,
  pruneSelections,
  toCreateUserRequest,
  validateAddressStep,
  validateBankingStep,
  validateDocumentsStep,
  validateNewUser,
  validatePersonalStep,
  validateReview,
  wizardDateOf,
} from './new-user.ts';
import { buildSaId } from './sa-id.ts';

const NOW = new Date('2025-11-20T10:00:00Z');
const ID = buildSaId('1990-01-15', 'M', true, 17);

function valid(overrides: Partial<NewUserForm> = {}): NewUserForm {
  return {
    ...newUserDefaults(2),
    firstName: 'Thandi',
    surname: 'Mokoena',
    dateOfBirth: epochSecondsOf(1990, 1, 15),
    identificationNo: ID,
    email: 'thandi@example.test',
    phone: '0821112233',
    province: 'GP',
    street: '12 Vilakazi Street',
    suburb: 'Orlando West',
    postalCode: '1804',
    city: 'Soweto',
    idPhotoUrl: '/api/files/0b7c5a52-6f7e-4f0c-9d55-2c8b1b6a9d10',
    personPhotoUrl: '/api/files/1b7c5a52-6f7e-4f0c-9d55-2c8b1b6a9d10',
    bank: 'Capitec',
    branchCode: '470010',
    refsBankAccountType: 2,
    bankAccountNumber: '1234567890',
    TandCs: true,
    ...overrides,
  };
}

describe('defaults (spec 1 §5.4)', () => {
  it('are gender M, bank payment, RSAID, ZAF nationality and country, and the current user as manager', () => {
    const defaults = newUserDefaults(7);
    expect(defaults).toMatchObject({
      refsGender: 'M',
      refsPaymentType: 'bank',
      refsIdentityDocType: 'RSAID',
      nationality: 'ZAF',
      country: 'ZAF',
      parentDealer: 7,
    });
  });

  it('shows dates as yyyy/MM/dd', () => {
    expect(wizardDateOf(epochSecondsOf(2010, 1, 1))).toBe('2010/01/01');
    expect(wizardDateOf(null)).toBe('');
  });
});

describe('step 1, personal information', () => {
  const errors = (overrides: Partial<NewUserForm>, context = {}) =>
    validatePersonalStep(valid(overrides), { now: NOW, ...context });

  it('passes a complete, consistent record', () => {
    expect(errors({})).toEqual({});
  });

  it('needs first name, surname and date of birth', () => {
    expect(errors({ firstName: ' ' }).firstName).toBe('First name is required');
    expect(errors({ firstName: 'T' }).firstName).toBe('Invalid first name (2+ letters)');
    expect(errors({ surname: '' }).surname).toBe('Surname is required');
    expect(errors({ surname: 'M0koena' }).surname).toBe('Invalid Surname (2+ letters only)');
    expect(errors({ surname: "van der Merwe-O'Neil" }).surname).toBeUndefined();
    expect(errors({ dateOfBirth: null }).dateOfBirth).toBe('Date of birth is required');
    expect(errors({ dateOfBirth: epochSecondsOf(2025, 11, 21) }).dateOfBirth).toBe(M.dateOfBirthFuture);
  });

  it('checks the ID/passport number: required, longer than 3, unused, and for RSAID the checker and the date of birth', () => {
    expect(errors({ identificationNo: '' }).identificationNo).toBe('ID/Passport number is required');
    expect(errors({ identificationNo: 'A12', refsIdentityDocType: 'PASSPORT' }).identificationNo).toBe(
      'ID Number is invalid.',
    );
    expect(errors({}, { identificationInUse: true }).identificationNo).toBe('ID Number is already in use.');
    expect(
      errors({ refsIdentityDocType: 'PASSPORT', identificationNo: 'A1234567' }, { identificationInUse: true })
        .identificationNo,
    ).toBe('Passport Number is already in use.');
    expect(errors({ identificationNo: '900115' }).identificationNo).toBe('ID number must be 13 digits long');
    expect(errors({ refsGender: 'F' }).identificationNo).toBe('Gender does not match ID Number');
    expect(errors({ nationality: 'ZWE' }).identificationNo).toBe('Nationality does not match ID Number');
    expect(errors({ identificationNo: `${ID.slice(0, 12)}${(Number(ID[12]) + 1) % 10}` }).identificationNo).toBe(
      'ID number is incorrect, check and verify the format.',
    );
    expect(errors({ dateOfBirth: epochSecondsOf(1990, 1, 16) }).identificationNo).toBe(
      'ID Number does not match Date of Birth.',
    );
    // A passport number is not an SA ID: none of the checker's rules apply.
    expect(
      errors({
        refsIdentityDocType: 'PASSPORT',
        identificationNo: 'A1234567',
        passportIssueDate: epochSecondsOf(2020, 1, 1),
        passportExpiryDate: epochSecondsOf(2030, 1, 1),
      }),
    ).toEqual({});
  });

  it('needs passport dates for passport holders: issued not in the future, expiring not in the past', () => {
    const passport = { refsIdentityDocType: 'PASSPORT' as const, identificationNo: 'A1234567' };
    expect(errors(passport)).toMatchObject({
      passportIssueDate: 'Passport issue date is required',
      passportExpiryDate: 'Passport expiry date is required',
    });
    expect(
      errors({
        ...passport,
        passportIssueDate: epochSecondsOf(2026, 1, 1),
        passportExpiryDate: epochSecondsOf(2024, 1, 1),
      }),
    ).toMatchObject({ passportIssueDate: M.passportIssueFuture, passportExpiryDate: M.passportExpiryPast });
  });

  it('checks phones: required, 10 digits from 0, the alternative different, unused', () => {
    expect(errors({ phone: '' }).phone).toBe('Phone number is required');
    expect(errors({ phone: '821112233' }).phone).toBe('Phone number must be 10 digits starting with 0');
    expect(errors({ phone: '082111223x' }).phone).toBe(M.phoneFormat);
    expect(errors({}, { phoneInUse: true }).phone).toBe('Phone number is already in use');
    expect(errors({ altPhone: '12345' }).altPhone).toBe('Alternative phone must be 10 digits starting with 0');
    expect(errors({ altPhone: '0821112233' }).altPhone).toBe(M.altPhoneSame);
    expect(errors({ altPhone: '0731112233' }).altPhone).toBeUndefined();
  });

  it('checks the e-mail, the RICA username, the company name and the manager', () => {
    expect(errors({ email: '' }).email).toBe('Email is required');
    expect(errors({ email: 'not-an-address' }).email).toBe('Please enter a valid email address');
    expect(errors({}, { emailInUse: true }).email).toBe('Email Address is already in use.');
    expect(errors({ operatorId: 'ABCDEF' }).operatorId).toBe(M.operatorIdLong);
    expect(errors({ companyName: 'X' }).companyName).toBe('Invalid Company Name (2+ letters)');
    expect(errors({ parentDealer: null }).parentDealer).toBe(M.managerRequired);
    expect(errors({ nationality: '' }).nationality).toBe(M.nationalityRequired);
  });

  it('runs the ID rules alone for the on-blur check', () => {
    expect(identificationError(valid())).toBeUndefined();
    expect(identificationError(valid({ identificationNo: ' ' }))).toBe(M.identificationRequired);
  });
});

describe('step 2, address', () => {
  it('needs every field with its message', () => {
    const errors = validateAddressStep(
      valid({ province: '', street: '', suburb: '', city: '', postalCode: '', country: '' }),
    );
    expect(errors).toEqual({
      province: 'Province is required',
      street: 'Street address is required',
      suburb: 'Suburb is required',
      city: 'City is required',
      postalCode: 'Postal code is required',
      country: 'Country is required',
    });
  });

  it('needs a 4-digit postal code and real place names', () => {
    expect(validateAddressStep(valid({ postalCode: '180' })).postalCode).toBe('Postal code must be 4 digits');
    expect(validateAddressStep(valid({ postalCode: '18a4' })).postalCode).toBe(M.postalCodeFormat);
    expect(validateAddressStep(valid({ street: '1' })).street).toBe('Street too short');
    expect(validateAddressStep(valid({ suburb: '12' })).suburb).toBe('Invalid suburb (2+ letters)');
    expect(validateAddressStep(valid({ city: '9' })).city).toBe('Invalid city (2+ letters)');
    expect(validateAddressStep(valid())).toEqual({});
  });
});

describe('step 3, documents', () => {
  it('needs both photos', () => {
    expect(validateDocumentsStep(valid({ idPhotoUrl: '', personPhotoUrl: '' }))).toEqual({
      idPhotoUrl: 'ID photo is required',
      personPhotoUrl: 'Person photo is required',
    });
  });
});

describe('step 4, banking', () => {
  it('needs bank, account type, account number and branch code for bank payments', () => {
    expect(
      validateBankingStep(valid({ bank: '', refsBankAccountType: null, bankAccountNumber: '', branchCode: '' })),
    ).toEqual({
      bank: 'Bank is required',
      refsBankAccountType: 'Account type is required',
      bankAccountNumber: 'Account number is required',
      branchCode: 'Branch code is required',
    });
    expect(validateBankingStep(valid({ bankAccountNumber: '12345' })).bankAccountNumber).toBe(
      'Account number must be at least 6 digits',
    );
    expect(validateBankingStep(valid({ bankAccountNumber: '12345a7' })).bankAccountNumber).toBe(M.accountNumberDigits);
    expect(validateBankingStep(valid({ bankAccountNumber: '1'.repeat(21) })).bankAccountNumber).toBe(
      M.accountNumberLong,
    );
  });

  it('needs nothing for eWallet', () => {
    expect(validateBankingStep(valid({ refsPaymentType: 'eWallet', bank: '', bankAccountNumber: '' }))).toEqual({});
  });
});

describe('review', () => {
  it('needs the terms agreed', () => {
    expect(validateReview(valid({ TandCs: false }))).toEqual({
      TandCs: 'You must agree to the terms and conditions to proceed',
    });
    expect(validateNewUser(valid(), { now: NOW })).toEqual({});
  });
});

describe('the request', () => {
  it('sends dates as YYYY-MM-DD, phones as +27, the RICA username in upper case and a defaulted company name', () => {
    const request = toCreateUserRequest(valid({ operatorId: 'ab12', altPhone: '0731112233', selectedDeals: [4] }));
    expect(request).toMatchObject({
      dateOfBirth: '1990-01-15',
      phone: '+27821112233',
      altPhone: '+27731112233',
      operatorId: 'AB12',
      companyName: 'Thandi Mokoena',
      selectedDeals: [],
    });
    expect(toCreateUserRequest(valid({ selectedDeals: [4] }), { includeDeals: true }).selectedDeals).toEqual([4]);
    expect(CreateUserRequest.safeParse(request).success).toBe(true);
  });

  it('passes the same step rules as the wizard values, read as they are', () => {
    const values = valid({ altPhone: '0731112233', middleName: 'Grace' });
    const parsed = CreateUserRequest.parse(toCreateUserRequest(values));
    expect(validateNewUser(parsed, { now: NOW })).toEqual({});
    expect(validateNewUser({ ...parsed, dateOfBirth: '2999-01-01' }, { now: NOW }).dateOfBirth).toBe(
      'Date of birth cannot be in the future',
    );
  });

  it('refuses fields only the server sets, naming them', () => {
    const result = CreateUserRequest.safeParse({ ...toCreateUserRequest(valid()), isAdmin: true, status: 2 });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(
      'These fields are set by the server and cannot be sent: isAdmin, status',
    );
  });
});

describe('supplier choices (spec 1 §2.7)', () => {
  const suppliers = [
    { id: 1, productTypeIds: [10] },
    { id: 2, productTypeIds: [20, 30] },
    { id: 3, productTypeIds: [10, 30] },
  ];
  const deals = [
    { id: 100, supplierId: 1, productTypeId: 10 },
    { id: 200, supplierId: 2, productTypeId: 20 },
  ];

  it('prunes suppliers and deals no longer valid when a product type is unchecked', () => {
    expect(
      pruneSelections(
        { selectedProductTypes: [30], selectedSuppliers: [1, 2, 3], selectedDeals: [100, 200] },
        suppliers,
        deals,
      ),
    ).toEqual({ selectedSuppliers: [2, 3], selectedDeals: [] });
  });
});
