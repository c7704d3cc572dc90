import { type Action, can, type Subject } from '@portal/domain/access/permissions';
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

/** The server's permission vocabulary on the page: may the user do this to someone at all? */
export const userCan = (user: CurrentUser, action: Action, subject: Subject): boolean => can(user, action, subject);
const allowed =
  (action: Action, subject: Subject): AccessRule =>
  (user) =>
    !isWaiting(user) && userCan(user, action, subject);

/** Route rules by audience (spec 1 §2.2, §6). Waiting users reach only the pages every signed-in user has. */
export const access = {
  signedIn: () => true,
  notWaiting: (user) => !isWaiting(user),
  admin: (user) => isAdmin(user) && !isWaiting(user),
  leaderOrAdmin: (user) => (isLeader(user) || isAdmin(user)) && !isWaiting(user),
  /** '/manage-dealers': leaders; in the admin shell only with the Users Management flag. */
  manageTeams: allowed('list', 'team'),
  managePeople: (user) => isAdmin(user) && allowed('update', 'person')(user),
  accessControl: allowed('update', 'feature-access'),
  exportUsers: allowed('export', 'users-export'),
  outbox: allowed('read', 'outbox'),
  catalogue: allowed('manage', 'catalogue'),
  settings: allowed('manage', 'settings'),
  deals: allowed('manage', 'deal'),
  /** '/order-override': the Reallocations flag (spec 3 §2.1). */
  orderOverride: allowed('update', 'order-override'),
  /** '/edit-sales-note': every admin (spec 3 §2.1). */
  editSalesNote: allowed('list', 'sales-note'),
  /** The Links tab's Add Link, edit and delete: every admin (spec 2 §6). */
  manageSupplierLinks: allowed('manage', 'supplier-link'),
  /** '/sales-leads-admin-view': the Sales Assist flag (spec 3 §2.2). */
  salesAssistAdmin: allowed('manage', 'sales-assist'),
  /** '/admin-agent-support': the Agent Support flag (spec 3 §2.2). */
  agentSupportAdmin: allowed('manage', 'agent-support'),
  /** The helpdesk's reference editors (support statuses, canned replies): either helpdesk flag. */
  helpdeskAdmin: (user) => allowed('manage', 'sales-assist')(user) || allowed('manage', 'agent-support')(user),
  /** '/import-fibre-activity' and '/import-sadv-agents-csv': the Commissions flag (spec 3 §2.2; decision 025). */
  importOrders: allowed('import', 'orders'),
  /** '/training-modules', '/training-content/…', '/training-marks/…': every admin (spec 3 §2.1). */
  trainingAdmin: allowed('manage', 'training-module'),
  /** '/commissions': the Commissions flag (spec 3 §2.9; decision 032). */
  commissions: allowed('manage', 'commission-cycle'),
  /** The leaderboard, on the dashboard and '/agent-dash/leaderBoard'. */
  leaderboard: allowed('read', 'leaderboard'),
  /** Insights on the dashboard: the structure report of leaders and admins. */
  insights: allowed('read', 'structure-report'),
  /** The supplier page's 'Select Downstream Agent' (leaders and admins). */
  reportAgents: allowed('list', 'order-report'),
} satisfies Record<string, AccessRule>;
