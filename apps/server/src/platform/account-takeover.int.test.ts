import { buildSaId } from '@portal/domain/people/sa-id';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { lastMessageTo } from '../../test/outbox-reader.ts';
import { createTestContext, TEST_ORIGIN, type TestContext } from '../../test/test-app.ts';
import { loadSettings } from '../config.ts';
import { auditLog, bankingDetails, outboxMessages, usersMaster } from '../db/schema/index.ts';
import {
  addBankingDetails,
  createProductType,
  createSupplier,
  createUser,
  grantFeatures,
  type NewUser,
  type UserRow,
} from '../db/seed/factories.ts';
import { createJobs } from './jobs.ts';
import { createOutbox, MASKED_SECRET } from './outbox.ts';
import { createSmsSender, httpSmsTransport } from './sms.ts';

// Each hole the outside review reproduced over HTTP (issue "Trust"), as a test that would pass
// on the old code's behaviour and now fails to reproduce it.

const PASSWORD = 'Secret123';
let ctx: TestContext;
const cookies: Record<string, string> = {};
let fullAdmin: UserRow;
let peopleAdmin: UserRow;
let plainAdmin: UserRow;
let leader: UserRow;
let agent: UserRow;

async function person(key: string, input: NewUser): Promise<UserRow> {
  const user = await createUser(ctx.db, { password: PASSWORD, ...input });
  cookies[key] = await ctx.signIn(user.email!, PASSWORD);
  return user;
}

function call(cookie: string | undefined, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) {
  return ctx.app.inject({
    method,
    url,
    headers: { ...(cookie ? { cookie } : {}), origin: TEST_ORIGIN },
    ...(payload ? { payload } : {}),
  });
}

const row = async (id: number) => (await ctx.db.select().from(usersMaster).where(eq(usersMaster.id, id)))[0]!;

function editBody(user: UserRow, personal: object = {}) {
  return {
    personal: {
      firstName: user.firstName,
      middleName: 'Middle',
      surname: user.surname,
      companyName: null,
      refsGender: user.refsGender,
      email: user.email,
      phone: `0${user.phone!.slice(3)}`,
      altPhone: null,
      operatorId: null,
      refsShirtSize: 'LARGE',
      ...personal,
    },
    address: {
      street: '1 Main Road',
      suburb: 'Soweto',
      city: 'Johannesburg',
      province: 'GP',
      postalCode: '1804',
      country: 'ZAF',
    },
  };
}

const profileBody = {
  country: 'ZAF',
  province: 'GP',
  street: '1 Main Road',
  suburb: 'Soweto',
  postalCode: '1804',
  city: 'Johannesburg',
  refsShirtSize: 'LARGE',
  refsPaymentType: 'bank',
  bank: 'Capitec',
  bankAccountNumber: '9876543210',
  refsBankAccountType: 2,
  agreedToRicaTerms: true,
};

beforeAll(async () => {
  ctx = await createTestContext();
  fullAdmin = await person('fullAdmin', { isAdmin: true });
  await grantFeatures(ctx.db, fullAdmin.id);
  peopleAdmin = await person('peopleAdmin', { isAdmin: true, parentId: fullAdmin.id });
  await grantFeatures(ctx.db, peopleAdmin.id, ['Users Management']);
  plainAdmin = await person('plainAdmin', { isAdmin: true, parentId: fullAdmin.id });
  await grantFeatures(ctx.db, plainAdmin.id, ['Sales Assist']);
  leader = await person('leader', { parentId: fullAdmin.id, isLeader: true, refsUserTierId: 3 });
  agent = await person('agent', {
    parentId: leader.id,
    dateOfBirth: '1990-05-17',
    refsGender: 'M',
    identificationNo: buildSaId('1990-05-17', 'M', true, 7),
  });
  await addBankingDetails(ctx.db, agent.id, { accountNumber: '62001234567' });
});
afterAll(() => ctx?.close());

