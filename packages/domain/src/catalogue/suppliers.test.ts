import { describe, expect, it } from 'vitest';
import { CONTACT_MESSAGES, contactProblems, isWebUrl, SUPPLIER_MESSAGES, SupplierRequest } from './suppliers.ts';

const empty = { contactFirstName: '', contactSurname: '', contactEmail: '', contactNumber: '' };
const full = {
  contactFirstName: 'Naledi',
  contactSurname: 'Dlamini',
  contactEmail: 'naledi@example.test',
  contactNumber: '+27821234567',
};

describe('supplier contacts', () => {
  it('needs every field of a required type, and none of an optional type left empty', () => {
    expect(contactProblems(empty, true).map((p) => p.message)).toEqual([
      CONTACT_MESSAGES.firstName,
      CONTACT_MESSAGES.surname,
      CONTACT_MESSAGES.email,
      CONTACT_MESSAGES.number,
    ]);
    expect(contactProblems(empty, false)).toEqual([]);
    expect(contactProblems({ ...empty, contactSurname: 'Dlamini' }, false)).toHaveLength(3);
    expect(contactProblems(full, true)).toEqual([]);
  });

  it('takes a South African number as 0 or +27 followed by 9 digits', () => {
    expect(contactProblems({ ...full, contactNumber: '0821234567' }, true)).toEqual([]);
    for (const contactNumber of ['821234567', '27821234567', '+2782123456', '08212345678']) {
      expect(contactProblems({ ...full, contactNumber }, true)).toEqual([
        { field: 'contactNumber', message: CONTACT_MESSAGES.numberValid },
      ]);
    }
  });
});

describe('SupplierRequest', () => {
  const valid = {
    supplierName: 'Vuma',
    supplierDescription: 'Fibre',
    supplierStatus: '1',
    logoUrl: '/supplier-logos/vuma-link.svg',
    contacts: [{ contactTypeId: 1, isRequired: true, ...full }],
  };
  it('accepts logos on this site or at an http(s) address', () => {
    expect(isWebUrl('https://cdn.example.test/logo.png')).toBe(true);
    expect(isWebUrl('/api/files/abc')).toBe(true);
    expect(isWebUrl('//evil.example/x.png')).toBe(false);
    expect(isWebUrl('javascript:alert(1)')).toBe(false);
    expect(SupplierRequest.parse(valid).supplierStatus).toBe(1);
  });

  it('asks for the names and the custom page address once their flags are on', () => {
    const result = SupplierRequest.safeParse({ ...valid, orderNotes: true, reports: true, customPage: true });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      SUPPLIER_MESSAGES.orderNotesName,
      SUPPLIER_MESSAGES.reportsName,
      SUPPLIER_MESSAGES.customPageUrl,
    ]);
  });
});
