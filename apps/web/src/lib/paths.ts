/** Addresses of the pages, as the spec names them. */
export const paths = {
  home: '/',
  login: '/login',
  phoneLogin: '/phone-login',
  resetPassword: '/reset-password',
  profile: '/profile',
  training: '/training',
  verifyEmail: '/verify-email',
  verifyPhone: '/verify-phone',
  updatePassword: '/update-password',
  approvals: '/approvals',
  approvalDetail: '/approval-detail',
  pendingRequests: '/pending-requests',
  createUser: '/users/create',
  manageDealers: '/manage-dealers',
  allDealers: '/all-dealers',
  allUsers: '/all-users',
  accessControl: '/access-control',
  alerts: '/alerts',
  rica: '/rica',
  adminSection: '/admin-section',
  outbox: '/outbox',
  userDetail: '/user-detail',
  manageUser: '/manage-user',
  childDealerDownstream: '/child-dealer-downstream',
  dealerDownstream: '/dealer-downstream',
  dealerAgents: '/dealer-agents',
  dealerDetail: '/dealer-detail',
} as const;

/** Where the e-mailed verification link lands: '/verify-email/{verificationId}'. */
export const verifyEmailPath = (verificationId: string): string => `${paths.verifyEmail}/${verificationId}`;

/** '/user-detail/{dealerId}' (spec 1 §2.10). */
export const userDetailPath = (dealerId: number): string => `${paths.userDetail}/${dealerId}`;

/** The manage-user screen of spec 1 §2.11: '/manage-user/{dealerId}'. */
export const manageUserPath = (dealerId: number): string => `${paths.manageUser}/${dealerId}`;

/** 'Send alert' to one dealer: the alert form with the dealer chosen. */
export const alertToPath = (dealerId: number): string => `${paths.alerts}/create?to=${dealerId}`;

/** The downstream view of a dealer (spec 1 §2.9). */
export const childDealerDownstreamPath = (dealerId: number): string => `${paths.childDealerDownstream}/${dealerId}`;

/** One request to approve or resubmit: '/approval-detail/{id}' (spec 1 §2.11a). */
export const approvalDetailPath = (id: number): string => `${paths.approvalDetail}/${id}`;
