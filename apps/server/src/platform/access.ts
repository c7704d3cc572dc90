import { FEATURES, type Feature, type Role } from '@portal/domain/accounts/me';
import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/client.ts';
import { featuresMaster, usersAccessIndex, usersMaster } from '../db/schema/index.ts';
import type { Auth } from './auth.ts';
import { toWebHeaders } from './auth.ts';
import { forbidden, unauthorised } from './errors.ts';

export type UserRow = typeof usersMaster.$inferSelect;

/** The signed-in user acting on a request: the dealer row, its role and its feature flags. */
export interface Actor {
  user: UserRow;
  authId: string;
  sessionId: string;
  role: Role;
  features: Feature[];
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

/** Resolves the session cookie to the actor; flags are read on every request so a change applies at once. */
export async function loadActor(db: Database, auth: Auth, request: FastifyRequest): Promise<Actor | undefined> {
  const session = await auth.api.getSession({ headers: toWebHeaders(request) });
  if (!session) return undefined;
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

export function createAccessGuards(db: Database, auth: Auth) {
  async function requireActor(request: FastifyRequest): Promise<Actor> {
    if (request.actor) return request.actor;
    const actor = await loadActor(db, auth, request);
    if (!actor) throw unauthorised();
    request.actor = actor;
    return actor;
  }
  return {
    requireActor,
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
      if (!actor.features.includes(feature)) throw forbidden('Oops! Page Not Found or Access Denied');
    },
  };
}

export type AccessGuards = ReturnType<typeof createAccessGuards>;

/** The actor set by a guard; routes behind a guard can rely on it. */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw unauthorised();
  return request.actor;
}
