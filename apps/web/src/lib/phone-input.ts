// What a phone field keeps of what is typed or pasted. No length cap: a pasted +27 number is longer
// than ten characters, and a number with a digit too many must reach the rules and be refused
// there (packages/domain people/phone), not be cut to something that looks right.

/** Digits, a leading + and the spaces people type between groups. */
export const keepPhoneCharacters = (value: string) => value.replace(/[^\d+ ]/g, '');

/** Input attributes for a phone field: the phone keypad with + on mobile. */
export const PHONE_INPUT = { inputMode: 'tel' } as const;
