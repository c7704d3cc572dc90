import { permissionsFor } from '@portal/domain/people/manage-user';
import { buildSaId } from '@portal/domain/people/sa-id';
import type { UserDetail } from '@portal/domain/people/user-detail';

// Test data for the people pages (imported by tests only).

export function makeUserDetail(overrides: Partial<UserDetail> = {}): UserDetail {
  return {
    id: 3,
    zCode: 'Z-3',
    firstName: 'Ayanda',
    middleName: 'Lee',
    surname: 'Agent',
    companyName: 'Ayanda Sales',
    refsGender: 'M',
    operatorId: null,
    phone: '+27820000003',
    altPhone: null,
    email: 'agent@demo.co.za',
    street: '12 Long Street',
    suburb: 'Gardens',
    city: 'Cape Town',
    province: 'WC',
    provinceName: 'Western Cape',
    postalCode: '8001',
    country: 'ZAF',
    countryName: 'South Africa',
    refsShirtSize: 'MEDIUM',
    refsTypeId: 1,
    userTypeName: 'Agent',
    lifecycleStatusId: 2,
    lifecycleStatusName: 'Active',
    isAdmin: false,
    isLeader: false,
    isLeaderDate: null,
    isLeaderBlocked: false,
    growthLeader: false,
    growthLeaderTime: null,
    emailVerified: true,
    phoneVerified: false,
    createdAt: '2025-06-01T08:00:00.000Z',
    parent: { id: 2, zCode: 'Z-2', firstName: 'Lwazi', surname: 'Leader' },
    suppliers: [{ id: 1, name: 'Metro Fibre Connect' }],
    productTypes: [{ id: 1, name: 'Fibre' }],
    deals: [{ id: 1, name: 'Metro Standard' }],
    university: { status: 101, relevant: { passed: 1, total: 3 }, compulsory: { passed: 1, total: 1 } },
    private: null,
    permissions: permissionsFor(
      { id: 2, isAdmin: false, isLeader: true, features: [] },
      { id: 3, relation: 'downstream', isLeader: false, isLeaderBlocked: false },
    ),
    ...overrides,
  };
}

export const privateDetails: NonNullable<UserDetail['private']> = {
  refsIdentityDocType: 'RSAID',
  identificationNo: buildSaId('1990-05-17', 'M', true, 12),
  dateOfBirth: '1990-05-17',
  nationality: 'ZAF',
  passportIssueDate: null,
  passportExpiryDate: null,
  refsPaymentType: 'bank',
  eWalletLink: null,
  idPhotoUrl: null,
  personPhotoUrl: null,
  banking: {
    bank: 'Capitec',
    branchCode: '470010',
    accountNumber: '0012345678',
    accountType: 2,
    accountTypeName: 'Savings',
  },
};

export const adminView = (overrides: Partial<UserDetail> = {}): UserDetail =>
  makeUserDetail({
    private: privateDetails,
    permissions: permissionsFor(
      { id: 1, isAdmin: true, isLeader: false, features: ['Users Management', 'Commissions'] },
      { id: 3, relation: 'other', isLeader: false, isLeaderBlocked: false },
    ),
    ...overrides,
  });
