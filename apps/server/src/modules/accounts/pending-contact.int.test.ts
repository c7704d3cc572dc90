import { COMMISSION_FREEZE_MESSAGE } from '@portal/domain/accounts/profile';
import { INCORRECT_PIN } from '@portal/domain/accounts/verification';
import { duplicateMessage } from '@portal/domain/people/creation-errors';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastLinkMailedTo, lastPinSentTo } from '../../../test/outbox-reader.ts';
import { createTestContext, TEST_ORIGIN, type TestContext } from '../../../test/test-app.ts';
import { appSettings, auditLog, authUser, outboxMessages, usersMaster } from '../../db/schema/index.ts';
import { createUser } from '../../db/seed/factories.ts';
import { HOUR } from '../../platform/clock.ts';

// Decision 069: a new sign-in e-mail or phone asked for on the profile is pending until the new
// contact proves it; the old one keeps signing in (and getting resets) until then.

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

async function signedIn() {
  const user = await createUser(ctx.db, { password: PASSWORD, emailVerified: true, phoneVerified: true });
  return { user, cookie: await ctx.signIn(user.email!, PASSWORD) };
}

async function rowOf(id: number) {
  const [row] = await ctx.db.select().from(usersMaster).where(eq(usersMaster.id, id));
  return row!;
}

async function signsIn(email: string) {
  const response = await post('/api/auth/sign-in/email', undefined, { email, password: PASSWORD });
  return response.statusCode === 200;
}

/** Whether a one-time pin for signing in can be asked for this number (404: no account has it). */
async function pinSignInKnows(phone: string) {
  const response = await post('/api/auth/phone-sign-in/send-code', undefined, { phone });
  return response.statusCode === 200;
}

async function messagesTo(recipient: string) {
  return ctx.db
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.recipient, recipient))
    .orderBy(asc(outboxMessages.id));
}

const idOfLink = (link: string) => /\/verify-email\/([0-9a-f-]{36})$/.exec(link)![1]!;
const uniquePhone = (prefix: string, id: number) => `+27${prefix}${String(id).padStart(7, '0').slice(-7)}`;

