import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { ONE_TIME_PIN } from '@portal/domain/accounts/limits';
import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { authSignInFailure, phoneVerificationIndex } from '../db/schema/index.ts';
import { type Clock, HOUR, SECOND } from './clock.ts';
import type { SmsSender } from './sms.ts';

// One-time pins for phone sign-in and phone verification (phone_verification_index): 6 random
// digits, live 5 minutes, 3 tries, single use, at most 3 sent per number per 15 minutes. Only an
// HMAC-SHA256 of the pin, keyed by the auth secret and bound to number and purpose, is stored.
// Only the number's latest pin of a purpose counts: sending a new one retires (expires) the others.
// Sign-in by pin also has a cumulative lock per number: every wrong pin (any submission that does
// not sign in) is recorded in auth_sign_in_failure under `pin:<number>`, across freshly requested
// pins; the 10th (PIN_WRONG_PER_HOUR) within an hour locks sign-in by pin for that number for an
// hour from then: no pin is checked or sent, and the answer says when to try again.

export type PinPurpose = 'sign_in' | 'verify';

const LIVE_MS = ONE_TIME_PIN.liveSeconds * SECOND;
const SEND_WINDOW_MS = ONE_TIME_PIN.sendWindowSeconds * SECOND;

/** A number asked for too many pins; `retryAfterSeconds` says when the next one may be sent. */
export class PinSendLimitError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('too many one-time pins requested');
    this.name = 'PinSendLimitError';
  }
}

/** Sign-in by pin is locked for the number after too many wrong pins; says when to try again. */
export class PinLockedError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('sign-in by one-time pin is locked for this number');
    this.name = 'PinLockedError';
  }
}

/** The wrong-pin lock: this many wrong sign-in pins of one number within an hour… */
export const DEFAULT_WRONG_PINS_PER_HOUR = 10;
/** …lock sign-in by pin for that number for this long from the last of them. */
const PIN_LOCK_MS = HOUR;
const WRONG_PIN_WINDOW_MS = HOUR;

export interface OneTimePins {
  /**
   * Makes a pin for the number and sends it by SMS; throws PinSendLimitError over the limit and,
   * for sign-in, PinLockedError while the number is locked by wrong pins.
   */
  send(input: { phone: string; purpose: PinPurpose; authId: string | null }): Promise<void>;
  /**
   * Spends one try on the number's latest pin and, when the code matches, uses it up (once, even
   * under concurrency). Answers the auth id the pin was made for, or undefined. For sign-in, a
   * wrong pin counts towards the number's lock, and a locked number throws PinLockedError.
   */
  verify(input: {
    phone: string;
    purpose: PinPurpose;
    code: string;
    authId?: string;
  }): Promise<{ authId: string | null } | undefined>;
}

