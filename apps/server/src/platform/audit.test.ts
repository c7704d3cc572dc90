import { describe, expect, it } from 'vitest';
import { diffFields, isSecretField } from './audit.ts';

describe('diffFields', () => {
  it('keeps only the fields that changed, on both sides', () => {
    expect(
      diffFields(
        { id: 7, city: 'Cape Town', isLeader: false, tier: 1, email: 'a@b.co' },
        { id: 7, city: 'Durban', isLeader: true, tier: 1, email: 'a@b.co' },
      ),
    ).toEqual({ before: { city: 'Cape Town', isLeader: false }, after: { city: 'Durban', isLeader: true } });
  });

  it('compares the fields given in after (a partial update), treating a missing before as null', () => {
    expect(diffFields({ city: 'Cape Town', suburb: 'Gardens' }, { city: 'Cape Town', street: '1 Main Rd' })).toEqual({
      before: { street: null },
      after: { street: '1 Main Rd' },
    });
  });

  it('compares dates by instant, objects and arrays by value, and ignores updatedAt', () => {
    const at = '2025-03-01T08:00:00.000Z';
    expect(
      diffFields(
        { when: new Date(at), tags: ['a', 'b'], address: { city: 'CT' }, updatedAt: new Date(0) },
        { when: new Date(at), tags: ['a', 'b'], address: { city: 'CT' }, updatedAt: new Date() },
      ),
    ).toEqual({ before: {}, after: {} });
    expect(diffFields({ tags: ['a'] }, { tags: ['a', 'b'] })).toEqual({
      before: { tags: ['a'] },
      after: { tags: ['a', 'b'] },
    });
    expect(diffFields({ when: null }, { when: new Date(at) })).toEqual({ before: { when: null }, after: { when: at } });
  });

  it('keeps a created or deleted record whole, without undefined fields', () => {
    expect(diffFields(null, { id: 1, name: 'Thandi', note: undefined })).toEqual({
      before: null,
      after: { id: 1, name: 'Thandi' },
    });
    expect(diffFields({ id: 1, name: 'Thandi' }, undefined)).toEqual({
      before: { id: 1, name: 'Thandi' },
      after: null,
    });
    expect(diffFields(undefined, undefined)).toEqual({ before: null, after: null });
  });

  it('records that a secret changed without its value', () => {
    expect(diffFields({ passwordHash: 'old', tempPw: true }, { passwordHash: 'new', tempPw: false })).toEqual({
      before: { passwordHash: '[redacted]', tempPw: true },
      after: { passwordHash: '[redacted]', tempPw: false },
    });
  });

  it('turns bigints and bytes into JSON-safe values', () => {
    expect(diffFields(null, { big: 12n, data: Buffer.from('abc') })).toEqual({
      before: null,
      after: { big: '12', data: '[3 bytes]' },
    });
  });
});

describe('isSecretField', () => {
  it('matches whole words only', () => {
    expect(['password', 'passwordHash', 'api_token', 'otpCode', 'clientSecret'].every(isSecretField)).toBe(true);
    expect(['footprint', 'tokenise_name', 'tempPw', 'sha256'].some(isSecretField)).toBe(false);
  });
});
