// First-response and resolution targets (decision 021). Targets count working time: Monday to
// Friday, 08:00 to 17:00 South African time (UTC+2 all year: no daylight saving, so a fixed offset
// is exact). Public holidays are not known to the portal and count as working days.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** South African Standard Time is UTC+2 all year. */
const SAST_OFFSET = 2 * HOUR;
export const WORKDAY_START_HOUR = 8;
export const WORKDAY_END_HOUR = 17;

/** The instant `minutes` working minutes after `start`. */
export function addWorkingMinutes(start: Date, minutes: number): Date {
  let local = start.getTime() + SAST_OFFSET;
  let left = Math.max(0, Math.round(minutes)) * MINUTE;
  // Bounded: a target of a year of working minutes ends long before this.
  for (let step = 0; step < 5000; step += 1) {
    const midnight = Math.floor(local / DAY) * DAY;
    const weekday = new Date(midnight).getUTCDay();
    const open = midnight + WORKDAY_START_HOUR * HOUR;
    const close = midnight + WORKDAY_END_HOUR * HOUR;
    if (weekday === 0 || weekday === 6 || local >= close) {
      local = midnight + DAY + WORKDAY_START_HOUR * HOUR;
      continue;
    }
    if (local < open) local = open;
    if (left === 0) break;
    if (close - local >= left) {
      local += left;
      left = 0;
      break;
    }
    left -= close - local;
    local = midnight + DAY + WORKDAY_START_HOUR * HOUR;
  }
  return new Date(local - SAST_OFFSET);
}

/** [start, end) of the South African day holding `now`. */
export function portalDay(now: Date): { start: Date; end: Date } {
  const midnight = Math.floor((now.getTime() + SAST_OFFSET) / DAY) * DAY - SAST_OFFSET;
  return { start: new Date(midnight), end: new Date(midnight + DAY) };
}

/** [start, end) of the South African days from `from` to `to` (yyyy-MM-dd), either open. */
export function portalDayRange(from?: string, to?: string): { start?: Date; end?: Date } {
  const at = (day: string) => new Date(`${day}T00:00:00+02:00`);
  return {
    ...(from ? { start: at(from) } : {}),
    ...(to ? { end: new Date(at(to).getTime() + DAY) } : {}),
  };
}

/** "3h 20m", "2d 4h", or "-45m" when late: the console's time-left cell. */
export function formatTimeLeft(seconds: number | null): string {
  if (seconds === null) return '—';
  const late = seconds < 0;
  const total = Math.floor(Math.abs(seconds) / 60);
  const days = Math.floor(total / (24 * 60));
  const hours = Math.floor((total % (24 * 60)) / 60);
  const mins = total % 60;
  const text = days ? `${days}d ${hours}h` : hours ? `${hours}h ${mins}m` : `${mins}m`;
  return late ? `-${text}` : text;
}
