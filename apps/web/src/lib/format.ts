// Money and dates come from packages/domain, the same on the server (CSV, e-mails) and here.
export { formatDate, formatDateTime, formatRand } from '@portal/domain/platform/format';

export function fullName(person: { firstName: string; surname: string }): string {
  return [person.firstName, person.surname].filter(Boolean).join(' ').trim();
}

export function initials(person: { firstName: string; surname: string }): string {
  return `${person.firstName.charAt(0)}${person.surname.charAt(0)}`.toUpperCase();
}
