import { describe, expect, it } from 'vitest';
import { HOUR, MINUTE } from './clock.ts';
import { sessionLeftMs, sessionVerdict } from './sessions.ts';

const signedIn = new Date('2026-11-22T08:00:00Z');
const at = (ms: number) => new Date(signedIn.getTime() + ms);

describe('sessionVerdict', () => {
  it('ends every session 12 hours after sign-in', () => {
    const session = { id: 's', createdAt: signedIn, rememberMe: true, lastSeenAt: at(11 * HOUR) };
    expect(sessionVerdict(session, at(12 * HOUR - 1))).toBe('active');
    expect(sessionVerdict(session, at(12 * HOUR))).toBe('expired');
  });
  it('ends a session without "keep me signed in" after 30 minutes without a request', () => {
    const session = { id: 's', createdAt: signedIn, rememberMe: false, lastSeenAt: at(HOUR) };
    expect(sessionVerdict(session, at(HOUR + 30 * MINUTE - 1))).toBe('active');
    expect(sessionVerdict(session, at(HOUR + 30 * MINUTE))).toBe('idle');
  });
  it('counts idle time from sign-in when no request was noted', () => {
    expect(sessionVerdict({ id: 's', createdAt: signedIn, rememberMe: false }, at(30 * MINUTE))).toBe('idle');
  });
  it('never ends a remembered session for being idle', () => {
    expect(
      sessionVerdict({ id: 's', createdAt: signedIn, rememberMe: true, lastSeenAt: signedIn }, at(11 * HOUR)),
    ).toBe('active');
  });
});

describe('sessionLeftMs (how long a stream opened now may last)', () => {
  it('is the time to the 12-hour end for a remembered session', () => {
    const session = { id: 's', createdAt: signedIn, rememberMe: true, lastSeenAt: at(HOUR) };
    expect(sessionLeftMs(session, at(11 * HOUR))).toBe(HOUR);
  });
  it('is 30 idle minutes from this request, or from the activity noted within the minute', () => {
    const stale = { id: 's', createdAt: signedIn, rememberMe: false, lastSeenAt: at(HOUR) };
    expect(sessionLeftMs(stale, at(2 * HOUR))).toBe(30 * MINUTE);
    const fresh = { id: 's', createdAt: signedIn, rememberMe: false, lastSeenAt: at(2 * HOUR - 20_000) };
    expect(sessionLeftMs(fresh, at(2 * HOUR))).toBe(30 * MINUTE - 20_000);
    expect(sessionLeftMs(fresh, at(12 * HOUR - 5 * MINUTE))).toBe(5 * MINUTE);
  });
});
