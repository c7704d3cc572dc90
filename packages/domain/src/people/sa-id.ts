/**
 * The South African ID number checker (spec 1 §5.1): YYMMDD SSSS C A Z — date of birth, gender
 * sequence (first digit ≥ 5 is male), citizenship (0 South African, 1 other), a legacy digit and a
 * Luhn check digit. Used by the wizard, edit user and the server alike.
 */

export const SA_ID_MESSAGES = {
  length: 'ID number must be 13 digits long',
  digits: 'ID number must only contain numbers',
  month: 'ID number has an incorrect month value',
  day: 'ID number has an incorrect day value',
  date: 'ID number contains an invalid date',
  dobFormat: 'Invalid date of birth format',
  dobInvalid: 'Invalid date of birth provided',
  dobMismatch: 'ID number does not match date of birth',
  gender: 'Gender does not match ID Number',
  nationality: 'Nationality does not match ID Number',
  checksum: 'ID number is incorrect, check and verify the format.',
  valid: 'ID number is valid',
} as const;

/** The wizard's own wording for a date of birth that differs from the ID's first six digits. */
export const ID_DOB_MISMATCH_WIZARD = 'ID Number does not match Date of Birth.';

export interface SaIdCheck {
  valid: boolean;
  message: string;
}

export interface SaIdExpectations {
  /** A Date, epoch seconds (as the wizard stores it) or a 'YYYY-MM-DD' / 'YYYY/MM/DD' string. */
  dateOfBirth?: Date | number | string;
  gender?: 'M' | 'F';
  /** Three-letter country code; 'ZAF' expects citizenship digit 0, anything else 1. */
  nationality?: string;
}

const fail = (message: string): SaIdCheck => ({ valid: false, message });

/** The date an ID number encodes, with the two-digit-year pivot at 30 (≤ 30 → 2000s). */
export function dateFromSaId(id: string): { year: number; month: number; day: number } {
  const yy = Number(id.slice(0, 2));
  return { year: yy <= 30 ? 2000 + yy : 1900 + yy, month: Number(id.slice(2, 4)), day: Number(id.slice(4, 6)) };
}

function isRealDate(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Reads a date of birth given as a Date, epoch seconds or a date string, as a UTC calendar date. */
export function readDateOfBirth(value: Date | number | string): { year: number; month: number; day: number } | string {
  let date: Date;
  if (value instanceof Date) {
    date = value;
  } else if (typeof value === 'number') {
    date = new Date(value * 1000);
  } else if (typeof value === 'string') {
    const match = /^(\d{4})[-/](\d{2})[-/](\d{2})/.exec(value.trim());
    if (!match) return SA_ID_MESSAGES.dobFormat;
    const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
    if (!isRealDate(year, month, day)) return SA_ID_MESSAGES.dobInvalid;
    return { year, month, day };
  } else {
    return SA_ID_MESSAGES.dobFormat;
  }
  if (Number.isNaN(date.getTime())) return SA_ID_MESSAGES.dobInvalid;
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

/** Luhn over all 13 digits (the last is the check digit). */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** Checks an ID number, and the date of birth, gender and nationality it must agree with when given. */
export function checkSaId(input: string, expect: SaIdExpectations = {}): SaIdCheck {
  const id = input.replace(/\s+/g, '');
  if (id.length !== 13) return fail(SA_ID_MESSAGES.length);
  if (!/^\d{13}$/.test(id)) return fail(SA_ID_MESSAGES.digits);
  const { year, month, day } = dateFromSaId(id);
  if (month < 1 || month > 12) return fail(SA_ID_MESSAGES.month);
  if (day < 1 || day > 31) return fail(SA_ID_MESSAGES.day);
  if (!isRealDate(year, month, day)) return fail(SA_ID_MESSAGES.date);
  if (expect.dateOfBirth !== undefined) {
    const dob = readDateOfBirth(expect.dateOfBirth);
    if (typeof dob === 'string') return fail(dob);
    if (dob.year !== year || dob.month !== month || dob.day !== day) return fail(SA_ID_MESSAGES.dobMismatch);
  }
  if (expect.gender !== undefined) {
    const male = Number(id[6]) >= 5;
    if ((expect.gender === 'M') !== male) return fail(SA_ID_MESSAGES.gender);
  }
  if (expect.nationality !== undefined) {
    const citizenDigit = expect.nationality === 'ZAF' ? '0' : '1';
    if (id[10] !== citizenDigit) return fail(SA_ID_MESSAGES.nationality);
  }
  if (!passesLuhn(id)) return fail(SA_ID_MESSAGES.checksum);
  return { valid: true, message: SA_ID_MESSAGES.valid };
}

/** The wizard's rule: the ID's first six digits (pivot 30) must equal the date of birth. */
export function idMatchesDateOfBirth(id: string, dateOfBirth: Date | number | string): boolean {
  const digits = id.replace(/\s+/g, '');
  if (!/^\d{6}/.test(digits)) return false;
  const dob = readDateOfBirth(dateOfBirth);
  if (typeof dob === 'string') return false;
  const encoded = dateFromSaId(digits);
  return encoded.year === dob.year && encoded.month === dob.month && encoded.day === dob.day;
}

/** Builds a valid ID number (for test data): date, gender, citizenship and a sequence. */
export function buildSaId(dateOfBirth: string, gender: 'M' | 'F', citizen: boolean, sequence = 0): string {
  const [year, month, day] = dateOfBirth.split('-');
  const genderDigits = String((gender === 'M' ? 5000 : 0) + (sequence % 5000)).padStart(4, '0');
  const body = `${year!.slice(2)}${month}${day}${genderDigits}${citizen ? 0 : 1}8`;
  for (let check = 0; check <= 9; check++) {
    if (passesLuhn(body + check)) return body + check;
  }
  throw new Error('unreachable: one check digit always fits');
}
