import { describe, expect, it } from 'vitest';
import { waitingState } from './waiting.ts';

const active = { emailVerified: true, phoneVerified: true, lifecycleStatusId: 2, refsTypeId: 1 };

describe('waitingState', () => {
  it('lets a verified active user through', () => {
    expect(waitingState(active)).toEqual({ isWaiting: false, reason: null });
  });

  it('holds a pending user who verified both as awaiting approval', () => {
    expect(waitingState({ ...active, lifecycleStatusId: 1 }).reason).toBe('awaiting_approval');
  });

  it('asks a pending user to verify when either contact is unverified', () => {
    expect(waitingState({ ...active, lifecycleStatusId: 1, phoneVerified: false }).reason).toBe('unverified');
    expect(waitingState({ ...active, lifecycleStatusId: 1, emailVerified: false }).reason).toBe('unverified');
  });

  it('holds type-1 users with university status 102 or an error, not other types', () => {
    expect(waitingState({ ...active, universityStatus: 102 }).isWaiting).toBe(true);
    expect(waitingState({ ...active, universityStatus: -1 }).isWaiting).toBe(true);
    expect(waitingState({ ...active, universityStatus: 101 }).isWaiting).toBe(false);
    expect(waitingState({ ...active, refsTypeId: 2, universityStatus: 102 }).isWaiting).toBe(false);
  });

  it('names deactivated, deleted and rejected accounts', () => {
    expect(waitingState({ ...active, lifecycleStatusId: 3 }).reason).toBe('deactivated');
    expect(waitingState({ ...active, lifecycleStatusId: 4 }).reason).toBe('deleted');
    expect(waitingState({ ...active, lifecycleStatusId: 5 }).reason).toBe('rejected');
  });
});