describe('a leader cannot take over someone in their downstream', () => {
  it('refuses a leader changing a downstream phone or e-mail, and keeps both', async () => {
    const phone = await call(
      cookies.leader,
      'PUT',
      `/api/people/${agent.id}`,
      editBody(agent, { phone: '0839998877' }),
    );
    expect(phone.statusCode).toBe(403);
    const email = await call(
      cookies.leader,
      'PUT',
      `/api/people/${agent.id}`,
      editBody(agent, { email: 'taken-over@example.co.za' }),
    );
    expect(email.statusCode).toBe(403);
    const after = await row(agent.id);
    expect(after.phone).toBe(agent.phone);
    expect(after.email).toBe(agent.email);
    // The rest of Edit User stays theirs.
    const name = await call(cookies.leader, 'PUT', `/api/people/${agent.id}`, editBody(agent, { firstName: 'Sipho' }));
    expect(name.statusCode).toBe(200);
  });

  it('lets an admin with Users Management change it, unverified, and tells the old number', async () => {
    const target = await createUser(ctx.db, { parentId: leader.id, password: PASSWORD });
    const response = await call(cookies.fullAdmin, 'PUT', `/api/people/${target.id}`, {
      ...editBody(target, { phone: '0831112233' }),
      currentPassword: PASSWORD,
    });
    expect(response.statusCode).toBe(200);
    const after = await row(target.id);
    expect(after.phone).toBe('+27831112233');
    expect(after.phoneVerified).toBe(false);
    // The notice goes to the old number, which the owner still holds.
    const notice = await lastMessageTo(ctx.db, target.phone!, 'sms');
    expect(notice.body).toContain('Your phone number was changed');
  });

  it('masks the ID and bank account numbers, even to the owner', async () => {
    const detail = (await call(cookies.agent, 'GET', `/api/people/${agent.id}`)).json().user;
    expect(detail.private.identificationNo).toBe(`${'•'.repeat(9)}${agent.identificationNo!.slice(-4)}`);
    expect(detail.private.banking.accountNumber).toBe('•••••••4567');
    const profile = (await call(cookies.agent, 'GET', '/api/profile')).json();
    expect(profile.identificationNo).not.toContain(agent.identificationNo!.slice(0, 6));
    const asAdmin = (await call(cookies.fullAdmin, 'GET', `/api/people/${agent.id}`)).json().user;
    expect(asAdmin.private.banking.accountNumber).toBe('•••••••4567');
  });

  it('reveals the full numbers only to an admin with Users Management and Commissions, and audits it', async () => {
    expect((await call(cookies.peopleAdmin, 'POST', `/api/people/${agent.id}/reveal`)).statusCode).toBe(403);
    expect((await call(cookies.agent, 'POST', `/api/people/${agent.id}/reveal`)).statusCode).toBe(403);
    expect((await call(cookies.leader, 'POST', `/api/people/${agent.id}/reveal`)).statusCode).toBe(403);
    const revealed = await call(cookies.fullAdmin, 'POST', `/api/people/${agent.id}/reveal`);
    expect(revealed.statusCode).toBe(200);
    expect(revealed.json()).toEqual({ identificationNo: agent.identificationNo, bankAccountNumber: '62001234567' });
    const audits = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.secrets.reveal'), eq(auditLog.entityId, String(agent.id))));
    expect(audits).toHaveLength(1);
  });

  it('keeps the stored numbers when an admin saves the masked values back', async () => {
    const target = await createUser(ctx.db, {
      parentId: leader.id,
      dateOfBirth: '1988-02-03',
      refsGender: 'F',
      identificationNo: buildSaId('1988-02-03', 'F', true, 3),
    });
    await addBankingDetails(ctx.db, target.id, { accountNumber: '1234567890' });
    const detail = (await call(cookies.fullAdmin, 'GET', `/api/people/${target.id}`)).json().user;
    const response = await call(cookies.fullAdmin, 'PUT', `/api/people/${target.id}`, {
      ...editBody(target),
      identity: {
        refsIdentityDocType: 'RSAID',
        identificationNo: detail.private.identificationNo,
        dateOfBirth: '1988-02-03',
        nationality: 'ZAF',
        passportIssueDate: null,
        passportExpiryDate: null,
      },
      banking: {
        refsPaymentType: 'bank',
        bank: detail.private.banking.bank,
        bankAccountNumber: detail.private.banking.accountNumber,
        refsBankAccountType: detail.private.banking.accountType,
        branchCode: null,
        eWalletLink: null,
      },
    });
    expect(response.statusCode).toBe(200);
    expect((await row(target.id)).identificationNo).toBe(target.identificationNo);
    const [latest] = await ctx.db
      .select()
      .from(bankingDetails)
      .where(eq(bankingDetails.userId, target.id))
      .orderBy(desc(bankingDetails.id))
      .limit(1);
    expect(latest!.accountNumber).toBe('1234567890');
  });
});

