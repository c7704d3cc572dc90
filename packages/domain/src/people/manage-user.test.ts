import { describe, expect, it } from 'vitest';
import { FEATURES } from '../accounts/me.ts';
import {
  ChangeManagerRequest,
  ChangeUserPasswordRequest,
  ChangeUserTypeRequest,
  FLAG_REFUSALS,
  flagChangeRefusal,
  MANAGER_REFUSALS,
  managerRefusal,
  NO_PERMISSION,
  nextLifecycleStatus,
  permissionsFor,
  STATUS_REFUSALS,
  UpdateUserFlagsRequest,
} from './manage-user.ts';
import { lifecycleChipLabel, UserIdParams, universityTone } from './user-detail.ts';

const EVERY_FLAG = FEATURES;
const admin = { id: 1, isAdmin: true, isLeader: false, features: EVERY_FLAG };
const leader = { id: 2, isAdmin: false, isLeader: true, features: [] };
const agent = { id: 3, isAdmin: false, isLeader: false, features: [] };
const member = { id: 10, relation: 'downstream' as const, isLeader: false, isLeaderBlocked: false };

describe('nextLifecycleStatus (spec 1 §4)', () => {
  it('marks an active user inactive and reactivates an inactive one', () => {
    expect(nextLifecycleStatus(2, 'deactivate')).toEqual({ status: 3 });
    expect(nextLifecycleStatus(3, 'reactivate')).toEqual({ status: 2 });
  });
  it('refuses Mark As Inactive unless active, and Reactivate unless inactive', () => {
    for (const status of [1, 3, 4, 5])
      expect(nextLifecycleStatus(status, 'deactivate')).toEqual({ error: STATUS_REFUSALS.deactivate });
    for (const status of [1, 2, 4, 5])
      expect(nextLifecycleStatus(status, 'reactivate')).toEqual({ error: STATUS_REFUSALS.reactivate });
  });
  it('deletes from any status but deleted', () => {
    for (const status of [1, 2, 3, 5]) expect(nextLifecycleStatus(status, 'delete')).toEqual({ status: 4 });
    expect(nextLifecycleStatus(4, 'delete')).toEqual({ error: STATUS_REFUSALS.delete });
  });
});

describe('flagChangeRefusal (spec 1 §4 leader flag, §6)', () => {
  it('lets admins toggle trainer, growth leader and trainer block both ways', () => {
    expect(flagChangeRefusal(admin, { ...member, isLeader: true }, { isLeader: false })).toBeUndefined();
    expect(flagChangeRefusal(admin, member, { growthLeader: true, isLeaderBlocked: true })).toBeUndefined();
  });
  it('lets a leader only switch Trainer on for someone not blocked and not already a trainer', () => {
    expect(flagChangeRefusal(leader, member, { isLeader: true })).toBeUndefined();
    expect(flagChangeRefusal(leader, { ...member, isLeaderBlocked: true }, { isLeader: true })).toBe(
      FLAG_REFUSALS.blocked,
    );
    expect(flagChangeRefusal(leader, { ...member, isLeader: true }, { isLeader: true })).toBe(FLAG_REFUSALS.already);
    expect(flagChangeRefusal(leader, { ...member, isLeader: true }, { isLeader: false })).toBe(FLAG_REFUSALS.turnOff);
    expect(flagChangeRefusal(leader, member, { growthLeader: true })).toBe(FLAG_REFUSALS.adminOnly);
    expect(flagChangeRefusal(leader, member, { isLeaderBlocked: false })).toBe(FLAG_REFUSALS.adminOnly);
    expect(flagChangeRefusal(leader, { ...member, id: leader.id, relation: 'self' }, { isLeader: true })).toBe(
      FLAG_REFUSALS.self,
    );
    expect(flagChangeRefusal(leader, { ...member, relation: 'other' }, { isLeader: true })).toBe(NO_PERMISSION);
  });
  it('refuses agents', () => {
    expect(flagChangeRefusal(agent, member, { isLeader: true })).toBe(NO_PERMISSION);
  });
  it('needs at least one flag in the request', () => {
    expect(UpdateUserFlagsRequest.safeParse({}).success).toBe(false);
    expect(UpdateUserFlagsRequest.safeParse({ isAdmin: true }).success).toBe(false);
    expect(UpdateUserFlagsRequest.safeParse({ growthLeader: false }).success).toBe(true);
    // The step-up password is not a flag (decision 076).
    expect(UpdateUserFlagsRequest.safeParse({ currentPassword: 'Secret123' }).success).toBe(false);
    expect(UpdateUserFlagsRequest.safeParse({ isLeader: true, currentPassword: 'Secret123' }).success).toBe(true);
  });
});

