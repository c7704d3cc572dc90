import type { Action, Subject } from '@portal/domain/access/permissions';
import { knownFeatures } from '@portal/domain/accounts/me';
import { LIFECYCLE, waitingState } from '@portal/domain/accounts/waiting';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database, SqlFragment } from '../db/client.ts';
import { prepareSessionActorQuery } from './actor.queries.ts';
import { type Actor, roleOf, type UserRow } from './actor.ts';
import type { Auth } from './auth.ts';
import { forbidden, unauthorised } from './errors.ts';
import { assertActorCan } from './permissions.ts';
import { createSessionCookieReader } from './session-cookie.ts';
import { type SessionPolicy, sessionLeftMs } from './sessions.ts';

/** The page a waiting user or a user without a flag would see instead (spec 1 §2.2). */
export const ACCESS_DENIED = 'Oops! Page Not Found or Access Denied';

export { type Actor, roleOf, type UserRow } from './actor.ts';

declare module 'fastify' {
  interface FastifyRequest {
    actor?: Actor;
    /** A route's fact read in the actor's own statement (decision 044), under the fact's name. */
    actorFacts?: Record<string, unknown>;
  }
}

/**
 * A fact a route reads in the actor's own statement instead of in a round trip of its own
 * (decision 044). `sql` names the user as `users_master.id` and may hold placeholders
 * (`sql.placeholder`) that `params` fill. It is read before any permission check, so the route
 * must check before it answers with it, and falls back to its own query when the fact is missing
 * (the actor was loaded earlier without it, or the fact gave null).
 */
export interface ActorFact {
  /** Names the prepared statement: one per fact, unique in the app. */
  readonly name: string;
  readonly sql: SqlFragment;
}

/** A fact asked for with the values of its placeholders. */
export interface ActorFactRequest {
  fact: ActorFact;
  params: Record<string, unknown>;
}

/** How the waiting check learns a user's university status (the university module supplies it). */
export interface UniversityStatusSource {
  /** A JSON value of facts about the user `users_master.id`, read in the actor's own statement. */
  factsSql: SqlFragment;
  /** The status code (102 / 101 / 0 / -1) from those facts. */
  statusFrom(user: UserRow, facts: unknown): number;
  /** The status code by a query of its own, for an actor loaded without the facts. */
  statusOf(user: UserRow): Promise<number>;
}

export interface AccessOptions {
  /** Session rules (idle and absolute expiry, last seen); without them the session's expiry alone applies. */
  sessions?: SessionPolicy;
  /** The university status of a user, for the waiting state; without it the status is not known. */
  university?: UniversityStatusSource;
}

/**
 * Resolves the session cookie to the actor in one statement (session, user, flags and, when asked,
 * university facts; docs/decisions/009). Flags are read on every request so a change applies at once. With the
 * session rules, an idle or too old session is ended here (deleted: 401 from now on).
 */
export function createActorLoader(db: Database, auth: Auth, options: AccessOptions = {}) {
  const readToken = createSessionCookieReader(auth);
  const { sessions, university } = options;
  // The university facts cost a subquery per training module, so they are read only for the
  // requests that need the status (the waiting check and /api/me).
  const findSessionActor = prepareSessionActorQuery(db);
  const findSessionActorWithFacts = university ? prepareSessionActorQuery(db, university.factsSql) : findSessionActor;
  // One prepared statement per route fact, with and without the university facts.
  const withRouteFact = new Map<string, ReturnType<typeof prepareSessionActorQuery>>();
  const findWithRouteFact = (fact: ActorFact, withUniversity: boolean) => {
    const name = withUniversity && university ? `${fact.name}_with_facts` : fact.name;
    const known = withRouteFact.get(name);
    if (known) return known;
    const find = prepareSessionActorQuery(db, withUniversity ? university?.factsSql : undefined, name, fact.sql);
    withRouteFact.set(name, find);
    return find;
  };
  /**
   * The actor of the request; `withUniversity` reads the university facts with it, `routeFact` a
   * route's fact, left in `request.actorFacts`.
   */
  return async (
    request: FastifyRequest,
    withUniversity = false,
    routeFact?: ActorFactRequest,
  ): Promise<Actor | undefined> => {
    const token = await readToken(request.headers.cookie);
    if (!token) return undefined;
    const now = sessions?.clock.now() ?? new Date();
    const found = routeFact
      ? await findWithRouteFact(routeFact.fact, withUniversity)(token, now, routeFact.params)
      : await (withUniversity ? findSessionActorWithFacts : findSessionActor)(token, now);
    if (!found) return undefined;
    if (sessions && !(await sessions.admit(found.session))) return undefined;
    // An admin's role and flags last only while they are active (decision 058): a leaver, a deleted
    // or a pending admin keeps the session a waiting user keeps, and a dealer's powers, not an
    // admin's. Every check, whether it asks `can` or reads `isAdmin`, then sees a dealer.
    const demoted = found.user.isAdmin && found.user.refsUserLifecycleStatusId !== LIFECYCLE.active;
    const user = demoted ? { ...found.user, isAdmin: false } : found.user;
    const features = demoted ? [] : knownFeatures(found.features);
    const actor: Actor = {
      user,
      authId: found.session.userId,
      sessionId: found.session.id,
      role: roleOf(user),
      features,
    };
    if (sessions) actor.sessionLeftMs = sessionLeftMs(found.session, now);
    if (university && withUniversity) {
      try {
        actor.universityStatus = university.statusFrom(user, found.extra);
      } catch {
        actor.universityStatus = -1;
      }
    }
    if (routeFact && found.fact !== null && found.fact !== undefined) {
      request.actorFacts = { ...request.actorFacts, [routeFact.fact.name]: found.fact };
    }
    return actor;
  };
}

