import { SESSION_LIMITS } from '@portal/domain/accounts/limits';
import type { Database } from '../db/client.ts';
import { type Clock, HOUR, MINUTE } from './clock.ts';
import { deleteSession, touchSession } from './sessions.queries.ts';

// Session rules on top of better-auth (docs/decisions/003): a session ends 12 hours after sign-in
// whatever happens (better-auth's sliding refresh is off and its expiry is capped at 12 hours),
// and after 30 minutes without a request when the user did not tick "keep me signed in". Every
// request that resolves a session passes here: the actor loader for our routes and the auth route
// for better-auth's own endpoints. An ended session is deleted, so the cookie stops working
// everywhere at once and live streams hear `session.ended`.

export const ABSOLUTE_MS = SESSION_LIMITS.absoluteHours * HOUR;
export const IDLE_MS = SESSION_LIMITS.idleMinutes * MINUTE;
/** last_seen_at is written at most this often per session. */
export const LAST_SEEN_EVERY_MS = MINUTE;

export interface SessionFacts {
  id: string;
  createdAt: Date;
  rememberMe?: boolean | null;
  lastSeenAt?: Date | string | null;
}

export type SessionVerdict = 'active' | 'expired' | 'idle';

/** The rule alone, for a session at `now`. */
export function sessionVerdict(session: SessionFacts, now: Date): SessionVerdict {
  const created = new Date(session.createdAt).getTime();
  if (now.getTime() - created >= ABSOLUTE_MS) return 'expired';
  const lastSeen = session.lastSeenAt ? new Date(session.lastSeenAt).getTime() : created;
  if (session.rememberMe === false && now.getTime() - lastSeen >= IDLE_MS) return 'idle';
  return 'active';
}

/**
 * How long the session has at most from `now`, when a request at `now` was just admitted (so
 * counted as activity): to its absolute end, or to the end of its idle time when not remembered.
 * A stream, one long request, ends then; its reconnect is admitted again or refused.
 */
export function sessionLeftMs(session: SessionFacts, now: Date): number {
  const absolute = new Date(session.createdAt).getTime() + ABSOLUTE_MS - now.getTime();
  if (session.rememberMe !== false) return absolute;
  const seen = session.lastSeenAt ? new Date(session.lastSeenAt).getTime() : 0;
  // admit() writes this request as the last activity unless one was written within the minute.
  const lastSeen = now.getTime() - seen >= LAST_SEEN_EVERY_MS ? now.getTime() : seen;
  return Math.min(absolute, lastSeen + IDLE_MS - now.getTime());
}

export interface SessionPolicy {
  readonly clock: Clock;
  /**
   * Applies the rules to a session just read: deletes it and answers false when it has ended,
   * else notes the request as activity (at most once a minute) and answers true.
   */
  admit(session: SessionFacts): Promise<boolean>;
  /** Values for a session being created (better-auth's create hook). */
  creation(options: { rememberMe: boolean; signedInAt?: Date }): {
    rememberMe: boolean;
    createdAt: Date;
    lastSeenAt: Date;
    expiresAt: Date;
  };
}

export function createSessionPolicy(options: { db: Database; clock: Clock }): SessionPolicy {
  const { db, clock } = options;
  return {
    clock,
    async admit(session) {
      const now = clock.now();
      if (sessionVerdict(session, now) !== 'active') {
        await deleteSession(db, session.id);
        return false;
      }
      const lastSeen = session.lastSeenAt ? new Date(session.lastSeenAt).getTime() : 0;
      if (now.getTime() - lastSeen >= LAST_SEEN_EVERY_MS) {
        const threshold = new Date(now.getTime() - LAST_SEEN_EVERY_MS);
        await touchSession(db, session.id, now, threshold);
      }
      return true;
    },
    creation({ rememberMe, signedInAt }) {
      const now = clock.now();
      const createdAt = signedInAt ?? now;
      return { rememberMe, createdAt, lastSeenAt: now, expiresAt: new Date(createdAt.getTime() + ABSOLUTE_MS) };
    },
  };
}
