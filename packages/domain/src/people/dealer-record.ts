import { z } from 'zod';
import { isMaskedSecret } from '../access/masking.ts';
import { PHONE_NOT_REAL, type PhoneMessages, parsePhone, phoneMessage } from './phone.ts';

/**
 * The rules of a dealer's record, written once: identity (names, dates), contact (phones, e-mail),
 * address and banking. The create-user wizard, Edit User, the own profile, the resubmission of a
 * declined request and the onboarding record are built from these pieces. The spec words the same
 * rule differently on different screens (spec 1 §5.2–§5.5), so each piece takes its messages and
 * the screens keep their own wording.
 */

// ---- identity ----------------------------------------------------------------------------------

/** Letters of any script, combining marks, spaces and , . ' - (spec 1 §5.2 surname and suburb). */
export const NAME_CHARACTERS = /^[\p{L}\p{M} ,.'-]+$/u;

export const letterCount = (value: string) => (value.match(/\p{L}/gu) ?? []).length;

/** At least `min` letters, and nothing but name characters when `namesOnly`. */
export function isName(value: string, min = 2, namesOnly = false): boolean {
  return letterCount(value) >= min && (!namesOnly || NAME_CHARACTERS.test(value));
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** 'YYYY-MM-DD' naming a day that exists. */
export function isRealIsoDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** A date as the API carries it: 'YYYY-MM-DD', with one message for the shape. */
export const isoDate = (message: string) => z.string(message).regex(ISO_DATE, message);

/** A required name: trimmed, `required` when blank, `invalid` with fewer than two letters. */
export const personName = (messages: { required: string; invalid: string }, options: { namesOnly?: boolean } = {}) =>
  z
    .string({ error: messages.required })
    .trim()
    .min(1, messages.required)
    .refine((value) => !value || isName(value, 2, options.namesOnly), messages.invalid);

// ---- contact -----------------------------------------------------------------------------------

export const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Some screens' spec asks for one written form alone: 'local' (0XXXXXXXXX, the resubmission) or
 * 'stored' (+27XXXXXXXXX, the contact change); the rest take any form.
 */
export interface PhoneFormOption {
  only?: 'local' | 'stored';
}

/** The first problem with a typed phone in the screen's words, or undefined when it is a real number. */
export function phoneError(
  value: string | null | undefined,
  messages: PhoneMessages,
  options: PhoneFormOption = {},
): string | undefined {
  const typed = value?.trim() ?? '';
  if (typed && options.only === 'local' && !typed.startsWith('0')) return phoneMessage('notZero', messages);
  if (typed && options.only === 'stored' && !typed.startsWith('+27')) return phoneMessage('format', messages);
  const parsed = parsePhone(value);
  return parsed.ok ? undefined : phoneMessage(parsed.problem, messages);
}

/**
 * A phone in any form a person types (or the stored form), sent on as +27XXXXXXXXX. A number with
 * a digit too many fails rather than being cut, and 0000000000 fails as not a real number.
 */
export const phoneNumber = (messages: PhoneMessages) =>
  z.string({ error: messages.required }).transform((value, ctx) => {
    const parsed = parsePhone(value);
    if (parsed.ok) return parsed.stored;
    ctx.addIssue({ code: 'custom', message: phoneMessage(parsed.problem, messages) });
    return z.NEVER;
  });

/** As phoneNumber, with '' and null meaning "none". */
export const optionalPhoneNumber = (messages: PhoneMessages) =>
  z
    .string()
    .nullish()
    .transform((value, ctx) => {
      if (!value?.trim()) return null;
      const parsed = parsePhone(value);
      if (parsed.ok) return parsed.stored;
      ctx.addIssue({ code: 'custom', message: phoneMessage(parsed.problem, messages) });
      return z.NEVER;
    });

/**
 * As phoneNumber, but the text stays as typed: for forms that compare what was typed with what
 * they were given, and leave the stored form to the server.
 */
export const phoneText = (messages: PhoneMessages, options: PhoneFormOption = {}) =>
  z.string({ error: messages.required }).superRefine((value, ctx) => {
    const issue = phoneError(value, messages, options);
    if (issue) ctx.addIssue({ code: 'custom', message: issue });
  });

/** The shared wording of "right shape, but not a real number" for the primary phone. */
export const phoneMessages = (messages: Omit<PhoneMessages, 'invalid'> & { invalid?: string }): PhoneMessages => ({
  invalid: PHONE_NOT_REAL,
  ...messages,
});

// ---- address -----------------------------------------------------------------------------------

export const SA_PROVINCE_CODES = ['EC', 'FS', 'GP', 'KZN', 'LP', 'MP', 'NC', 'NW', 'WC'] as const;

/** South African postal codes: four digits (the leading 0 matters: 0001 is Pretoria). */
export const POSTAL_CODE = /^\d{4}$/;

// ---- banking -----------------------------------------------------------------------------------

export interface AccountNumberMessages {
  required: string;
  digits: string;
  short: string;
  long: string;
}

/**
 * The first problem with a bank account number: digits only, 6 to 20 of them. Where a screen was
 * given the number masked ('••••5678'), `allowMasked` lets it stand for the stored one, checked
 * when it was saved.
 */
export function accountNumberError(
  value: string | null | undefined,
  messages: AccountNumberMessages,
  options: { allowMasked?: boolean } = {},
): string | undefined {
  const account = (value ?? '').trim();
  if (!account) return messages.required;
  if (options.allowMasked && isMaskedSecret(account)) return undefined;
  if (!/^\d+$/.test(account)) return messages.digits;
  if (account.length < 6) return messages.short;
  if (account.length > 20) return messages.long;
  return undefined;
}