/**
 * What a user holding a temporary password (given by the wizard or an admin) may do before they
 * choose their own: read who they are, change the password, and keep the page's event stream.
 */
const WITH_TEMPORARY_PASSWORD = new Set(['GET /api/me', 'POST /api/accounts/password', 'GET /api/events']);

export const PASSWORD_CHANGE_REQUIRED = 'Please choose a new password before you continue.';

export function createAccessGuards(db: Database, auth: Auth, options: AccessOptions = {}) {
  const loadActor = createActorLoader(db, auth, options);
  /**
   * The actor of the request, loaded once; `withUniversity` reads the university status with it,
   * `routeFact` a route's fact (read it back with `factOf`).
   */
  async function requireActor(
    request: FastifyRequest,
    withUniversity = false,
    routeFact?: ActorFactRequest,
  ): Promise<Actor> {
    if (request.actor) return request.actor;
    const actor = await loadActor(request, withUniversity, routeFact);
    if (!actor) throw unauthorised();
    if (actor.user.tempPw && !WITH_TEMPORARY_PASSWORD.has(`${request.method} ${request.routeOptions.url}`)) {
      throw forbidden(PASSWORD_CHANGE_REQUIRED, 'PASSWORD_CHANGE_REQUIRED');
    }
    request.actor = actor;
    return actor;
  }
  /**
   * The university status, read with the actor when a guard asked for it, else by a query of its
   * own (once per request); -1 when it cannot be worked out, undefined without a university source.
   */
  async function universityStatusOf(actor: Actor): Promise<number | undefined> {
    if (actor.universityStatus !== undefined || !options.university) return actor.universityStatus;
    try {
      actor.universityStatus = await options.university.statusOf(actor.user);
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
    /** preHandler: any signed-in user, with the university status read in the same statement. */
    signedInWithUniversity: async (request: FastifyRequest, _reply: FastifyReply) => {
      await requireActor(request, true);
    },
    /**
     * preHandler: the actor may do `action` on `subject` for someone (packages/domain's `can`);
     * a rule about one person is checked again on that person by the service.
     */
    allowed:
      (action: Action, subject: Subject, message = ACCESS_DENIED) =>
      async (request: FastifyRequest, _reply: FastifyReply) => {
        assertActorCan(await requireActor(request), action, subject, message);
      },
    /**
     * preHandler: users not in the waiting state (spec 1 §2.2: approvals, user creation and the
     * selling routes). Waiting users see only home, university and profile.
     */
    notWaiting: async (request: FastifyRequest, _reply: FastifyReply) => {
      const actor = await requireActor(request, true);
      if ((await waitingOf(actor)).isWaiting) throw forbidden(ACCESS_DENIED, 'WAITING');
    },
    /**
     * preHandler: `notWaiting`, reading the route's fact (asked for from the validated request) in
     * the actor's statement (decision 044); the handler reads it back with `factOf` after its checks.
     */
    notWaitingWith:
      (factFor: (request: FastifyRequest) => ActorFactRequest) =>
      async (request: FastifyRequest, _reply: FastifyReply) => {
        const actor = await requireActor(request, true, factFor(request));
        if ((await waitingOf(actor)).isWaiting) throw forbidden(ACCESS_DENIED, 'WAITING');
      },
  };
}

export type AccessGuards = ReturnType<typeof createAccessGuards>;

/** A route's fact read with the actor (decision 044), or undefined: the route then queries it itself. */
export function factOf(request: FastifyRequest, fact: ActorFact): unknown {
  return request.actorFacts?.[fact.name];
}

/** The actor set by a guard; routes behind a guard can rely on it. */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw unauthorised();
  return request.actor;
}
