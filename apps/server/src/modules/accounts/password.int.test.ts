import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastLinkMailedTo } from '../../../test/outbox-reader.ts';
import { createTestContext, sessionCookie, TEST_ORIGIN, type TestContext } from '../../../test/test-app.ts';
import { auditLog, authSession, authVerification, outboxMessages, usersMaster } from '../../db/schema/index.ts';
import { createUser } from '../../db/seed/factories.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

const PASSWORD = 'Secret123';
const me = (cookie: string) => ctx.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
const post = (url: string, payload: Record<string, unknown>, cookie?: string) =>
  ctx.app.inject({
    method: 'POST',
    url,
    headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
    payload,
  });
const signInStatus = async (email: string, password: string) =>
  (await post('/api/auth/sign-in/email', { email, password })).statusCode;

describe('POST /api/accounts/password', () => {
  it('sets the password, ends every other session and keeps the current one', async () => {
    const user = await createUser(ctx.db, { password: PASSWORD, tempPw: true });
    const current = await ctx.signIn(user.email!, PASSWORD);
    const other = await ctx.signIn(user.email!, PASSWORD);
    const third = await ctx.signIn(user.email!, PASSWORD);

    const response = await post(
      '/api/accounts/password',
      { currentPassword: PASSWORD, newPassword: 'Brand-new1' },
      current,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Password updated successfully' });

    expect((await me(other)).statusCode).toBe(401);
    expect((await me(third)).statusCode).toBe(401);
    expect((await me(current)).statusCode).toBe(200);
    expect(await signInStatus(user.email!, PASSWORD)).toBe(401);
    expect(await signInStatus(user.email!, 'Brand-new1')).toBe(200);

    const [row] = await ctx.db.select().from(usersMaster).where(eq(usersMaster.id, user.id));
    expect(row!.tempPw).toBe(false);
    const audits = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.password.update'), eq(auditLog.entityId, String(user.id))));
    expect(audits).toHaveLength(1);
    expect(JSON.stringify(audits[0])).not.toContain('Brand-new1');
  });

  it("answers the spec's messages for an empty or short password", async () => {
    const user = await createUser(ctx.db, { password: PASSWORD });
    const cookie = await ctx.signIn(user.email!, PASSWORD);
    const empty = await post('/api/accounts/password', { currentPassword: PASSWORD, newPassword: '' }, cookie);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().detail).toBe('Please enter a valid password.');
    const short = await post('/api/accounts/password', { currentPassword: PASSWORD, newPassword: '12345' }, cookie);
    expect(short.statusCode).toBe(400);
    expect(short.json().detail).toBe('Use at least 6 characters.');
  });

  it('needs a session', async () => {
    const response = await post('/api/accounts/password', { currentPassword: PASSWORD, newPassword: 'Brand-new1' });
    expect(response.statusCode).toBe(401);
  });
});

describe('POST /api/auth/change-password', () => {
  it('always ends the other sessions, even when the client does not ask, and keeps the user signed in', async () => {
    const user = await createUser(ctx.db, { password: PASSWORD });
    const current = await ctx.signIn(user.email!, PASSWORD, { rememberMe: false });
    const other = await ctx.signIn(user.email!, PASSWORD);
    const response = await post(
      '/api/auth/change-password',
      { currentPassword: PASSWORD, newPassword: 'Changed123', revokeOtherSessions: false },
      current,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().token).toBeUndefined();
    const renewed = sessionCookie(response);
    expect((await me(other)).statusCode).toBe(401);
    expect((await me(renewed)).statusCode).toBe(200);
    const sessions = await ctx.db.select().from(authSession).where(eq(authSession.userId, user.authId!));
    expect(sessions).toHaveLength(1);
    // The replacement keeps "keep me signed in" as it was.
    expect(sessions[0]!.rememberMe).toBe(false);
    expect(await signInStatus(user.email!, 'Changed123')).toBe(200);
  });
});

