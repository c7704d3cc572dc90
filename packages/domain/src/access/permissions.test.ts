import { describe, expect, it } from 'vitest';
import { FEATURES } from '../accounts/me.ts';
import { isMaskedSecret, maskSecret } from './masking.ts';
import { can, flagsBeyond, PERMISSION_RULES, type PermissionTarget, scopeOf } from './permissions.ts';

const agent = { id: 10, isAdmin: false, isLeader: false, features: [] };
const leader = { id: 20, isAdmin: false, isLeader: true, features: [] };
const peopleAdmin = { id: 30, isAdmin: true, isLeader: false, features: ['Users Management' as const] };
const fullAdmin = { id: 40, isAdmin: true, isLeader: false, features: FEATURES };
const bareAdmin = { id: 50, isAdmin: true, isLeader: false, features: [] };

const self = (id: number): PermissionTarget => ({ id, relation: 'self' });
const below: PermissionTarget = { id: 99, relation: 'downstream' };
const other: PermissionTarget = { id: 98, relation: 'other' };

describe('can', () => {
  it('keeps Order Override to admins with Reallocations, and sales notes to their owner or any admin', () => {
    expect(can(fullAdmin, 'update', 'order-override')).toBe(true);
    expect(can(bareAdmin, 'update', 'order-override')).toBe(false);
    expect(can(leader, 'update', 'order-override')).toBe(false);
    expect(can(agent, 'manage', 'sales-note', self(agent.id))).toBe(true);
    expect(can(agent, 'manage', 'sales-note', other)).toBe(false);
    expect(can(leader, 'manage', 'sales-note', below)).toBe(false);
    expect(can(bareAdmin, 'manage', 'sales-note', other)).toBe(true);
    expect(can(bareAdmin, 'list', 'sales-note')).toBe(true);
    expect(can(leader, 'list', 'sales-note')).toBe(false);
  });

  it('lets every admin, with or without flags, manage supplier links; nobody else', () => {
    expect(can(bareAdmin, 'manage', 'supplier-link')).toBe(true);
    expect(can(leader, 'manage', 'supplier-link')).toBe(false);
    expect(can(agent, 'manage', 'supplier-link')).toBe(false);
  });

  it('lets everyone read themself, leaders their downstream, admins with Users Management anyone', () => {
    expect(can(agent, 'read', 'person', self(agent.id))).toBe(true);
    expect(can(agent, 'read', 'person', other)).toBe(false);
    expect(can(leader, 'read', 'person', below)).toBe(true);
    expect(can(leader, 'read', 'person', other)).toBe(false);
    expect(can(peopleAdmin, 'read', 'person', other)).toBe(true);
    expect(can(bareAdmin, 'read', 'person', other)).toBe(false);
    expect(can(bareAdmin, 'read', 'person', self(bareAdmin.id))).toBe(true);
  });

  it('never lets a leader change a phone or e-mail below them, only the owner or a people admin', () => {
    expect(can(leader, 'update', 'person', below)).toBe(true);
    expect(can(leader, 'update', 'contact', below)).toBe(false);
    expect(can(agent, 'update', 'contact', self(agent.id))).toBe(true);
    expect(can(peopleAdmin, 'update', 'contact', other)).toBe(true);
  });

  it('keeps banking to the owner and people admins, and the reveal to admins who also run pay', () => {
    expect(can(leader, 'update', 'banking', below)).toBe(false);
    expect(can(agent, 'update', 'banking', self(agent.id))).toBe(true);
    expect(can(peopleAdmin, 'reveal', 'secrets', other)).toBe(false);
    expect(can(fullAdmin, 'reveal', 'secrets', other)).toBe(true);
    expect(can(agent, 'reveal', 'secrets', self(agent.id))).toBe(false);
  });

  it('refuses an admin acting on an admin who holds a flag the actor lacks, but not reading them', () => {
    const target: PermissionTarget = { id: fullAdmin.id, relation: 'other', isAdmin: true, features: FEATURES };
    expect(flagsBeyond(peopleAdmin, target)).toContain('Commissions');
    expect(can(peopleAdmin, 'update', 'password', target)).toBe(false);
    expect(can(peopleAdmin, 'update', 'lifecycle-status', target)).toBe(false);
    expect(can(peopleAdmin, 'read', 'person', target)).toBe(true);
    expect(can(fullAdmin, 'update', 'password', { ...target, id: 41 })).toBe(true);
  });

  it('gates the admin screens by their flags, the outbox by its own', () => {
    expect(can(peopleAdmin, 'read', 'outbox')).toBe(false);
    expect(can(fullAdmin, 'read', 'outbox')).toBe(true);
    expect(can(peopleAdmin, 'update', 'feature-access')).toBe(false);
    expect(can(bareAdmin, 'decide', 'approval')).toBe(false);
    expect(can(peopleAdmin, 'decide', 'approval')).toBe(true);
    expect(can(leader, 'create', 'user')).toBe(true);
    expect(can(agent, 'create', 'user')).toBe(false);
    expect(can(bareAdmin, 'export', 'users-export')).toBe(false);
  });

  it('refuses a pair no rule names', () => {
    expect(can(fullAdmin, 'export', 'outbox')).toBe(false);
  });

  it('names every flag of a rule as a known feature', () => {
    for (const rule of Object.values(PERMISSION_RULES)) {
      const admin = 'admin' in rule ? rule.admin : undefined;
      for (const feature of admin?.features ?? []) expect(FEATURES).toContain(feature);
    }
  });
});

describe('scopeOf', () => {
  it('gives the widest scope for list filters', () => {
    expect(scopeOf(peopleAdmin, 'list', 'team')).toBe('any');
    expect(scopeOf(leader, 'list', 'team')).toBe('downstream');
    expect(scopeOf(agent, 'list', 'team')).toBeUndefined();
    expect(scopeOf(bareAdmin, 'read', 'person')).toBe('self');
  });
});

describe('maskSecret', () => {
  it('keeps the last four characters and is recognised when sent back', () => {
    expect(maskSecret('62001234567')).toBe('•••••••4567');
    expect(isMaskedSecret(maskSecret('62001234567'))).toBe(true);
    expect(isMaskedSecret('62001234567')).toBe(false);
    expect(maskSecret('123')).toBe('•••');
    expect(maskSecret(null)).toBeNull();
  });
});
