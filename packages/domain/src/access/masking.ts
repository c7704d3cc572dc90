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

/**
 * A contact written so its owner recognises it and nobody else learns it (notices, audit rows):
 * 'f•••@e•••.test' for 'fresh.address@example.test'.
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return MASK.repeat(3);
  const domain = email.slice(at + 1);
  const dot = domain.lastIndexOf('.');
  const host = dot > 0 ? domain.slice(0, dot) : domain;
  const tld = dot > 0 ? domain.slice(dot) : '';
  return `${email[0]}${MASK.repeat(3)}@${host[0] ?? ''}${MASK.repeat(3)}${tld}`;
}

/** '••••••••4567' for '+27821234567' (the last four digits, as maskSecret). */
export function maskPhone(phone: string): string {
  return maskSecret(phone);
}
