import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, TEST_ORIGIN, type TestContext } from '../../../test/test-app.ts';
import { createUser, grantFeatures } from '../../db/seed/factories.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

describe('sign-in and /api/me', () => {
  it('answers 401 with problem details when signed out', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/me' });
    expect(response.statusCode).toBe(401);
    expect(response.headers['content-type']).toContain('application/problem+json');
    expect(response.json()).toMatchObject({ status: 401, code: 'UNAUTHORISED' });
  });

  it('signs in by e-mail and returns the dealer with role, Z-code and waiting state', async () => {
    const leader = await createUser(ctx.db, { isLeader: true, refsUserTierId: 3, password: 'Secret123' });
    const cookie = await ctx.signIn(leader.email!, 'Secret123');
    const response = await ctx.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({
      id: leader.id,
      zCode: `Z-${leader.id}`,
      role: 'leader',
      features: [],
      waiting: { isWaiting: false, reason: null },
    });
  });

  it('sets the session cookie HttpOnly with SameSite and does not hand the token to scripts', async () => {
    const user = await createUser(ctx.db, { password: 'Secret123' });
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: TEST_ORIGIN },
      payload: { email: user.email, password: 'Secret123' },
    });
    const cookie = ([] as string[])
      .concat(response.headers['set-cookie'] ?? [])
      .find((c) => c.includes('session_token'));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(response.json().token).toBeUndefined();
  });

  it('refuses a wrong password with the provider message', async () => {
    const user = await createUser(ctx.db, { password: 'Secret123' });
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: TEST_ORIGIN },
      payload: { email: user.email, password: 'not-it' },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe('Invalid email or password');
  });

  it('shows the waiting state of a pending user who has verified both contacts', async () => {
    const pending = await createUser(ctx.db, { refsUserLifecycleStatusId: 1, password: 'Secret123' });
    const cookie = await ctx.signIn(pending.email!, 'Secret123');
    const me = (await ctx.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).json();
    expect(me.user.waiting).toEqual({ isWaiting: true, reason: 'awaiting_approval' });
  });

  it('merges feature flags into the current user', async () => {
    const admin = await createUser(ctx.db, { isAdmin: true, password: 'Secret123' });
    await grantFeatures(ctx.db, admin.id, ['Users Management', 'Commissions']);
    const cookie = await ctx.signIn(admin.email!, 'Secret123');
    const me = (await ctx.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).json();
    expect(me.user.role).toBe('admin');
    expect([...me.user.features].sort()).toEqual(['Commissions', 'Users Management']);
  });

  it('keeps self sign-up and other unused auth endpoints closed', async () => {
    for (const url of ['/api/auth/sign-up/email', '/api/auth/update-user', '/api/auth/delete-user']) {
      const response = await ctx.app.inject({
        method: 'POST',
        url,
        headers: { origin: TEST_ORIGIN },
        payload: { email: 'new@example.test', password: 'Secret123', name: 'New' },
      });
      expect(response.statusCode, url).toBe(404);
    }
  });

  it('signs out and the cookie no longer works', async () => {
    const user = await createUser(ctx.db, { password: 'Secret123' });
    const cookie = await ctx.signIn(user.email!, 'Secret123');
    const out = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie, origin: TEST_ORIGIN },
      payload: {},
    });
    expect(out.statusCode).toBe(200);
    const me = await ctx.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
    expect(me.statusCode).toBe(401);
  });
});
