import { randomUUID } from 'node:crypto';
import {
  EMAIL_VERIFICATION_FAILED,
  EMAIL_VERIFIED,
  INCORRECT_PIN,
  PHONE_VERIFIED,
  VERIFICATION_EMAIL_SENT,
} from '@portal/domain/accounts/verification';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { untilLockWaiters } from '../../../test/lock-waits.ts';
import { lastLinkMailedTo, lastPinSentTo } from '../../../test/outbox-reader.ts';
import { createTestContext, TEST_ORIGIN, type TestContext } from '../../../test/test-app.ts';
import { authUser, usersMaster } from '../../db/schema/index.ts';
import { createUser } from '../../db/seed/factories.ts';
import { HOUR, MINUTE, SECOND } from '../../platform/clock.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

const PASSWORD = 'Secret123';
const post = (url: string, cookie: string | undefined, payload: Record<string, unknown> = {}) =>
  ctx.app.inject({
    method: 'POST',
    url,
    headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
    payload,
  });

async function unverifiedUser() {
  const user = await createUser(ctx.db, {
    password: PASSWORD,
    refsUserLifecycleStatusId: 1,
    emailVerified: false,
    phoneVerified: false,
  });
  return { user, cookie: await ctx.signIn(user.email!, PASSWORD) };
}

async function rowOf(id: number) {
  const [row] = await ctx.db.select().from(usersMaster).where(eq(usersMaster.id, id));
  return row!;
}

describe('e-mail verification', () => {
  it('e-mails a /verify-email/{verificationId} link that verifies the address once', async () => {
    const { user, cookie } = await unverifiedUser();
    const sent = await post('/api/accounts/verification-email', cookie);
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ message: VERIFICATION_EMAIL_SENT });
    const link = await lastLinkMailedTo(ctx.db, user.email!);
    const match = new RegExp(`^${TEST_ORIGIN}/verify-email/([0-9a-f-]{36})$`).exec(link);
    expect(match).not.toBeNull();

    const verified = await post('/api/accounts/verify-email', cookie, { verificationId: match![1] });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({ verified: true, message: EMAIL_VERIFIED });
    expect((await rowOf(user.id)).emailVerified).toBe(true);
    const [identity] = await ctx.db.select().from(authUser).where(eq(authUser.id, user.authId!));
    expect(identity!.emailVerified).toBe(true);

    const me = await ctx.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
    expect(me.json().user.emailVerified).toBe(true);
    // Already verified: success, whatever the id.
    const again = await post('/api/accounts/verify-email', cookie, { verificationId: randomUUID() });
    expect(again.json()).toEqual({ verified: true, message: EMAIL_VERIFIED });
  });

  it("refuses another user's link, an unknown id, a malformed id and an expired link", async () => {
    const first = await unverifiedUser();
    const second = await unverifiedUser();
    await post('/api/accounts/verification-email', first.cookie);
    const firstId = (await lastLinkMailedTo(ctx.db, first.user.email!)).split('/').pop()!;

    for (const verificationId of [firstId, randomUUID(), 'not-a-uuid']) {
      const response = await post('/api/accounts/verify-email', second.cookie, { verificationId });
      expect(response.statusCode, verificationId).toBe(400);
      expect(response.json().detail).toBe(EMAIL_VERIFICATION_FAILED);
    }
    expect((await rowOf(second.user.id)).emailVerified).toBe(false);

    // A day later (and signed in again: sessions end after 12 hours) the link has expired.
    ctx.clock.advance(24 * HOUR + SECOND);
    const fresh = await ctx.signIn(first.user.email!, PASSWORD);
    const expired = await post('/api/accounts/verify-email', fresh, { verificationId: firstId });
    expect(expired.statusCode).toBe(400);
    expect((await rowOf(first.user.id)).emailVerified).toBe(false);
  });

  it('refuses an old link once the address has changed', async () => {
    const { user, cookie } = await unverifiedUser();
    await post('/api/accounts/verification-email', cookie);
    const oldId = (await lastLinkMailedTo(ctx.db, user.email!)).split('/').pop()!;
    await ctx.db
      .update(usersMaster)
      .set({ email: `changed.${user.id}@example.test` })
      .where(eq(usersMaster.id, user.id));
    const response = await post('/api/accounts/verify-email', cookie, { verificationId: oldId });
    expect(response.statusCode).toBe(400);
  });

  it('sends at most 5 links an hour, also to requests racing each other (decision 074)', async () => {
    const { user, cookie } = await unverifiedUser();
    for (let i = 0; i < 4; i += 1) {
      expect((await post('/api/accounts/verification-email', cookie)).statusCode).toBe(200);
    }
    // The 5th holds its transaction open (its record written, its mail queued) until the 6th has
    // either answered or is waiting on a lock.
    const mailer = ctx.services.mailer;
    const original = mailer.send;
    let entered!: () => void;
    const inside = new Promise<void>((resolve) => {
      entered = resolve;
    });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let calls = 0;
    mailer.send = async (...args: Parameters<typeof original>) => {
      const sent = await original(...args);
      calls += 1;
      if (calls === 1) {
        entered();
        await gate;
      }
      return sent;
    };
    try {
      const fifth = post('/api/accounts/verification-email', cookie);
      await inside;
      let settled = false;
      const sixth = post('/api/accounts/verification-email', cookie).finally(() => {
        settled = true;
      });
      await untilLockWaiters(ctx.db, { answered: () => settled });
      release();
      expect([(await fifth).statusCode, (await sixth).statusCode]).toEqual([200, 429]);
    } finally {
      release();
      mailer.send = original;
    }
    const { rows } = await ctx.db.$client.query(
      `SELECT count(*)::int AS n FROM outbox_messages WHERE recipient = $1 AND subject = 'Verify your email address'`,
      [user.email],
    );
    expect(rows[0].n).toBe(5);
  });

  it('needs a session', async () => {
    expect((await post('/api/accounts/verification-email', undefined)).statusCode).toBe(401);
    expect((await post('/api/accounts/verify-email', undefined, { verificationId: randomUUID() })).statusCode).toBe(
      401,
    );
  });
});