describe('banking on the own profile needs the password again', () => {
  it('refuses new banking details without the current password, or with a wrong one', async () => {
    const none = await call(cookies.agent, 'PUT', '/api/profile', profileBody);
    expect(none.statusCode).toBe(403);
    expect(none.json().code).toBe('STEP_UP_REQUIRED');
    const wrong = await call(cookies.agent, 'PUT', '/api/profile', { ...profileBody, currentPassword: 'Wrong123' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().code).toBe('STEP_UP_FAILED');
    const [latest] = await ctx.db
      .select()
      .from(bankingDetails)
      .where(eq(bankingDetails.userId, agent.id))
      .orderBy(desc(bankingDetails.id))
      .limit(1);
    expect(latest!.accountNumber).toBe('62001234567');
  });

  it('takes them with the password, tells the owner and audits the change masked', async () => {
    const response = await call(cookies.agent, 'PUT', '/api/profile', { ...profileBody, currentPassword: PASSWORD });
    expect(response.statusCode).toBe(200);
    const notice = await lastMessageTo(ctx.db, agent.email!, 'email');
    expect(notice.subject).toBe('Your banking details were changed');
    expect(notice.body).toContain('ending 3210');
    const [audit] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'profile.update'), eq(auditLog.entityId, String(agent.id))))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(JSON.stringify(audit)).not.toContain('9876543210');
    expect(JSON.stringify(audit)).toContain('3210');
  });

  it('needs no password when only the address changes', async () => {
    const response = await call(cookies.agent, 'PUT', '/api/profile', { ...profileBody, street: '2 Main Road' });
    expect(response.statusCode).toBe(200);
  });
});

describe('a session alone cannot change the password', () => {
  it('asks for the current password and refuses a wrong one, leaving other sessions alone', async () => {
    const user = await createUser(ctx.db, { password: PASSWORD, parentId: leader.id });
    const first = await ctx.signIn(user.email!, PASSWORD);
    const second = await ctx.signIn(user.email!, PASSWORD);
    const missing = await call(first, 'POST', '/api/accounts/password', { newPassword: 'Taken123' });
    expect(missing.statusCode).toBe(400);
    const wrong = await call(first, 'POST', '/api/accounts/password', {
      currentPassword: 'Guess123',
      newPassword: 'Taken123',
    });
    expect(wrong.statusCode).toBe(403);
    expect((await call(second, 'GET', '/api/me')).statusCode).toBe(200);
    const right = await call(first, 'POST', '/api/accounts/password', {
      currentPassword: PASSWORD,
      newPassword: 'Chosen123',
    });
    expect(right.statusCode).toBe(200);
    expect((await call(second, 'GET', '/api/me')).statusCode).toBe(401);
  });

  it('holds a temporary password until it is replaced', async () => {
    const user = await createUser(ctx.db, { password: PASSWORD, parentId: leader.id, tempPw: true });
    const cookie = await ctx.signIn(user.email!, PASSWORD);
    const me = await call(cookie, 'GET', '/api/me');
    expect(me.json().user.mustChangePassword).toBe(true);
    const profile = await call(cookie, 'GET', '/api/profile');
    expect(profile.statusCode).toBe(403);
    expect(profile.json().code).toBe('PASSWORD_CHANGE_REQUIRED');
    const changed = await call(cookie, 'POST', '/api/accounts/password', {
      currentPassword: PASSWORD,
      newPassword: 'Mine1234',
    });
    expect(changed.statusCode).toBe(200);
    expect((await call(cookie, 'GET', '/api/profile')).statusCode).toBe(200);
  });
});

