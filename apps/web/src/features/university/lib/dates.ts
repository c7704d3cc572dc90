const LONG = new Intl.DateTimeFormat('en-GB', { day: '2-digit', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** Spec 3 §9: dates shown as DD MMMM YYYY ('26 November 2026'). */
export function longDate(isoDay: string): string {
  const date = new Date(`${isoDay.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? isoDay : LONG.format(date);
}
