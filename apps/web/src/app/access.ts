import type { CurrentUser, Feature } from '@portal/domain/accounts/me';

/** What the page shows; the server enforces the same rules on every call. */
export const isAdmin = (user: CurrentUser): boolean => user.isAdmin;
export const isLeader = (user: CurrentUser): boolean => user.isLeader;
export const isWaiting = (user: CurrentUser): boolean => user.waiting.isWaiting;
export const hasFeature = (user: CurrentUser, feature: Feature): boolean => user.features.includes(feature);

/** Spec 1 §4: user type 1 with university status 101 passed the compulsory modules but not every relevant one. */
export const needsMoreTraining = (user: CurrentUser): boolean => user.refsTypeId === 1 && user.universityStatus === 101;

/** Waiting users get no notification bell (spec 1 §4). */
export const showsNotificationBell = (user: CurrentUser): boolean => !isWaiting(user);

export type AccessRule = (user: CurrentUser) => boolean;

/** Route rules by audience (spec 1 §2.2, §6). Waiting users reach only the pages every signed-in user has. */
export const access = {
  signedIn: () => true,
  notWaiting: (user) => !isWaiting(user),
  admin: (user) => isAdmin(user) && !isWaiting(user),
  leaderOrAdmin: (user) => (isLeader(user) || isAdmin(user)) && !isWaiting(user),
  /** '/manage-dealers': leaders; in the admin shell only with the Users Management flag. */
  manageTeams: (user) => !isWaiting(user) && (isAdmin(user) ? hasFeature(user, 'Users Management') : isLeader(user)),
  managePeople: (user) => isAdmin(user) && hasFeature(user, 'Users Management') && !isWaiting(user),
  accessControl: (user) => isAdmin(user) && hasFeature(user, 'Access Control') && !isWaiting(user),
} satisfies Record<string, AccessRule>;
