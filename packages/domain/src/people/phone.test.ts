import { describe, expect, it } from 'vitest';
import { displayPhone, normalisePhone } from './phone.ts';

describe('normalisePhone', () => {
  it('turns a leading 0 into +27 and keeps the next nine digits', () => {
    expect(normalisePhone('082 123 4567')).toBe('+27821234567');
  });
  it('drops the 0 after +27', () => {
    expect(normalisePhone('+270821234567')).toBe('+27821234567');
  });
  it('prefixes a nine-digit number', () => {
    expect(normalisePhone('821234567')).toBe('+27821234567');
  });
  it('keeps a stored number as it is', () => {
    expect(normalisePhone('+27821234567')).toBe('+27821234567');
  });
});

describe('displayPhone', () => {
  it('shows +27 as a leading 0', () => {
    expect(displayPhone('+27821234567')).toBe('0821234567');
  });
  it('shows nothing for a missing phone', () => {
    expect(displayPhone(null)).toBe('');
  });
});