describe('every way to change the own password leaves its audit row', () => {
  it('audits a change through better-auth and ends a temporary password; a refused one leaves nothing', async () => {
    const user = await createUser(ctx.db, { password: PASSWORD, tempPw: true });
    const cookie = await ctx.signIn(user.email!, PASSWORD);
    const audits = () =>
      ctx.db
        .select()
        .from(auditLog)
        .where(and(like(auditLog.action, 'user.password.%'), eq(auditLog.entityId, String(user.id))));
    const wrong = await post(
      '/api/auth/change-password',
      { currentPassword: 'Wrong123', newPassword: 'Nope12345' },
      cookie,
    );
    expect(wrong.statusCode).toBe(400);
    expect(await audits()).toHaveLength(0);
    const changed = await post(
      '/api/auth/change-password',
      { currentPassword: PASSWORD, newPassword: 'Changed123' },
      cookie,
    );
    expect(changed.statusCode).toBe(200);
    const rows = await audits();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: 'user.password.update', actorUserId: user.id, actorAuthId: user.authId });
    expect(JSON.stringify(rows[0])).not.toContain('Changed123');
    const [row] = await ctx.db.select().from(usersMaster).where(eq(usersMaster.id, user.id));
    expect(row!.tempPw).toBe(false);
  });
});

describe('better-auth change-password counts wrong passwords with the other step-ups', () => {
  it('locks after 5 wrong current passwords within 15 minutes, the right one included', async () => {
    const user = await createUser(ctx.db, { password: PASSWORD });
    const cookie = await ctx.signIn(user.email!, PASSWORD);
    for (let i = 0; i < 5; i++) {
      const wrong = await post(
        '/api/auth/change-password',
        { currentPassword: `Guess${i}000`, newPassword: 'Nope12345' },
        cookie,
      );
      expect(wrong.statusCode).toBe(400);
    }
    const locked = await post(
      '/api/auth/change-password',
      { currentPassword: PASSWORD, newPassword: 'Nope12345' },
      cookie,
    );
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ code: 'STEP_UP_LOCKED' });
    // The same lock holds on the portal's own route.
    const own = await post('/api/accounts/password', { currentPassword: PASSWORD, newPassword: 'Nope12345' }, cookie);
    expect(own.statusCode).toBe(429);
    expect(await signInStatus(user.email!, 'Nope12345')).toBe(401);
  });
});

