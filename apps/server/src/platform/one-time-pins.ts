import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { ONE_TIME_PIN } from '@portal/domain/accounts/limits';
import type { Database } from '../db/client.ts';
import { type Clock, HOUR, SECOND } from './clock.ts';
import { lockUntilCommit } from './locks.queries.ts';
import { findPinSendTimes, insertPin, retireLivePins, spendPinTry, usePin } from './one-time-pins.queries.ts';
import { findFailureLockUntil, insertFailure } from './sign-in-failures.queries.ts';
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
    const until = await findFailureLockUntil(db, {
      account: lockKey(phone),
      now,
      windowMs: WRONG_PIN_WINDOW_MS,
      lockMs: PIN_LOCK_MS,
      threshold: wrongPinsPerHour,
    });
    if (until && until > now) {
      throw new PinLockedError(Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000)));
    }
  }

  async function wrongPin(phone: string, now: Date): Promise<undefined> {
    await insertFailure(db, { account: lockKey(phone), clientIp: 'one-time-pin', failedAt: now });
    return undefined;
  }

  return {
    async send({ phone, purpose, authId }) {
      const pin = String(randomInt(0, 10 ** ONE_TIME_PIN.digits)).padStart(ONE_TIME_PIN.digits, '0');
      const now = clock.now();
      if (purpose === 'sign_in') await assertNotLocked(phone, now);
      await db.transaction(async (tx) => {
        await lockUntilCommit(tx, `one-time-pin:${phone}`);
        const recent = await findPinSendTimes(tx, phone, new Date(now.getTime() - SEND_WINDOW_MS));
        if (recent.length >= ONE_TIME_PIN.sendsPerWindow) {
          // The next send is allowed once the oldest of the last three leaves the window.
          const oldest = recent[recent.length - ONE_TIME_PIN.sendsPerWindow]!;
          const wait = oldest.getTime() + SEND_WINDOW_MS - now.getTime();
          throw new PinSendLimitError(Math.max(1, Math.ceil(wait / 1000)));
        }
        await retireLivePins(tx, phone, purpose, now);
        await insertPin(tx, {
          phone,
          purpose,
          authId,
          pinHash: digest(phone, purpose, pin),
          expiresAt: new Date(now.getTime() + LIVE_MS),
          createdAt: now,
        });
        // In the pin's transaction: a pin exists exactly when its SMS is on its way.
        await sms.send(
          {
            to: phone,
            text: `Your Dealer Portal one-time pin is ${pin}. It expires in ${ONE_TIME_PIN.liveSeconds / 60} minutes. Never share it with anyone.`,
            secrets: [pin],
          },
          tx,
        );
      });
    },

    async verify({ phone, purpose, code, authId }) {
      const now = clock.now();
      const signIn = purpose === 'sign_in';
      if (signIn) await assertNotLocked(phone, now);
      const pin = await spendPinTry(db, { phone, purpose, authId, now, tries: ONE_TIME_PIN.tries });
      const wrong = () => (signIn ? wrongPin(phone, now) : undefined);
      if (!pin || !/^\d+$/.test(code)) return wrong();
      const expected = Buffer.from(pin.pinHash, 'hex');
      const given = Buffer.from(digest(phone, purpose, code), 'hex');
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return wrong();
      return usePin(db, pin.id, now);
    },
  };
}
