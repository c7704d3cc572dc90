import type { CurrentUser, Feature } from '@portal/domain/accounts/me';

/** What the page shows; the server enforces the same rules on every call. */
export const isAdmin = (user: CurrentUser): boolean => user.isAdmin;
export const isLeader = (user: CurrentUser): boolean => user.isLeader;
export const isWaiting = (user: CurrentUser): boolean => user.waiting.isWaiting;
export const hasFeature = (user: CurrentUser, feature: Feature): boolean => user.features.includes(feature);

export type AccessRule = (user: CurrentUser) => boolean;

export const access = {
  signedIn: () => true,
  notWaiting: (user) => !isWaiting(user),
  admin: (user) => isAdmin(user) && !isWaiting(user),
  leaderOrAdmin: (user) => (isLeader(user) || isAdmin(user)) && !isWaiting(user),
  managePeople: (user) => isAdmin(user) && hasFeature(user, 'Users Management') && !isWaiting(user),
} satisfies Record<string, AccessRule>;