describe('permissionsFor (spec 1 §6)', () => {
  it('gives admins every action', () => {
    expect(Object.entries(permissionsFor(admin, member)).filter(([key, value]) => key !== 'isSelf' && !value)).toEqual(
      [],
    );
  });
  it('gives a leader on a team member only edit (not phone or e-mail), suppliers & product types and the trainer toggle', () => {
    expect(permissionsFor(leader, member)).toEqual({
      isSelf: false,
      canEdit: true,
      canEditContact: false,
      canEditIdentity: false,
      canEditBanking: false,
      canManage: false,
      canReveal: false,
      canChangeLinks: true,
      canChooseDeals: false,
      canToggleTrainer: true,
      canToggleGrowthLeader: false,
      canToggleTrainerBlock: false,
    });
    expect(permissionsFor(leader, { ...member, isLeader: true }).canToggleTrainer).toBe(false);
    expect(permissionsFor(leader, { ...member, isLeaderBlocked: true }).canToggleTrainer).toBe(false);
  });
  it('gives an agent on their own page nothing to change', () => {
    const own = permissionsFor(agent, { ...member, id: agent.id, relation: 'self' });
    expect(own.isSelf).toBe(true);
    expect(Object.entries(own).filter(([key, value]) => key !== 'isSelf' && value)).toEqual([]);
  });
});

describe('admins acting on admins', () => {
  it('refuses every change to an admin who holds a flag the actor lacks, but not reading them', () => {
    const peopleAdmin = { ...admin, features: ['Users Management' as const] };
    const fullAdmin = { ...member, isAdmin: true, features: EVERY_FLAG };
    const own = permissionsFor(peopleAdmin, fullAdmin);
    expect(Object.entries(own).filter(([key, value]) => key !== 'isSelf' && value)).toEqual([]);
    expect(permissionsFor(admin, fullAdmin).canManage).toBe(true);
  });
  it('gives an admin without Users Management nothing on another user', () => {
    const noPeople = { ...admin, features: ['Commissions' as const] };
    const own = permissionsFor(noPeople, { ...member, relation: 'other' });
    expect(Object.entries(own).filter(([key, value]) => key !== 'isSelf' && value)).toEqual([]);
  });
});

describe('managerRefusal (spec 1 §4 change manager)', () => {
  const user = { id: 5, parentId: 2 };
  const candidate = { id: 7, isLeader: true, isAdmin: false, lifecycleStatusId: 2, isInUsersDownstream: false };
  it('accepts a leader outside the user downstream', () => {
    expect(managerRefusal(user, candidate)).toBeUndefined();
    expect(managerRefusal(user, { ...candidate, isLeader: false, isAdmin: true })).toBeUndefined();
  });
  it('refuses the user, their descendants, deleted users, non-leaders and the current manager', () => {
    expect(managerRefusal(user, undefined)).toBe(MANAGER_REFUSALS.notFound);
    expect(managerRefusal(user, { ...candidate, id: 5, isInUsersDownstream: true })).toBe(MANAGER_REFUSALS.self);
    expect(managerRefusal(user, { ...candidate, isInUsersDownstream: true })).toBe(MANAGER_REFUSALS.downstream);
    expect(managerRefusal(user, { ...candidate, lifecycleStatusId: 4 })).toBe(MANAGER_REFUSALS.deleted);
    expect(managerRefusal(user, { ...candidate, isLeader: false })).toBe(MANAGER_REFUSALS.notLeader);
    expect(managerRefusal(user, { ...candidate, id: 2 })).toBe(MANAGER_REFUSALS.same);
  });
});

describe('payload messages', () => {
  it('asks for a password of at least 6 characters', () => {
    expect(ChangeUserPasswordRequest.safeParse({ password: '' }).error?.issues[0]?.message).toBe(
      'Please enter a valid password.',
    );
    expect(ChangeUserPasswordRequest.safeParse({ password: '12345' }).success).toBe(false);
    expect(ChangeUserPasswordRequest.safeParse({ password: '123456' }).success).toBe(true);
  });
  it('asks for a user type', () => {
    expect(ChangeUserTypeRequest.safeParse({}).error?.issues[0]?.message).toBe('Please select a user type.');
    expect(ChangeUserTypeRequest.safeParse({ refsTypeId: null }).error?.issues[0]?.message).toBe(
      'Please select a user type.',
    );
    expect(ChangeUserTypeRequest.safeParse({ refsTypeId: 2 }).success).toBe(true);
  });
  it('refuses a change of manager that carries anything besides the manager and the children choice', () => {
    expect(ChangeManagerRequest.safeParse({ managerId: 7 }).data).toEqual({ managerId: 7, moveWithChildren: true });
    // A move is the one way a branch changes hands: a field the route does not read is a mistake
    // or a probe, and is refused rather than dropped without a word.
    expect(ChangeManagerRequest.safeParse({ managerId: 7, moveWithChildren: false, parentDealerId: 3 }).success).toBe(
      false,
    );
  });
  it('reads the user id of the path as a number, else Invalid user ID', () => {
    expect(UserIdParams.parse({ id: '42' })).toEqual({ id: 42 });
    for (const id of ['abc', '4x', '-1', '0', '1.5'])
      expect(UserIdParams.safeParse({ id }).error?.issues[0]?.message).toBe('Invalid user ID');
  });
});

describe('display rules', () => {
  it('labels the status chip', () => {
    expect([1, 2, 3, 4, 5].map(lifecycleChipLabel)).toEqual(['Unknown', 'Active', 'Inactive', 'Deleted', 'Unknown']);
  });
  it('colours the university card by status code', () => {
    expect([0, 101, 102, -1].map(universityTone)).toEqual(['success', 'warning', 'error', 'neutral']);
  });
});
