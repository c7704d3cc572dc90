import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, TEST_ORIGIN, type TestContext } from '../../test/test-app.ts';
import { authSignInFailure } from '../db/schema/index.ts';
import { createUser } from '../db/seed/factories.ts';
import { HOUR, MINUTE, SECOND } from './clock.ts';

let ctx: TestContext;
let proxied: TestContext;
beforeAll(async () => {
  [ctx, proxied] = await Promise.all([createTestContext(), createTestContext({ TRUST_PROXY: 'true' })]);
});
afterAll(async () => {
  await ctx?.close();
  await proxied?.close();
});

const PASSWORD = 'Secret123';

function signIn(
  on: TestContext,
  email: string,
  password: string,
  options: { remoteAddress?: string; headers?: Record<string, string> } = {},
) {
  return on.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    remoteAddress: options.remoteAddress ?? '127.0.0.1',
    headers: { origin: TEST_ORIGIN, ...options.headers },
    payload: { email, password },
  });
}

async function failTimes(on: TestContext, email: string, times: number, options?: Parameters<typeof signIn>[3]) {
  for (let i = 0; i < times; i++) {
    const response = await signIn(on, email, 'wrong-password', options);
    expect(response.statusCode).toBe(401);
  }
}

describe('failed e-mail sign-ins per account and client address', () => {
  it('locks the pair for 15 minutes after 5 failures, says when to try again, then lets it in', async () => {
    const user = await createUser(ctx.db, { password: PASSWORD });
    await failTimes(ctx, user.email!, 5);

    const locked = await signIn(ctx, user.email!, PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(locked.headers['retry-after']).toBe('900');
    expect(locked.json()).toMatchObject({
      code: 'TOO_MANY_ATTEMPTS',
      status: 429,
      retryAfterSeconds: 900,
      message: 'Too many failed sign-in attempts. Try again in 15 minutes.',
      detail: 'Too many failed sign-in attempts. Try again in 15 minutes.',
    });

    ctx.clock.advance(MINUTE + 30 * SECOND);
    const later = await signIn(ctx, user.email!, PASSWORD);
    expect(later.statusCode).toBe(429);
    expect(later.json().message).toBe('Too many failed sign-in attempts. Try again in 14 minutes.');

    // Another address is another pair.
    expect((await signIn(ctx, user.email!, PASSWORD, { remoteAddress: '10.1.1.1' })).statusCode).toBe(200);

    ctx.clock.advance(13 * MINUTE + 31 * SECOND);
    expect((await signIn(ctx, user.email!, PASSWORD)).statusCode).toBe(200);
  });

  it('counts only failures within 15 minutes of each other', async () => {
    const user = await createUser(ctx.db, { password: PASSWORD });
    await failTimes(ctx, user.email!, 4);
    ctx.clock.advance(15 * MINUTE + SECOND);
    await failTimes(ctx, user.email!, 4);
    expect((await signIn(ctx, user.email!, 'wrong-password')).statusCode).toBe(401);
    expect((await signIn(ctx, user.email!, 'wrong-password')).statusCode).toBe(429);
  });

  it('starts the pair afresh after a successful sign-in', async () => {
    const user = await createUser(ctx.db, { password: PASSWORD });
    await failTimes(ctx, user.email!, 4);
    expect((await signIn(ctx, user.email!, PASSWORD)).statusCode).toBe(200);
    await failTimes(ctx, user.email!, 4);
    expect((await signIn(ctx, user.email!, PASSWORD)).statusCode).toBe(200);
  });

  it('locks unknown e-mails the same way, so the answer does not tell who exists', async () => {
    const email = `nobody.${Date.now()}@example.test`;
    await failTimes(ctx, email, 5);
    expect((await signIn(ctx, email, 'anything')).statusCode).toBe(429);
  });

  it('does not count a malformed request as a failure', async () => {
    const user = await createUser(ctx.db, { password: PASSWORD });
    for (let i = 0; i < 6; i++) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { origin: TEST_ORIGIN },
        payload: { email: user.email },
      });
      expect(response.statusCode).toBe(400);
    }
    expect((await signIn(ctx, user.email!, PASSWORD)).statusCode).toBe(200);
  });

  it('holds the pair limit under concurrency', async () => {
    const user = await createUser(ctx.db, { password: PASSWORD });
    const responses = await Promise.all(Array.from({ length: 12 }, () => signIn(ctx, user.email!, 'wrong-password')));
    expect(responses.filter((response) => response.statusCode === 401)).toHaveLength(5);
    expect(responses.filter((response) => response.statusCode === 429)).toHaveLength(7);
  });

  it('caps an account at 100 failures an hour from any number of addresses', { timeout: 60_000 }, async () => {
    const user = await createUser(ctx.db, { password: PASSWORD });
    const start = ctx.clock.now();
    // 24 addresses with 4 failures each, recorded the way the auth route records them (96 full
    // sign-ins would only time scrypt), then 4 real wrong sign-ins from a 25th address: no pair is
    // locked, the account reaches 100.
    for (let address = 1; address <= 24; address++) {
      for (let i = 0; i < 4; i++) {
        const reservation = await ctx.services.signInLimiter.reserve(user.email!, `10.2.0.${address}`);
        expect(reservation.allowed).toBe(true);
        await ctx.services.signInLimiter.failed(reservation);
      }
    }
    await failTimes(ctx, user.email!, 4, { remoteAddress: '10.2.1.1' });
    ctx.clock.advance(10 * MINUTE);
    const capped = await signIn(ctx, user.email!, PASSWORD, { remoteAddress: '10.3.0.1' });
    expect(capped.statusCode).toBe(429);
    expect(capped.json().retryAfterSeconds).toBe(50 * 60);
    expect(capped.json().message).toBe('Too many failed sign-in attempts. Try again in 50 minutes.');

    ctx.clock.set(new Date(start.getTime() + HOUR + SECOND));
    expect((await signIn(ctx, user.email!, PASSWORD, { remoteAddress: '10.3.0.1' })).statusCode).toBe(200);
  });

  it('counts 99 failures as under the cap', async () => {
    const user = await createUser(ctx.db, { password: PASSWORD });
    for (let address = 1; address <= 33; address++) {
      for (let i = 0; i < 3; i++) await ctx.services.signInLimiter.reserve(user.email!, `10.4.0.${address}`);
    }
    expect((await signIn(ctx, user.email!, 'wrong-password', { remoteAddress: '10.5.0.1' })).statusCode).toBe(401);
    expect((await signIn(ctx, user.email!, PASSWORD, { remoteAddress: '10.5.0.2' })).statusCode).toBe(429);
  });
});

