import { describe, expect, it } from 'vitest';
import {
  EditUserBanking,
  type EditUserForm,
  EditUserRequest,
  identityIssue,
  EDIT_USER_MESSAGES as M,
  phoneIssue,
  tabOfField,
} from './edit-user.ts';
import { buildSaId } from './sa-id.ts';

const validId = buildSaId('1990-05-17', 'M', true, 12);

function form(overrides: Partial<{ [K in keyof EditUserForm]: Partial<NonNullable<EditUserForm[K]>> }> = {}) {
  const base: EditUserForm = {
    personal: {
      firstName: 'Thabo',
      middleName: 'Sipho',
      surname: 'Nkosi',
      companyName: '',
      refsGender: 'M',
      email: 'thabo@example.co.za',
      phone: '0821234567',
      altPhone: '',
      operatorId: 'ab12',
      refsShirtSize: 'MEDIUM',
    },
    address: {
      street: '12 Long Street',
      suburb: 'Gardens',
      city: 'Cape Town',
      province: 'WC',
      postalCode: '8001',
      country: 'ZAF',
    },
    identity: {
      refsIdentityDocType: 'RSAID',
      identificationNo: validId,
      dateOfBirth: '1990-05-17',
      nationality: 'ZAF',
      passportIssueDate: null,
      passportExpiryDate: null,
    },
    banking: {
      refsPaymentType: 'bank',
      bank: 'Capitec',
      bankAccountNumber: '1234567890',
      refsBankAccountType: 2,
      branchCode: '470010',
      eWalletLink: null,
    },
  };
  const merged = { ...base } as Record<string, unknown>;
  for (const [key, value] of Object.entries(overrides)) {
    merged[key] = { ...(base[key as keyof EditUserForm] as object), ...(value as object) };
  }
  return merged as EditUserForm;
}

const messages = (input: unknown) =>
  EditUserRequest.safeParse(input).error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) ?? [];

