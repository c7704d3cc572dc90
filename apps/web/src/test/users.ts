import type { CurrentUser } from '@portal/domain/accounts/me';

/** A current user for page tests; override what the test is about. */
export function makeUser(overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
    id: 1042,
    zCode: 'Z-1042',
    authId: '00000000-0000-4000-8000-000000001042',
    firstName: 'Thandi',
    surname: 'Mokoena',
    companyName: null,
    email: 'thandi@example.co.za',
    phone: '+27821234567',
    role: 'agent',
    isAdmin: false,
    isLeader: false,
    refsTypeId: 1,
    refsUserTierId: 3,
    lifecycleStatusId: 2,
    emailVerified: true,
    phoneVerified: true,
    features: [],
    mustChangePassword: false,
    waiting: { isWaiting: false, reason: null },
    universityStatus: null,
    ...overrides,
  };
}