describe('the client address behind proxies', () => {
  it('ignores X-Forwarded-For when TRUST_PROXY is false: a spoofed header stays in the same bucket', async () => {
    const user = await createUser(ctx.db, { password: PASSWORD });
    for (let i = 0; i < 5; i++) {
      const response = await signIn(ctx, user.email!, 'wrong-password', {
        headers: { 'x-forwarded-for': `198.51.100.${i + 1}` },
      });
      expect(response.statusCode).toBe(401);
    }
    const spoofed = await signIn(ctx, user.email!, PASSWORD, { headers: { 'x-forwarded-for': '198.51.100.99' } });
    expect(spoofed.statusCode).toBe(429);
    const rows = await ctx.db.select().from(authSignInFailure).where(eq(authSignInFailure.account, user.email!));
    expect(new Set(rows.map((row) => row.clientIp))).toEqual(new Set(['127.0.0.1']));
  });

  it('believes X-Forwarded-For when TRUST_PROXY says so', async () => {
    const user = await createUser(proxied.db, { password: PASSWORD });
    await failTimes(proxied, user.email!, 5, { headers: { 'x-forwarded-for': '203.0.113.7' } });
    const same = await signIn(proxied, user.email!, PASSWORD, { headers: { 'x-forwarded-for': '203.0.113.7' } });
    expect(same.statusCode).toBe(429);
    const other = await signIn(proxied, user.email!, PASSWORD, { headers: { 'x-forwarded-for': '203.0.113.8' } });
    expect(other.statusCode).toBe(200);
    const rows = await proxied.db.select().from(authSignInFailure).where(eq(authSignInFailure.account, user.email!));
    expect(new Set(rows.map((row) => row.clientIp))).toEqual(new Set(['203.0.113.7']));
  });
});
