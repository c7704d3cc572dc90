import max from 'libphonenumber-js/metadata.max.json' with { type: 'json' };
import { describe, expect, it } from 'vitest';
import { csvLines, csvText } from '../platform/csv.ts';
import { displayPhone, normalisePhone, parsePhone, phoneMessage } from './phone.ts';
import { SA_PHONE_METADATA } from './phone-metadata.ts';

describe('parsePhone', () => {
  it.each([['0821234567'], ['082 123 4567'], ['+27821234567'], ['27821234567'], ['+270821234567'], ['(082) 123-4567']])(
    'reads %s as +27821234567',
    (typed) => {
      expect(parsePhone(typed)).toEqual({ ok: true, stored: '+27821234567' });
    },
  );

  it('takes a landline too (an alternative number may be one)', () => {
    expect(parsePhone('0111234567')).toEqual({ ok: true, stored: '+27111234567' });
  });

  it('refuses 0000000000: the shape is right but no network hands it out', () => {
    expect(parsePhone('0000000000')).toEqual({ ok: false, problem: 'invalid' });
    expect(parsePhone('+27000000000')).toEqual({ ok: false, problem: 'invalid' });
  });

  it('refuses a number with a digit too many instead of cutting it to ten', () => {
    expect(parsePhone('08212345678')).toEqual({ ok: false, problem: 'tooLong' });
    expect(parsePhone('+278212345678')).toEqual({ ok: false, problem: 'tooLong' });
    expect(normalisePhone('08212345678')).toBe('08212345678');
  });

  it('names the other problems', () => {
    expect(parsePhone('')).toEqual({ ok: false, problem: 'required' });
    expect(parsePhone('082-abc')).toEqual({ ok: false, problem: 'format' });
    expect(parsePhone('+44 20 7946 0958')).toEqual({ ok: false, problem: 'format' });
    expect(parsePhone('082123')).toEqual({ ok: false, problem: 'tooShort' });
    expect(parsePhone('821234567')).toEqual({ ok: false, problem: 'notZero' });
    expect(parsePhone('8212345670')).toEqual({ ok: false, problem: 'notZero' });
  });
});

describe('normalisePhone', () => {
  it('turns a leading 0 into +27', () => {
    expect(normalisePhone('082 123 4567')).toBe('+27821234567');
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

describe('phoneMessage', () => {
  const messages = { required: 'Required', format: 'Bad format', invalid: 'Not real' };
  it('falls back to the format message for problems a form has no words for', () => {
    expect(phoneMessage('tooLong', messages)).toBe('Bad format');
    expect(phoneMessage('invalid', messages)).toBe('Not real');
  });
});

describe('phones in CSV', () => {
  it('keeps the leading 0 as text a spreadsheet will not turn into a number', () => {
    expect(csvLines([['Thabo', csvText(displayPhone('+27821234567'))]])).toBe('Thabo,"=""0821234567"""\r\n');
  });
  it('writes anything but digits as an ordinary, formula-safe cell', () => {
    expect(csvLines([[csvText('=1+1')]])).toBe("'=1+1\r\n");
  });
});

describe('the South African rules given to the phone library', () => {
  it('are those of the installed library (run scripts/phone-metadata.mjs after an upgrade)', () => {
    expect(SA_PHONE_METADATA).toEqual({
      version: max.version,
      country_calling_codes: { 27: ['ZA'] },
      countries: { ZA: max.countries.ZA },
      nonGeographic: {},
    });
  });

  it('take the numbers the demo and test data are made of', () => {
    for (const stored of ['+27820000001', '+27820000005', '+27831234567', '+27827654321', '+27839999999']) {
      expect(parsePhone(stored)).toEqual({ ok: true, stored });
    }
  });
});
