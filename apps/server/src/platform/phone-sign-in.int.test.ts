import { INCORRECT_PIN } from '@portal/domain/accounts/verification';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastPinSentTo } from '../../test/outbox-reader.ts';
import { createTestContext, sessionCookie, TEST_ORIGIN, type TestContext } from '../../test/test-app.ts';
import { authSession, authUser, phoneVerificationIndex, usersMaster } from '../db/schema/index.ts';
import { createUser } from '../db/seed/factories.ts';
import { MINUTE, SECOND } from './clock.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

function post(url: string, payload: Record<string, unknown>, headers: Record<string, string> = {}) {
  return ctx.app.inject({ method: 'POST', url, headers: { origin: TEST_ORIGIN, ...headers }, payload });
}
const sendCode = (phone: string) => post('/api/auth/phone-sign-in/send-code', { phone });
const verify = (phone: string, code: string, rememberMe?: boolean) =>
  post('/api/auth/phone-sign-in/verify', { phone, code, ...(rememberMe === undefined ? {} : { rememberMe }) });

/** A pin that is certainly not the one sent. */
const wrongPin = (pin: string) => String((Number(pin) + 1) % 1_000_000).padStart(6, '0');

async function sessionsOf(authId: string) {
  const [row] = await ctx.db.select({ n: count() }).from(authSession).where(eq(authSession.userId, authId));
  return row?.n ?? 0;
}

