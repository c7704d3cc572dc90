import { describe, expect, it } from 'vitest';
import { buildSaId, checkSaId, idMatchesDateOfBirth, passesLuhn, SA_ID_MESSAGES } from './sa-id.ts';

// 8001015009087 is the well-known valid sample: 1980-01-01, male, citizen.
const VALID = '8001015009087';

describe('checkSaId (spec 1 §5.1)', () => {
  it('accepts a valid number, with spaces stripped', () => {
    expect(checkSaId(VALID)).toEqual({ valid: true, message: SA_ID_MESSAGES.valid });
    expect(checkSaId('800101 5009 087').valid).toBe(true);
  });

  it('needs 13 digits', () => {
    expect(checkSaId('800101500908').message).toBe('ID number must be 13 digits long');
    expect(checkSaId('80010150090871').message).toBe('ID number must be 13 digits long');
  });

  it('needs digits only', () => {
    expect(checkSaId('80010150090A7').message).toBe('ID number must only contain numbers');
  });

  it('checks the month and the day values', () => {
    expect(checkSaId('8013015009087').message).toBe('ID number has an incorrect month value');
    expect(checkSaId('8000015009087').message).toBe('ID number has an incorrect month value');
    expect(checkSaId('8001325009087').message).toBe('ID number has an incorrect day value');
    expect(checkSaId('8001005009087').message).toBe('ID number has an incorrect day value');
  });

  it('refuses a date that does not exist (31 April, 29 February outside leap years)', () => {
    expect(checkSaId('8004315009087').message).toBe('ID number contains an invalid date');
    expect(checkSaId('0102295009087').message).toBe('ID number contains an invalid date');
  });

  it('reads two-digit years up to 30 as 2000s and later ones as 1900s', () => {
    const y2030 = buildSaId('2030-06-15', 'F', true);
    const y1931 = buildSaId('1931-06-15', 'F', true);
    expect(checkSaId(y2030, { dateOfBirth: '2030-06-15' }).valid).toBe(true);
    expect(checkSaId(y1931, { dateOfBirth: '1931-06-15' }).valid).toBe(true);
    expect(checkSaId(y1931, { dateOfBirth: '2031-06-15' }).message).toBe('ID number does not match date of birth');
  });

  it('matches the date of birth given as a string, a Date or epoch seconds', () => {
    expect(checkSaId(VALID, { dateOfBirth: '1980/01/01' }).valid).toBe(true);
    expect(checkSaId(VALID, { dateOfBirth: new Date('1980-01-01T00:00:00Z') }).valid).toBe(true);
    expect(checkSaId(VALID, { dateOfBirth: Date.UTC(1980, 0, 1) / 1000 }).valid).toBe(true);
    expect(checkSaId(VALID, { dateOfBirth: '1980-01-02' }).message).toBe('ID number does not match date of birth');
  });

  it('explains a date of birth it cannot read', () => {
    expect(checkSaId(VALID, { dateOfBirth: 'first of January' }).message).toBe('Invalid date of birth format');
    expect(checkSaId(VALID, { dateOfBirth: '1980-02-30' }).message).toBe('Invalid date of birth provided');
    expect(checkSaId(VALID, { dateOfBirth: new Date('nonsense') }).message).toBe('Invalid date of birth provided');
  });

  it('checks gender by the seventh digit (5 or more is male)', () => {
    expect(checkSaId(VALID, { gender: 'M' }).valid).toBe(true);
    expect(checkSaId(VALID, { gender: 'F' }).message).toBe('Gender does not match ID Number');
    const female = buildSaId('1990-05-05', 'F', true, 123);
    expect(checkSaId(female, { gender: 'F' }).valid).toBe(true);
    expect(checkSaId(female, { gender: 'M' }).message).toBe('Gender does not match ID Number');
  });

  it('checks nationality by the eleventh digit (0 for ZAF, 1 otherwise)', () => {
    expect(checkSaId(VALID, { nationality: 'ZAF' }).valid).toBe(true);
    expect(checkSaId(VALID, { nationality: 'ZWE' }).message).toBe('Nationality does not match ID Number');
    const resident = buildSaId('1990-05-05', 'M', false);
    expect(checkSaId(resident, { nationality: 'ZWE' }).valid).toBe(true);
    expect(checkSaId(resident, { nationality: 'ZAF' }).message).toBe('Nationality does not match ID Number');
  });

  it('refuses a wrong check digit', () => {
    expect(checkSaId('8001015009086').message).toBe('ID number is incorrect, check and verify the format.');
  });

  it('builds numbers that pass every rule', () => {
    for (let i = 0; i < 50; i++) {
      const id = buildSaId('1975-12-31', i % 2 ? 'M' : 'F', i % 3 !== 0, i);
      expect(passesLuhn(id)).toBe(true);
      expect(
        checkSaId(id, {
          dateOfBirth: '1975-12-31',
          gender: i % 2 ? 'M' : 'F',
          nationality: i % 3 !== 0 ? 'ZAF' : 'MOZ',
        }).valid,
      ).toBe(true);
    }
  });
});

describe('idMatchesDateOfBirth (wizard rule)', () => {
  it('compares the first six digits with the date of birth', () => {
    expect(idMatchesDateOfBirth(VALID, '1980-01-01')).toBe(true);
    expect(idMatchesDateOfBirth(VALID, '1981-01-01')).toBe(false);
    expect(idMatchesDateOfBirth('abc', '1980-01-01')).toBe(false);
  });
});