describe('EditUserRequest (spec 1 §5.5)', () => {
  it('accepts a whole valid form, stores phones as +27 and upper-cases the RICA username', () => {
    const parsed = EditUserRequest.parse(form());
    expect(parsed.personal.phone).toBe('+27821234567');
    expect(parsed.personal.altPhone).toBeNull();
    expect(parsed.personal.companyName).toBeNull();
    expect(parsed.personal.operatorId).toBe('AB12');
  });

  it('needs first name, middle name, surname, gender and phone', () => {
    expect(
      messages(form({ personal: { firstName: '', middleName: ' ', surname: '', refsGender: undefined, phone: '' } })),
    ).toEqual(
      expect.arrayContaining([
        `personal.firstName: ${M.firstName}`,
        `personal.middleName: ${M.middleName}`,
        `personal.surname: ${M.surname}`,
        `personal.refsGender: ${M.gender}`,
        `personal.phone: ${M.phoneRequired}`,
      ]),
    );
  });

  it('checks phones: 10 digits starting with 0', () => {
    expect(phoneIssue('821234567')).toBe(M.phoneNotZero);
    expect(phoneIssue('082123456')).toBe(M.phoneIncomplete);
    expect(phoneIssue('08212345ab')).toBe(M.phoneIncomplete);
    expect(phoneIssue('+2782123')).toBe(M.phoneIncomplete);
    expect(phoneIssue('082 123 4567')).toBeUndefined();
    expect(phoneIssue('+27821234567')).toBeUndefined();
    expect(messages(form({ personal: { altPhone: '1234' } }))).toEqual([`personal.altPhone: ${M.phoneNotZero}`]);
  });

  it('needs province, street, suburb and city; postal code is numeric, at most 4 digits', () => {
    expect(messages(form({ address: { province: '', street: '', suburb: '', city: '', postalCode: '80a' } }))).toEqual(
      expect.arrayContaining([
        `address.province: ${M.province}`,
        `address.street: ${M.street}`,
        `address.suburb: ${M.suburb}`,
        `address.city: ${M.city}`,
        `address.postalCode: ${M.postalCode}`,
      ]),
    );
    expect(messages(form({ address: { postalCode: '12345' } }))).toEqual([`address.postalCode: ${M.postalCode}`]);
    expect(messages(form({ address: { postalCode: '' } }))).toEqual([]);
  });

  it('refuses an ID number of 3 characters or fewer', () => {
    expect(messages(form({ identity: { identificationNo: 'AB1' } }))).toEqual([
      `identity.identificationNo: ${M.idInvalid}`,
    ]);
  });

  it("matches an SA ID's first six digits to the date of birth, then runs the ID checker", () => {
    expect(messages(form({ identity: { dateOfBirth: '1990-05-18' } }))).toEqual([
      'identity.identificationNo: ID Number does not match Date of Birth.',
    ]);
    expect(messages(form({ personal: { refsGender: 'F' } }))).toEqual([
      'identity.identificationNo: Gender does not match ID Number',
    ]);
    expect(messages(form({ identity: { nationality: 'ZWE' } }))).toEqual([
      'identity.identificationNo: Nationality does not match ID Number',
    ]);
    const badCheckDigit = `${validId.slice(0, 12)}${(Number(validId[12]) + 1) % 10}`;
    expect(
      identityIssue({
        personal: { refsGender: 'M' },
        identity: { ...form().identity, identificationNo: badCheckDigit },
      }),
    ).toBe('ID number is incorrect, check and verify the format.');
  });

  it('needs passport dates for a passport, not the ID rules', () => {
    expect(
      messages(
        form({ identity: { refsIdentityDocType: 'PASSPORT', identificationNo: 'A1234567', nationality: 'ZWE' } }),
      ),
    ).toEqual([`identity.passportIssueDate: ${M.passportIssue}`, `identity.passportExpiryDate: ${M.passportExpiry}`]);
  });

  it('refuses a date of birth in the future', () => {
    expect(messages(form({ identity: { dateOfBirth: '2999-01-01' } }))).toContain(
      `identity.dateOfBirth: ${M.dateOfBirthFuture}`,
    );
  });

  it('refuses fields the client may not set', () => {
    expect(EditUserRequest.safeParse({ ...form(), isAdmin: true }).success).toBe(false);
    expect(EditUserRequest.safeParse({ ...form(), parentId: 4 }).success).toBe(false);
  });

  it('lets a leader leave identity, documents and banking out', () => {
    const { identity: _identity, banking: _banking, ...leaderForm } = form();
    expect(EditUserRequest.safeParse(leaderForm).success).toBe(true);
  });
});

describe('EditUserBanking', () => {
  const bank = {
    refsPaymentType: 'bank' as const,
    bank: 'Capitec',
    bankAccountNumber: '1234567',
    refsBankAccountType: 1,
  };
  const issues = (input: unknown) => EditUserBanking.safeParse(input).error?.issues.map((issue) => issue.message) ?? [];
  it('needs a bank, an account number of 6 to 20 digits and an account type for bank payment', () => {
    expect(issues({ ...bank, bank: '', bankAccountNumber: '', refsBankAccountType: null })).toEqual([
      M.bank,
      M.accountNumber,
      M.accountType,
    ]);
    expect(issues({ ...bank, bankAccountNumber: '12345' })).toEqual([M.accountIncomplete]);
    expect(issues({ ...bank, bankAccountNumber: '1'.repeat(21) })).toEqual([M.accountIncomplete]);
    expect(issues({ ...bank, bankAccountNumber: '12345a' })).toEqual([M.accountIncomplete]);
    expect(issues(bank)).toEqual([]);
  });
  it('needs nothing for eWallet', () => {
    expect(issues({ refsPaymentType: 'eWallet' })).toEqual([]);
  });
});

describe('tabOfField', () => {
  it('finds the tab of a server field error', () => {
    expect(tabOfField('identity.identificationNo')).toBe('personal');
    expect(tabOfField('personal.phone')).toBe('personal');
    expect(tabOfField('banking.bank')).toBe('banking');
    expect(tabOfField('nothing')).toBeUndefined();
  });
});
