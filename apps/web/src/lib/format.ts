const dateTime = new Intl.DateTimeFormat('en-ZA', {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hour12: false,
});

/** A timestamp as South Africans read it: `2025/11/22, 14:05:09` (local time). */
export function formatDateTime(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? String(value) : dateTime.format(date);
}

export function fullName(person: { firstName: string; surname: string }): string {
  return [person.firstName, person.surname].filter(Boolean).join(' ').trim();
}

export function initials(person: { firstName: string; surname: string }): string {
  return `${person.firstName.charAt(0)}${person.surname.charAt(0)}`.toUpperCase();
}

/** A date as the portal shows it: `2025/11/22` (spec 1 §9 "yyyy/MM/dd"). */
export function formatDate(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}/${pad(date.getMonth() + 1)}/${pad(date.getDate())}`;
}
