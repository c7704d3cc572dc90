import { describe, expect, it } from 'vitest';
import { buildSaId, SA_ID_MESSAGES } from '../people/sa-id.ts';
import { RicaRequest } from './rica.ts';

const form = {
  network: 'MTN',
  simNumber: '8927000001234567890',
  idType: 'RSAID',
  idNationality: 'ZAF',
  idNumber: buildSaId('1980-01-01', 'M', true),
  name: 'Sipho',
  surname: 'Nkosi',
  address1: '12 Vilakazi Street',
  city: 'Johannesburg',
  suburb: 'Soweto',
  postalCode: '1804',
  country: 'ZAF',
};

const issues = (input: object) =>
  RicaRequest.safeParse(input).error?.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));

describe('RicaRequest (decision 067)', () => {
  it('takes a valid SA ID number, and a passport number as typed', () => {
    expect(RicaRequest.safeParse(form).success).toBe(true);
    expect(RicaRequest.safeParse({ ...form, idType: 'PASSPORT', idNumber: 'MX0001' }).success).toBe(true);
  });

  it('refuses an SA ID number the checker refuses, on the ID Number field', () => {
    expect(issues({ ...form, idNumber: '8001015009088' })).toEqual([
      { path: 'idNumber', message: SA_ID_MESSAGES.checksum },
    ]);
    expect(issues({ ...form, idNumber: '12345' })).toEqual([{ path: 'idNumber', message: SA_ID_MESSAGES.length }]);
  });
});
