import { describe, expect, it } from 'vitest';
import { ResubmitRequest } from '../approvals/approvals.ts';
import {
  accountNumberError,
  isName,
  isRealIsoDate,
  optionalPhoneNumber,
  phoneError,
  phoneNumber,
  phoneText,
} from './dealer-record.ts';
import { EditUserPersonal, phoneIssue } from './edit-user.ts';
import { epochSecondsOf, newUserDefaults, validatePersonalStep } from './new-user.ts';

const messages = { required: 'Required', format: 'Ten digits from 0', tooLong: 'Too long', invalid: 'Not real' };
const firstMessage = (result: { error?: { issues: Array<{ message: string }> } }) => result.error?.issues[0]?.message;

describe('dealer record pieces', () => {
  it('reads names by their letters, optionally refusing other characters', () => {
    expect(isName('Jo')).toBe(true);
    expect(isName('J.')).toBe(false);
    expect(isName("O'Brien-Nkosi", 2, true)).toBe(true);
    expect(isName('R2D2', 2, true)).toBe(false);
  });

  it('knows a real date', () => {
    expect(isRealIsoDate('2024-02-29')).toBe(true);
    expect(isRealIsoDate('2023-02-29')).toBe(false);
  });

  it('sends any typed form of a phone on in the stored form, and never cuts one', () => {
    expect(phoneNumber(messages).parse('082 123 4567')).toBe('+27821234567');
    expect(phoneNumber(messages).parse('27821234567')).toBe('+27821234567');
    expect(firstMessage(phoneNumber(messages).safeParse('08212345678'))).toBe('Too long');
    expect(firstMessage(phoneNumber(messages).safeParse('0000000000'))).toBe('Not real');
    expect(optionalPhoneNumber(messages).parse('')).toBeNull();
  });

  it('keeps the text as typed where the screen compares it, and can ask for the 0 form alone', () => {
    expect(phoneText(messages).parse('082 123 4567')).toBe('082 123 4567');
    expect(phoneError('+27821234567', messages, { only: 'local' })).toBe('Ten digits from 0');
    expect(phoneError('+27821234567', messages)).toBeUndefined();
  });

  it('checks a bank account number, letting a masked one stand only where asked', () => {
    const account = { required: 'Required', digits: 'Digits', short: 'Short', long: 'Long' };
    expect(accountNumberError('', account)).toBe('Required');
    expect(accountNumberError('12ab56', account)).toBe('Digits');
    expect(accountNumberError('12345', account)).toBe('Short');
    expect(accountNumberError('1'.repeat(21), account)).toBe('Long');
    expect(accountNumberError('••••5678', account)).toBe('Digits');
    expect(accountNumberError('••••5678', account, { allowMasked: true })).toBeUndefined();
  });
});

describe('every screen refuses 0000000000 and a number with a digit too many', () => {
  it('the create-user wizard', () => {
    const values = { ...newUserDefaults(1), dateOfBirth: epochSecondsOf(1990, 1, 1) };
    expect(validatePersonalStep({ ...values, phone: '0000000000' }).phone).toBe(
      'Phone number is not a valid South African number',
    );
    expect(validatePersonalStep({ ...values, phone: '08211122334' }).phone).toBe('Phone number has too many digits');
    expect(validatePersonalStep({ ...values, altPhone: '0000000000' }).altPhone).toBe(
      'Alternative phone is not a valid South African number',
    );
  });

  it('Edit User', () => {
    expect(phoneIssue('0000000000')).toBe('Phone number is not a valid South African number');
    expect(phoneIssue('08211122334')).toBe('Phone number has too many digits');
    const personal = EditUserPersonal.shape.phone;
    expect(personal.parse('0821112233')).toBe('+27821112233');
  });

  it('the resubmission of a declined request', () => {
    expect(firstMessage(ResubmitRequest.shape.phone.safeParse('0000000000'))).toBe(
      'Phone number is not a valid South African number',
    );
    expect(firstMessage(ResubmitRequest.shape.phone.safeParse('08211122334'))).toBe('Phone number has too many digits');
  });
});
