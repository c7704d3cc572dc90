import { parsePhoneNumberFromString } from 'libphonenumber-js/core';
import { SA_PHONE_METADATA } from './phone-metadata.ts';

/**
 * The one place that reads South African phone numbers (spec 1 §5.3). Typed in as 0XXXXXXXXX,
 * +27XXXXXXXXX, 27XXXXXXXXX or +270XXXXXXXXX (spaces, dashes and brackets ignored; nine digits
 * alone are refused, as every screen asks for the leading 0); stored as +27XXXXXXXXX (the database's check constraint and every existing row, so
 * sign-in by phone keeps finding them); shown as 0XXXXXXXXX.
 *
 * The library is given South Africa's rules alone (phone-metadata.ts), which keeps the phone
 * sign-in page light; with them it tells a real number from one no network hands out, such as
 * 0000000000. The digit count is checked here first so a number with a digit too many gets its
 * own message rather than "not valid".
 */

export type PhoneProblem = 'required' | 'format' | 'notZero' | 'tooShort' | 'tooLong' | 'invalid';

export type ParsedPhone = { ok: true; stored: string } | { ok: false; problem: PhoneProblem };

const SEPARATORS = /[\s\-().]/g;
const NATIONAL_DIGITS = 9;

/** Reads what was typed; nothing is cut: a number with a digit too many is an error. */
export function parsePhone(input: string | null | undefined): ParsedPhone {
  const compact = (input ?? '').replace(SEPARATORS, '');
  if (!compact) return { ok: false, problem: 'required' };
  if (!/^\+?\d+$/.test(compact)) return { ok: false, problem: 'format' };
  let national: string;
  if (compact.startsWith('+')) {
    if (!compact.startsWith('+27')) return { ok: false, problem: 'format' };
    national = compact.slice(3);
    // +270821234567: the trunk 0 typed after the country code.
    if (national.startsWith('0') && national.length === NATIONAL_DIGITS + 1) national = national.slice(1);
  } else if (compact.startsWith('27') && compact.length === 11) {
    national = compact.slice(2);
  } else if (compact.startsWith('0')) {
    national = compact.slice(1);
  } else {
    return { ok: false, problem: compact.length > NATIONAL_DIGITS + 1 ? 'tooLong' : 'notZero' };
  }
  if (national.length < NATIONAL_DIGITS) return { ok: false, problem: 'tooShort' };
  if (national.length > NATIONAL_DIGITS) return { ok: false, problem: 'tooLong' };
  const parsed = parsePhoneNumberFromString(`+27${national}`, SA_PHONE_METADATA);
  if (!parsed?.isValid() || parsed.countryCallingCode !== '27') return { ok: false, problem: 'invalid' };
  return { ok: true, stored: parsed.number };
}

/** True when the text is a real South African number in any accepted form. */
export function isValidPhone(input: string | null | undefined): boolean {
  return parsePhone(input).ok;
}

/**
 * The stored form of a typed number. Input that does not parse comes back compacted, unchanged
 * otherwise, so the schema that called this reports it instead of a wrong number being saved.
 */
export function normalisePhone(input: string): string {
  const parsed = parsePhone(input);
  return parsed.ok ? parsed.stored : input.replace(SEPARATORS, '');
}

/** The +27 prefix replaced by a leading 0; anything that is not a stored number is shown as it is. */
export function displayPhone(stored: string | null | undefined): string {
  if (!stored) return '';
  return /^\+27\d{9}$/.test(stored) ? `0${stored.slice(3)}` : stored;
}

/** Said when a number has the right shape but no network hands it out (0000000000, 0123…). */
export const PHONE_NOT_REAL = 'Phone number is not a valid South African number';
export const ALT_PHONE_NOT_REAL = 'Alternative phone is not a valid South African number';
export const PHONE_TOO_LONG = 'Phone number has too many digits';

/** The message a form gives for each problem; forms word them differently (spec 1 §5.3–§5.5). */
export type PhoneMessages = { required: string; format: string; invalid: string } & Partial<
  Record<'notZero' | 'tooShort' | 'tooLong', string>
>;

export function phoneMessage(problem: PhoneProblem, messages: PhoneMessages): string {
  if (problem === 'tooLong') return messages.tooLong ?? messages.format;
  if (problem === 'notZero' || problem === 'tooShort') return messages[problem] ?? messages.format;
  return messages[problem];
}
