import { describe, expect, it } from 'vitest';
import { tooManyCodesMessage, tooManySignInAttemptsMessage, tryAgainIn } from './limits.ts';

describe('limit messages', () => {
  it('says when to try again in whole minutes, rounding up', () => {
    expect(tryAgainIn(14 * 60)).toBe('Try again in 14 minutes.');
    expect(tryAgainIn(13 * 60 + 1)).toBe('Try again in 14 minutes.');
    expect(tryAgainIn(30)).toBe('Try again in 1 minute.');
    expect(tryAgainIn(0)).toBe('Try again in 1 minute.');
  });
  it('names what was limited', () => {
    expect(tooManySignInAttemptsMessage(840)).toBe('Too many failed sign-in attempts. Try again in 14 minutes.');
    expect(tooManyCodesMessage(60)).toBe('Too many one-time pins requested for this number. Try again in 1 minute.');
  });
});
