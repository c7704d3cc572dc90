import type { Feature, Role } from '@portal/domain/accounts/me';
import type { UserRow } from './actor.queries.ts';

export type { UserRow };

/** The signed-in user acting on a request: the dealer row, its role and its feature flags. */
export interface Actor {
  user: UserRow;
  authId: string;
  sessionId: string;
  role: Role;
  features: Feature[];
  /** How long the session has at most, as of this request (session rules applied); unknown without them. */
  sessionLeftMs?: number;
  /** The university status code, once read with the actor or worked out (guards.universityStatusOf). */
  universityStatus?: number;
}

export function roleOf(user: Pick<UserRow, 'isAdmin' | 'isLeader'>): Role {
  if (user.isAdmin) return 'admin';
  if (user.isLeader) return 'leader';
  return 'agent';
}
