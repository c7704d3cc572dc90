import { describe, expect, it } from 'vitest';
import { buildSaId } from '../people/sa-id.ts';
import {
  ApprovalListQuery,
  type DealerRequest,
  DeclineRequest,
  hasResubmitChanges,
  isApprovalPanelShown,
  ResubmitRequest,
  requestStatusLabel,
  resubmitIdentificationError,
  resubmitValuesOf,
} from './approvals.ts';

const request: DealerRequest = {
  firstName: 'Thandi',
  surname: 'Mokoena',
  identificationNo: buildSaId('1990-01-15', 'F', true, 3),
  refsIdentityDocType: 'RSAID',
  refsGender: 'F',
  nationality: 'ZAF',
  phone: '+27821112233',
  altPhone: null,
  operatorId: null,
  dateOfBirth: '1990-01-15',
  passportExpiryDate: null,
  street: '12 Vilakazi Street',
  suburb: 'Orlando West',
  city: 'Soweto',
  province: 'GP',
  country: 'ZAF',
  idPhotoUrl: '/api/files/0b7c5a52-6f7e-4f0c-9d55-2c8b1b6a9d10',
  personPhotoUrl: '/api/files/1b7c5a52-6f7e-4f0c-9d55-2c8b1b6a9d10',
};

describe('approvals (spec 1 §2.11a, §4)', () => {
  it('names request statuses', () => {
    expect([1, 2, 5, 3].map(requestStatusLabel)).toEqual(['Pending', 'Approved', 'Declined', 'Unknown']);
  });

  it('lists only the Pending (1) and Declined (5) tabs', () => {
    expect(ApprovalListQuery.parse({}).status).toBe(1);
    expect(ApprovalListQuery.parse({ status: '5' }).status).toBe(5);
    expect(ApprovalListQuery.safeParse({ status: '2' }).success).toBe(false);
  });

  it('shows the approval panel for declined requests, or pending ones with both verified', () => {
    expect(isApprovalPanelShown({ status: 5, emailVerified: false, phoneVerified: false })).toBe(true);
    expect(isApprovalPanelShown({ status: 1, emailVerified: true, phoneVerified: true })).toBe(true);
    expect(isApprovalPanelShown({ status: 1, emailVerified: true, phoneVerified: false })).toBe(false);
    expect(isApprovalPanelShown({ status: 2, emailVerified: true, phoneVerified: true })).toBe(false);
  });

  it('needs a reason to decline', () => {
    expect(DeclineRequest.safeParse({ reason: '   ' }).error?.issues[0]?.message).toBe(
      'Please give a reason for declining this request.',
    );
    expect(DeclineRequest.safeParse({}).error?.issues[0]?.message).toBe(
      'Please give a reason for declining this request.',
    );
    expect(DeclineRequest.parse({ reason: ' Blurry ID photo ' }).reason).toBe('Blurry ID photo');
  });
});

describe('resubmission (spec 2 §3–§5)', () => {
  const values = resubmitValuesOf(request);

  it('shows phones with a leading 0 and is valid as loaded', () => {
    expect(values.phone).toBe('0821112233');
    expect(ResubmitRequest.safeParse(values).success).toBe(true);
  });

  it('knows when nothing was edited', () => {
    expect(hasResubmitChanges(values, { ...values })).toBe(false);
    expect(hasResubmitChanges(values, { ...values, street: '13 Vilakazi Street' })).toBe(true);
    expect(hasResubmitChanges(values, { ...values, altPhone: '' })).toBe(false);
  });

  it('checks phones and refuses server-only fields', () => {
    expect(ResubmitRequest.safeParse({ ...values, phone: '+27821112233' }).error?.issues[0]?.message).toBe(
      'Phone number must be 10 digits starting with 0',
    );
    expect(ResubmitRequest.safeParse({ ...values, status: 1 }).success).toBe(false);
  });

  it('checks an RSAID number against the date of birth, gender and nationality', () => {
    const person = { refsIdentityDocType: 'RSAID' as const, refsGender: 'F' as const };
    expect(resubmitIdentificationError(values, person)).toBeUndefined();
    expect(resubmitIdentificationError({ ...values, dateOfBirth: '1990-01-16' }, person)).toBe(
      'ID Number does not match Date of Birth.',
    );
    expect(resubmitIdentificationError({ ...values, nationality: 'ZWE' }, person)).toBe(
      'Nationality does not match ID Number',
    );
    expect(
      resubmitIdentificationError(
        { ...values, identificationNo: 'A123' },
        { ...person, refsIdentityDocType: 'PASSPORT' },
      ),
    ).toBeUndefined();
  });
});
