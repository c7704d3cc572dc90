import { describe, expect, it } from 'vitest';
import { reversalBeyondLeft, takeBackAmount } from './cycle.ts';

// The amount of a partial reversal as the admin types it (decision 046).

const parse = (text: string, leftCents = 15000) => {
  const result = takeBackAmount(leftCents).safeParse(text);
  return result.success ? result.data : result.error.issues[0]?.message;
};

describe('takeBackAmount', () => {
  it('reads rand with either decimal separator, spaces and a leading R, to cents', () => {
    expect(parse('150')).toBe(15000);
    expect(parse('120.5')).toBe(12050);
    expect(parse('R 99,99')).toBe(9999);
    expect(parse('R\u00a01\u00a0200,00', 200000)).toBe(120000);
    expect(parse('0.01')).toBe(1);
  });

  it('refuses what is not a positive amount in whole cents, with a message saying why', () => {
    expect(parse('')).toBe('Enter the amount to take back.');
    expect(parse('  ')).toBe('Enter the amount to take back.');
    expect(parse('ten rand')).toBe('Enter an amount in rand, for example 120.50.');
    expect(parse('-5')).toBe('Enter an amount in rand, for example 120.50.');
    expect(parse('1.005')).toBe('Use whole cents: at most two digits after the decimal point.');
    expect(parse('0,00')).toMatch(/^The amount must be more than R/);
  });

  it('refuses more than is left of the line, naming what is left', () => {
    expect(parse('150.01')).toBe(reversalBeyondLeft(15000));
    expect(parse('50', 4999)).toBe(reversalBeyondLeft(4999));
    expect(reversalBeyondLeft(4999)).toBe('At most R\u00a049,99 is left to reverse on this line.');
    expect(parse('49.99', 4999)).toBe(4999);
  });
});
