import { describe, expect, it } from 'vitest';
import { returnToFrom } from './return-to';

describe('returnToFrom', () => {
  it('goes back to the page opened while signed out', () => {
    expect(returnToFrom({ returnTo: '/verify-email/0b0e3f4e-2d8e-4d0c-9a51-1f4d1c2a9e11' })).toBe(
      '/verify-email/0b0e3f4e-2d8e-4d0c-9a51-1f4d1c2a9e11',
    );
  });
  it('goes home without a state, and never off the site', () => {
    expect(returnToFrom(null)).toBe('/');
    expect(returnToFrom({ returnTo: 'https://evil.example' })).toBe('/');
    expect(returnToFrom({ returnTo: '//evil.example/x' })).toBe('/');
    expect(returnToFrom({ returnTo: 42 })).toBe('/');
  });
});
