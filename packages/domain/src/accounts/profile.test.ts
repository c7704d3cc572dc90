import { describe, expect, it } from 'vitest';
import {
  ContactChangeRequest,
  canBecomeLeader,
  firstProfileError,
  maskAccountNumber,
  type ProfileUpdateRequest,
} from './profile.ts';

const valid: ProfileUpdateRequest = {
  country: 'ZAF',
  province: 'GP',
  street: '1 Main Road',
  suburb: 'Soweto',
  postalCode: '1804',
  city: 'Johannesburg',
  refsShirtSize: 'MEDIUM',
  refsPaymentType: 'bank',
  bank: 'Capitec',
  bankAccountNumber: '1234567890',
  refsBankAccountType: 2,
  agreedToRicaTerms: true,
};

describe('firstProfileError (spec 1 §5.5, first failure in order)', () => {
  it('passes a complete profile', () => {
    expect(firstProfileError(valid)).toBeUndefined();
  });
  it('reports the account number first when it is too short', () => {
    expect(firstProfileError({ ...valid, bankAccountNumber: '123', street: '' })).toBe('Account number is incomplete');
  });
  it('then street, suburb, postal code and city in that order', () => {
    const empty = { ...valid, street: '', suburb: '', postalCode: '', city: '' };
    expect(firstProfileError(empty)).toBe('Please add a Street Address');
    expect(firstProfileError({ ...empty, street: 'x' })).toBe('Please add a Suburb');
    expect(firstProfileError({ ...empty, street: 'x', suburb: 'y' })).toBe('Please add a Postal Code');
    expect(firstProfileError({ ...empty, street: 'x', suburb: 'y', postalCode: '1' })).toBe('Please add a City');
  });
  it('asks for bank, account number and account type only when paid by bank', () => {
    expect(firstProfileError({ ...valid, bank: null })).toBe('Please select a bank');
    expect(firstProfileError({ ...valid, bankAccountNumber: '' })).toBe('Please add a bank account number');
    expect(firstProfileError({ ...valid, refsBankAccountType: null })).toBe('Please select an account type');
    expect(
      firstProfileError({ ...valid, refsPaymentType: 'eWallet', bank: null, bankAccountNumber: null }),
    ).toBeUndefined();
  });
  it('requires the RICA and POPIA agreement', () => {
    expect(firstProfileError({ ...valid, agreedToRicaTerms: false })).toBe('Please check RICA And POPIA Training');
  });
});

describe('canBecomeLeader', () => {
  const base = { isAdmin: false, isLeader: false, isLeaderBlocked: false, refsUserTierId: 3 };
  it('allows a tier-3 non-admin who is not leader and not blocked', () => expect(canBecomeLeader(base)).toBe(true));
  it('refuses tier 2 or lower, admins, leaders and blocked users', () => {
    expect(canBecomeLeader({ ...base, refsUserTierId: 2 })).toBe(false);
    expect(canBecomeLeader({ ...base, isAdmin: true })).toBe(false);
    expect(canBecomeLeader({ ...base, isLeader: true })).toBe(false);
    expect(canBecomeLeader({ ...base, isLeaderBlocked: true })).toBe(false);
  });
});

describe('maskAccountNumber', () => {
  it('shows only the last four digits', () => expect(maskAccountNumber('1234567890')).toBe('••••••7890'));
});

describe('contact change phone', () => {
  it('refuses a number no network hands out, and one with a digit too many', () => {
    const message = (phone: string) => ContactChangeRequest.safeParse({ phone }).error?.issues[0]?.message;
    expect(message('+27000000000')).toBe('Phone number is not a valid South African number');
    expect(message('+278211122334')).toBe('Phone number has too many digits');
    expect(message('+27821112233')).toBeUndefined();
  });
});