describe('admins act only within their own flags', () => {
  it("refuses an admin with only Users Management setting a fuller admin's password", async () => {
    const response = await call(cookies.peopleAdmin, 'PUT', `/api/people/${fullAdmin.id}/password`, {
      password: 'Taken123',
      currentPassword: PASSWORD,
    });
    expect(response.statusCode).toBe(403);
    // …but not an agent's; and the agent must then choose their own.
    const target = await createUser(ctx.db, { password: PASSWORD, parentId: leader.id });
    const ok = await call(cookies.peopleAdmin, 'PUT', `/api/people/${target.id}/password`, {
      password: 'Temp1234',
      currentPassword: PASSWORD,
    });
    expect(ok.statusCode).toBe(200);
    expect((await row(target.id)).tempPw).toBe(true);
  });

  it('refuses touching the flags of an admin who holds one the actor lacks', async () => {
    const accessAdmin = await person('accessAdmin', { isAdmin: true, parentId: fullAdmin.id });
    await grantFeatures(ctx.db, accessAdmin.id, ['Access Control']);
    const revoke = await call(cookies.accessAdmin, 'PUT', `/api/access-control/${fullAdmin.id}`, {
      feature: 'Access Control',
      enabled: false,
    });
    expect(revoke.statusCode).toBe(403);
  });

  it('needs Users Management for approvals, the users export and creating users, as for people', async () => {
    for (const [method, url] of [
      ['GET', '/api/approvals?status=1'],
      ['GET', '/api/teams/export'],
      ['GET', '/api/onboarding/options'],
      ['GET', `/api/people/${agent.id}`],
    ] as const) {
      const response = await call(cookies.plainAdmin, method, url);
      expect(response.statusCode, url).toBe(403);
      expect((await call(cookies.peopleAdmin, method, url)).statusCode, url).toBe(200);
    }
  });

  it('keeps the outbox behind its own flag', async () => {
    expect((await call(cookies.peopleAdmin, 'GET', '/api/outbox')).statusCode).toBe(403);
    expect((await call(cookies.fullAdmin, 'GET', '/api/outbox')).statusCode).toBe(200);
  });
});

describe('approvals show requests only', () => {
  it('refuses the detail of someone who is no request, even to an admin', async () => {
    expect((await call(cookies.fullAdmin, 'GET', `/api/approvals/${agent.id}`)).statusCode).toBe(403);
    expect((await call(cookies.leader, 'GET', `/api/approvals/${agent.id}`)).statusCode).toBe(403);
  });

  it('lists only the requests whose detail the submitter may open', async () => {
    const moved = await createUser(ctx.db, {
      parentId: fullAdmin.id,
      submittedBy: leader.id,
      refsUserLifecycleStatusId: 1,
    });
    const mine = (await call(cookies.leader, 'GET', '/api/approvals/mine')).json();
    expect(mine.items.map((item: { id: number }) => item.id)).not.toContain(moved.id);
    expect((await call(cookies.leader, 'GET', `/api/approvals/${moved.id}`)).statusCode).toBe(403);
  });
});