describe('a new sign-in e-mail is pending until the new address proves it', () => {
  it('keeps the old address signing in, tells it (masked, no link), and swaps only on the link', async () => {
    const { user, cookie } = await signedIn();
    const oldEmail = user.email!;
    const newEmail = `fresh.address.${user.id}@example.test`;
    const asked = await post('/api/profile/contact', cookie, { email: newEmail, currentPassword: PASSWORD });
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toMatchObject({ code: 200, emailChanged: true, phoneChanged: false });

    // Nothing moved yet: the old address signs in, the new one does not.
    expect(await rowOf(user.id)).toMatchObject({ email: oldEmail, emailVerified: true });
    expect(await signsIn(oldEmail)).toBe(true);
    expect(await signsIn(newEmail)).toBe(false);
    const profile = (await ctx.app.inject({ method: 'GET', url: '/api/profile', headers: { cookie } })).json();
    expect(profile).toMatchObject({ email: oldEmail, pendingEmail: { value: newEmail } });

    const link = await lastLinkMailedTo(ctx.db, newEmail);
    const verificationId = idOfLink(link);
    const [asking] = await messagesTo(oldEmail);
    expect(asking!.body).not.toContain(newEmail);
    expect(asking!.body).not.toContain(verificationId);
    expect(asking!.body).toContain('f•••@e•••.test');

    const verified = await post('/api/accounts/verify-email', cookie, { verificationId });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({ verified: true });
    expect(await rowOf(user.id)).toMatchObject({ email: newEmail, emailVerified: true });
    const [identity] = await ctx.db.select().from(authUser).where(eq(authUser.id, user.authId!));
    expect(identity).toMatchObject({ email: newEmail, emailVerified: true });
    expect(await signsIn(newEmail)).toBe(true);
    expect(await signsIn(oldEmail)).toBe(false);

    // The old address heard twice (asked, done), and neither notice carries the link.
    const notices = await messagesTo(oldEmail);
    expect(notices).toHaveLength(2);
    for (const notice of notices) {
      expect(notice.body).not.toContain(verificationId);
      expect(notice.body).not.toContain(newEmail);
    }
    const [audit] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'profile.contact.update'), eq(auditLog.entityId, String(user.id))));
    expect(JSON.stringify(audit)).not.toContain(newEmail);
    expect(JSON.stringify(audit)).not.toContain(oldEmail);
    expect(audit).toMatchObject({ after: { email: 'f•••@e•••.test' } });
  });

  it('refuses the link when the address was taken by someone else meanwhile, with the spec message', async () => {
    const { user, cookie } = await signedIn();
    const newEmail = `contested.${user.id}@example.test`;
    expect(
      (await post('/api/profile/contact', cookie, { email: newEmail, currentPassword: PASSWORD })).statusCode,
    ).toBe(200);
    const verificationId = idOfLink(await lastLinkMailedTo(ctx.db, newEmail));
    await createUser(ctx.db, { email: newEmail });
    const refused = await post('/api/accounts/verify-email', cookie, { verificationId });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ detail: duplicateMessage('email') });
    expect((await rowOf(user.id)).email).toBe(user.email);
    expect(await signsIn(user.email!)).toBe(true);
  });

  it('a new request replaces the earlier one, and cancel drops it', async () => {
    const { user, cookie } = await signedIn();
    const first = `first.${user.id}@example.test`;
    const second = `second.${user.id}@example.test`;
    await post('/api/profile/contact', cookie, { email: first, currentPassword: PASSWORD });
    const firstId = idOfLink(await lastLinkMailedTo(ctx.db, first));
    await post('/api/profile/contact', cookie, { email: second, currentPassword: PASSWORD });
    const secondId = idOfLink(await lastLinkMailedTo(ctx.db, second));
    expect((await post('/api/accounts/verify-email', cookie, { verificationId: firstId })).statusCode).toBe(400);
    expect((await rowOf(user.id)).email).toBe(user.email);

    expect((await post('/api/profile/contact/cancel', cookie, { kind: 'email' })).statusCode).toBe(200);
    expect((await post('/api/accounts/verify-email', cookie, { verificationId: secondId })).statusCode).toBe(400);
    expect((await rowOf(user.id)).email).toBe(user.email);
  });
});

