// ID and bank account numbers leave the server masked (all but the last four characters), except
// on an explicit, audited reveal (docs/security.md). A form that shows a masked value and sends
// it back unchanged means "keep what is stored".

const MASK = '•';

/** '••••••1234' for '9001015009087'-like values; short values are masked whole. */
export function maskSecret(value: string): string;
export function maskSecret(value: string | null): string | null;
export function maskSecret(value: string | null): string | null {
  if (value === null) return null;
  if (value.length <= 4) return MASK.repeat(value.length);
  return `${MASK.repeat(value.length - 4)}${value.slice(-4)}`;
}

/** True for a value as maskSecret gives it, i.e. the form left the stored value alone. */
export function isMaskedSecret(value: unknown): value is string {
  return typeof value === 'string' && value.startsWith(MASK) && /^•+[^•]{0,4}$/.test(value);
}