export function createOneTimePins(options: {
  db: Database;
  secret: string;
  clock: Clock;
  sms: SmsSender;
  /** Wrong sign-in pins of one number within an hour that lock it for an hour (default 10). */
  wrongPinsPerHour?: number;
}): OneTimePins {
  const { db, secret, clock, sms } = options;
  const wrongPinsPerHour = options.wrongPinsPerHour ?? DEFAULT_WRONG_PINS_PER_HOUR;
  const digest = (phone: string, purpose: PinPurpose, pin: string) =>
    createHmac('sha256', secret).update(`one-time-pin:${purpose}:${phone}:${pin}`).digest('hex');
  const lockKey = (phone: string) => `pin:${phone}`;

  /** Throws PinLockedError while the number is locked for sign-in by pin. */
  async function assertNotLocked(phone: string, now: Date): Promise<void> {
    // Locked until an hour after the latest wrong pin that was at least the 10th within the hour
    // before it (the same window query as the e-mail sign-in pairs, platform/sign-in-limits.ts).
    const result = await db.execute<{ locked_until: Date | string | null }>(sql`
      select max(failed_at) + make_interval(secs => ${PIN_LOCK_MS / 1000}) as locked_until
      from (
        select failed_at,
               count(*) over (
                 order by failed_at
                 range between make_interval(secs => ${WRONG_PIN_WINDOW_MS / 1000}) preceding and current row
               ) as n
        from auth_sign_in_failure
        where account = ${lockKey(phone)}
          and failed_at > ${new Date(now.getTime() - WRONG_PIN_WINDOW_MS - PIN_LOCK_MS)}
      ) recent
      where n >= ${wrongPinsPerHour}`);
    const value = result.rows[0]?.locked_until;
    const until = value ? new Date(value) : undefined;
    if (until && until > now) {
      throw new PinLockedError(Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000)));
    }
  }

  async function wrongPin(phone: string, now: Date): Promise<undefined> {
    await db.insert(authSignInFailure).values({ account: lockKey(phone), clientIp: 'one-time-pin', failedAt: now });
    return undefined;
  }

  return {
    async send({ phone, purpose, authId }) {
      const pin = String(randomInt(0, 10 ** ONE_TIME_PIN.digits)).padStart(ONE_TIME_PIN.digits, '0');
      const now = clock.now();
      if (purpose === 'sign_in') await assertNotLocked(phone, now);
      await db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`one-time-pin:${phone}`}, 0))`);
        const recent = await tx
          .select({ createdAt: phoneVerificationIndex.createdAt })
          .from(phoneVerificationIndex)
          .where(
            and(
              eq(phoneVerificationIndex.phone, phone),
              gt(phoneVerificationIndex.createdAt, new Date(now.getTime() - SEND_WINDOW_MS)),
            ),
          )
          .orderBy(asc(phoneVerificationIndex.createdAt));
        if (recent.length >= ONE_TIME_PIN.sendsPerWindow) {
          // The next send is allowed once the oldest of the last three leaves the window.
          const oldest = recent[recent.length - ONE_TIME_PIN.sendsPerWindow]!.createdAt;
          const wait = oldest.getTime() + SEND_WINDOW_MS - now.getTime();
          throw new PinSendLimitError(Math.max(1, Math.ceil(wait / 1000)));
        }
        // A new pin retires the number's earlier live pins of the same purpose.
        await tx
          .update(phoneVerificationIndex)
          .set({ expiresAt: now })
          .where(
            and(
              eq(phoneVerificationIndex.phone, phone),
              eq(phoneVerificationIndex.purpose, purpose),
              isNull(phoneVerificationIndex.usedAt),
              gt(phoneVerificationIndex.expiresAt, now),
            ),
          );
        await tx.insert(phoneVerificationIndex).values({
          phone,
          purpose,
          authId,
          pinHash: digest(phone, purpose, pin),
          expiresAt: new Date(now.getTime() + LIVE_MS),
          createdAt: now,
        });
      });
      await sms.send({
        to: phone,
        text: `Your Dealer Portal one-time pin is ${pin}. It expires in ${ONE_TIME_PIN.liveSeconds / 60} minutes. Never share it with anyone.`,
        secrets: [pin],
      });
    },

    async verify({ phone, purpose, code, authId }) {
      const now = clock.now();
      const signIn = purpose === 'sign_in';
      if (signIn) await assertNotLocked(phone, now);
      // One statement: the latest pin, if still alive, gives up one of its tries before the code is
      // compared, so parallel guesses cannot get more than three comparisons.
      const owner = authId === undefined ? sql`true` : sql`auth_id = ${authId}`;
      const spent = await db.execute<{ id: string; pin_hash: string; auth_id: string | null }>(sql`
        update phone_verification_index set attempts = attempts + 1
        where id = (
          select id from phone_verification_index
          where phone = ${phone} and purpose = ${purpose} and ${owner}
            and used_at is null and expires_at > ${now}
          order by created_at desc, id desc limit 1
        )
          and attempts < ${ONE_TIME_PIN.tries} and used_at is null and expires_at > ${now}
        returning id, pin_hash, auth_id`);
      const pin = spent.rows[0];
      const wrong = () => (signIn ? wrongPin(phone, now) : undefined);
      if (!pin || !/^\d+$/.test(code)) return wrong();
      const expected = Buffer.from(pin.pin_hash, 'hex');
      const given = Buffer.from(digest(phone, purpose, code), 'hex');
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return wrong();
      const used = await db.execute<{ auth_id: string | null }>(sql`
        update phone_verification_index set used_at = ${now}
        where id = ${pin.id} and used_at is null and expires_at > ${now}
        returning auth_id`);
      const row = used.rows[0];
      return row ? { authId: row.auth_id } : undefined;
    },
  };
}
