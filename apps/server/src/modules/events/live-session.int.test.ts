import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectEvents, type SseClient } from '../../../test/sse-client.ts';
import { createTestContext, TEST_ORIGIN, type TestContext } from '../../../test/test-app.ts';
import { authSession, usersMaster } from '../../db/schema/index.ts';
import { createUser } from '../../db/seed/factories.ts';
import { publish } from '../../platform/events.ts';
import { ABSOLUTE_MS } from '../../platform/sessions.ts';

let ctx: TestContext;
let baseUrl: string;
const streams: SseClient[] = [];

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  baseUrl = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await ctx?.close();
  for (const stream of streams) stream.close();
});

const PASSWORD = 'Secret123';

async function open(cookie?: string) {
  const stream = await connectEvents(baseUrl, cookie);
  streams.push(stream);
  return stream;
}

const me = (cookie: string) => ctx.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
const signOut = (cookie: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { cookie, origin: TEST_ORIGIN }, payload: {} });

describe('the live session (SSE)', () => {
  it("tells a pending user's page at once when an admin approves them", async () => {
    const user = await createUser(ctx.db, { password: PASSWORD, refsUserLifecycleStatusId: 1 });
    const cookie = await ctx.signIn(user.email!, PASSWORD);
    expect((await me(cookie)).json().user.waiting).toEqual({ isWaiting: true, reason: 'awaiting_approval' });
    const stream = await open(cookie);
    expect(stream.status).toBe(200);

    // The approval, however it is made (here plain SQL), reaches the user's stream.
    await ctx.db.update(usersMaster).set({ refsUserLifecycleStatusId: 2 }).where(eq(usersMaster.id, user.id));
    const event = await stream.next((e) => e.type === 'user.changed');
    expect(event).toEqual({ type: 'user.changed', channel: `user.${user.id}`, data: { userId: user.id } });
    expect((await me(cookie)).json().user.waiting).toEqual({ isWaiting: false, reason: null });
  });

  it('ends the stream on sign-out, and the reconnect is refused', async () => {
    const user = await createUser(ctx.db, { password: PASSWORD });
    const cookie = await ctx.signIn(user.email!, PASSWORD);
    const stream = await open(cookie);
    expect((await signOut(cookie)).statusCode).toBe(200);
    await stream.next((e) => e.type === 'session.ended');
    await stream.ended;
    const again = await open(cookie);
    expect(again.status).toBe(401);
  });

  it("leaves the streams of the user's other sessions open", async () => {
    const user = await createUser(ctx.db, { password: PASSWORD });
    const first = await ctx.signIn(user.email!, PASSWORD);
    const second = await ctx.signIn(user.email!, PASSWORD);
    const firstStream = await open(first);
    const secondStream = await open(second);
    await signOut(first);
    await firstStream.ended;
    await publish(ctx.db, `user.${user.id}`, { type: 'test.still-here' });
    await secondStream.next((e) => e.type === 'test.still-here');
    expect(secondStream.events.map((e) => e.type)).toEqual(['test.still-here']);
  });

  it('ends the streams of the sessions a password change ends', async () => {
    const user = await createUser(ctx.db, { password: PASSWORD });
    const current = await ctx.signIn(user.email!, PASSWORD);
    const other = await ctx.signIn(user.email!, PASSWORD);
    const otherStream = await open(other);
    const currentStream = await open(current);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/accounts/password',
      headers: { cookie: current, origin: TEST_ORIGIN },
      payload: { currentPassword: PASSWORD, newPassword: 'Brand-new1' },
    });
    expect(response.statusCode).toBe(200);
    await otherStream.ended;
    await publish(ctx.db, `user.${user.id}`, { type: 'test.still-here' });
    await currentStream.next((e) => e.type === 'test.still-here');
  });

  it('ends the stream when its session runs out, not up to an hour later', async () => {
    // A stream is one request: it holds its session no longer than the session's 12 hours (or its
    // 30 idle minutes from the stream's opening, when other requests do not renew them).
    const now = ctx.clock.now().getTime();
    for (const rememberMe of [true, false]) {
      const set = { createdAt: new Date(now - ABSOLUTE_MS + 1500) };
      const user = await createUser(ctx.db, { password: PASSWORD });
      const cookie = await ctx.signIn(user.email!, PASSWORD, { rememberMe });
      await ctx.db.update(authSession).set(set).where(eq(authSession.userId, user.authId!));
      const stream = await open(cookie);
      expect(stream.status).toBe(200);
      const ended = await Promise.race([
        stream.ended.then(() => true),
        new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 6000)),
      ]);
      expect(ended).toBe(true);
      // The browser's reconnect finds the session over.
      ctx.clock.advance(2000);
      expect((await open(cookie)).status).toBe(401);
      ctx.clock.advance(-2000);
    }
  });
});
