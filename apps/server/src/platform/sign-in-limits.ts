import { SIGN_IN_LIMITS } from '@portal/domain/accounts/limits';
import type { Database } from '../db/client.ts';
import { type Clock, HOUR, SECOND } from './clock.ts';
import { lockUntilCommit } from './locks.queries.ts';
import {
  deleteFailure,
  deleteFailuresBefore,
  deletePairFailures,
  findFailureLockUntil,
  findNthRecentFailure,
  insertFailure,
} from './sign-in-failures.queries.ts';

// Failed e-mail sign-ins, in every mode (better-auth's own limiter counts requests per address,
// not failures per account). The Fastify auth route asks `reserve` before handing a sign-in to
// better-auth and reports the outcome afterwards:
// - 5 failures of one account from one client address within 15 minutes lock that pair for
//   15 minutes from the 5th failure;
// - 100 failures of one account within an hour, from any addresses, lock the account until the
//   oldest of them is an hour old.
// A reservation is written as a failure before the attempt (in a transaction holding a lock on the
// account), so parallel attempts cannot slip past the count; a success deletes the pair's rows and
// an answer that is neither success nor wrong credentials (e.g. a malformed body) takes it back.

const PAIR_WINDOW_MS = SIGN_IN_LIMITS.pairWindowSeconds * SECOND;
const PAIR_LOCK_MS = SIGN_IN_LIMITS.pairLockSeconds * SECOND;
const ACCOUNT_WINDOW_MS = HOUR;
/** Rows older than this can no longer count for anything. */
const KEEP_MS = 2 * HOUR;

export type SignInReservation =
  | { allowed: true; id: number; account: string; clientIp: string }
  | { allowed: false; retryAfterSeconds: number };

export interface SignInLimiter {
  /** Checks the limits for the pair and, when allowed, records the attempt as a failure. */
  reserve(account: string, clientIp: string): Promise<SignInReservation>;
  /** The attempt failed on its credentials: the reserved failure stays. */
  failed(reservation: SignInReservation): Promise<void>;
  /** Signed in: the pair starts afresh. */
  succeeded(reservation: SignInReservation): Promise<void>;
  /** Neither (bad request, another limit, server error): the reservation is taken back. */
  release(reservation: SignInReservation): Promise<void>;
}

export function accountKey(email: string): string {
  return email.trim().toLowerCase();
}

export function createSignInLimiter(options: { db: Database; clock: Clock }): SignInLimiter {
  const { db, clock } = options;
  let lastPurge = 0;

  async function purge(now: Date): Promise<void> {
    if (now.getTime() - lastPurge < 60 * SECOND) return;
    lastPurge = now.getTime();
    await deleteFailuresBefore(db, new Date(now.getTime() - KEEP_MS));
  }

  return {
    async reserve(rawAccount, clientIp) {
      const account = accountKey(rawAccount);
      const now = clock.now();
      await purge(now);
      return db.transaction(async (tx) => {
        await lockUntilCommit(tx, `sign-in:${account}`);
        // The pair is locked until 15 minutes after the latest failure that was at least the 5th
        // within the 15 minutes before it.
        const lockedUntil = await findFailureLockUntil(tx, {
          account,
          clientIp,
          now,
          windowMs: PAIR_WINDOW_MS,
          lockMs: PAIR_LOCK_MS,
          threshold: SIGN_IN_LIMITS.pairFailures,
        });
        if (lockedUntil && lockedUntil > now) {
          return { allowed: false as const, retryAfterSeconds: secondsUntil(lockedUntil, now) };
        }
        // The account: the 100th most recent failure within the hour, if there is one, keeps it
        // locked until it is an hour old.
        const hundredth = await findNthRecentFailure(
          tx,
          account,
          new Date(now.getTime() - ACCOUNT_WINDOW_MS),
          SIGN_IN_LIMITS.accountFailuresPerHour,
        );
        if (hundredth) {
          const until = new Date(hundredth.getTime() + ACCOUNT_WINDOW_MS);
          if (until > now) return { allowed: false as const, retryAfterSeconds: secondsUntil(until, now) };
        }
        const id = await insertFailure(tx, { account, clientIp, failedAt: now });
        return { allowed: true as const, id, account, clientIp };
      });
    },
    async failed() {},
    async succeeded(reservation) {
      if (!reservation.allowed) return;
      await deletePairFailures(db, reservation.account, reservation.clientIp);
    },
    async release(reservation) {
      if (!reservation.allowed) return;
      await deleteFailure(db, reservation.id);
    },
  };
}

function secondsUntil(until: Date, now: Date): number {
  return Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
}