describe('links', () => {
  it('refuses a leader linking a downstream user to a hidden supplier', async () => {
    const type = await createProductType(ctx.db, `Fibre ${Date.now()}`);
    const hidden = await createSupplier(ctx.db, { supplierStatus: 3, productTypeIds: [type.id] });
    const response = await call(cookies.leader, 'PUT', `/api/people/${agent.id}/links`, {
      productTypeIds: [type.id],
      supplierIds: [hidden.id],
    });
    expect(response.statusCode).toBe(400);
    const admin = await call(cookies.fullAdmin, 'PUT', `/api/people/${agent.id}/links`, {
      productTypeIds: [type.id],
      supplierIds: [hidden.id],
    });
    expect(admin.statusCode).toBe(200);
  });
});

describe('secrets never rest readable', () => {
  it('stores a pin sent through a real SMS gateway masked, and drops the pin once delivered', async () => {
    const settings = loadSettings({
      SMS_TRANSPORT: 'http',
      SMS_HTTP_URL: 'http://127.0.0.1:9/sms',
      LOG_LEVEL: 'silent',
    });
    const delivered: string[] = [];
    const gateway = (async (_url: string, init: RequestInit) => {
      delivered.push(String(init.body));
      return new Response('{}', { status: 200 });
    }) as unknown as typeof fetch;
    // Its own queue runner, so the app's (which has no SMS gateway) never picks the message up.
    const jobs = createJobs({
      db: ctx.db,
      pollingIntervalSeconds: 0.5,
      stopTimeoutMs: 1000,
      boss: { schedule: false },
    });
    const outbox = createOutbox({
      db: ctx.db,
      jobs,
      transports: { sms: httpSmsTransport(settings, gateway) },
      retry: { limit: 0, delaySeconds: 1 },
    });
    try {
      const sms = createSmsSender(outbox);
      await sms.send({ to: '+27820001111', text: 'Your Dealer Portal one-time pin is 482913.', secrets: ['482913'] });
      const queued = await lastMessageTo(ctx.db, '+27820001111', 'sms');
      expect(queued.body).toBe(`Your Dealer Portal one-time pin is ${MASKED_SECRET}.`);
      await outbox.deliver(queued.id, 0);
      await vi.waitFor(async () => expect((await lastMessageTo(ctx.db, '+27820001111', 'sms')).status).toBe('sent'), {
        timeout: 20_000,
        interval: 200,
      });
      expect(delivered).toHaveLength(1);
      expect(delivered[0]).toContain('482913');
      const stored = await lastMessageTo(ctx.db, '+27820001111', 'sms');
      expect(stored.body).toBe(`Your Dealer Portal one-time pin is ${MASKED_SECRET}.`);
      expect(stored.pending).toBeNull();
      const anywhere = await ctx.db
        .select({ n: sql<number>`count(*)::int` })
        .from(outboxMessages)
        .where(sql`${outboxMessages.body} LIKE '%482913%' or ${outboxMessages.pending}::text LIKE '%482913%'`);
      expect(anywhere[0]!.n).toBe(0);
    } finally {
      await jobs.stop();
    }
  });

  it('refuses the outbox transport in production with DATABASE_URL unless allowed', () => {
    const production = {
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://db.example/portal',
      AUTH_SECRET: 'x'.repeat(40),
    };
    expect(() => loadSettings(production)).toThrow(/OUTBOX_TRANSPORT_ALLOWED/);
    expect(loadSettings({ ...production, OUTBOX_TRANSPORT_ALLOWED: 'true' }).MAIL_TRANSPORT).toBe('outbox');
    expect(() =>
      loadSettings({
        ...production,
        MAIL_TRANSPORT: 'smtp',
        SMTP_URL: 'smtp://mail.example',
        SMS_TRANSPORT: 'http',
        SMS_HTTP_URL: 'http://sms.example',
      }),
    ).not.toThrow();
  });
});