describe('a new sign-in phone is pending until the new number proves it', () => {
  it('keeps the old number signing in; wrong pins are counted; the right pin swaps; both notices to the old number', async () => {
    const { user, cookie } = await signedIn();
    const oldPhone = user.phone!;
    const newPhone = uniquePhone('84', user.id);
    const asked = await post('/api/profile/contact', cookie, { phone: newPhone, currentPassword: PASSWORD });
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toMatchObject({ code: 200, phoneChanged: true });
    expect(await rowOf(user.id)).toMatchObject({ phone: oldPhone, phoneVerified: true });
    const pin = await lastPinSentTo(ctx.db, newPhone);
    expect(await pinSignInKnows(newPhone)).toBe(false);
    expect(await pinSignInKnows(oldPhone)).toBe(true);

    // A wrong pin is refused and spends one of the pin's three tries: after three, the right one fails too.
    const wrong = pin === '000000' ? '111111' : '000000';
    for (let i = 0; i < 3; i += 1) {
      const refused = await post('/api/accounts/verify-phone', cookie, { code: wrong });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ detail: INCORRECT_PIN });
    }
    expect((await post('/api/accounts/verify-phone', cookie, { code: pin })).statusCode).toBe(400);
    expect((await rowOf(user.id)).phone).toBe(oldPhone);

    // Resend goes to the new number; its pin makes the change.
    expect((await post('/api/accounts/verify-phone/send-code', cookie)).statusCode).toBe(200);
    const fresh = await lastPinSentTo(ctx.db, newPhone);
    const verified = await post('/api/accounts/verify-phone', cookie, { code: fresh });
    expect(verified.statusCode).toBe(200);
    expect(await rowOf(user.id)).toMatchObject({ phone: newPhone, phoneVerified: true });
    const [identity] = await ctx.db.select().from(authUser).where(eq(authUser.id, user.authId!));
    expect(identity).toMatchObject({ phoneNumber: newPhone, phoneNumberVerified: true });
    expect(await pinSignInKnows(newPhone)).toBe(true);
    expect(await pinSignInKnows(oldPhone)).toBe(false);

    const notices = (await messagesTo(oldPhone)).filter((message) => !/one-time pin is/.test(message.body));
    expect(notices).toHaveLength(2);
    for (const notice of notices) {
      expect(notice.body).not.toContain(pin);
      expect(notice.body).not.toContain(fresh);
      expect(notice.body).not.toContain(newPhone);
      expect(notice.body).toContain(newPhone.slice(-4));
    }
  });

  it('refuses the pin when the number was taken by someone else meanwhile', async () => {
    const { user, cookie } = await signedIn();
    const newPhone = uniquePhone('83', user.id);
    await post('/api/profile/contact', cookie, { phone: newPhone, currentPassword: PASSWORD });
    const pin = await lastPinSentTo(ctx.db, newPhone);
    await createUser(ctx.db, { phone: newPhone });
    const refused = await post('/api/accounts/verify-phone', cookie, { code: pin });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ detail: duplicateMessage('phone') });
    expect((await rowOf(user.id)).phone).toBe(user.phone);
  });
});

describe('the commission freeze', () => {
  it('holds a pending change: the proof is refused while frozen and works after', async () => {
    const { user, cookie } = await signedIn();
    const newPhone = uniquePhone('82', user.id);
    await post('/api/profile/contact', cookie, { phone: newPhone, currentPassword: PASSWORD });
    const pin = await lastPinSentTo(ctx.db, newPhone);
    await ctx.db.update(appSettings).set({ value: true }).where(eq(appSettings.key, 'commission_freeze'));
    try {
      const refused = await post('/api/accounts/verify-phone', cookie, { code: pin });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ code: 'PROFILE_FROZEN', detail: COMMISSION_FREEZE_MESSAGE });
      expect((await rowOf(user.id)).phone).toBe(user.phone);
    } finally {
      await ctx.db.update(appSettings).set({ value: false }).where(eq(appSettings.key, 'commission_freeze'));
    }
    expect((await post('/api/accounts/verify-phone/send-code', cookie)).statusCode).toBe(200);
    const fresh = await lastPinSentTo(ctx.db, newPhone);
    expect((await post('/api/accounts/verify-phone', cookie, { code: fresh })).statusCode).toBe(200);
    expect((await rowOf(user.id)).phone).toBe(newPhone);
  });
});

describe('a pending change expires', () => {
  // Last in the file: it moves the clock on for good.
  it('after 24 hours the link no longer changes anything', async () => {
    const { user, cookie } = await signedIn();
    const newEmail = `late.${user.id}@example.test`;
    await post('/api/profile/contact', cookie, { email: newEmail, currentPassword: PASSWORD });
    const verificationId = idOfLink(await lastLinkMailedTo(ctx.db, newEmail));
    ctx.clock.advance(25 * HOUR);
    const again = await ctx.signIn(user.email!, PASSWORD);
    expect((await post('/api/accounts/verify-email', again, { verificationId })).statusCode).toBe(400);
    expect((await rowOf(user.id)).email).toBe(user.email);
    const profile = (await ctx.app.inject({ method: 'GET', url: '/api/profile', headers: { cookie: again } })).json();
    expect(profile.pendingEmail).toBeNull();
  });
});
