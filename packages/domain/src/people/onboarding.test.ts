import { describe, expect, it } from 'vitest';
import {
  fileIdOf,
  isPhotoAddress,
  ONBOARDING_MESSAGES as M,
  onboardingRecordErrors,
  onboardingRecordSchema,
} from './onboarding.ts';

const schema = onboardingRecordSchema(['ZAF', 'ZWE']);
const AUTH = '5b0d3f1e-2a4c-4d6e-8f10-123456789abc';

const record = (overrides: Record<string, unknown> = {}) => ({
  agreed_to_rica_terms: true,
  alt_phone: null,
  city: 'Soweto',
  company_name: 'Thandi Sales',
  country: 'ZAF',
  nationality: 'ZAF',
  date_of_birth: '1990-01-15',
  e_wallet_link: null,
  email: 'thandi@example.test',
  first_name: 'Thandi',
  middle_name: null,
  surname: 'Mokoena',
  id_photo_url: '/api/files/0b7c5a52-6f7e-4f0c-9d55-2c8b1b6a9d10',
  person_photo_url: 'https://files.example.test/person.jpg',
  identification_no: '9001155017081',
  operator_id: null,
  parent_id: 2,
  refs_type_id: 1,
  submitted_by: 2,
  submitted_by_auth_id: AUTH,
  last_updated_by_auth_id: AUTH,
  passport_expiry_date: null,
  passport_issue_date: null,
  phone: '+27821112233',
  postal_code: '1804',
  province: 'GP',
  refs_gender: 'M',
  refs_bank_account_type: 2,
  refs_identity_doc_type: 'RSAID',
  refs_payment_type: 'bank',
  refs_shirt_size: null,
  street: '12 Vilakazi Street',
  suburb: 'Orlando West',
  ...overrides,
});

const messageOf = (overrides: Record<string, unknown>, field: string) =>
  onboardingRecordErrors(schema, record(overrides)).find((error) => error.field === field)?.message;

describe('onboarding record (spec 1 §5.2)', () => {
  it('accepts a complete record', () => {
    expect(onboardingRecordErrors(schema, record())).toEqual([]);
  });

  it('gives each rule its message', () => {
    expect(messageOf({ agreed_to_rica_terms: false }, 'agreed_to_rica_terms')).toBe('Required');
    expect(messageOf({ alt_phone: '+2782111223' }, 'alt_phone')).toBe('Alternative Phone number is not valid');
    expect(messageOf({ alt_phone: '+27-82111223' }, 'alt_phone')).toBe('Invalid phone number');
    expect(messageOf({ city: 'X' }, 'city')).toBe('Invalid city (2+ letters)');
    expect(messageOf({ company_name: '1' }, 'company_name')).toBe('Invalid Company Name (2+ letters)');
    expect(messageOf({ country: 'XXX' }, 'country')).toBe('Invalid Country');
    expect(messageOf({ nationality: 'XXX' }, 'nationality')).toBe('Invalid nationality');
    expect(messageOf({ date_of_birth: undefined }, 'date_of_birth')).toBe('Date of birth is required');
    expect(messageOf({ email: '' }, 'email')).toBe('Email is required');
    expect(messageOf({ email: undefined }, 'email')).toBe('Email is required');
    expect(messageOf({ first_name: 'T' }, 'first_name')).toBe('Invalid first name (2+ letters)');
    expect(messageOf({ id_photo_url: 'not a url' }, 'id_photo_url')).toBe('Invalid ID Photo');
    expect(messageOf({ person_photo_url: 'ftp://x/y' }, 'person_photo_url')).toBe('Invalid person photo');
    expect(messageOf({ identification_no: '' }, 'identification_no')).toBe('Required');
    expect(messageOf({ last_updated_by_auth_id: 'abc' }, 'last_updated_by_auth_id')).toBe(
      'Updated Auth ID Is Required',
    );
    expect(messageOf({ submitted_by_auth_id: undefined }, 'submitted_by_auth_id')).toBe(
      'Submitted By Auth ID Is Required',
    );
    expect(messageOf({ parent_id: undefined }, 'parent_id')).toBe('Required');
    expect(messageOf({ refs_type_id: 'x' }, 'refs_type_id')).toBe('Required');
    expect(messageOf({ submitted_by: null }, 'submitted_by')).toBe('Required');
    expect(messageOf({ refs_identity_doc_type: 'PASSPORT' }, 'passport_expiry_date')).toBe(
      'Passport expiry date required',
    );
    expect(messageOf({ refs_identity_doc_type: 'PASSPORT' }, 'passport_issue_date')).toBe(
      'Passport issue date required',
    );
    expect(messageOf({ phone: undefined }, 'phone')).toBe('Phone number is required');
    expect(messageOf({ phone: '0821112233' }, 'phone')).toBe('Phone number is not valid');
    expect(messageOf({ phone: '+27-82111223' }, 'phone')).toBe('Invalid phone number');
    expect(messageOf({ postal_code: '180' }, 'postal_code')).toBe('Invalid Postal Code');
    expect(messageOf({ province: 'XX' }, 'province')).toBe(M.province);
    expect(messageOf({ refs_gender: 'X' }, 'refs_gender')).toBe('Invalid gender');
    expect(messageOf({ refs_bank_account_type: 3 }, 'refs_bank_account_type')).toBe('Invalid bank account type');
    expect(messageOf({ refs_bank_account_type: null }, 'refs_bank_account_type')).toBe(
      'Please select a bank account type',
    );
    expect(messageOf({ refs_identity_doc_type: 'DL' }, 'refs_identity_doc_type')).toBe('Invalid ID type');
    expect(messageOf({ refs_payment_type: 'cash' }, 'refs_payment_type')).toBe('Invalid payment type');
    expect(messageOf({ street: 'A' }, 'street')).toBe('Street too short');
    expect(messageOf({ suburb: '12' }, 'suburb')).toBe('Invalid suburb (2+ letters)');
    expect(messageOf({ surname: 'M0k' }, 'surname')).toBe('Invalid Surname (2+ letters only)');
  });

  it('needs no account type for eWallet and no passport dates for RSAID', () => {
    expect(
      onboardingRecordErrors(schema, record({ refs_payment_type: 'eWallet', refs_bank_account_type: null })),
    ).toEqual([]);
  });

  it('reads photo addresses', () => {
    expect(isPhotoAddress('/api/files/0b7c5a52-6f7e-4f0c-9d55-2c8b1b6a9d10')).toBe(true);
    expect(isPhotoAddress('/etc/passwd')).toBe(false);
    expect(fileIdOf('/api/files/0B7C5A52-6F7E-4F0C-9D55-2C8B1B6A9D10')).toBe('0b7c5a52-6f7e-4f0c-9d55-2c8b1b6a9d10');
    expect(fileIdOf('https://x.test/a.jpg')).toBeUndefined();
  });
});