describe('password reset by e-mailed link', () => {
  it('mails a single-use link to the reset page that sets a new password and ends every session', async () => {
    const user = await createUser(ctx.db, { password: PASSWORD });
    const before = await ctx.signIn(user.email!, PASSWORD);

    const requested = await post('/api/auth/request-password-reset', { email: user.email });
    expect(requested.statusCode).toBe(200);
    const link = await lastLinkMailedTo(ctx.db, user.email!);
    expect(link.startsWith(`${TEST_ORIGIN}/reset-password?token=`)).toBe(true);
    const token = new URL(link).searchParams.get('token')!;
    expect(token.length).toBeGreaterThan(10);

    // The page posts the token from its address with the new password.
    const reset = await post('/api/auth/reset-password', { token, newPassword: 'FromTheLink1' });
    expect(reset.statusCode).toBe(200);
    expect((await me(before)).statusCode).toBe(401);
    expect(await signInStatus(user.email!, PASSWORD)).toBe(401);
    expect(await signInStatus(user.email!, 'FromTheLink1')).toBe(200);

    const again = await post('/api/auth/reset-password', { token, newPassword: 'SecondTime1' });
    expect(again.statusCode).toBe(400);
    expect(await signInStatus(user.email!, 'SecondTime1')).toBe(401);
  });

  it('keeps only a hash of the reset token, so reading the table gives no working link', async () => {
    const user = await createUser(ctx.db, { password: PASSWORD });
    await post('/api/auth/request-password-reset', { email: user.email });
    const token = new URL(await lastLinkMailedTo(ctx.db, user.email!)).searchParams.get('token')!;
    const rows = await ctx.db.select().from(authVerification).where(eq(authVerification.value, user.authId!));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.identifier).not.toContain(token);
    // What the table holds does not work as a token.
    const stored = rows[0]!.identifier.replace(/^reset-password:/, '');
    const fromTable = await post('/api/auth/reset-password', { token: stored, newPassword: 'FromTheTable1' });
    expect(fromTable.statusCode).toBe(400);
    expect(await signInStatus(user.email!, 'FromTheTable1')).toBe(401);
    const reset = await post('/api/auth/reset-password', { token, newPassword: 'FromTheLink1' });
    expect(reset.statusCode).toBe(200);
  });

  it('leaves an audit row and ends a temporary password when the link sets a new one', async () => {
    const user = await createUser(ctx.db, { password: PASSWORD, tempPw: true });
    await post('/api/auth/request-password-reset', { email: user.email });
    const token = new URL(await lastLinkMailedTo(ctx.db, user.email!)).searchParams.get('token')!;
    const reset = await post('/api/auth/reset-password', { token, newPassword: 'FromTheLink1' });
    expect(reset.statusCode).toBe(200);
    const audits = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.password.reset_by_link'), eq(auditLog.entityId, String(user.id))));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ actorUserId: user.id, actorAuthId: user.authId });
    expect(audits[0]!.ipAddress).toBeTruthy();
    expect(JSON.stringify(audits[0])).not.toContain('FromTheLink1');
    const [row] = await ctx.db.select().from(usersMaster).where(eq(usersMaster.id, user.id));
    expect(row!.tempPw).toBe(false);
  });

  it('lets the link expire after 1 hour', async () => {
    const user = await createUser(ctx.db, { password: PASSWORD });
    await post('/api/auth/request-password-reset', { email: user.email });
    const token = new URL(await lastLinkMailedTo(ctx.db, user.email!)).searchParams.get('token')!;
    expect(token.length).toBeGreaterThan(10);
    const [record] = await ctx.db.select().from(authVerification).where(eq(authVerification.value, user.authId!));
    expect(record!.expiresAt.getTime() - record!.createdAt.getTime()).toBeGreaterThan(59 * 60 * 1000);
    expect(record!.expiresAt.getTime() - record!.createdAt.getTime()).toBeLessThanOrEqual(60 * 60 * 1000 + 1000);
    await ctx.db
      .update(authVerification)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authVerification.id, record!.id));
    const reset = await post('/api/auth/reset-password', { token, newPassword: 'TooLate123' });
    expect(reset.statusCode).toBe(400);
  });

  it('mails at most 3 reset links per account in 15 minutes, answering every request alike', async () => {
    const user = await createUser(ctx.db, { password: PASSWORD });
    const answers = [];
    for (let i = 0; i < 6; i++) {
      const answer = await post('/api/auth/request-password-reset', { email: user.email });
      answers.push({ status: answer.statusCode, body: answer.json() });
    }
    expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1);
    expect(answers[0]!.status).toBe(200);
    const mails = await ctx.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, user.email!));
    expect(mails.filter((mail) => mail.subject === 'Reset your password')).toHaveLength(3);
  });

  it('answers an unknown e-mail exactly like a known one and sends nothing', async () => {
    const user = await createUser(ctx.db, { password: PASSWORD });
    const known = await post('/api/auth/request-password-reset', { email: user.email });
    const unknownEmail = `nobody.${Date.now()}@example.test`;
    const unknown = await post('/api/auth/request-password-reset', { email: unknownEmail });
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.json()).toEqual(known.json());
    const mails = await ctx.db.select().from(outboxMessages).where(like(outboxMessages.recipient, unknownEmail));
    expect(mails).toHaveLength(0);
  });
});
