import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, TEST_ORIGIN, type TestContext } from '../../test/test-app.ts';
import { authSession } from '../db/schema/index.ts';
import { createUser } from '../db/seed/factories.ts';
import { HOUR, MINUTE, SECOND } from './clock.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

const PASSWORD = 'Secret123';

const me = (cookie: string) => ctx.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
const getSession = (cookie: string) =>
  ctx.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie } });

async function sessionRows(authId: string) {
  return ctx.db.select().from(authSession).where(eq(authSession.userId, authId));
}

describe('session lifetime', () => {
  it('ends a session after 30 minutes idle when "keep me signed in" was not ticked', async () => {
    const user = await createUser(ctx.db, { password: PASSWORD });
    const cookie = await ctx.signIn(user.email!, PASSWORD, { rememberMe: false });
    ctx.clock.advance(29 * MINUTE);
    expect((await me(cookie)).statusCode).toBe(200);
    // Activity moves the idle clock: 58 minutes after sign-in, 29 since the last request.
    ctx.clock.advance(29 * MINUTE);
    expect((await me(cookie)).statusCode).toBe(200);
    ctx.clock.advance(30 * MINUTE);
    expect((await me(cookie)).statusCode).toBe(401);
    expect(await sessionRows(user.authId!)).toHaveLength(0);
  });

  it('does not end a remembered session for being idle', async () => {
    const user = await createUser(ctx.db, { password: PASSWORD });
    const cookie = await ctx.signIn(user.email!, PASSWORD, { rememberMe: true });
    ctx.clock.advance(3 * HOUR);
    expect((await me(cookie)).statusCode).toBe(200);
  });

  it('treats a sign-in without the option as remembered (better-auth default)', async () => {
    const user = await createUser(ctx.db, { password: PASSWORD });
    const cookie = await ctx.signIn(user.email!, PASSWORD);
    const [row] = await sessionRows(user.authId!);
    expect(row!.rememberMe).toBe(true);
    ctx.clock.advance(2 * HOUR);
    expect((await me(cookie)).statusCode).toBe(200);
  });

  it('ends every session 12 hours after sign-in, however active, and never slides', async () => {
    const user = await createUser(ctx.db, { password: PASSWORD });
    const cookie = await ctx.signIn(user.email!, PASSWORD, { rememberMe: true });
    const [created] = await sessionRows(user.authId!);
    expect(created!.expiresAt.getTime() - created!.createdAt.getTime()).toBe(12 * HOUR);
    for (let hour = 0; hour < 11; hour++) {
      ctx.clock.advance(HOUR);
      expect((await me(cookie)).statusCode).toBe(200);
      expect((await getSession(cookie)).json()?.user?.id).toBe(user.authId);
    }
    ctx.clock.advance(59 * MINUTE);
    expect((await me(cookie)).statusCode).toBe(200);
    const [still] = await sessionRows(user.authId!);
    expect(still!.expiresAt.getTime()).toBe(created!.expiresAt.getTime());
    ctx.clock.advance(MINUTE);
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it('caps a not-remembered session at 12 hours too (better-auth alone would give it a day)', async () => {
    const user = await createUser(ctx.db, { password: PASSWORD });
    await ctx.signIn(user.email!, PASSWORD, { rememberMe: false });
    const [row] = await sessionRows(user.authId!);
    expect(row!.rememberMe).toBe(false);
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(12 * HOUR);
  });

  it("applies the rules to better-auth's own endpoints as well", async () => {
    const user = await createUser(ctx.db, { password: PASSWORD });
    const cookie = await ctx.signIn(user.email!, PASSWORD, { rememberMe: false });
    expect((await getSession(cookie)).json()?.user?.id).toBe(user.authId);
    ctx.clock.advance(31 * MINUTE);
    const response = await getSession(cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toBeNull();
    const change = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: { cookie, origin: TEST_ORIGIN },
      payload: { currentPassword: PASSWORD, newPassword: 'Another123' },
    });
    expect(change.statusCode).toBe(401);
  });

  it('notes the last request at most once a minute', async () => {
    const user = await createUser(ctx.db, { password: PASSWORD });
    const cookie = await ctx.signIn(user.email!, PASSWORD, { rememberMe: false });
    const [first] = await sessionRows(user.authId!);
    expect(first!.lastSeenAt).not.toBeNull();
    ctx.clock.advance(30 * SECOND);
    await me(cookie);
    const [second] = await sessionRows(user.authId!);
    expect(second!.lastSeenAt!.getTime()).toBe(first!.lastSeenAt!.getTime());
    ctx.clock.advance(31 * SECOND);
    await me(cookie);
    const [third] = await sessionRows(user.authId!);
    expect(third!.lastSeenAt!.getTime()).toBe(ctx.clock.now().getTime());
  });

  it('keeps the cookie HttpOnly and SameSite=Lax, for 12 hours when remembered and for the browser session otherwise', async () => {
    const user = await createUser(ctx.db, { password: PASSWORD });
    const signIn = (rememberMe: boolean) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { origin: TEST_ORIGIN },
        payload: { email: user.email, password: PASSWORD, rememberMe },
      });
    const token = (response: Awaited<ReturnType<typeof signIn>>) =>
      ([] as string[]).concat(response.headers['set-cookie'] ?? []).find((c) => c.includes('session_token='))!;
    const remembered = token(await signIn(true));
    expect(remembered).toMatch(/HttpOnly/i);
    expect(remembered).toMatch(/SameSite=Lax/i);
    expect(remembered).toMatch(/Max-Age=43200/);
    expect(remembered).not.toMatch(/Secure/i);
    const forgotten = token(await signIn(false));
    expect(forgotten).toMatch(/HttpOnly/i);
    expect(forgotten).not.toMatch(/Max-Age/i);
  });
});

describe('secure cookie outside local development', () => {
  it('marks the session cookie Secure with an https address', async () => {
    const origin = 'https://portal.example.test';
    const secure = await createTestContext({ PUBLIC_URL: origin });
    try {
      const user = await createUser(secure.db, { password: PASSWORD });
      const response = await secure.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { origin },
        payload: { email: user.email, password: PASSWORD },
      });
      expect(response.statusCode).toBe(200);
      const cookie = ([] as string[])
        .concat(response.headers['set-cookie'] ?? [])
        .find((c) => c.includes('session_token='))!;
      expect(cookie).toMatch(/^__Secure-portal\.session_token=/);
      expect(cookie).toMatch(/; Secure/i);
      expect(cookie).toMatch(/HttpOnly/i);
      expect(cookie).toMatch(/SameSite=Lax/i);
      // The actor loader reads the prefixed cookie as better-auth does.
      const signedIn = await secure.app.inject({
        method: 'GET',
        url: '/api/me',
        headers: { cookie: cookie.split(';')[0]! },
      });
      expect(signedIn.statusCode).toBe(200);
      expect(signedIn.json().user.id).toBe(user.id);
    } finally {
      await secure.close();
    }
  });
});
