/**
 * The time that limits, one-time pins and session rules read. The server uses the system clock;
 * tests pass a fake one and move it on instead of waiting for 15 minutes.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export interface FakeClock extends Clock {
  /** Moves the clock forward. */
  advance(milliseconds: number): void;
  set(at: Date): void;
}

export function createFakeClock(start: Date = new Date()): FakeClock {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance(milliseconds) {
      current += milliseconds;
    },
    set(at) {
      current = at.getTime();
    },
  };
}

export const SECOND = 1000;
export const MINUTE = 60 * SECOND;
export const HOUR = 60 * MINUTE;
