import { describe, expect, it } from 'vitest';
import { maskEmail, maskPhone } from './masking.ts';

describe('contact masking (decision 069)', () => {
  it('keeps only the first letters and the top-level domain of an address', () => {
    expect(maskEmail('fresh.address@example.test')).toBe('f•••@e•••.test');
    expect(maskEmail('a@b')).toBe('a•••@b•••');
    expect(maskEmail('no-at-sign')).toBe('•••');
  });

  it('keeps the last four digits of a number', () => {
    expect(maskPhone('+27821234567')).toBe('••••••••4567');
  });
});
