/** When a limited action may be tried again, in whole minutes (at least one). */
export function tryAgainIn(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;
}

/** 429 from e-mail sign-in: 5 failures in 15 minutes per account and address, 100 per account per hour. */
export function tooManySignInAttemptsMessage(retryAfterSeconds: number): string {
  return `Too many failed sign-in attempts. ${tryAgainIn(retryAfterSeconds)}`;
}

/** 429 when a number asked for more than 3 one-time pins in 15 minutes. */
export function tooManyCodesMessage(retryAfterSeconds: number): string {
  return `Too many one-time pins requested for this number. ${tryAgainIn(retryAfterSeconds)}`;
}

/** 429 from the request limits per client address (sign-in, codes, checks, uploads, exports). */
export function tooManyRequestsMessage(retryAfterSeconds: number): string {
  return `Too many requests. ${tryAgainIn(retryAfterSeconds)}`;
}

/** 429 when a number had too many wrong one-time pins within an hour (across fresh pins). */
export function tooManyWrongPinsMessage(retryAfterSeconds: number): string {
  return `Too many wrong one-time pins for this number. Sign-in by one-time pin is locked. ${tryAgainIn(retryAfterSeconds)}`;
}

export const SIGN_IN_LIMITS = {
  /** Failures of one account from one client address… */
  pairFailures: 5,
  /** …within this window lock that pair… */
  pairWindowSeconds: 15 * 60,
  /** …for this long. */
  pairLockSeconds: 15 * 60,
  /** Failures of one account from any addresses within an hour. */
  accountFailuresPerHour: 100,
} as const;

export const ONE_TIME_PIN = {
  digits: 6,
  liveSeconds: 5 * 60,
  tries: 3,
  sendsPerWindow: 3,
  sendWindowSeconds: 15 * 60,
} as const;

export const SESSION_LIMITS = {
  /** Sessions end this long after sign-in, whatever happens. */
  absoluteHours: 12,
  /** Without "keep me signed in", a session ends after this long without a request. */
  idleMinutes: 30,
} as const;
