import type { Feature } from '../accounts/me.ts';

// One permission vocabulary for the server's guards and the pages' menus and buttons
// (docs/security.md). A rule names, per role, the scopes in which the role may act:
//   self        the target is the actor
//   downstream  the target is strictly below the actor in the hierarchy (closure table)
//   any         anyone
// Admin rules name the flag they need; an admin without it is judged by the rule for what they
// otherwise are (leader or agent). Hierarchy reach is worked out once, on the server, from the
// closure table, and handed in as the target's relation.

export type Scope = 'self' | 'downstream' | 'any';
export type Relation = 'self' | 'downstream' | 'other';

export type Subject =
  | 'person'
  | 'contact'
  | 'identity'
  | 'banking'
  | 'secrets'
  | 'password'
  | 'manager'
  | 'user-type'
  | 'lifecycle-status'
  | 'links'
  | 'deals'
  | 'trainer'
  | 'growth-leader'
  | 'trainer-block'
  | 'team'
  | 'users-export'
  | 'user'
  | 'approval'
  | 'alert'
  | 'alert-segment'
  | 'rica'
  | 'feature-access'
  | 'outbox'
  | 'catalogue'
  | 'deal'
  | 'settings'
  | 'leaderboard'
  | 'structure-report'
  | 'order-report'
  | 'order-override'
  | 'sales-note'
  | 'supplier-link'
  | 'orders'
  | 'sales-assist'
  | 'agent-support'
  | 'finance-application'
  | 'training-module'
  | 'contract'
  | 'commission-cycle';

export type Action =
  | 'read'
  | 'list'
  | 'create'
  | 'update'
  | 'decide'
  | 'reveal'
  | 'export'
  | 'send'
  | 'register'
  | 'manage'
  | 'import';

export interface PermissionActor {
  id: number;
  isAdmin: boolean;
  isLeader: boolean;
  features: readonly Feature[];
}

export interface PermissionTarget {
  id: number;
  relation: Relation;
  /** An admin target's flags: an admin never acts on an admin holding a flag the actor lacks. */
  isAdmin?: boolean;
  features?: readonly Feature[];
}

interface AdminRule {
  scopes: readonly Scope[];
  /** Every one of these flags is needed. */
  features: readonly Feature[];
}

interface Rule {
  admin?: AdminRule;
  leader?: readonly Scope[];
  agent?: readonly Scope[];
}

const SELF = ['self'] as const;
const DOWNSTREAM = ['downstream'] as const;
const OWN_BRANCH = ['self', 'downstream'] as const;
const ANY = ['any'] as const;
const USERS: readonly Feature[] = ['Users Management'];
const people = (extra: readonly Feature[] = []): AdminRule => ({ scopes: ANY, features: [...USERS, ...extra] });