describe('phone sign-in (better-auth plugin)', () => {
  it("answers 'Number not found' for an unknown number and never creates a user", async () => {
    const before = await ctx.db.select({ n: count() }).from(authUser);
    const response = await sendCode('+27829999999');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'NUMBER_NOT_FOUND', message: 'Number not found' });
    const guessed = await verify('+27829999999', '123456');
    expect(guessed.statusCode).toBe(400);
    expect(guessed.json().message).toBe(INCORRECT_PIN);
    const after = await ctx.db.select({ n: count() }).from(authUser);
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('refuses a badly formatted number with the format message', async () => {
    const response = await sendCode('0821234567');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Phone number must start with +27 and be followed by 9 digits');
  });

  it('sends a 6-digit pin by SMS, stores only a keyed hash of it, and signs in with it', async () => {
    const user = await createUser(ctx.db);
    const sent = await sendCode(user.phone!);
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ sent: true });
    const pin = await lastPinSentTo(ctx.db, user.phone!);
    expect(pin).toMatch(/^\d{6}$/);

    const [stored] = await ctx.db
      .select()
      .from(phoneVerificationIndex)
      .where(eq(phoneVerificationIndex.phone, user.phone!));
    expect(stored!.purpose).toBe('sign_in');
    expect(stored!.pinHash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored!.pinHash).not.toContain(pin);
    expect(stored!.expiresAt.getTime() - stored!.createdAt.getTime()).toBe(5 * MINUTE);

    const response = await verify(user.phone!, pin);
    expect(response.statusCode).toBe(200);
    expect(response.json().token).toBeUndefined();
    const cookie = sessionCookie(response);
    const setCookie = ([] as string[]).concat(response.headers['set-cookie'] ?? []).join('\n');
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    const me = await ctx.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
    expect(me.statusCode).toBe(200);
    expect(me.json().user.id).toBe(user.id);
  });

  it('uses a pin once only', async () => {
    const user = await createUser(ctx.db);
    await sendCode(user.phone!);
    const pin = await lastPinSentTo(ctx.db, user.phone!);
    expect((await verify(user.phone!, pin)).statusCode).toBe(200);
    const again = await verify(user.phone!, pin);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'INCORRECT_PIN', message: INCORRECT_PIN });
  });

  it('lets a pin expire after 5 minutes', async () => {
    const user = await createUser(ctx.db);
    await sendCode(user.phone!);
    const pin = await lastPinSentTo(ctx.db, user.phone!);
    ctx.clock.advance(5 * MINUTE + SECOND);
    const response = await verify(user.phone!, pin);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(INCORRECT_PIN);
  });

  it('still takes a pin just before 5 minutes are up', async () => {
    const user = await createUser(ctx.db);
    await sendCode(user.phone!);
    const pin = await lastPinSentTo(ctx.db, user.phone!);
    ctx.clock.advance(5 * MINUTE - SECOND);
    expect((await verify(user.phone!, pin)).statusCode).toBe(200);
  });

  it('kills a pin after 3 tries, even when the right one comes next', async () => {
    const user = await createUser(ctx.db);
    await sendCode(user.phone!);
    const pin = await lastPinSentTo(ctx.db, user.phone!);
    for (let i = 0; i < 3; i++) {
      const wrong = await verify(user.phone!, wrongPin(pin));
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().message).toBe(INCORRECT_PIN);
    }
    expect((await verify(user.phone!, pin)).statusCode).toBe(400);
    expect(await sessionsOf(user.authId!)).toBe(0);
  });

  it('accepts the right pin on the third try', async () => {
    const user = await createUser(ctx.db);
    await sendCode(user.phone!);
    const pin = await lastPinSentTo(ctx.db, user.phone!);
    await verify(user.phone!, wrongPin(pin));
    await verify(user.phone!, wrongPin(pin));
    expect((await verify(user.phone!, pin)).statusCode).toBe(200);
  });

  it('gives exactly one session for 50 parallel submissions of one correct pin', async () => {
    const user = await createUser(ctx.db);
    await sendCode(user.phone!);
    const pin = await lastPinSentTo(ctx.db, user.phone!);
    const responses = await Promise.all(Array.from({ length: 50 }, () => verify(user.phone!, pin)));
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 400)).toHaveLength(49);
    expect(await sessionsOf(user.authId!)).toBe(1);
  });

  it('only the latest pin counts once a new one was sent', async () => {
    const user = await createUser(ctx.db);
    await sendCode(user.phone!);
    const first = await lastPinSentTo(ctx.db, user.phone!);
    await sendCode(user.phone!);
    const second = await lastPinSentTo(ctx.db, user.phone!);
    if (first !== second) expect((await verify(user.phone!, first)).statusCode).toBe(400);
    expect((await verify(user.phone!, second)).statusCode).toBe(200);
  });

  it('refuses a 4th send within 15 minutes with when to try again, then allows it', async () => {
    const user = await createUser(ctx.db);
    for (let i = 0; i < 3; i++) {
      expect((await sendCode(user.phone!)).statusCode).toBe(200);
      ctx.clock.advance(MINUTE);
    }
    const refused = await sendCode(user.phone!);
    expect(refused.statusCode).toBe(429);
    // The first of the three was sent 3 minutes ago: 12 minutes to go.
    expect(refused.json()).toMatchObject({
      code: 'TOO_MANY_CODES',
      retryAfterSeconds: 12 * 60,
      message: 'Too many one-time pins requested for this number. Try again in 12 minutes.',
    });
    expect(refused.headers['retry-after']).toBe(String(12 * 60));
    ctx.clock.advance(12 * MINUTE + SECOND);
    expect((await sendCode(user.phone!)).statusCode).toBe(200);
  });

  it('holds the send limit under concurrency', async () => {
    const user = await createUser(ctx.db);
    const responses = await Promise.all(Array.from({ length: 8 }, () => sendCode(user.phone!)));
    expect(responses.filter((response) => response.statusCode === 200)).toHaveLength(3);
    expect(responses.filter((response) => response.statusCode === 429)).toHaveLength(5);
  });

  it('remembers "keep me signed in" on the session (a browser-session cookie without it)', async () => {
    const user = await createUser(ctx.db);
    await sendCode(user.phone!);
    const response = await verify(user.phone!, await lastPinSentTo(ctx.db, user.phone!), false);
    expect(response.statusCode).toBe(200);
    const [session] = await ctx.db.select().from(authSession).where(eq(authSession.userId, user.authId!));
    expect(session!.rememberMe).toBe(false);
    const token = ([] as string[])
      .concat(response.headers['set-cookie'] ?? [])
      .find((cookie) => cookie.includes('session_token='))!;
    expect(token).not.toMatch(/Max-Age/i);

    await sendCode(user.phone!);
    const remembered = await verify(user.phone!, await lastPinSentTo(ctx.db, user.phone!), true);
    const rows = await ctx.db.select().from(authSession).where(eq(authSession.userId, user.authId!));
    expect(rows.map((row) => row.rememberMe).sort()).toEqual([false, true]);
    const persistent = ([] as string[])
      .concat(remembered.headers['set-cookie'] ?? [])
      .find((cookie) => cookie.includes('session_token='))!;
    expect(persistent).toMatch(/Max-Age=43200/i);
  });

  it('does not sign in a number whose dealer has no sign-in identity', async () => {
    const user = await createUser(ctx.db, { withoutLogin: true });
    expect((await sendCode(user.phone!)).statusCode).toBe(404);
    const [row] = await ctx.db.select().from(usersMaster).where(eq(usersMaster.id, user.id));
    expect(row!.authId).toBeNull();
  });
});
