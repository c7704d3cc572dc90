/** Addresses of the pages, as the spec names them. */
export const paths = {
  home: '/',
  login: '/login',
  phoneLogin: '/phone-login',
  resetPassword: '/reset-password',
  profile: '/profile',
  training: '/training',
  verifyPhone: '/verify-phone',
  updatePassword: '/update-password',
  manageDealers: '/manage-dealers',
  allDealers: '/all-dealers',
  alerts: '/alerts',
  adminSection: '/admin-section',
  outbox: '/outbox',
} as const;