describe('phone verification', () => {
  it('sends a pin to the own phone and verifies it', async () => {
    const { user, cookie } = await unverifiedUser();
    const sent = await post('/api/accounts/verify-phone/send-code', cookie);
    expect(sent.statusCode).toBe(200);
    const pin = await lastPinSentTo(ctx.db, user.phone!);

    const wrong = await post('/api/accounts/verify-phone', cookie, {
      code: String((Number(pin) + 1) % 1_000_000).padStart(6, '0'),
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'INCORRECT_PIN', detail: INCORRECT_PIN });
    expect((await rowOf(user.id)).phoneVerified).toBe(false);

    const right = await post('/api/accounts/verify-phone', cookie, { code: pin });
    expect(right.statusCode).toBe(200);
    expect(right.json()).toEqual({ verified: true, message: PHONE_VERIFIED });
    expect((await rowOf(user.id)).phoneVerified).toBe(true);
    const [identity] = await ctx.db.select().from(authUser).where(eq(authUser.id, user.authId!));
    expect(identity!.phoneNumberVerified).toBe(true);

    // Single use.
    expect((await post('/api/accounts/verify-phone', cookie, { code: pin })).statusCode).toBe(400);
  });

  it('gives the incorrect-pin message for a malformed code and an expired pin', async () => {
    const { user, cookie } = await unverifiedUser();
    const malformed = await post('/api/accounts/verify-phone', cookie, { code: '12' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().detail).toBe(INCORRECT_PIN);
    await post('/api/accounts/verify-phone/send-code', cookie);
    const pin = await lastPinSentTo(ctx.db, user.phone!);
    ctx.clock.advance(5 * MINUTE + SECOND);
    expect((await post('/api/accounts/verify-phone', cookie, { code: pin })).statusCode).toBe(400);
  });

  it('does not accept a sign-in pin as a verification pin', async () => {
    const { user, cookie } = await unverifiedUser();
    await post('/api/auth/phone-sign-in/send-code', undefined, { phone: user.phone });
    const pin = await lastPinSentTo(ctx.db, user.phone!);
    expect((await post('/api/accounts/verify-phone', cookie, { code: pin })).statusCode).toBe(400);
  });

  it('sends at most 3 pins per 15 minutes', async () => {
    const { cookie } = await unverifiedUser();
    for (let i = 0; i < 3; i++)
      expect((await post('/api/accounts/verify-phone/send-code', cookie)).statusCode).toBe(200);
    const refused = await post('/api/accounts/verify-phone/send-code', cookie);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('900');
    expect(refused.json()).toMatchObject({ code: 'TOO_MANY_CODES', retryAfterSeconds: 900 });
  });
});
