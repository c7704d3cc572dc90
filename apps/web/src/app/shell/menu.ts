import type { CurrentUser } from '@portal/domain/accounts/me';
import { paths } from '../../lib/paths';
import { access, isAdmin, isLeader, isWaiting } from '../access';

export type MenuKey =
  | 'home'
  | 'dashboard'
  | 'team'
  | 'manage-people'
  | 'university'
  | 'alerts'
  | 'admin'
  | 'outbox'
  | 'profile';

export interface MenuEntry {
  key: MenuKey;
  label: string;
  to: string;
}

const entry = {
  home: { key: 'home', label: 'Home', to: paths.home },
  dashboard: { key: 'dashboard', label: 'Dashboard', to: paths.home },
  team: { key: 'team', label: 'Your Team', to: paths.manageDealers },
  managePeople: { key: 'manage-people', label: 'Manage People', to: paths.manageDealers },
  university: { key: 'university', label: 'University', to: paths.training },
  alerts: { key: 'alerts', label: 'Alerts', to: paths.alerts },
  admin: { key: 'admin', label: 'Admin', to: paths.adminSection },
  outbox: { key: 'outbox', label: 'Outbox', to: paths.outbox },
  profile: { key: 'profile', label: 'Profile', to: paths.profile },
} satisfies Record<string, MenuEntry>;

/**
 * The side menu per spec 1 §2.2 (Logout is added by the drawer for everyone). Waiting users get
 * the limited menu whatever their role; admins also get the Outbox, where local mail and SMS land.
 */
export function menuFor(user: CurrentUser): MenuEntry[] {
  if (isWaiting(user)) return [entry.home, entry.university, entry.profile];
  if (isAdmin(user)) {
    return [
      entry.dashboard,
      ...(access.managePeople(user) ? [entry.managePeople] : []),
      entry.university,
      entry.alerts,
      entry.admin,
      ...(access.outbox(user) ? [entry.outbox] : []),
      entry.profile,
    ];
  }
  if (isLeader(user)) return [entry.dashboard, entry.team, entry.university, entry.profile, entry.alerts];
  return [entry.dashboard, entry.university, entry.profile];
}
