import { describe, expect, it } from 'vitest';
import { generateTemporaryPassword, isTemporaryPasswordShape } from './temporary-password.ts';

describe('generateTemporaryPassword (spec 1 §9)', () => {
  it('makes 8 characters with a lower-case letter, an upper-case letter and a digit', () => {
    for (let i = 0; i < 2000; i++) {
      const password = generateTemporaryPassword();
      expect(password).toHaveLength(8);
      expect(password).toMatch(/[a-z]/);
      expect(password).toMatch(/[A-Z]/);
      expect(password).toMatch(/\d/);
      expect(password).toMatch(/^[A-Za-z0-9]+$/);
    }
  });

  it('shuffles: the guaranteed classes are not always in the first places', () => {
    const firstIsLower = new Set<boolean>();
    const thirdIsDigit = new Set<boolean>();
    for (let i = 0; i < 300; i++) {
      const password = generateTemporaryPassword();
      firstIsLower.add(/[a-z]/.test(password[0]!));
      thirdIsDigit.add(/\d/.test(password[2]!));
    }
    expect(firstIsLower.size).toBe(2);
    expect(thirdIsDigit.size).toBe(2);
  });

  it('is unpredictable: many draws give distinct passwords', () => {
    const seen = new Set(Array.from({ length: 1000 }, () => generateTemporaryPassword()));
    expect(seen.size).toBe(1000);
  });

  it('takes its randomness from the given source (crypto by default)', () => {
    const zeros = (buffer: Uint32Array) => buffer.fill(0);
    const password = generateTemporaryPassword(zeros);
    expect(isTemporaryPasswordShape(password)).toBe(true);
    expect(generateTemporaryPassword(zeros)).toBe(password);
  });

  it('recognises the shape', () => {
    expect(isTemporaryPasswordShape('aB3defgh')).toBe(true);
    expect(isTemporaryPasswordShape('abcdefgh')).toBe(false);
    expect(isTemporaryPasswordShape('aB3def')).toBe(false);
  });
});