/** The rules, by `action subject`. A pair missing here is refused to everyone. */
export const PERMISSION_RULES = {
  // The user detail (spec 1 §2.10): everyone their own, leaders their downstream.
  'read person': { admin: people(), leader: OWN_BRANCH, agent: SELF },
  // Edit User, personal and address tabs (spec 1 §6); the own record is edited on the profile.
  'update person': { admin: people(), leader: DOWNSTREAM },
  // A phone or e-mail identifies and signs in a person: the owner (with a code or link to the new
  // contact, on the profile) or an admin with Users Management; never a leader.
  'update contact': { admin: people(), leader: SELF, agent: SELF },
  'update identity': { admin: people() },
  // Banking: the owner (with the password again) or an admin with Users Management.
  'update banking': { admin: people(), leader: SELF, agent: SELF },
  // Full ID and bank account numbers, on an explicit and audited reveal.
  'reveal secrets': { admin: people(['Commissions']) },
  'update password': { admin: people(), leader: SELF, agent: SELF },
  'update manager': { admin: people() },
  'read manager': { admin: people() },
  'update user-type': { admin: people() },
  'update lifecycle-status': { admin: people() },
  'update links': { admin: people(), leader: DOWNSTREAM },
  'update deals': { admin: people() },
  // Leaders may only switch Trainer on (the domain's flagChangeRefusal says when).
  'update trainer': { admin: people(), leader: DOWNSTREAM },
  'update growth-leader': { admin: people() },
  'update trainer-block': { admin: people() },
  // Manage Teams and downstream lists: admins see everyone, leaders their branch.
  'list team': { admin: people(), leader: OWN_BRANCH },
  'update team': { admin: people() },
  'export users-export': { admin: people() },
  // The creation wizard (spec 1 §2.7): leaders and admins with Users Management.
  'create user': { admin: people(), leader: ANY },
  'list approval': { admin: people() },
  'decide approval': { admin: people() },
  // A request's submitter reads and resubmits it while it is in their branch.
  'read approval': { admin: people(), leader: DOWNSTREAM },
  'update approval': { admin: people(), leader: DOWNSTREAM },
  // Alerts (spec 2): leaders to their downstream, admins also to segments.
  'send alert': { admin: { scopes: ANY, features: [] }, leader: OWN_BRANCH },
  'send alert-segment': { admin: { scopes: ANY, features: [] } },
  // Someone's received alerts, and an alert someone sent: their own, or any for an admin.
  'read alert': { admin: { scopes: ANY, features: [] }, leader: SELF, agent: SELF },
  'update alert': { admin: { scopes: ANY, features: [] }, leader: SELF },
  'register rica': { admin: { scopes: ANY, features: [] }, leader: ANY },
  'update feature-access': { admin: { scopes: ANY, features: ['Access Control'] } },
  'read feature-access': { admin: { scopes: ANY, features: ['Access Control'] } },
  // The message outbox holds what was sent to people: its own flag, not "is admin".
  'read outbox': { admin: { scopes: ANY, features: ['Outbox'] } },
  // The catalogue's admin screens (spec 3 §2.1): suppliers, their contacts and banners, product
  // types, products and their matches; and '/settings'. Every admin, no flag.
  'manage catalogue': { admin: { scopes: ANY, features: [] } },
  'manage settings': { admin: { scopes: ANY, features: [] } },
  // Deals carry the commission rates: the Deals flag (spec 3 §2.2).
  'manage deal': { admin: { scopes: ANY, features: ['Deals'] } },
  // Every active dealer sees the month's ranks (spec 2 "Leaderboard").
  'read leaderboard': { admin: { scopes: ANY, features: [] }, leader: ANY, agent: ANY },
  // The structure report and Insights: leaders over their own branch, admins over anyone.
  'read structure-report': { admin: { scopes: ANY, features: [] }, leader: OWN_BRANCH },
  // A dealer's order reports on the supplier page: their own; a leader's downstream (the
  // impersonation view); anyone for an admin.
  'read order-report': { admin: { scopes: ANY, features: [] }, leader: OWN_BRANCH, agent: SELF },
  // The 'Select Downstream Agent' picker: whose reports the viewer may pick.
  'list order-report': { admin: { scopes: ANY, features: [] }, leader: DOWNSTREAM },
  // Order Override (spec 3 §2.13): reassigning orders needs the Reallocations flag.
  'update order-override': { admin: { scopes: ANY, features: ['Reallocations'] } },
  // Sales notes (spec 2 "Sales notes tab"): every active dealer their own; every admin anyone's
  // on '/edit-sales-note' (spec 3 §2.14).
  'manage sales-note': { admin: { scopes: ANY, features: [] }, leader: SELF, agent: SELF },
  'list sales-note': { admin: { scopes: ANY, features: [] } },
  // Supplier links (spec 2 §6): every admin adds, edits and deletes them; no flag.
  'manage supplier-link': { admin: { scopes: ANY, features: [] } },
  // The fibre activity import (spec 3 §2.2, §2.10): the Imports section needs the Commissions flag.
  'import orders': { admin: { scopes: ANY, features: ['Commissions'] } },
  // The commission cycle on '/commissions' (spec 3 §2.9): freeze, stamping, close, exports.
  'manage commission-cycle': { admin: { scopes: ANY, features: ['Commissions'] } },
  // The helpdesk consoles (spec 3 §2.2): each kind of ticket needs its own flag. Each also changes a
  // supplier's e-mail recipients of its kind (who read every new lead's customer, or every new
  // ticket's dealer and note: decisions 068, 078).
  'manage sales-assist': { admin: { scopes: ANY, features: ['Sales Assist'] } },
  'manage agent-support': { admin: { scopes: ANY, features: ['Agent Support'] } },
  // Support and credit applications (spec 1 §2.11 "Finance Applications (admin only)", §6): on the
  // user detail page, so the Users Management flag that opens it; never a leader (decision 033).
  'create finance-application': { admin: people() },
  'read finance-application': { admin: people() },
  // Training modules, their content and marks (spec 3 §2.1, §2.2, §6): every admin, no flag. A mark
  // is changed with a target (assertCanOn): never an admin holding a flag the actor lacks, and the
  // service refuses the actor's own (decision 068).
  'manage training-module': { admin: { scopes: ANY, features: [] } },
  // Dealer contracts (spec 1 §2.11, spec 3 §2.16): the Dealer Contracts modal of the manage-user
  // screen, admins with Users Management; the dealer signs by link, not by this rule (decision 034).
  'manage contract': { admin: people() },
} as const satisfies Record<string, Rule>;

