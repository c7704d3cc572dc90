/**
 * The SLA clock as the console shows it: "3h 20m left", "2d 4h left", "Overdue 45m", or
 * "Paused" while a "waiting on supplier" sub-status stops the clock (decision 021).
 */
export interface TimeLeftView {
  text: string;
  overdue: boolean;
  paused: boolean;
}

function span(seconds: number): string {
  const minutes = Math.max(0, Math.floor(seconds / 60));
  const days = Math.floor(minutes / (24 * 60));
  const hours = Math.floor((minutes % (24 * 60)) / 60);
  const rest = minutes % 60;
  if (days > 0) return hours > 0 ? `${days}d ${hours}h` : `${days}d`;
  if (hours > 0) return rest > 0 ? `${hours}h ${rest}m` : `${hours}h`;
  return `${rest}m`;
}

/** `seconds` left before the target (negative once past it); null when no target runs (closed). */
export function timeLeftView(seconds: number | null | undefined, paused = false): TimeLeftView | null {
  if (seconds === null || seconds === undefined) return null;
  if (paused)
    return {
      text: `Paused, ${seconds < 0 ? `overdue ${span(-seconds)}` : `${span(seconds)} left`}`,
      overdue: seconds < 0,
      paused,
    };
  if (seconds < 0) return { text: `Overdue ${span(-seconds)}`, overdue: true, paused };
  return { text: `${span(seconds)} left`, overdue: false, paused };
}
