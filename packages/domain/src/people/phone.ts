/**
 * Phones are stored `+27XXXXXXXXX` and shown `0XXXXXXXXX` (spec 1 §5.3).
 * Normalisation: spaces removed; a leading 0 becomes +27 plus the next 9 digits; +270 drops the 0;
 * a 9-digit number gets +27.
 */
export function normalisePhone(input: string): string {
  const compact = input.replace(/\s+/g, '');
  if (compact.startsWith('+270')) return `+27${compact.slice(4)}`;
  if (compact.startsWith('0')) return `+27${compact.slice(1, 10)}`;
  if (/^\d{9}$/.test(compact)) return `+27${compact}`;
  if (/^27\d{9}$/.test(compact)) return `+${compact}`;
  return compact;
}

/** The +27 prefix replaced by a leading 0 (the last nine digits after a 0). */
export function displayPhone(stored: string | null | undefined): string {
  if (!stored) return '';
  const digits = stored.replace(/\D/g, '');
  return digits.length >= 9 ? `0${digits.slice(-9)}` : stored;
}
