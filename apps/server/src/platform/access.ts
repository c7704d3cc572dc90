import { FEATURES, type Feature, type Role } from '@portal/domain/accounts/me';
import { waitingState } from '@portal/domain/accounts/waiting';
import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/client.ts';
import { featuresMaster, usersAccessIndex, usersMaster } from '../db/schema/index.ts';
import type { Auth } from './auth.ts';
import { toWebHeaders } from './auth.ts';
import { forbidden, unauthorised } from './errors.ts';
import type { SessionPolicy } from './sessions.ts';

/** The page a waiting user or a user without a flag would see instead (spec 1 §2.2). */
export const ACCESS_DENIED = 'Oops! Page Not Found or Access Denied';

export type UserRow = typeof usersMaster.$inferSelect;

/** The signed-in user acting on a request: the dealer row, its role and its feature flags. */
export interface Actor {
  user: UserRow;
  authId: string;
  sessionId: string;
  role: Role;
  features: Feature[];
  /** The university status code, once worked out for this request (see guards.universityStatusOf). */
  universityStatus?: number;
}

export function roleOf(user: Pick<UserRow, 'isAdmin' | 'isLeader'>): Role {
  if (user.isAdmin) return 'admin';
  if (user.isLeader) return 'leader';
  return 'agent';
}

declare module 'fastify' {
  interface FastifyRequest {
    actor?: Actor;
  }
}

/**
 * Resolves the session cookie to the actor; flags are read on every request so a change applies at
 * once. With the session rules, an idle or too old session is ended here (deleted: 401 from now on).
 */
export async function loadActor(
  db: Database,
  auth: Auth,
  request: FastifyRequest,
  sessions?: SessionPolicy,
): Promise<Actor | undefined> {
  const session = await auth.api.getSession({ headers: toWebHeaders(request) });
  if (!session) return undefined;
  if (sessions && !(await sessions.admit(session.session))) return undefined;
  const rows = await db
    .select({ user: usersMaster, feature: featuresMaster.name })
    .from(usersMaster)
    .leftJoin(usersAccessIndex, eq(usersAccessIndex.userMasterId, usersMaster.id))
    .leftJoin(featuresMaster, eq(featuresMaster.id, usersAccessIndex.featuresMasterId))
    .where(eq(usersMaster.authId, session.user.id));
  const user = rows[0]?.user;
  if (!user) return undefined;
  const features = rows
    .map((row) => row.feature)
    .filter((name): name is Feature => name !== null && (FEATURES as readonly string[]).includes(name));
  return { user, authId: session.user.id, sessionId: session.session.id, role: roleOf(user), features };
}

export interface AccessOptions {
  /** Session rules (idle and absolute expiry, last seen); without them better-auth's expiry alone applies. */
  sessions?: SessionPolicy;
  /** The university status code of a user (102 / 101 / 0 / -1), for the waiting state. */
  universityStatusOf?: (user: UserRow) => Promise<number>;
}

export function createAccessGuards(db: Database, auth: Auth, options: AccessOptions = {}) {
  async function requireActor(request: FastifyRequest): Promise<Actor> {
    if (request.actor) return request.actor;
    const actor = await loadActor(db, auth, request, options.sessions);
    if (!actor) throw unauthorised();
    request.actor = actor;
    return actor;
  }
  /** Worked out at most once per request; -1 when it cannot be. */
  async function universityStatusOf(actor: Actor): Promise<number | undefined> {
    if (actor.universityStatus !== undefined) return actor.universityStatus;
    if (!options.universityStatusOf) return undefined;
    try {
      actor.universityStatus = await options.universityStatusOf(actor.user);
    } catch {
      actor.universityStatus = -1;
    }
    return actor.universityStatus;
  }
  /** The waiting state of spec 1 §4 for the actor. */
  async function waitingOf(actor: Actor) {
    const { user } = actor;
    return waitingState({
      emailVerified: user.emailVerified,
      phoneVerified: user.phoneVerified,
      lifecycleStatusId: user.refsUserLifecycleStatusId,
      refsTypeId: user.refsTypeId,
      universityStatus: await universityStatusOf(actor),
    });
  }
  return {
    requireActor,
    universityStatusOf,
    waitingOf,
    /** preHandler: any signed-in user. */
    signedIn: async (request: FastifyRequest, _reply: FastifyReply) => {
      await requireActor(request);
    },
    /** preHandler: admins only. */
    admin: async (request: FastifyRequest, _reply: FastifyReply) => {
      const actor = await requireActor(request);
      if (!actor.user.isAdmin) throw forbidden();
    },
    /** preHandler: a feature flag (admin routes gated per spec 3 §2.1). */
    feature: (feature: Feature) => async (request: FastifyRequest, _reply: FastifyReply) => {
      const actor = await requireActor(request);
      if (!actor.features.includes(feature)) throw forbidden(ACCESS_DENIED);
    },
    /**
     * preHandler: users not in the waiting state (spec 1 §2.2: approvals, user creation and the
     * selling routes). Waiting users see only home, university and profile.
     */
    notWaiting: async (request: FastifyRequest, _reply: FastifyReply) => {
      const actor = await requireActor(request);
      if ((await waitingOf(actor)).isWaiting) throw forbidden(ACCESS_DENIED, 'WAITING');
    },
    /** preHandler: leaders and admins (Manage Teams, downstream, alerts, RICA). */
    leaderOrAdmin: async (request: FastifyRequest, _reply: FastifyReply) => {
      const actor = await requireActor(request);
      if (!actor.user.isAdmin && !actor.user.isLeader) throw forbidden();
    },
  };
}

export type AccessGuards = ReturnType<typeof createAccessGuards>;

/** The actor set by a guard; routes behind a guard can rely on it. */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw unauthorised();
  return request.actor;
}