export type Permission = keyof typeof PERMISSION_RULES;

function inScope(scopes: readonly Scope[], target: PermissionTarget | undefined): boolean {
  if (scopes.includes('any')) return true;
  if (!target) return false;
  return scopes.includes(target.relation as Scope);
}

/** The flags `target` holds that `actor` lacks (empty when the target is no admin). */
export function flagsBeyond(actor: PermissionActor, target: PermissionTarget): Feature[] {
  if (!target.isAdmin || target.relation === 'self') return [];
  return (target.features ?? []).filter((feature) => !actor.features.includes(feature));
}

/**
 * May `actor` do `action` on `subject` (for `target`, when the action concerns one person)?
 * Without a target, a scoped rule asks only whether the actor may do it to someone at all.
 */
export function can(actor: PermissionActor, action: Action, subject: Subject, target?: PermissionTarget): boolean {
  const rule = (PERMISSION_RULES as Record<string, Rule>)[`${action} ${subject}`];
  if (!rule) return false;
  if (target && action !== 'read' && action !== 'list' && flagsBeyond(actor, target).length > 0) return false;
  const check = (scopes: readonly Scope[] | undefined) =>
    scopes !== undefined && (target ? inScope(scopes, target) : scopes.length > 0);
  if (actor.isAdmin && rule.admin?.features.every((feature) => actor.features.includes(feature))) {
    if (check(rule.admin.scopes)) return true;
  }
  if (actor.isLeader) return check(rule.leader);
  return check(rule.agent);
}

/** The widest scope in which `actor` may do `action` on `subject`, for filtering lists. */
export function scopeOf(actor: PermissionActor, action: Action, subject: Subject): Scope | undefined {
  const rule = (PERMISSION_RULES as Record<string, Rule>)[`${action} ${subject}`];
  if (!rule) return undefined;
  const widest = (scopes: readonly Scope[] | undefined): Scope | undefined => {
    if (!scopes?.length) return undefined;
    if (scopes.includes('any')) return 'any';
    if (scopes.includes('downstream')) return 'downstream';
    return 'self';
  };
  if (actor.isAdmin && rule.admin?.features.every((feature) => actor.features.includes(feature))) {
    return widest(rule.admin.scopes);
  }
  return widest(actor.isLeader ? rule.leader : rule.agent);
}
